/**
 * Starts the whole system on top of running infrastructure: the registry simulator (its own process)
 * and every service plus the gateway (apps/local, one process). Used by `npm start`, `npm test` and bench/.
 */
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { benchDataStores, freePort, log, ProcessHandle, ROOT, runProcess, startPostgres, startPowerDns, startRedis, Stoppable, stopper, waitForPort } from './infra';

export interface SystemOptions {
  env: NodeJS.ProcessEnv;
  port: number;
  /** append process output to this file instead of the terminal */
  logFile?: string;
}

const node = process.execPath;

export function tsEntry(rel: string): string[] {
  return ['-r', '@swc-node/register', path.join(ROOT, rel)];
}

/** Builds the web app unless dist is newer than every source file (set FORCE_WEB_BUILD=1 to always build). */
export function buildWebIfStale(): void {
  const dist = path.join(ROOT, 'dist/apps/web/index.html');
  const ssrEntry = path.join(ROOT, 'dist/apps/web-ssr/entry-server.mjs');
  const newest = (dir: string): number => {
    let m = 0;
    if (!fs.existsSync(dir)) return 0;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist') continue;
      const p = path.join(dir, e.name);
      m = Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }
    return m;
  };
  const srcTime = Math.max(newest(path.join(ROOT, 'apps/web')), newest(path.join(ROOT, 'libs/ui')), newest(path.join(ROOT, 'libs/messages')), newest(path.join(ROOT, 'libs/rules')));
  if (process.env.FORCE_WEB_BUILD !== '1' && fs.existsSync(dist) && fs.statSync(dist).mtimeMs > srcTime && fs.existsSync(ssrEntry)) return;
  log('building the web app (vite build)…');
  const { spawnSync } = require('node:child_process') as typeof import('node:child_process');
  // always the production build, the one that ships: under NODE_ENV=test or development (the test and start commands
  // set them) vite would bundle React's development build, several times slower, with StrictMode's doubled effects
  const r = spawnSync(node, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error('web build failed');
  // the server entry the gateway renders the public pages with (dist/apps/web-ssr; docs/web-public-pages.md)
  const s = spawnSync(node, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/ssr/entry-server.tsx', '--logLevel', 'warn'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (s.status !== 0) throw new Error('web server entry build failed');
}

/** the registry simulator's self-signed certificate (made at its first start), trusted by the EPP clients */
export const REGISTRY_SIM_CERT = path.join(ROOT, '.data/registry-sim/cert.pem');

/**
 * Starts the registry simulator (its own process) on EPP_PORT with its admin channel on EPP_ADMIN_PORT
 * (default EPP_PORT + 1); resolves once both listen. Null when the simulator is not in the tree.
 */
export async function startRegistrySimProcess(env: NodeJS.ProcessEnv, logFile?: string): Promise<ProcessHandle | null> {
  const simEntry = 'apps/registry-sim/src/main.ts';
  if (!fs.existsSync(path.join(ROOT, simEntry))) return null;
  const eppPort = Number(env.EPP_PORT ?? 7700);
  const adminPort = Number(env.EPP_ADMIN_PORT || eppPort + 1);
  const h = runProcess('registry-sim', node, tsEntry(simEntry), { env: { EPP_BIND: env.HOST ?? '127.0.0.1', ...env, EPP_ADMIN_PORT: String(adminPort) }, logFile, inherit: !logFile });
  try {
    await waitForPort(eppPort, '127.0.0.1', 60_000);
    await waitForPort(adminPort, '127.0.0.1', 10_000);
  } catch (e) {
    await h.stop();
    throw e;
  }
  return h;
}

/**
 * What a bench of the in-process services needs around them: PostgreSQL and Redis (those of `npm run bench`, else its
 * own on pgPort / redisPort) and the registry simulator (EPP_PORT when given, else its own on eppPort, admin on +1).
 * Sets DATABASE_URL, REDIS_URL, EPP_PORT, EPP_ADMIN_PORT and EPP_TLS_CA_FILE; what it starts goes into `handles`.
 */
export async function benchRegistryStack(o: { name: string; pgPort: number; redisPort: number; eppPort: number; handles: Stoppable[] }): Promise<{ tmp: string }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `registrar-bench-${o.name}-`));
  const stores = await benchDataStores({ tmp, pgPort: o.pgPort, redisPort: o.redisPort, handles: o.handles });
  process.env.DATABASE_URL = stores.databaseUrl;
  process.env.REDIS_URL = stores.redisUrl;
  if (!process.env.EPP_PORT) {
    const sim = await startRegistrySimProcess({ DATABASE_URL: stores.databaseUrl, EPP_PORT: String(o.eppPort), EPP_ADMIN_PORT: String(o.eppPort + 1), LOG_LEVEL: 'warn', NODE_ENV: 'test' }, path.join(tmp, 'sim.log'));
    if (sim) o.handles.push(sim);
    Object.assign(process.env, { EPP_PORT: String(o.eppPort), EPP_ADMIN_PORT: String(o.eppPort + 1), EPP_TLS_CA_FILE: REGISTRY_SIM_CERT });
  }
  process.env.EPP_ADMIN_PORT ??= String(Number(process.env.EPP_PORT) + 1);
  return { tmp };
}

/** The environment of the local runtime (`npm start` and `npm run start:apart`): the same ports and demo data. */
export function localRuntimeEnv(o: { port: number; databaseUrl: string; redisUrl: string; dnsPort: number }): NodeJS.ProcessEnv {
  const { port, dnsPort } = o;
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'development',
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    PORT: String(port),
    EPP_PORT: process.env.EPP_PORT ?? '7700',
    APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    LOCAL_RUNTIME: '1',
    DNS_PORT: String(dnsPort),
    // inbound SMTP of the WHOIS proxy addresses (docs/whois-mail.md)
    SMTP_INBOUND_PORT: process.env.SMTP_INBOUND_PORT ?? '2525',
    // URL forwarding's HTTP server (docs/forwarding.md); forwarded hosts answer 127.0.0.1 locally
    FORWARDER_PORT: process.env.FORWARDER_PORT ?? '8088',
    // the registry's mail (registrant-change approval) goes to the local mail catcher of the services process
    REGISTRY_SIM_SMTP_URL: process.env.REGISTRY_SIM_SMTP_URL ?? `smtp://127.0.0.1:${process.env.MAIL_CATCHER_SMTP_PORT ?? 1025}`,
    // …except mail to the WHOIS proxy addresses, which goes to the WHOIS mail inbox's inbound SMTP (as its MX would)
    REGISTRY_SIM_SMTP_ROUTES: process.env.REGISTRY_SIM_SMTP_ROUTES ?? `whois-proxy.rakko.example=smtp://127.0.0.1:${process.env.SMTP_INBOUND_PORT ?? '2525'}`,
  };
  // public WHOIS (docs/public-whois.md): our port-43 server and RDAP (/rdap), the simulator's own RDAP and WHOIS
  const whoisPort = process.env.WHOIS_PORT ?? '4343';
  const simRdapPort = process.env.REGISTRY_SIM_RDAP_PORT ?? '4380';
  Object.assign(env, {
    WHOIS_PORT: whoisPort,
    REGISTRY_SIM_WHOIS_PORT: process.env.REGISTRY_SIM_WHOIS_PORT ?? '4344',
    REGISTRY_SIM_RDAP_PORT: simRdapPort,
    REGISTRY_RDAP_URL: process.env.REGISTRY_RDAP_URL ?? `http://127.0.0.1:${simRdapPort}/rdap`,
    REGISTRY_SIM_REGISTRAR_RDAP: process.env.REGISTRY_SIM_REGISTRAR_RDAP ?? `rakko=http://127.0.0.1:${port}/rdap`,
    // the website connection check may reach private and loopback targets only in the local runtime
    CONNECTION_CHECK_ALLOW_PRIVATE: process.env.CONNECTION_CHECK_ALLOW_PRIVATE ?? '1',
    // …and asks our PowerDNS first, so the zones we host are not reported unregistered or unanswered (docs/public-whois.md)
    CONNECTION_CHECK_OWN_ZONES_RESOLVER: process.env.CONNECTION_CHECK_OWN_ZONES_RESOLVER ?? `127.0.0.1:${o.dnsPort}`,
  });
  return env;
}

export async function startSystem(o: SystemOptions): Promise<ProcessHandle[]> {
  const handles: ProcessHandle[] = [];
  const common: { env: NodeJS.ProcessEnv; logFile?: string; inherit: boolean } = { env: { EPP_TLS_CA_FILE: REGISTRY_SIM_CERT, ...o.env }, logFile: o.logFile, inherit: !o.logFile };
  // a listening port nobody chose (a benchmark run alone) is a free one, never `npm start`'s default (2525, 4343, 1025)
  for (const k of ['SMTP_INBOUND_PORT', 'WHOIS_PORT', 'MAIL_CATCHER_SMTP_PORT', 'FORWARDER_PORT']) {
    if (!common.env[k] && !process.env[k]) common.env[k] = String(await freePort());
  }
  const sim = await startRegistrySimProcess(o.env, o.logFile);
  if (sim) handles.push(sim);
  const services = runProcess('services', node, tsEntry('apps/local/src/main.ts'), common);
  handles.push(services);
  // a crash at boot (a missing module, a bad config) fails at once instead of after the port timeout
  const exited = new Promise<never>((_, reject) => {
    services.child.once('exit', (code) => reject(new Error(`the services process exited (code ${code}) before listening on port ${o.port}${o.logFile ? `; see ${o.logFile}` : ''}`)));
  });
  exited.catch(() => undefined);
  try {
    await Promise.race([waitForPort(o.port, '127.0.0.1', 120_000), exited]);
  } catch (e) {
    // the caller never gets the handles: stop what was started here, or the simulator outlives the run
    for (const h of [...handles].reverse()) await h.stop();
    throw e;
  }
  return handles;
}

/**
 * What `npm start` and `npm run start:apart` share: stop everything on Ctrl-C or SIGTERM, build the web app when
 * stale, start PostgreSQL (.data/pg), Redis with persistence (.data/redis) and PowerDNS (.data/pdns) on the local
 * ports, then hand the runtime environment to `services`, which starts the services its way and prints its summary.
 */
export async function runLocalSystem(services: (o: { env: NodeJS.ProcessEnv; port: number; dnsPort: number }) => Promise<Stoppable[]>): Promise<void> {
  const port = Number(process.env.PORT ?? 8080);
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  let stopping = false;
  const onSignal = async () => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    buildWebIfStale();
    const pg = await startPostgres({ dataDir: path.join(ROOT, '.data/pg'), port: Number(process.env.PG_PORT ?? 5433), database: 'registrar' });
    handles.push(pg);
    const redis = await startRedis(Number(process.env.REDIS_PORT ?? 6380), undefined, { dataDir: path.join(ROOT, '.data/redis') });
    handles.push(redis);
    // PowerDNS serves the zones of domains on our name servers (01-04.dnsv.jp stand for it)
    const dnsPort = Number(process.env.DNS_PORT ?? 5300);
    handles.push(await startPowerDns({ databaseUrl: pg.url, port: dnsPort, dir: path.join(ROOT, '.data/pdns') }));
    const env = localRuntimeEnv({ port, databaseUrl: pg.url, redisUrl: redis.url, dnsPort });
    handles.push(...(await services({ env, port, dnsPort })));
    log('press Ctrl-C to stop');
  } catch (e) {
    console.error(e);
    await stop();
    process.exit(1);
  }
}
