import { loadConfig, SystemClock, createLogger } from '@registrar/infra';
import { openSchema } from '@registrar/db';
import type { DataSource } from 'typeorm';
import { RegistrySimConfig } from './config/registry-sim.config';
import { RegistryPolicy } from './policy/registry-policy';
import { TldCatalogue } from './names/tld-catalogue';
import { RegistryRepository } from './persistence/registry.repository';
import { CreateRegistrantChange1795533300000, CreateRegistry1795000000001, CreateSimState1795000000002 } from './persistence/registry.migration';
import { DomainService } from './domain/domain.service';
import { HostService } from './objects/host.service';
import { ContactService } from './objects/contact.service';
import { LifecycleService } from './lifecycle/lifecycle.service';
import { CommandDispatcher } from './epp/command.dispatcher';
import { EppServer, ensureCertificate } from './epp/epp-server';
import { FaultInjector } from './faults/fault-injector';
import { ServiceStats } from './epp/service-stats';
import { AdminServer } from './admin/admin.server';
import { approvalLink, RegistrantChangeMailer } from './mail/registrant-change.mailer';
import { startRegistryWhois } from './whois/registry-whois';

export const REGISTRY_SCHEMA = 'registry';
export const REGISTRY_MIGRATIONS = [CreateRegistry1795000000001, CreateSimState1795000000002, CreateRegistrantChange1795533300000];

export interface RunningRegistrySim {
  eppPort: number;
  adminPort: number;
  certificate: string;
  stop(): Promise<void>;
}

/** Starts the registry simulator: migrations of schema `registry`, the EPP/TLS server, the admin channel, the sweeper. */
export async function startRegistrySim(env: NodeJS.ProcessEnv = process.env): Promise<RunningRegistrySim> {
  const config = loadConfig(RegistrySimConfig, env);
  const log = createLogger('registry-sim', config.LOG_LEVEL);
  const ds: DataSource = await openSchema({ schema: REGISTRY_SCHEMA, entities: [], migrations: REGISTRY_MIGRATIONS, url: config.DATABASE_URL, poolSize: 20, idleMs: 10_000 });
  const policy = new RegistryPolicy();
  const tlds = TldCatalogue.load(config.REGISTRY_SIM_TLD_FILE);
  const repo = new RegistryRepository(ds);
  // the test clock continues where it was (a moved clock stays moved across restarts)
  const saved = await repo.getState<{ offsetMs: number }>('clock');
  const clock = new SystemClock(Number(env.REGISTRY_SIM_CLOCK_OFFSET_MS ?? saved?.offsetMs ?? 0));
  const mailer = new RegistrantChangeMailer(config.REGISTRY_SIM_SMTP_URL, config.REGISTRY_SIM_MAIL_FROM, config.approvalBaseUrl, log, config.smtpRoutes(), undefined, config.REGISTRY_SIM_MAIL_SECRET);
  const domains = new DomainService(repo, policy, tlds, clock, {
    takenShare: config.REGISTRY_SIM_TAKEN_SHARE,
    privacyContacts: config.REGISTRY_SIM_PRIVACY_CONTACTS ? new RegExp(config.REGISTRY_SIM_PRIVACY_CONTACTS) : undefined,
    onRegistrantChangeRequested: (c) => mailer.send(c),
  });
  const lifecycle = new LifecycleService(repo, policy, domains, clock);
  const faults = new FaultInjector();
  const stats = new ServiceStats();
  const { key, cert } = await ensureCertificate(config.REGISTRY_SIM_CERT_DIR, config.REGISTRY_SIM_CERT_HOSTS.split(','));
  let lastSweep = 0;
  const sweepIfStale = async () => {
    if (Date.now() - lastSweep < 1_000) return;
    lastSweep = Date.now();
    await lifecycle.sweep();
  };
  const holder: { dispatcher?: CommandDispatcher } = {};
  const server = new EppServer({ port: config.EPP_PORT, host: config.EPP_BIND, key, cert, idleSeconds: config.REGISTRY_SIM_IDLE_SECONDS }, () => holder.dispatcher!, clock, faults, stats, log);
  holder.dispatcher = new CommandDispatcher(
    config.registrars(), domains, new HostService(repo, clock), new ContactService(repo, clock), repo, clock,
    (clId) => server.sessionsOf(clId), config.REGISTRY_SIM_MAX_SESSIONS, sweepIfStale,
  );
  const admin = new AdminServer(config.adminPort, clock, faults, lifecycle, stats, () => ({ connections: server.connections, tlds: tlds.restricted ? tlds.size : 'any' }), (offsetMs) => repo.setState('clock', { offsetMs }), {
    approve: (token) => domains.approveRegistrantChange(token),
    pending: async () => (await repo.pendingRegistrantChanges(repo.db)).map((c) => ({ domain: c.domain, to: c.approverEmail, requestedAt: c.requestedAt, link: approvalLink(config.approvalBaseUrl, c.token) })),
  }, {
    // the operator's date correction: grace periods that the new dates put in the past end with them
    setDates: (name, crDate, exDate, redemption) => repo.transaction(async (q) => {
      const d = await repo.findDomain(q, name);
      if (!d) return false;
      // the add grace period moves with the creation date (it is over for a name created long ago)
      const shifted = (until: Date | null) => (until ? new Date(until.getTime() - d.crDate.getTime() + crDate.getTime()) : null);
      await repo.updateDomain(q, name, { crDate, exDate, addGraceUntil: shifted(d.addGraceUntil), renewGraceUntil: null, autoRenewGraceUntil: null, transferGraceUntil: null });
      if (redemption) {
        const now = clock.now();
        const until = new Date(now.getTime() + policy.forTld(d.tld).redemptionDays * 86_400_000);
        await repo.updateDomain(q, name, { rgpState: 'redemptionPeriod', rgpUntil: until, redemptionUntil: until, deletedAt: now, deleteTrid: { svTRID: `OPERATOR-${d.roid}` } });
      }
      return true;
    }),
  });
  await lifecycle.sweep();
  await server.listen();
  await admin.listen();
  if (config.REGISTRY_SIM_APPROVAL_PORT) await admin.listenApprovalOnly(config.REGISTRY_SIM_APPROVAL_PORT, config.EPP_BIND);
  // the registry's own RDAP and port-43 WHOIS for every name it holds (docs/public-whois.md)
  const whois = await startRegistryWhois({
    rdapPort: config.REGISTRY_SIM_RDAP_PORT, whoisPort: config.REGISTRY_SIM_WHOIS_PORT, host: config.EPP_BIND, rdapBaseUrl: config.rdapBaseUrl,
    whoisServerName: `whois.registry-sim.example`, registrarRdap: config.pairs(config.REGISTRY_SIM_REGISTRAR_RDAP), registrarWhois: config.pairs(config.REGISTRY_SIM_REGISTRAR_WHOIS),
    ownRegistrar: {
      clientId: config.REGISTRY_SIM_OWN_REGISTRAR, name: config.REGISTRAR_NAME, ianaId: config.REGISTRAR_IANA_ID, url: config.REGISTRAR_URL,
      abuseEmail: config.REGISTRAR_ABUSE_EMAIL, abusePhone: config.REGISTRAR_ABUSE_PHONE,
    },
    // a host object, else a name server that domains here delegate to without one (names held elsewhere)
    findHost: async (name) => (await repo.findHost(repo.db, name))
      ?? ((await repo.domainsUsingHost(repo.db, name)).length ? { name, roid: '', crDate: new Date(0), upDate: null, addrs: [], statuses: [] } : null),
  }, domains, log);
  const timer = setInterval(() => {
    lifecycle.sweep().then(() => { lastSweep = Date.now(); }, (e) => log.error({ err: e }, 'lifecycle sweep failed'));
  }, config.REGISTRY_SIM_SWEEP_SECONDS * 1000);
  timer.unref();
  log.info({ eppPort: config.EPP_PORT, adminPort: config.adminPort, rdapPort: whois.rdapPort, whoisPort: whois.whoisPort, tlds: tlds.restricted ? tlds.size : 'any', registrars: [...config.registrars().keys()] }, 'registry simulator ready');
  return {
    eppPort: config.EPP_PORT,
    adminPort: config.adminPort,
    certificate: cert,
    stop: async () => {
      clearInterval(timer);
      await whois.close();
      await server.close();
      await admin.close();
      mailer.close();
      await ds.destroy();
    },
  };
}
