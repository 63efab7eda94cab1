import { randomBytes } from 'node:crypto';
import { arr, attr, text } from '@registrar/epp';
import type { SystemClock } from '@registrar/infra';
import { CHECK_REASON, classifyUnregistered, hashShare, validAsciiName } from '../names/name-rules';
import type { TldCatalogue } from '../names/tld-catalogue';
import type { RegistryPolicy, TldPolicy } from '../policy/registry-policy';
import type { DomainRow, DsRecord, Queryable, RegistrantChangeRow, RegistryRepository, TransferRecord } from '../persistence/registry.repository';
import { ok, pending, Reply, SimError } from '../epp/sim-reply';
import * as W from '../epp/xml-writers';
import { NS, leaf, iso } from '@registrar/epp';
import { addDays, addMonths, addYears, daysBetween, later, sameDay } from './dates';
import type { CommandSession } from './session';

const CLIENT_STATUSES = new Set(['clientDeleteProhibited', 'clientHold', 'clientRenewProhibited', 'clientTransferProhibited', 'clientUpdateProhibited']);
/** the registrar that holds names the simulator reports as taken without anyone having registered them here */
export const PHANTOM_HOLDER = 'sim-holder';
const U_LABEL_REASON = 'domain names are exchanged as A-labels (xn--, RFC 5891): send the A-label of this IDN';

export interface DomainServiceOptions {
  takenShare: number;
  /** registrant contacts of the registrars' own privacy services: a change to them needs no approval */
  privacyContacts?: RegExp;
  /** told after the commit of an update held for the registrant's approval (sends the approval mail) */
  onRegistrantChangeRequested?: (c: RegistrantChangeRow) => Promise<void>;
}

/** RFC 5731 domain commands with RFC 3915 (RGP) and RFC 5910 (secDNS), under the registry policy of each TLD. */
export class DomainService {
  constructor(
    private readonly repo: RegistryRepository,
    private readonly policy: RegistryPolicy,
    private readonly tlds: TldCatalogue,
    private readonly clock: SystemClock,
    private readonly o: DomainServiceOptions,
  ) {}

  // ── helpers ──

  private now(): Date {
    return this.clock.now();
  }

  /** Syntax, served TLD and its policy; throws 2005 / 2306. */
  private resolve(raw: string | undefined): { name: string; tld: string; policy: TldPolicy } {
    const name = (raw ?? '').trim().toLowerCase();
    if (!name) throw new SimError(2003, 'domain name missing');
    if (/[^\x00-\x7f]/.test(name)) throw new SimError(2005, U_LABEL_REASON);
    if (!validAsciiName(name)) throw new SimError(2005, 'invalid domain name');
    const tld = this.tlds.tldOf(name);
    if (!tld || tld === name) throw new SimError(2306, `TLD of ${name} is not served by this registry`);
    if (name.slice(0, -tld.length - 1).includes('.')) throw new SimError(2306, `${name} is not a second-level name of .${tld}`);
    return { name, tld, policy: this.policy.forTld(tld) };
  }

  /** The statuses a domain shows: its client/server statuses plus the derived pending* and inactive. */
  statusesOf(d: DomainRow): string[] {
    const s = [...d.statuses];
    if (d.transfer?.status === 'pending') s.push('pendingTransfer');
    if (d.rgpState) s.push('pendingDelete');
    if (!d.ns.length) s.push('inactive');
    return s.length ? s : ['ok'];
  }

  rgpStatusesOf(d: DomainRow, now = this.now()): string[] {
    const r: string[] = [];
    if (d.rgpState) r.push(d.rgpState);
    if (later(d.addGraceUntil, now)) r.push('addPeriod');
    if (later(d.renewGraceUntil, now)) r.push('renewPeriod');
    if (later(d.autoRenewGraceUntil, now)) r.push('autoRenewPeriod');
    if (later(d.transferGraceUntil, now)) r.push('transferPeriod');
    return r;
  }

  /**
   * A domain by name; names reported as taken but not stored are created on first touch, held by another registrar,
   * so that info and transfer behave as for any registered name.
   */
  private async load(q: Queryable, name: string, tld: string, policy: TldPolicy): Promise<DomainRow> {
    const d = await this.repo.findDomain(q, name, true);
    if (d) return d;
    if (classifyUnregistered(name, tld, this.o.takenShare) !== 'taken') throw new SimError(2303, `${name} is not registered`);
    const now = this.now();
    const ageDays = 90 + Math.floor(hashShare(name + '#age') * 3000);
    const crDate = addDays(now, -ageDays);
    let exDate = addYears(crDate, 1);
    while (exDate <= addDays(now, 40)) exDate = addYears(exDate, 1);
    const row: DomainRow = {
      name, roid: await this.repo.nextRoid(q, 'SIM'), tld, clId: PHANTOM_HOLDER, crId: PHANTOM_HOLDER, crDate, upId: null, upDate: null,
      exDate, trDate: null, authInfo: randomBytes(12).toString('base64url'), registrant: null, contacts: [], ns: [`ns1.${PHANTOM_HOLDER}.example`],
      statuses: policy.group === 'gtld' ? ['clientTransferProhibited'] : [], secdns: null, addGraceUntil: null, renewGraceUntil: null,
      autoRenewGraceUntil: null, transferGraceUntil: null, rgpState: null, rgpUntil: null, redemptionUntil: null, deletedAt: null, deleteTrid: null,
      transfer: null, provisionalUntil: null, orgKey: null,
    };
    await this.repo.insertDomainIfAbsent(q, row);
    return (await this.repo.findDomain(q, name, true))!;
  }

  /**
   * What the registry's RDAP and WHOIS publish for a name: the stored domain (names reported as taken appear as held by
   * another registrar, as for info), or null when the name is not registered here or is not a name of a served TLD.
   */
  async publicLookup(raw: string): Promise<{ domain: DomainRow; statuses: string[] } | null> {
    let r: { name: string; tld: string; policy: TldPolicy };
    try {
      r = this.resolve(raw);
    } catch {
      return null;
    }
    try {
      const d = await this.repo.transaction((q) => this.load(q, r.name, r.tld, r.policy));
      return { domain: d, statuses: [...new Set([...this.statusesOf(d), ...this.rgpStatusesOf(d)])] };
    } catch (e) {
      if (e instanceof SimError && e.code === 2303) return null;
      throw e;
    }
  }

  private requireSponsor(d: DomainRow, s: CommandSession): void {
    if (d.clId !== s.clId) throw new SimError(2201, `${d.name} is sponsored by another registrar`);
  }

  private hasAny(d: DomainRow, ...statuses: string[]): boolean {
    return statuses.some((x) => d.statuses.includes(x));
  }

  private period(el: any, policy: TldPolicy, fallback = 1): { value: number; unit: 'y' | 'm' } {
    if (!el?.period) return { value: fallback, unit: policy.periodUnit };
    const value = Number(text(el.period));
    const unit = (attr(el.period, 'unit') ?? 'y') as 'y' | 'm';
    if (!Number.isInteger(value) || value < 1 || value > 99) throw new SimError(2004, 'period out of range');
    return { value, unit };
  }

  private checkPeriod(p: { value: number; unit: 'y' | 'm' }, policy: TldPolicy): number {
    const years = p.unit === 'y' ? p.value : p.value / 12;
    if (p.unit !== policy.periodUnit && !(p.unit === 'm' && Number.isInteger(years))) throw new SimError(2004, `period unit ${p.unit} not accepted for this TLD`);
    if (years < policy.minPeriod || years > policy.maxPeriod) throw new SimError(2004, `period must be ${policy.minPeriod}-${policy.maxPeriod} years`);
    return years;
  }

  private async orgKeyOf(q: Queryable, contactId: string | null): Promise<string | null> {
    if (!contactId) return null;
    const c = await this.repo.findContact(q, contactId);
    const org = c?.data.postalInfo.map((p) => p.org).find((o) => o && o.trim());
    return org ? org.normalize('NFKC').replace(/\s+/g, '').toLowerCase() : null;
  }

  // ── check ──

  async check(el: any): Promise<Reply> {
    const names: string[] = arr(el?.name).map((n) => (text(n) ?? '').trim().toLowerCase());
    if (!names.length) throw new SimError(2003, 'no names to check');
    // the schema's labelType holds at most 255 characters: a longer name is a syntax error, never echoed back
    if (names.some((n) => n.length > 255)) throw new SimError(2005, 'domain:name is longer than 255 characters');
    // IDNs travel as A-labels (RFC 5891 §5, RFC 5731 names are LDH): a U-label is a syntax error, as at real registries
    if (names.some((n) => /[^\x00-\x7f]/.test(n))) throw new SimError(2005, U_LABEL_REASON);
    const valid = names.map((n) => validAsciiName(n));
    const tlds = names.map((n) => (/^[\x21-\x7e]+$/.test(n) ? this.tlds.tldOf(n) : null));
    const known = tlds.filter((t, i): t is string => !!t && valid[i]);
    const limit = known.length ? this.policy.maxCheckFor(known) : 50;
    if (names.length > limit) throw new SimError(2306, `at most ${limit} names per check command`);
    const existing = await this.repo.existingNames(this.repo.db, names.filter((_, i) => valid[i]));
    return ok((rd) => {
      const chk = rd.ele(NS.domain, 'domain:chkData');
      names.forEach((n, i) => {
        const cd = chk.ele(NS.domain, 'domain:cd');
        const tld = tlds[i];
        let reason: string | undefined;
        // a TLD we do not serve, else the real reason: a name that is not a valid domain name under it
        if (!tld) reason = 'TLD not served';
        else if (!valid[i] || tld === n || n.slice(0, -tld.length - 1).includes('.')) reason = CHECK_REASON.invalid;
        else if (existing.has(n)) reason = CHECK_REASON.taken;
        else {
          const c = classifyUnregistered(n, tld, this.o.takenShare);
          if (c !== 'free') reason = CHECK_REASON[c];
        }
        leaf(cd, NS.domain, 'domain:name', n || 'invalid', { avail: reason ? '0' : '1' });
        if (reason) leaf(cd, NS.domain, 'domain:reason', reason);
      });
    });
  }

  // ── info ──

  async info(el: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    const hostsFilter = attr(el?.name, 'hosts') ?? 'all';
    const pw = text(el?.authInfo?.pw);
    return this.repo.transaction(async (q) => {
      const d = await this.load(q, name, tld, policy);
      if (pw !== undefined && d.clId !== s.clId && pw !== d.authInfo) throw new SimError(2202, 'authInfo does not match');
      const full = d.clId === s.clId || (pw !== undefined && pw === d.authInfo);
      const hosts = full ? await this.repo.hostsUnder(q, name) : [];
      const rgp = this.rgpStatusesOf(d);
      return ok(
        (rd) => W.writeDomainInfData(rd, d, this.statusesOf(d), hosts, full, hostsFilter),
        (full && d.secdns?.dsData.length) || rgp.length ? (ext) => {
          if (full && d.secdns?.dsData.length) W.writeSecDnsInfData(ext, d.secdns);
          if (rgp.length) W.writeRgp(ext, 'infData', rgp);
        } : undefined,
      );
    });
  }

  // ── create ──

  async create(el: any, ext: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    const p = this.period(el, policy);
    const provisional = !!policy.provisionalMonths && p.unit === 'm' && p.value === policy.provisionalMonths;
    const years = provisional ? 0 : this.checkPeriod(p, policy);
    const pw = text(el?.authInfo?.pw);
    if (!pw) throw new SimError(2003, 'authInfo is required');
    if (pw.length < 6) throw new SimError(2306, 'authInfo must have at least 6 characters');
    const registrant = text(el?.registrant) || null;
    if (policy.registrantRequired && !registrant) throw new SimError(2003, `a registrant is required for .${tld}`);
    const contacts = arr(el?.contact).map((c: any) => ({ type: attr(c, 'type') ?? 'admin', id: text(c)! }));
    const ns = this.nsOf(el?.ns);
    const secdns = this.secDnsCreate(ext?.create);
    return this.repo.transaction(async (q) => {
      const now = this.now();
      if (await this.repo.findDomain(q, name)) throw new SimError(2302, `${name} is already registered`);
      const cls = classifyUnregistered(name, tld, this.o.takenShare);
      if (cls === 'taken') throw new SimError(2302, `${name} is already registered`);
      if (cls === 'reserved') throw new SimError(2308, `${name} is reserved by the registry`);
      if (cls === 'premium') throw new SimError(2306, `${name} is a premium name (premium pricing not offered through this interface)`);
      const ids = [...new Set([...(registrant ? [registrant] : []), ...contacts.map((c) => c.id)])];
      const found = await this.repo.existingContacts(q, ids);
      const missing = ids.find((id) => !found.has(id));
      if (missing) throw new SimError(2303, `contact ${missing} does not exist`);
      await this.checkHosts(q, ns, s);
      let orgKey: string | null = null;
      if (policy.onePerOrganisation) {
        orgKey = await this.orgKeyOf(q, registrant);
        if (!orgKey) throw new SimError(2306, `.${tld} needs a registrant contact with the organisation name`);
        const held = await this.repo.domainsWithOrg(q, orgKey);
        if (held.length) throw new SimError(2308, `the organisation already holds ${held[0]} (one .${tld} per organisation)`);
      }
      const exDate = provisional ? addMonths(now, policy.provisionalMonths!) : addYears(now, years);
      const row: DomainRow = {
        name, roid: await this.repo.nextRoid(q, 'SIM'), tld, clId: s.clId, crId: s.clId, crDate: now, upId: null, upDate: null, exDate, trDate: null,
        authInfo: pw, registrant, contacts, ns, statuses: provisional ? ['serverHold', 'serverRenewProhibited', 'serverTransferProhibited'] : [],
        secdns, addGraceUntil: policy.addGraceDays ? addDays(now, policy.addGraceDays) : null, renewGraceUntil: null, autoRenewGraceUntil: null,
        transferGraceUntil: null, rgpState: null, rgpUntil: null, redemptionUntil: null, deletedAt: null, deleteTrid: null, transfer: null,
        provisionalUntil: provisional ? exDate : null, orgKey,
      };
      await this.repo.insertDomain(q, row);
      return ok((rd) => {
        const c = rd.ele(NS.domain, 'domain:creData');
        leaf(c, NS.domain, 'domain:name', name);
        leaf(c, NS.domain, 'domain:crDate', iso(now));
        leaf(c, NS.domain, 'domain:exDate', iso(exDate));
      });
    });
  }

  private nsOf(nsEl: any): string[] {
    const list = [...arr(nsEl?.hostObj).map((h) => text(h)!), ...arr(nsEl?.hostAttr).map((h: any) => text(h.hostName)!)].map((h) => h.trim().toLowerCase());
    if (list.length > 13) throw new SimError(2306, 'at most 13 name servers');
    for (const h of list) if (!validAsciiName(h)) throw new SimError(2005, 'invalid host name in domain:ns');
    return [...new Set(list)];
  }

  /** Hosts under a domain of this registry must exist as host objects; external hosts are created on the fly. */
  private async checkHosts(q: Queryable, ns: string[], s: CommandSession): Promise<void> {
    if (!ns.length) return;
    const existing = await this.repo.existingHosts(q, ns);
    for (const h of ns) {
      if (existing.has(h)) continue;
      const parent = h.split('.').slice(1).join('.');
      const superordinate = await this.repo.findDomain(q, parent);
      if (superordinate) throw new SimError(2303, `host ${h} does not exist (create it with its addresses first)`);
      await this.repo.insertHost(q, { name: h, roid: await this.repo.nextRoid(q, 'SIMH'), clId: s.clId, crId: s.clId, crDate: this.now(), upId: null, upDate: null, addrs: [], statuses: [] });
    }
  }

  private secDnsCreate(c: any): DomainRow['secdns'] {
    if (!c) return null;
    if (c.keyData) throw new SimError(2102, 'keyData interface not supported; use dsData');
    const ds = this.dsList(c.dsData);
    return ds.length ? { maxSigLife: c.maxSigLife ? Number(text(c.maxSigLife)) : undefined, dsData: ds } : null;
  }

  private dsList(list: unknown): DsRecord[] {
    return arr<any>(list).map((d) => {
      const r = { keyTag: Number(text(d.keyTag)), alg: Number(text(d.alg)), digestType: Number(text(d.digestType)), digest: (text(d.digest) ?? '').toUpperCase() };
      if (!Number.isInteger(r.keyTag) || !/^[0-9A-F]+$/.test(r.digest)) throw new SimError(2005, 'invalid dsData');
      return r;
    });
  }

  // ── renew ──

  async renew(el: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    const cur = text(el?.curExpDate);
    if (!cur || !/^\d{4}-\d{2}-\d{2}$/.test(cur)) throw new SimError(2003, 'curExpDate (YYYY-MM-DD) is required');
    const years = this.checkPeriod(this.period(el, policy), policy);
    return this.repo.transaction(async (q) => {
      const now = this.now();
      const d = await this.load(q, name, tld, policy);
      this.requireSponsor(d, s);
      if (d.provisionalUntil) throw new SimError(2304, 'a provisional registration cannot be renewed');
      if (d.rgpState) throw new SimError(2304, 'the domain is pending deletion');
      if (this.hasAny(d, 'clientRenewProhibited', 'serverRenewProhibited')) throw new SimError(2304, 'renew prohibited by status');
      if (d.transfer?.status === 'pending') throw new SimError(2304, 'the domain is pending transfer');
      if (!sameDay(d.exDate, new Date(`${cur}T00:00:00Z`))) throw new SimError(2306, `curExpDate ${cur} does not match the expiry date ${d.exDate.toISOString().slice(0, 10)}`);
      const exDate = addYears(d.exDate, years);
      if (exDate > addYears(now, policy.maxHorizonYears)) throw new SimError(2306, `expiry may not exceed ${policy.maxHorizonYears} years from today`);
      await this.repo.updateDomain(q, name, { exDate, upDate: now, upId: s.clId, renewGraceUntil: policy.renewGraceDays ? addDays(now, policy.renewGraceDays) : null, autoRenewGraceUntil: null });
      return ok((rd) => W.writeRenData(rd, name, exDate));
    });
  }

  // ── transfer ──

  async transfer(op: string, el: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    const pw = text(el?.authInfo?.pw);
    return this.repo.transaction(async (q) => {
      const now = this.now();
      const d = await this.load(q, name, tld, policy);
      switch (op) {
        case 'query': {
          if (d.clId !== s.clId && d.transfer?.reID !== s.clId) {
            if (pw === undefined) throw new SimError(2201, 'not the sponsor or the requester of the transfer');
            if (pw !== d.authInfo) throw new SimError(2202, 'authInfo does not match');
          }
          if (!d.transfer) throw new SimError(2301, 'no transfer of this domain is known');
          return ok((rd) => W.writeTrnData(rd, name, d.transfer!));
        }
        case 'request':
          return this.transferRequest(q, d, policy, el, pw, s, now);
        case 'approve':
        case 'reject': {
          this.requireSponsor(d, s);
          if (d.transfer?.status !== 'pending') throw new SimError(2301, 'no pending transfer');
          if (op === 'approve') {
            const t = await this.completeTransfer(q, d, policy, 'clientApproved', now);
            await this.repo.enqueuePoll(q, t.reID, now, 'Transfer approved.', { kind: 'transfer', transfer: { ...t, name } });
            return ok((rd) => W.writeTrnData(rd, name, t));
          }
          const t: TransferRecord = { ...d.transfer, status: 'clientRejected', acDate: now.toISOString(), exDate: d.exDate.toISOString() };
          await this.repo.updateDomain(q, name, { transfer: t });
          await this.repo.enqueuePoll(q, t.reID, now, 'Transfer rejected.', { kind: 'transfer', transfer: { ...t, name } });
          return ok((rd) => W.writeTrnData(rd, name, t));
        }
        case 'cancel': {
          if (d.transfer?.status !== 'pending') throw new SimError(2301, 'no pending transfer');
          if (d.transfer.reID !== s.clId) throw new SimError(2201, 'only the requesting registrar can cancel');
          const t: TransferRecord = { ...d.transfer, status: 'clientCancelled', acDate: now.toISOString(), exDate: d.exDate.toISOString() };
          await this.repo.updateDomain(q, name, { transfer: t });
          await this.repo.enqueuePoll(q, t.acID, now, 'Transfer cancelled.', { kind: 'transfer', transfer: { ...t, name } });
          return ok((rd) => W.writeTrnData(rd, name, t));
        }
        default:
          throw new SimError(2005, 'transfer op must be request, query, approve, reject or cancel');
      }
    });
  }

  private async transferRequest(q: Queryable, d: DomainRow, policy: TldPolicy, el: any, pw: string | undefined, s: CommandSession, now: Date): Promise<Reply> {
    if (!policy.transfer) throw new SimError(2106, `.${d.tld} does not support inter-registrar transfers`);
    if (d.clId === s.clId) throw new SimError(2106, 'the domain is already sponsored by you');
    if (pw === undefined || pw === '') throw new SimError(2003, 'authInfo is required for a transfer request');
    if (pw !== d.authInfo) throw new SimError(2202, 'authInfo does not match');
    if (d.transfer?.status === 'pending') throw new SimError(2300, 'a transfer is already pending');
    if (d.provisionalUntil) throw new SimError(2304, 'a provisional registration cannot be transferred');
    if (d.rgpState) throw new SimError(2304, 'the domain is pending deletion');
    if (this.hasAny(d, 'clientTransferProhibited', 'serverTransferProhibited')) throw new SimError(2304, 'transfer prohibited by status (clientTransferProhibited/serverTransferProhibited)');
    const lockFrom = d.trDate && d.trDate > d.crDate ? d.trDate : d.crDate;
    if (policy.transferLockDays && daysBetween(lockFrom, now) < policy.transferLockDays) {
      throw new SimError(2106, `no transfer within ${policy.transferLockDays} days of registration or the last transfer`);
    }
    if (policy.transferMinDaysBeforeExpiry && daysBetween(now, d.exDate) < policy.transferMinDaysBeforeExpiry) {
      throw new SimError(2106, `a transfer needs at least ${policy.transferMinDaysBeforeExpiry} days before expiry`);
    }
    const p = this.period(el, policy, policy.transferAddsYears || 1);
    const years = policy.transferAddsYears ? this.checkPeriod(p, policy) : 0;
    const acDate = addDays(now, policy.transferAutoApproveDays);
    const t: TransferRecord = {
      status: 'pending', reID: s.clId, reDate: now.toISOString(), acID: d.clId, acDate: acDate.toISOString(),
      exDate: this.expiryAfterTransfer(d, policy, years, acDate).toISOString(), periodYears: years,
    };
    await this.repo.updateDomain(q, d.name, { transfer: t });
    await this.repo.enqueuePoll(q, d.clId, now, 'Transfer requested.', { kind: 'transfer', transfer: { ...t, name: d.name } });
    return pending((rd) => W.writeTrnData(rd, d.name, t));
  }

  private expiryAfterTransfer(d: DomainRow, policy: TldPolicy, years: number, at: Date): Date {
    if (policy.transferExpiry === 'oneYearFromTransfer') {
      const y = addYears(at, 1);
      return y > d.exDate ? y : d.exDate;
    }
    // a transfer within the auto-renew grace period replaces the auto-renewal year
    const base = later(d.autoRenewGraceUntil, at) ? addYears(d.exDate, -1) : d.exDate;
    return addYears(base, years);
  }

  /** Moves the domain to the gaining registrar (approve, or the automatic approval after N days). */
  async completeTransfer(q: Queryable, d: DomainRow, policy: TldPolicy, status: 'clientApproved' | 'serverApproved', now: Date): Promise<TransferRecord> {
    const t = d.transfer!;
    const exDate = this.expiryAfterTransfer(d, policy, t.periodYears, now);
    const done: TransferRecord = { ...t, status, acDate: now.toISOString(), exDate: exDate.toISOString() };
    await this.repo.updateDomain(q, d.name, {
      clId: t.reID, trDate: now, exDate, upDate: now, transfer: done,
      // the gaining registrar starts with no client statuses and a fresh authInfo
      statuses: d.statuses.filter((x) => !CLIENT_STATUSES.has(x)),
      authInfo: randomBytes(12).toString('base64url'),
      transferGraceUntil: policy.transferGraceDays ? addDays(now, policy.transferGraceDays) : null, autoRenewGraceUntil: null,
    });
    // hosts below the domain move with it
    for (const h of await this.repo.hostsUnder(q, d.name)) await this.repo.updateHost(q, h, { clId: t.reID });
    return done;
  }

  // ── update (incl. RGP restore) ──

  async update(el: any, ext: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    if (ext?.update?.restore) return this.restore(name, tld, policy, ext.update.restore, s);
    // RFC 5910 §5.2.5: DS data changes in an update go in <secDNS:update>; a <secDNS:create> there is refused, not ignored
    if (ext?.create !== undefined) throw new SimError(2306, 'secDNS:create is not allowed in a domain:update (use secDNS:update)');
    let held: RegistrantChangeRow | null = null;
    const reply = await this.repo.transaction(async (q) => {
      const now = this.now();
      const d = await this.load(q, name, tld, policy);
      this.requireSponsor(d, s);
      if (d.rgpState) throw new SimError(2304, 'the domain is pending deletion (restore it first)');
      const addStatuses = arr(el.add?.status).map((x: any) => attr(x, 's')!);
      const remStatuses = arr(el.rem?.status).map((x: any) => attr(x, 's')!);
      for (const st of [...addStatuses, ...remStatuses]) if (!CLIENT_STATUSES.has(st)) throw new SimError(2306, `status ${st} cannot be set by a registrar`);
      if (this.hasAny(d, 'serverUpdateProhibited')) throw new SimError(2304, 'update prohibited by the registry');
      if (d.statuses.includes('clientUpdateProhibited') && !remStatuses.includes('clientUpdateProhibited')) throw new SimError(2304, 'clientUpdateProhibited is set');
      const newRegistrant = el.chg?.registrant !== undefined ? text(el.chg.registrant) || null : undefined;
      const newPw = el.chg?.authInfo !== undefined ? text(el.chg.authInfo.pw) ?? '' : undefined;
      const changes: Partial<DomainRow> = { upDate: now, upId: s.clId };
      const heldChange = await this.repo.pendingRegistrantChange(q, name);
      if (heldChange) {
        // pendingUpdate (RFC 5731): no other update; a chg of the registrant to the current one withdraws the held change
        const onlyRegistrant = !addStatuses.length && !remStatuses.length && !el.add && !el.rem && newPw === undefined && !ext?.update;
        if (onlyRegistrant && newRegistrant === d.registrant) {
          await this.withdrawRegistrantChange(q, d, heldChange, now);
          return ok();
        }
        throw new SimError(2304, 'a registrant change is waiting for the registrant\'s approval (pendingUpdate)');
      }

      if (d.provisionalUntil) {
        // a provisional co.jp accepts one change: the registrant that completes the registration
        const other = addStatuses.length || remStatuses.length || el.add || el.rem || newPw !== undefined || ext?.update;
        if (other || newRegistrant === undefined) throw new SimError(2304, 'a provisional registration accepts only its completion (chg registrant)');
        if (!newRegistrant) throw new SimError(2003, 'registrant required');
        if (!(await this.repo.existingContacts(q, [newRegistrant])).has(newRegistrant)) throw new SimError(2303, `contact ${newRegistrant} does not exist`);
        const orgKey = await this.orgKeyOf(q, newRegistrant);
        if (!orgKey) throw new SimError(2306, 'the registrant must carry the registered organisation name');
        const held = await this.repo.domainsWithOrg(q, orgKey, name);
        if (held.length) throw new SimError(2308, `the organisation already holds ${held[0]}`);
        await this.repo.updateDomain(q, name, {
          ...changes, registrant: newRegistrant, orgKey, provisionalUntil: null, exDate: addYears(now, 1),
          statuses: d.statuses.filter((x) => !['serverHold', 'serverRenewProhibited', 'serverTransferProhibited'].includes(x)),
        });
        return ok();
      }

      const addNs = this.nsOf(el.add?.ns);
      const remNs = new Set(this.nsOf(el.rem?.ns));
      await this.checkHosts(q, addNs, s);
      const ns = [...new Set([...d.ns.filter((h) => !remNs.has(h)), ...addNs])];
      if (ns.length > 13) throw new SimError(2306, 'at most 13 name servers');
      const addContacts = arr(el.add?.contact).map((c: any) => ({ type: attr(c, 'type') ?? 'admin', id: text(c)! }));
      const remContacts = arr(el.rem?.contact).map((c: any) => ({ type: attr(c, 'type') ?? 'admin', id: text(c)! }));
      const contactIds = [...addContacts.map((c) => c.id), ...(newRegistrant ? [newRegistrant] : [])];
      const found = await this.repo.existingContacts(q, contactIds);
      const missing = contactIds.find((id) => !found.has(id));
      if (missing) throw new SimError(2303, `contact ${missing} does not exist`);
      if (newRegistrant === null && this.policy.forTld(tld).registrantRequired) throw new SimError(2306, 'the registrant cannot be removed');
      if (newRegistrant && policy.onePerOrganisation) {
        const orgKey = await this.orgKeyOf(q, newRegistrant);
        if (!orgKey) throw new SimError(2306, 'the registrant must carry the organisation name');
        if ((await this.repo.domainsWithOrg(q, orgKey, name)).length) throw new SimError(2308, 'the organisation already holds a domain of this kind');
        changes.orgKey = orgKey;
      }
      const contacts = [...d.contacts.filter((c) => !remContacts.some((r) => r.id === c.id && r.type === c.type)), ...addContacts.filter((a) => !d.contacts.some((c) => c.id === a.id && c.type === a.type))];
      const statuses = [...new Set([...d.statuses.filter((x) => !remStatuses.includes(x)), ...addStatuses])];
      if (newPw !== undefined && newPw.length < 6) throw new SimError(2306, 'authInfo must have at least 6 characters');
      const secdns = this.secDnsUpdate(d.secdns, ext?.update);
      const fields: Partial<DomainRow> = {
        ns, contacts, statuses,
        ...(newRegistrant !== undefined ? { registrant: newRegistrant } : {}),
        ...(newPw !== undefined ? { authInfo: newPw } : {}),
        ...(secdns !== undefined ? { secdns } : {}),
        ...(changes.orgKey !== undefined ? { orgKey: changes.orgKey } : {}),
      };
      // Change of Registrant: held until the current registrant approves by the mailed link
      if (newRegistrant && newRegistrant !== d.registrant && d.registrant && policy.registrantChangeApproval && !this.o.privacyContacts?.test(newRegistrant)) {
        const approverEmail = (await this.repo.findContact(q, d.registrant))?.data.email;
        if (approverEmail) {
          const row: Omit<RegistrantChangeRow, 'status' | 'decidedAt'> = {
            token: randomBytes(24).toString('base64url'), domain: name, clId: s.clId, oldRegistrant: d.registrant, newRegistrant, approverEmail,
            fields: fields as Record<string, unknown>, trId: { clTRID: s.clTRID, svTRID: s.svTRID }, requestedAt: now,
          };
          await this.repo.insertRegistrantChange(q, row);
          await this.repo.updateDomain(q, name, { statuses: [...new Set([...d.statuses, 'pendingUpdate'])], upDate: now, upId: s.clId });
          held = { ...row, status: 'pending', decidedAt: null };
          return pending();
        }
      }
      await this.repo.updateDomain(q, name, { ...changes, ...fields });
      return ok();
    });
    if (held) await this.o.onRegistrantChangeRequested?.(held).catch(() => undefined);
    return reply;
  }

  /**
   * The approval link was followed: the held update is applied and the sponsoring registrar gets a poll message
   * (pendingAction, paResult true). Answers what happened, for the page the link shows.
   */
  async approveRegistrantChange(token: string): Promise<{ result: 'approved' | 'already' | 'cancelled' | 'unknown'; domain?: string }> {
    if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return { result: 'unknown' };
    return this.repo.transaction(async (q) => {
      const c = await this.repo.registrantChangeByToken(q, token, true);
      if (!c) return { result: 'unknown' };
      if (c.status === 'approved') return { result: 'already', domain: c.domain };
      if (c.status === 'cancelled') return { result: 'cancelled', domain: c.domain };
      const now = this.now();
      const d = await this.repo.findDomain(q, c.domain, true);
      if (!d || d.clId !== c.clId || d.registrant !== c.oldRegistrant) {
        await this.repo.decideRegistrantChange(q, token, 'cancelled', now);
        return { result: 'cancelled', domain: c.domain };
      }
      const f = c.fields as Partial<DomainRow>;
      const statuses = (f.statuses ?? d.statuses).filter((x) => x !== 'pendingUpdate');
      await this.repo.updateDomain(q, c.domain, { ...f, statuses, upDate: now, upId: c.clId });
      await this.repo.decideRegistrantChange(q, token, 'approved', now);
      await this.repo.enqueuePoll(q, c.clId, now, 'Registrant change approved.', { kind: 'pendingAction', name: c.domain, paResult: true, paTRID: c.trId, paDate: now.toISOString() });
      return { result: 'approved', domain: c.domain };
    });
  }

  /** Withdraws a held registrant change (the sponsor asked, or the domain left); the domain is no longer pendingUpdate. */
  private async withdrawRegistrantChange(q: Queryable, d: DomainRow, c: RegistrantChangeRow, now: Date): Promise<void> {
    await this.repo.decideRegistrantChange(q, c.token, 'cancelled', now);
    await this.repo.updateDomain(q, d.name, { statuses: d.statuses.filter((x) => x !== 'pendingUpdate'), upDate: now });
  }

  private secDnsUpdate(cur: DomainRow['secdns'], u: any): DomainRow['secdns'] | undefined {
    if (!u || (!u.rem && !u.add && !u.chg)) return undefined;
    let ds = cur?.dsData ?? [];
    let maxSigLife = cur?.maxSigLife;
    if (u.rem) {
      if (text(u.rem.all) === 'true' || text(u.rem.all) === '1') ds = [];
      else {
        const rem = this.dsList(u.rem.dsData);
        ds = ds.filter((x) => !rem.some((r) => r.keyTag === x.keyTag && r.alg === x.alg && r.digestType === x.digestType && r.digest === x.digest));
      }
    }
    if (u.add) {
      if (u.add.keyData) throw new SimError(2102, 'keyData interface not supported; use dsData');
      ds = [...ds, ...this.dsList(u.add.dsData)];
    }
    if (u.chg?.maxSigLife) maxSigLife = Number(text(u.chg.maxSigLife));
    return ds.length ? { maxSigLife, dsData: ds } : null;
  }

  private async restore(name: string, tld: string, policy: TldPolicy, r: any, s: CommandSession): Promise<Reply> {
    const op = attr(r, 'op');
    return this.repo.transaction(async (q) => {
      const now = this.now();
      const d = await this.load(q, name, tld, policy);
      this.requireSponsor(d, s);
      if (op === 'request') {
        if (d.rgpState !== 'redemptionPeriod') throw new SimError(2304, 'the domain is not in its redemption period');
        await this.repo.updateDomain(q, name, { rgpState: 'pendingRestore', rgpUntil: addDays(now, policy.restoreReportDays), upDate: now, upId: s.clId });
        return ok(undefined, (ext) => W.writeRgp(ext, 'upData', ['pendingRestore']));
      }
      if (op === 'report') {
        if (d.rgpState !== 'pendingRestore') throw new SimError(2304, 'no restore request is pending');
        const rep = r.report;
        if (!rep || !text(rep.resReason) || !arr(rep.statement).length) throw new SimError(2003, 'the restore report needs preData, postData, delTime, resTime, resReason and statements');
        // restored: back to normal with one year added when the expiry has passed meanwhile
        const exDate = d.exDate <= now ? addYears(d.exDate, 1) : d.exDate;
        await this.repo.updateDomain(q, name, { rgpState: null, rgpUntil: null, redemptionUntil: null, deletedAt: null, deleteTrid: null, exDate, upDate: now, upId: s.clId });
        return ok();
      }
      throw new SimError(2005, `unknown restore op ${op}`);
    });
  }

  // ── delete ──

  async delete(el: any, s: CommandSession): Promise<Reply> {
    const { name, tld, policy } = this.resolve(text(el?.name));
    return this.repo.transaction(async (q) => {
      const now = this.now();
      const d = await this.load(q, name, tld, policy);
      this.requireSponsor(d, s);
      if (d.rgpState) throw new SimError(2304, 'the domain is already pending deletion');
      if (this.hasAny(d, 'clientDeleteProhibited', 'serverDeleteProhibited')) throw new SimError(2304, 'delete prohibited by status');
      if (d.transfer?.status === 'pending') throw new SimError(2304, 'the domain is pending transfer');
      const subordinate = await this.repo.hostsUnder(q, name);
      for (const h of subordinate) {
        const users = (await this.repo.domainsUsingHost(q, h)).filter((x) => x !== name);
        if (users.length) throw new SimError(2305, `host ${h} is used by ${users[0]}`);
      }
      // within the add grace period (and for provisional registrations) the name is released at once
      if (later(d.addGraceUntil, now) || d.provisionalUntil) {
        for (const h of subordinate) await this.repo.deleteHost(q, h);
        await this.repo.deleteDomain(q, name);
        return ok();
      }
      const until = addDays(now, policy.redemptionDays);
      await this.repo.updateDomain(q, name, {
        rgpState: 'redemptionPeriod', rgpUntil: until, redemptionUntil: until, deletedAt: now, deleteTrid: { clTRID: s.clTRID, svTRID: s.svTRID },
        upDate: now, upId: s.clId, addGraceUntil: null, renewGraceUntil: null, autoRenewGraceUntil: null, transferGraceUntil: null,
      });
      return pending();
    });
  }
}
