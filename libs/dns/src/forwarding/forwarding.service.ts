import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import type IORedis from 'ioredis';
import {
  ActionCodes, ActionLogWriteRequest, DOMAIN_OPS_CLIENT, DnsErrorCode, DomainOpsPatterns, ForwardingListResult, ForwardingSaveResult, MailForwardLookup,
  MailForwardSaveRequest, OwnedDomainDto, URL_FORWARD_CHANNEL, UrlForwardSaveRequest,
} from '@registrar/contracts';
import { CLOCK, Clock, createRedis, rpc } from '@registrar/infra';
import { DS, fmt, M } from '@registrar/messages';
import {
  checkTargetUrl, DNS_TYPE, forwardFqdn, forwardHostError, isOurDns, localPartError, MAIL_FORWARDS_PER_DOMAIN, mailTargetError, normaliseForwardHost,
  normaliseLocalPart, toPunycode, URL_FORWARDS_PER_DOMAIN,
} from '@registrar/rules';
import { EntityManager } from 'typeorm';
import { DnsException } from '../common/dns.exception';
import { DnssecService } from '../dnssec/dnssec.service';
import { DomainOpsPort } from '../ports/domain-ops.port';
import { shouldServe } from '../zones/zone-content';
import { ZoneRepository } from '../zones/zone.repository';
import { ForwardingConfig } from './forwarding.config';
import { ForwardingRepository } from './forwarding.repository';
import { ForwardCertService } from './forward-cert.service';

const ADDRESS_TYPES: number[] = [DNS_TYPE.A, DNS_TYPE.AAAA, DNS_TYPE.CNAME];

/** A save refused by a rule: nothing was written. */
class Refused extends Error {}

/**
 * URL forwarding and mail forwarding of a member's domain (転送設定). Each change is written with the zone row locked,
 * in the transaction that republishes the zone, so PowerDNS answers the forwarder's A/AAAA (or our MX) as soon as the
 * call returns, and drops them with the rule. Changed URL forwards are announced on Redis so every forwarder replica
 * drops its cached rule; each change writes a line in the member's action history.
 */
@Injectable()
export class ForwardingService implements OnModuleDestroy {
  private readonly logger = new Logger(ForwardingService.name);
  private redis: IORedis | null = null;

  constructor(
    private readonly repo: ForwardingRepository,
    private readonly zones: ZoneRepository,
    private readonly domainOps: DomainOpsPort,
    private readonly config: ForwardingConfig,
    private readonly certs: ForwardCertService,
    @Inject(DOMAIN_OPS_CLIENT) private readonly domainOpsClient: ClientProxy,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly dnssec: DnssecService,
  ) {}

  onModuleDestroy(): void {
    this.redis?.disconnect();
  }

  private async owned(userId: number, id: number): Promise<OwnedDomainDto> {
    const d = Number.isSafeInteger(id) && id > 0 ? await this.domainOps.owned(userId, id) : null;
    if (!d) throw new DnsException(DnsErrorCode.NotFound, 'no such domain');
    return d;
  }

  async list(userId: number, id: number): Promise<ForwardingListResult> {
    return this.listOf(await this.owned(userId, id));
  }

  private async listOf(d: OwnedDomainDto): Promise<ForwardingListResult> {
    const c = this.config;
    const url = await this.repo.urlForwards(d.id);
    if (this.certs.enabled) {
      // a forward with no certificate row yet (saved while ACME was off) shows 発行中: the renewal schedule queues it
      const states = await this.certs.states(url.map((u) => u.fqdn));
      for (const u of url) u.certificate = states.get(u.fqdn) ?? { state: 'pending', not_after: null, reason: null };
    }
    return {
      domain: { id: d.id, name: d.name, punycode: d.punycode },
      isOurDns: isOurDns(d.name_servers),
      url,
      mail: await this.repo.mailForwards(d.id),
      forwarderIpv4: c.FORWARDER_IPV4,
      forwarderIpv6: c.FORWARDER_IPV6,
      mxHost: c.FORWARD_MX_HOST,
      limits: { url: URL_FORWARDS_PER_DOMAIN, mail: MAIL_FORWARDS_PER_DOMAIN, mailPerHour: c.FORWARD_MAIL_PER_DOMAIN_PER_HOUR },
      autoCertificates: this.certs.enabled,
    };
  }

  /** The checks every change shares: the domain may be changed and uses our name servers. */
  private precheck(d: OwnedDomainDto): string | null {
    if (d.admin_lock_status !== 0) return M.adminLocked;
    if (d.is_whois_processing_flg !== 0) return M.whoisProcessing;
    if (!isOurDns(d.name_servers)) return M.fwdNotOurDns;
    return null;
  }

  /**
   * Runs `write` with the zone locked, then republishes the zone (when served) in the same transaction. A Refused
   * error answers its message and writes nothing.
   */
  private async change(d: OwnedDomainDto, duplicate: string, write: (m: EntityManager) => Promise<void>): Promise<string | null> {
    const serve = shouldServe(d, this.clock.now());
    try {
      const tx = () => this.zones.transaction(async (m) => {
        const zone = await this.zones.lockZone(m, d.id, d.punycode);
        // rules of an earlier holder of the same name go (as lockZone drops their zone row)
        await m.query('DELETE FROM dns.url_forwards WHERE punycode = $1 AND domain_pk_id <> $2', [d.punycode, d.id]);
        await m.query('DELETE FROM dns.mail_forwards WHERE punycode = $1 AND domain_pk_id <> $2', [d.punycode, d.id]);
        await write(m);
        if (serve || zone.served) await this.zones.publish(m, zone, await this.zones.records(d.id, m), serve, this.clock.now());
      });
      if (serve) await tx();
      else {
        // a signed zone this change stops serving (the domain expired): its DS leaves the registry first, as in a save
        const r = await this.dnssec.memberSaveUnserving(d, tx, DS.subjectForwarding);
        if (!r.ok) return r.message;
      }
    } catch (e) {
      if (e instanceof Refused) return e.message;
      // a concurrent save took the same host or address between our check and the insert
      if ((e as { code?: string }).code === '23505') return duplicate;
      throw e;
    }
    return null;
  }

  async saveUrl(userId: number, req: UrlForwardSaveRequest): Promise<ForwardingSaveResult> {
    const d = await this.owned(userId, Number(req?.id));
    const pre = this.precheck(d);
    if (pre) return { result: false, errors: [pre] };
    const host = normaliseForwardHost(req.host);
    let hostAscii = host;
    try { hostAscii = host ? toPunycode(host) : ''; } catch { hostAscii = '\u0000'; }
    const errors: string[] = [];
    const hostError = forwardHostError(hostAscii, d.punycode);
    if (hostError) errors.push(hostError);
    const { url, error } = checkTargetUrl(req.target);
    if (error) errors.push(error);
    const status = Number(req.status);
    if (status !== 301 && status !== 302) errors.push(M.fwdStatusChoice);
    if (errors.length) return { result: false, errors };
    const fqdn = forwardFqdn(hostAscii, d.punycode);
    const target = url!.href;
    const targetHost = url!.hostname.toLowerCase().replace(/\.$/, '');
    const forwardId = req.forwardId ? Number(req.forwardId) : undefined;
    const keepPath = [true, 1, '1', 'true'].includes(req.keep_path as never);
    let previous = '';

    const refused = await this.change(d, fmt(M.fwdDuplicateHost, { host: fqdn }), async (m) => {
      const existing = await this.repo.urlForwards(d.id, m);
      if (forwardId && !existing.some((f) => f.id === forwardId)) throw new Refused(M.fwdNotFound);
      previous = existing.find((f) => f.id === forwardId)?.fqdn ?? '';
      if (existing.some((f) => f.fqdn === fqdn && f.id !== forwardId)) throw new Refused(fmt(M.fwdDuplicateHost, { host: fqdn }));
      if (!forwardId && existing.length >= URL_FORWARDS_PER_DOMAIN) throw new Refused(fmt(M.fwdTooMany, { max: URL_FORWARDS_PER_DOMAIN }));
      // a target on a name we forward (this one or any other) would send the browser round in circles
      if (targetHost === fqdn || (await this.repo.isForwardedHost(targetHost, m))) throw new Refused(fmt(M.fwdUrlLoop, { host: targetHost }));
      const records = await this.zones.records(d.id, m);
      if (records.some((r) => r.host_name === hostAscii && ADDRESS_TYPES.includes(r.recode_type))) throw new Refused(fmt(M.fwdRecordConflict, { host: fqdn }));
      await this.repo.upsertUrl(m, { id: forwardId, domainPkId: d.id, userId, punycode: d.punycode, host: hostAscii, fqdn, target, status, keepPath });
    });
    if (refused) return { result: false, errors: [refused] };
    await this.announce(fqdn);
    // a forward moved to another host: the old name stops forwarding on every replica too, and its certificate goes
    if (previous && previous !== fqdn) {
      await this.announce(previous);
      await this.certs.forget(previous);
    }
    await this.certificate(fqdn);
    await this.history(d, userId, ActionCodes.UrlForwarding, forwardId ? 'URL転送変更' : 'URL転送設定', `${fqdn} → ${target}（${status}${keepPath ? '、パスを引き継ぐ' : ''}）`);
    return { result: true, errors: [], list: await this.listOf(d) };
  }

  async saveMail(userId: number, req: MailForwardSaveRequest): Promise<ForwardingSaveResult> {
    const d = await this.owned(userId, Number(req?.id));
    const pre = this.precheck(d);
    if (pre) return { result: false, errors: [pre] };
    const local = normaliseLocalPart(req.local_part);
    const target = String(req.target ?? '').trim();
    const errors = [localPartError(local), mailTargetError(target)].filter(Boolean);
    if (errors.length) return { result: false, errors };
    const targetDomain = target.slice(target.lastIndexOf('@') + 1).toLowerCase();
    const forwardId = req.forwardId ? Number(req.forwardId) : undefined;
    const address = `${local}@${d.punycode}`;
    const refused = await this.change(d, fmt(M.fwdDuplicateAddress, { address }), async (m) => {
      const existing = await this.repo.mailForwards(d.id, m);
      if (forwardId && !existing.some((f) => f.id === forwardId)) throw new Refused(M.fwdNotFound);
      if (existing.some((f) => f.local_part === local && f.id !== forwardId)) throw new Refused(fmt(M.fwdDuplicateAddress, { address }));
      if (!forwardId && existing.length >= MAIL_FORWARDS_PER_DOMAIN) throw new Refused(fmt(M.fwdTooMany, { max: MAIL_FORWARDS_PER_DOMAIN }));
      // forwarding into a domain whose mail we forward (this one included) could send a message round forever
      if (targetDomain === d.punycode || (await this.repo.isMailForwardedDomain(targetDomain, m))) throw new Refused(fmt(M.fwdMailLoop, { domain: targetDomain }));
      const records = await this.zones.records(d.id, m);
      if (records.some((r) => r.host_name === '' && r.recode_type === DNS_TYPE.MX)) throw new Refused(M.fwdMailMxConflict);
      await this.repo.upsertMail(m, { id: forwardId, domainPkId: d.id, userId, punycode: d.punycode, localPart: local, target });
    });
    if (refused) return { result: false, errors: [refused] };
    await this.history(d, userId, ActionCodes.MailForwarding, forwardId ? 'メール転送変更' : 'メール転送設定', `${address} → ${target}`);
    return { result: true, errors: [], list: await this.listOf(d) };
  }

  async remove(userId: number, req: { id: number; kind: string; forwardId: number }): Promise<ForwardingSaveResult> {
    const d = await this.owned(userId, Number(req?.id));
    if (d.admin_lock_status !== 0) return { result: false, errors: [M.adminLocked] };
    const kind = req.kind === 'mail' ? 'mail' : req.kind === 'url' ? 'url' : null;
    if (!kind) return { result: false, errors: [M.fwdNotFound] };
    let gone: Record<string, any> | null = null;
    const refused = await this.change(d, M.fwdNotFound, async (m) => {
      gone = await this.repo.remove(m, kind, d.id, Number(req.forwardId));
      if (!gone) throw new Refused(M.fwdNotFound);
    });
    if (refused) return { result: false, errors: [refused] };
    const row = gone as unknown as Record<string, any>;
    if (kind === 'url') {
      await this.announce(row.fqdn);
      await this.certs.forget(row.fqdn);
      await this.history(d, userId, ActionCodes.UrlForwarding, 'URL転送削除', `${row.fqdn} → ${row.target}`);
    } else {
      await this.history(d, userId, ActionCodes.MailForwarding, 'メール転送削除', `${row.local_part}@${d.punycode} → ${row.target}`);
    }
    return { result: true, errors: [], list: await this.listOf(d) };
  }

  /** Where mail to this address goes (the inbound SMTP asks at RCPT): its own rule, else the catch-all; null when none. */
  async mailLookup(address: string): Promise<MailForwardLookup | null> {
    const a = String(address ?? '').trim().toLowerCase();
    const at = a.lastIndexOf('@');
    if (at < 1 || a.length > 320) return null;
    const local = a.slice(0, at);
    const domain = a.slice(at + 1);
    const row = await this.repo.mailTarget(domain, local);
    if (!row) return null;
    return { domainPkId: Number(row.domain_pk_id), userId: Number(row.user_id), punycode: row.punycode, target: row.target, matched: `${row.local_part}@${row.punycode}` };
  }

  /** HTTPS for the name: its certificate asked for over ACME (a failure to queue is logged; the renewal schedule queues it later). */
  private async certificate(fqdn: string): Promise<void> {
    try {
      await this.certs.request(fqdn);
    } catch (e) {
      this.logger.warn(`certificate of ${fqdn} not queued: ${(e as Error).message}`);
    }
  }

  /** Every forwarder replica drops its cached rule of this name (they also expire it on their own: a lost message only delays). */
  private async announce(fqdn: string): Promise<void> {
    try {
      this.redis ??= createRedis(this.config.REDIS_URL, { maxRetriesPerRequest: 2 });
      await this.redis.publish(URL_FORWARD_CHANNEL, fqdn);
    } catch (e) {
      this.logger.warn(`announcing the changed forward of ${fqdn} failed: ${(e as Error).message}`);
    }
  }

  private async history(d: OwnedDomainDto, userId: number, actionId: number, subject: string, content: string): Promise<void> {
    const line: ActionLogWriteRequest = { userId, domainId: d.id, domainName: d.name, actionId, subject, content, dedupeKey: `forwarding:${d.id}:${Date.now()}:${Math.random().toString(36).slice(2)}` };
    try {
      await rpc(this.domainOpsClient, DomainOpsPatterns.ActionLogWrite, line, 30_000);
    } catch (e) {
      // the change is made; a lost history line is logged rather than undoing it
      this.logger.warn(`history line for ${d.punycode} (${subject}) not written: ${(e as Error).message}`);
    }
  }
}
