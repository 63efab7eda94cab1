import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import {
  DnsErrorCode, DnssecApplyRequest, DnssecApplyResult, DnssecDsDto, DnssecKeyDto, DnssecStateDto, JobName, OwnedDomainDto, QueueName,
} from '@registrar/contracts';
import { DnsException } from '../common/dns.exception';
import { CommandContext, EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { CLOCK, Clock } from '@registrar/infra';
import { DS, fmt, registryErrorMessage } from '@registrar/messages';
import { DNSSEC_STATUS_LABEL, dnssecAlgorithmName, isOurDns } from '@registrar/rules';
import { DnsConfig } from '../dns.config';
import { ZoneRepository } from '../zones/zone.repository';
import { DnssecRepository, DnssecRow } from './dnssec.repository';
import { NSEC3PARAM } from './nsec3';
import { PdnsApiClient, PdnsKey } from './pdns-api.client';

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);

/** A refusal no retry changes: the operation row ends in error with this message. */
class Refused extends Error {}

/** Another job holds the domain's DNSSEC lock: the caller retries later. */
export class DnssecBusy extends Error {
  constructor() {
    super('DNSSEC of this domain is being changed by another job');
  }
}

/**
 * The registry kept the DS of a zone we sign that was about to stop being served (its lock or state refused the
 * update, `code`; null when it could not be reached): nothing was unserved, the zone is still signed and served.
 */
export class DsRemovalRefused extends Error {
  constructor(readonly code: number | null) {
    super(code === null ? 'registry not reachable for the DS removal' : `registry refused the DS removal (${code})`);
  }
}

const dsKey = (ds: DnssecDsDto[]) => JSON.stringify(ds.map((d) => [d.keyTag, d.alg, d.digestType, d.digest.toUpperCase()]).sort());

/** The SHA-256 DS of a key, from PowerDNS's "keytag alg digesttype digest" lines. */
export function dsOfKey(k: Pick<PdnsKey, 'ds'>): DnssecDsDto | null {
  const line = (k.ds ?? []).map((l) => l.trim().split(/\s+/)).find((p) => p[2] === '2');
  return line ? { keyTag: Number(line[0]), alg: Number(line[1]), digestType: 2, digest: line[3].toUpperCase() } : null;
}

/** Key tag and algorithm of a key (from its DS, else its DNSKEY's algorithm field). */
function keyDto(k: PdnsKey): DnssecKeyDto {
  const ds = dsOfKey(k);
  const alg = ds?.alg ?? Number(k.dnskey.split(/\s+/)[2] ?? 0);
  return { keyTag: ds?.keyTag ?? 0, alg, algorithm: dnssecAlgorithmName(alg), type: k.keytype, active: k.active, published: k.published, dnskey: k.dnskey, ds };
}

/** A key that signs the DNSKEY set (KSK or CSK: flags 257), active. */
const signsKeys = (k: PdnsKey) => k.active && (k.flags & 1) === 1;

/**
 * DNSSEC of a domain (docs/dns.md "DNSSEC", ADR 0021). For a zone on our name servers: PowerDNS signs it live from
 * the dns schema (a CSK made through its API, NSEC3 without salt or extra iterations), the key's DS goes to the registry
 * (EPP secDNS) and is confirmed by domain:info; disabling removes the DS first and stops signing once the DS has
 * expired from caches (DNSSEC_DS_WAIT_MS); a rollover adds a second key and its DS, and retires the old ones after the
 * same wait. For a domain on other name servers the member's DS set goes to the registry. Every step is written to
 * dns.dnssec before the next starts, so any replica (or a retry) carries on from where one stopped.
 */
@Injectable()
export class DnssecService {
  private readonly logger = new Logger(DnssecService.name);

  constructor(
    private readonly rows: DnssecRepository,
    private readonly zones: ZoneRepository,
    private readonly pdns: PdnsApiClient,
    private readonly config: DnsConfig,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectQueue(QueueName.Dns) private readonly queue: Queue,
  ) {}

  /** What the panel shows (the caller checked that the member holds the domain). */
  async state(domainPkId: number, punycode: string, nameServers: string[]): Promise<DnssecStateDto> {
    const [row, zone] = await Promise.all([this.rows.get(domainPkId), this.zones.zoneById(domainPkId)]);
    const served = !!zone?.served && zone.punycode === punycode;
    const r = row && row.punycode === punycode ? row : null;
    let keys: DnssecKeyDto[] = [];
    if (served && r?.mode === 'managed') {
      keys = ((await this.pdns.keys(punycode).catch((e) => { this.logger.warn(`keys of ${punycode}: ${(e as Error).message}`); return []; })) ?? []).map(keyDto);
    }
    const status = r?.status ?? 'off';
    return {
      domainPkId, punycode, isOurDns: isOurDns(nameServers), served, mode: r?.mode ?? 'off', status, statusLabel: DNSSEC_STATUS_LABEL[status],
      keys, registryDs: r?.registryDs ?? [], dueAt: r?.dueAt?.toISOString() ?? null, updatedAt: r?.updatedAt?.toISOString() ?? null, lastError: r?.lastError ?? null,
    };
  }

  /**
   * One domain of a DNSSEC operation. Answers { ok: false, message } for a refusal; throws (the operation retries) when
   * the registry or PowerDNS could not be reached, or another job holds the domain.
   */
  async apply(req: DnssecApplyRequest): Promise<DnssecApplyResult> {
    const run = async (): Promise<DnssecApplyResult> => {
      const row = await this.rows.getOrCreate(req.domainPkId, req.punycode);
      const ctx: CommandContext = { userId: req.userId, domainPkid: req.domainPkId };
      try {
        let message: string;
        switch (req.action) {
          case 'enable': message = await this.enable(req, row, ctx); break;
          case 'disable': message = await this.disable(req, row, ctx); break;
          case 'roll': message = await this.roll(req, row, ctx); break;
          case 'manual': message = await this.manual(req, row, ctx); break;
          default: throw new Refused(DS.badAction);
        }
        await this.rows.set(req.domainPkId, { lastError: null });
        return { ok: true, message, status: (await this.rows.get(req.domainPkId))!.status };
      } catch (e) {
        if (e instanceof Refused) return { ok: false, message: e.message, status: (await this.rows.get(req.domainPkId))?.status ?? 'off' };
        if (e instanceof EppError && !TRANSIENT.has(e.code)) {
          const message = `${DS.registryFailed} ${registryErrorMessage(e.code)}`;
          await this.rows.set(req.domainPkId, { lastError: message });
          return { ok: false, message, status: (await this.rows.get(req.domainPkId))?.status ?? 'off' };
        }
        await this.rows.set(req.domainPkId, { lastError: e instanceof EppError ? DS.registryFailed : DS.signerFailed }).catch(() => undefined);
        // the operation's job retries with backoff: a warning, not a stack trace
        this.logger.warn(`dnssec ${req.action} ${req.punycode}: ${(e as Error).message}`);
        throw new DnsException(DnsErrorCode.Internal, 'registry or PowerDNS not reachable; retry');
      }
    };
    const out = await this.rows.exclusive(req.domainPkId, run);
    if (out === null) throw new DnsException(DnsErrorCode.Internal, new DnssecBusy().message);
    return out;
  }

  // ---- the registry

  /** Makes the registry hold exactly `ds` (domain:info first: a retry after a lost answer sends nothing more), then confirms it. */
  private async registryDs(punycode: string, ds: DnssecDsDto[], ctx: CommandContext): Promise<DnssecDsDto[]> {
    const held = (await this.epp.info(punycode, { hosts: 'none' }, ctx)).secDNS?.dsData ?? [];
    if (dsKey(held) !== dsKey(ds)) {
      await this.epp.update({ name: punycode, secDNS: ds.length ? { remAll: true, add: ds } : { remAll: true } }, ctx);
      const after = (await this.epp.info(punycode, { hosts: 'none' }, ctx)).secDNS?.dsData ?? [];
      if (dsKey(after) !== dsKey(ds)) throw new Error(`registry holds ${after.length} DS for ${punycode} after the update, not the ${ds.length} sent`);
      return after.map((d) => ({ keyTag: d.keyTag, alg: d.alg, digestType: d.digestType, digest: d.digest.toUpperCase() }));
    }
    return ds;
  }

  // ---- signing

  private async signingKeys(punycode: string): Promise<PdnsKey[]> {
    const keys = await this.pdns.keys(punycode);
    if (keys === null) throw new Refused(DS.notServed);
    return keys;
  }

  /** NSEC3 parameters, ordernames and empty non-terminals of a signed zone (PowerDNS's rectify). */
  private async prepareZone(punycode: string): Promise<void> {
    if (!(await this.rows.signed(punycode))) await this.pdns.setNsec3(punycode, NSEC3PARAM);
    await this.pdns.rectify(punycode);
  }

  private async enable(req: DnssecApplyRequest, row: DnssecRow, ctx: CommandContext): Promise<string> {
    if (!isOurDns(req.nameServers)) throw new Refused(DS.notOurDns);
    const zone = await this.zones.zoneById(req.domainPkId);
    if (!zone?.served || zone.punycode !== req.punycode) throw new Refused(DS.notServed);
    if (row.mode === 'managed' && (row.status === 'active' || row.status === 'rolling') && (await this.signingKeys(req.punycode)).some(signsKeys)) return DS.alreadyEnabled;
    // 署名中: a key (the one of an earlier try, or of a disabling not finished yet, is kept)
    await this.rows.set(req.domainPkId, { mode: 'managed', status: 'signing', dueAt: null, oldKeyId: null });
    let keys = await this.signingKeys(req.punycode);
    if (!keys.some(signsKeys)) keys = [...keys, await this.pdns.createKey(req.punycode, { active: true, published: true })];
    await this.prepareZone(req.punycode);
    // DS登録待ち: the DS of the signing key at the registry, confirmed by domain:info
    const ds = keys.filter(signsKeys).map(dsOfKey).filter((d): d is DnssecDsDto => !!d);
    await this.rows.set(req.domainPkId, { status: 'ds_pending' });
    const held = await this.registryDs(req.punycode, ds, ctx);
    await this.rows.set(req.domainPkId, { status: 'active', registryDs: held });
    return fmt(DS.enabled, { keyTag: ds.map((d) => d.keyTag).join('・'), alg: `${ds[0].alg} ${dnssecAlgorithmName(ds[0].alg)}` });
  }

  private async disable(req: DnssecApplyRequest, row: DnssecRow, ctx: CommandContext): Promise<string> {
    if (row.mode === 'off') {
      // nothing of ours; a DS left at the registry (e.g. entered through the DNS records) is not ours to remove here
      return DS.alreadyDisabled;
    }
    if (row.mode === 'manual') {
      await this.registryDs(req.punycode, [], ctx);
      await this.rows.set(req.domainPkId, { mode: 'off', status: 'off', registryDs: [] });
      return DS.manualRemoved;
    }
    // the DS goes first: resolvers then stop expecting signatures once the old DS has expired from their caches
    const before = row.status;
    await this.rows.set(req.domainPkId, { status: 'removing' });
    try {
      await this.registryDs(req.punycode, [], ctx);
    } catch (e) {
      // the registry kept its DS: the zone stays signed as it was (a retry asks domain:info again)
      if (before !== 'removing') await this.rows.set(req.domainPkId, { status: before });
      throw e;
    }
    const due = new Date(this.clock.now().getTime() + this.config.DNSSEC_DS_WAIT_MS);
    await this.rows.set(req.domainPkId, { registryDs: [], dueAt: due, oldKeyId: null });
    if (this.config.DNSSEC_DS_WAIT_MS === 0) {
      await this.unsign(req.punycode, req.domainPkId);
      return DS.disabled;
    }
    await this.scheduleDue(req.domainPkId, due);
    return DS.disabling;
  }

  private async unsign(punycode: string, domainPkId: number): Promise<void> {
    const keys = (await this.pdns.keys(punycode)) ?? [];
    for (const k of keys) await this.pdns.deleteKey(punycode, k.id);
    if (keys.length || (await this.rows.signed(punycode))) await this.pdns.setNsec3(punycode, '').catch((e) => { if ((e as { status?: number }).status !== 404) throw e; });
    await this.rows.set(domainPkId, { mode: 'off', status: 'off', dueAt: null, oldKeyId: null });
  }

  /**
   * A CSK rollover by double signature (RFC 6781 §4.1.2): a new key signs alongside the old one and both DS go to the
   * registry; after DNSSEC_DS_WAIT_MS the old DS is removed at the registry and the old key deleted.
   */
  private async roll(req: DnssecApplyRequest, row: DnssecRow, ctx: CommandContext): Promise<string> {
    if (row.mode !== 'managed' || (row.status !== 'active' && row.status !== 'rolling')) throw new Refused(DS.notEnabled);
    let keys = await this.signingKeys(req.punycode);
    let oldId = row.oldKeyId;
    if (row.status !== 'rolling' || oldId === null || !keys.some((k) => k.id === oldId)) {
      const current = keys.filter(signsKeys);
      if (!current.length) throw new Refused(DS.notEnabled);
      oldId = current[0].id;
      // the old key's id first: a retry after the new key was made keeps this one as the old one
      await this.rows.set(req.domainPkId, { status: 'rolling', oldKeyId: oldId, dueAt: null });
      if (current.length === 1) keys = [...keys, await this.pdns.createKey(req.punycode, { active: true, published: true })];
    }
    const fresh = keys.filter((k) => signsKeys(k) && k.id !== oldId).at(-1)!;
    const both = keys.filter(signsKeys).map(dsOfKey).filter((d): d is DnssecDsDto => !!d);
    const held = await this.registryDs(req.punycode, both, ctx);
    const due = new Date(this.clock.now().getTime() + this.config.DNSSEC_DS_WAIT_MS);
    await this.rows.set(req.domainPkId, { registryDs: held, dueAt: due });
    const tag = dsOfKey(fresh)?.keyTag ?? 0;
    if (this.config.DNSSEC_DS_WAIT_MS === 0) {
      await this.finishRoll(req.punycode, req.domainPkId, oldId, ctx);
      return fmt(DS.rollDone, { keyTag: tag });
    }
    await this.scheduleDue(req.domainPkId, due);
    return fmt(DS.rollStarted, { keyTag: tag });
  }

  private async finishRoll(punycode: string, domainPkId: number, oldId: number, ctx: CommandContext): Promise<void> {
    const keys = (await this.pdns.keys(punycode)) ?? [];
    const keep = keys.filter((k) => signsKeys(k) && k.id !== oldId);
    if (!keep.length) throw new Error(`no new key of ${punycode} to keep`);
    const held = await this.registryDs(punycode, keep.map(dsOfKey).filter((d): d is DnssecDsDto => !!d), ctx);
    if (keys.some((k) => k.id === oldId)) await this.pdns.deleteKey(punycode, oldId);
    await this.rows.set(domainPkId, { status: 'active', registryDs: held, oldKeyId: null, dueAt: null });
  }

  /** DS records entered by the member for a domain on other name servers ([] removes them all). */
  private async manual(req: DnssecApplyRequest, row: DnssecRow, ctx: CommandContext): Promise<string> {
    if (row.mode === 'managed') throw new Refused(DS.manualOnOurDns);
    const ds = (req.ds ?? []).map((d) => ({ keyTag: d.keyTag, alg: d.alg, digestType: d.digestType, digest: d.digest.toUpperCase() }));
    const held = await this.registryDs(req.punycode, ds, ctx);
    await this.rows.set(req.domainPkId, held.length ? { mode: 'manual', status: 'manual', registryDs: held } : { mode: 'off', status: 'off', registryDs: [] });
    return held.length ? fmt(DS.manualSaved, { count: held.length }) : DS.manualRemoved;
  }

  // ---- second steps (rollover, disabling), due after DNSSEC_DS_WAIT_MS

  private async scheduleDue(domainPkId: number, due: Date): Promise<void> {
    const delay = Math.max(0, due.getTime() - Date.now());
    // the reconciliation finishes it too, should this job be lost
    await this.queue.add(JobName.DnssecDue, { domainPkId }, { jobId: `dnssec-due-${domainPkId}-${due.getTime()}`, delay, attempts: 8, backoff: { type: 'exponential', delay: 10_000 }, removeOnComplete: { count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 } });
  }

  /** Finishes every due second step (the DnssecDue job and the periodic reconciliation). */
  async finishDue(only?: number): Promise<number> {
    let n = 0;
    for (const r of await this.rows.due(this.clock.now())) {
      if (only !== undefined && r.domainPkId !== only) continue;
      // one domain's failure (its registry lock refusing the DS update, PowerDNS not answering for it) is logged and
      // retried at the next run; it never holds up the other domains' steps, which come after it in due order
      const done = await this.rows.exclusive(r.domainPkId, async () => {
        const row = await this.rows.get(r.domainPkId);
        if (!row?.dueAt || row.dueAt > this.clock.now()) return false;
        const ctx: CommandContext = { domainPkid: row.domainPkId };
        try {
          if (row.status === 'removing') await this.unsign(row.punycode, row.domainPkId);
          else if (row.status === 'rolling' && row.oldKeyId !== null) await this.finishRoll(row.punycode, row.domainPkId, row.oldKeyId, ctx);
          else await this.rows.set(row.domainPkId, { dueAt: null });
        } catch (e) {
          this.logger.warn(`dnssec second step of ${row.punycode}: ${(e as Error)?.message ?? e}`);
          await this.rows.set(row.domainPkId, { lastError: e instanceof EppError ? DS.registryFailed : DS.signerFailed }).catch(() => undefined);
          return false;
        }
        return true;
      });
      if (done) n++;
    }
    return n;
  }

  // ---- the zone's life

  /** After our records were rewritten: a signed zone is rectified (ordernames, delegations, empty non-terminals). */
  async afterPublish(punycode: string): Promise<void> {
    if (!(await this.rows.signed(punycode))) return;
    await this.pdns.rectify(punycode).catch((e) => this.logger.warn(`rectify ${punycode}: ${(e as Error).message}`));
  }

  /**
   * Runs `unserve` (the transaction that stops serving the zone: the name servers left ours, the domain expired or
   * left us) holding the domain's DNSSEC lock. A zone we sign loses its keys with PowerDNS's rows, so the DS leaves the
   * registry first (while we still hold the domain). The lock covers both steps: an enable or rollover of the same
   * domain runs wholly before (its DS is then removed here) or wholly after (it finds the zone no longer served and
   * is refused); it can never put a DS back at the registry for keys that are gone.
   * Throws DsRemovalRefused when the registry keeps the DS: nothing is unserved, the zone stays signed and served.
   */
  async leaving<T>(domainPkId: number, punycode: string, stillHeld: boolean, unserve: () => Promise<T>): Promise<T> {
    const out = await this.rows.exclusive(domainPkId, async () => {
      const zone = await this.zones.zoneById(domainPkId);
      if (zone?.served && zone.punycode === punycode) await this.zoneLeaving(domainPkId, punycode, stillHeld);
      return { v: await unserve() };
    }, this.config.DNSSEC_LOCK_WAIT_MS);
    if (out === null) throw new DnsException(DnsErrorCode.Internal, new DnssecBusy().message);
    return out.v;
  }

  /**
   * A member's save that stops serving the zone (the domain expired, or its name servers are no longer ours): `write`
   * runs as in leaving(); when the registry keeps the DS, nothing is written and the member is told why and what to do.
   */
  async memberSaveUnserving<T>(d: OwnedDomainDto, write: () => Promise<T>, subject: string = DS.subjectRecords): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
    try {
      return { ok: true, value: await this.leaving(d.id, d.punycode, true, write) };
    } catch (e) {
      if (!(e instanceof DsRemovalRefused)) throw e;
      const reason = e.code === null ? DS.reasonUnreachable : fmt(DS.reasonCode, { code: e.code });
      return { ok: false, message: fmt(isOurDns(d.name_servers) ? DS.saveDsRefusedExpired : DS.saveDsRefusedNs, { reason, subject }) };
    }
  }

  /** The DS of a zone we sign leaves the registry (domain:info first: a DS of an unfinished enable is found too). Holds the lock. */
  private async zoneLeaving(domainPkId: number, punycode: string, stillHeld: boolean): Promise<void> {
    const row = await this.rows.get(domainPkId);
    if (!row || row.mode !== 'managed' || row.punycode !== punycode) return;
    if (stillHeld) {
      try {
        await this.registryDs(punycode, [], { domainPkid: domainPkId });
      } catch (e) {
        const code = e instanceof EppError && !TRANSIENT.has(e.code) ? e.code : null;
        const message = code !== null ? fmt(DS.leavingRefused, { code }) : DS.leavingUnreachable;
        await this.rows.set(domainPkId, { lastError: message }).catch(() => undefined);
        this.logger.warn(`DS of ${punycode} not removed before its zone stops being served: ${(e as Error)?.message ?? e}`);
        throw new DsRemovalRefused(code);
      }
    }
    await this.rows.set(domainPkId, { mode: 'off', status: 'off', registryDs: [], dueAt: null, oldKeyId: null, lastError: null });
  }

  /** The DNS records' DS rows may change the registry's DS only while DNSSEC is off for the domain. */
  async dsManagedHere(domainPkId: number): Promise<boolean> {
    const row = await this.rows.get(domainPkId);
    return !!row && row.mode !== 'off';
  }
}
