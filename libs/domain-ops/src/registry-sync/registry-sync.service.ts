import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RegistryComparison, RegistryComparisonRow, RegistrySyncResult } from '@registrar/contracts';
import { DomainInfo, EPP_CLIENT, EppClientPool, EppError, EppResultCode, eppClientOptionsFromEnv } from '@registrar/epp';
import { CLOCK, Clock } from '@registrar/infra';
import { RS } from '@registrar/messages';
import { DEFAULT_GRACE_DAYS, formatDateJst } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../shared/contacts/contacts.repository';
import { LOCK_STATUSES } from '../portfolio';
import { RegistryContacts } from '../whois';
import { DomainOpsConfig } from '../shared/domain-ops.config';

/** Our row of a domain with what the comparison needs. */
export interface SyncRow {
  id: number;
  user_id: number;
  name: string;
  punycode: string;
  tld: string;
  status: string;
  created_at: Date;
  due_date: Date | null;
  is_whois_proxy_enabled: boolean;
  is_domain_lock_enabled: boolean;
  reg_contact_id: string | null;
  adm_contact_id: string | null;
  tec_contact_id: string | null;
  bil_contact_id: string | null;
  name_servers: string[] | null;
}

/** What the registry should hold for one of our domains. */
interface Expected {
  sponsor: string;
  created: string;
  expires: string | null;
  statuses: string[];
  ns: string[];
  /** registrant, admin, tech, billing registry contact ids (null: we keep none for the domain) */
  contacts: [string, string, string, string] | null;
}

const DAY = 86_400_000;
const authInfo = () => `Rk${randomBytes(9).toString('base64url')}1`;
const sorted = (a: string[]) => [...new Set(a.map((x) => x.toLowerCase()))].sort();
const day = (d: Date | null | undefined) => (d ? formatDateJst(d) : '');

/**
 * Our record of a domain against the registry's (docs/registry-sync.md): the comparison the admin domain page shows,
 * the resynchronisation that makes the registry agree with us (name servers, lock, contacts; a missing name is
 * registered; dates through the simulator's operator channel where there is one, else ours take the registry's), and
 * the demo portfolio's seeding and start-up check through the registry.
 */
@Injectable()
export class RegistrySyncService {
  private readonly logger = new Logger('RegistrySync');
  private readonly clientId = eppClientOptionsFromEnv().clientId;

  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly registryContacts: RegistryContacts,
    private readonly config: DomainOpsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The simulator's operator channel (date corrections), or null where there is none (a real registry). */
  operatorUrl(): string | null {
    if (this.config.REGISTRY_OPERATOR_URL) return this.config.REGISTRY_OPERATOR_URL.replace(/\/+$/, '');
    if (process.env.NODE_ENV === 'production') return null;
    const port = Number(process.env.EPP_ADMIN_PORT) || (process.env.LOCAL_RUNTIME === '1' || process.env.NODE_ENV === 'test' ? Number(process.env.EPP_PORT ?? 7700) + 1 : 0);
    return port ? `http://127.0.0.1:${port}` : null;
  }

  async row(id: number): Promise<SyncRow | null> {
    const rows: SyncRow[] = await this.ds.query(
      `SELECT d.id::int, d.user_id::int, d.name, d.punycode, d.tld, d.status, d.created_at, d.due_date, d.is_whois_proxy_enabled, d.is_domain_lock_enabled,
         d.reg_contact_id, d.adm_contact_id, d.tec_contact_id, d.bil_contact_id,
         (SELECT array_agg(ns.name ORDER BY ns.priority) FROM domain_ops.domain_name_servers ns WHERE ns.domain_id = d.id) AS name_servers
       FROM domain_ops.domains d WHERE d.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The registry contact ids our record implies (the proxy's own contact, or the member's contacts at the registry). */
  private async expectedContacts(r: SyncRow, create: boolean, ctx: { userId: number }): Promise<Expected['contacts']> {
    if (r.is_whois_proxy_enabled) {
      const id = create ? await this.registryContacts.proxy(r.punycode, ctx) : await this.proxyContactId(r.punycode);
      return id ? [id, id, id, id] : null;
    }
    if (!r.reg_contact_id) return null;
    const ids = [r.reg_contact_id, r.adm_contact_id ?? r.reg_contact_id, r.tec_contact_id ?? r.reg_contact_id, r.bil_contact_id ?? r.reg_contact_id].map(Number);
    const rows: Array<Record<string, unknown> & { id: string; registry_contact_id: string | null }> = await this.ds.query('SELECT * FROM domain_ops.contacts WHERE id = ANY($1::bigint[])', [ids]);
    const byId = new Map(rows.map((c) => [Number(c.id), c]));
    const out: string[] = [];
    for (const id of ids) {
      const c = byId.get(id);
      if (!c) return null;
      if (create) out.push(await this.registryContacts.member(toDto(c), ctx));
      else out.push(c.registry_contact_id ?? `rkc${id}`);
    }
    return out as [string, string, string, string];
  }

  private async proxyContactId(punycode: string): Promise<string | null> {
    const rows = await this.ds.query('SELECT registry_contact_id FROM domain_ops.proxy_identities WHERE punycode = $1', [punycode]);
    return rows[0]?.registry_contact_id ?? null;
  }

  private async expected(r: SyncRow, create = false): Promise<Expected> {
    return {
      sponsor: this.clientId,
      created: day(r.created_at),
      expires: r.due_date ? day(r.due_date) : null,
      // a provisional .co.jp takes no update but its completion: the registry holds it with server statuses only
      statuses: r.is_domain_lock_enabled && r.status !== 'provisional' ? [...LOCK_STATUSES] : [],
      ns: sorted(r.name_servers ?? []),
      contacts: await this.expectedContacts(r, create, { userId: r.user_id }),
    };
  }

  private async info(punycode: string, userId: number | null): Promise<DomainInfo | null> {
    try {
      return await this.epp.info(punycode, {}, { userId });
    } catch (e) {
      if (e instanceof EppError && (e.code === EppResultCode.ObjectDoesNotExist || e.code === EppResultCode.AuthorizationError)) return null;
      throw e;
    }
  }

  /**
   * The registry's expiry agrees with our due date when it is the same day; past the due date the registry may already
   * have renewed it automatically (a year on, in its auto-renew grace) or put it in redemption, and ours stands.
   */
  private expiryAgrees(ours: string | null, info: DomainInfo): boolean {
    if (!ours || !info.exDate) return !ours && !info.exDate;
    const theirs = day(info.exDate);
    if (theirs === ours) return true;
    const oursDate = new Date(`${ours}T00:00:00+09:00`);
    if (oursDate.getTime() > this.clock.now().getTime()) return false;
    // past our due date the registry has renewed the name by itself (a year on) or holds it in redemption at that date
    const oneYearOn = new Date(oursDate);
    oneYearOn.setUTCFullYear(oneYearOn.getUTCFullYear() + 1);
    return Math.abs(info.exDate.getTime() - oneYearOn.getTime()) < 2 * DAY;
  }

  private rows(x: Expected, info: DomainInfo | null): RegistryComparisonRow[] {
    const row = (field: RegistryComparisonRow['field'], ours: string, registry: string, equal = ours === registry): RegistryComparisonRow => ({ field, ours, registry, equal });
    if (!info) {
      return [row('exists', RS.exists, RS.missing, false)];
    }
    const clientStatuses = sorted(info.statuses.filter((s) => s.startsWith('client')));
    const theirContacts = [info.registrant ?? '', ...(['admin', 'tech', 'billing'] as const).map((t) => info.contacts.find((c) => c.type === t)?.id ?? '')];
    const ds = info.secDNS?.dsData?.length ?? 0;
    return [
      row('exists', RS.exists, RS.exists),
      row('sponsor', x.sponsor, info.clID),
      row('created', x.created, day(info.crDate)),
      row('expires', x.expires ?? '-', day(info.exDate) || '-', this.expiryAgrees(x.expires, info)),
      row('status', sorted(x.statuses).join(', ') || 'ok', [...clientStatuses, ...info.statuses.filter((s) => !s.startsWith('client')), ...info.rgpStatuses].join(', ') || 'ok',
        sorted(x.statuses).join(',') === clientStatuses.join(',')),
      row('ns', x.ns.join(', ') || RS.none, sorted(info.ns).join(', ') || RS.none),
      row('contacts', x.contacts ? x.contacts.join(' / ') : RS.none, theirContacts.join(' / '), !x.contacts || x.contacts.join('/') === theirContacts.join('/')),
      // we keep no DS records for a domain (our DNS signs our own zones and publishes their DS itself): none is agreement
      row('dnssec', RS.none, ds ? `${ds}件` : RS.none),
    ];
  }

  /** The comparison of one domain (null when there is no such row). */
  async compare(id: number, adminId: number | null = null): Promise<RegistryComparison | null> {
    const r = await this.row(id);
    if (!r) return null;
    return this.compareRow(r, adminId);
  }

  private async compareRow(r: SyncRow, adminId: number | null): Promise<RegistryComparison> {
    const [x, info] = await Promise.all([this.expected(r), this.info(r.punycode, adminId ?? r.user_id)]);
    const rows = this.rows(x, info);
    return {
      domainId: r.id, name: r.name, punycode: r.punycode, exists: !!info, heldByOther: !!info && info.clID !== this.clientId,
      equal: rows.every((x) => x.equal), rows, checkedAt: this.clock.now().toISOString(),
    };
  }

  /**
   * Makes the registry agree with our record of one domain. A name missing at the registry is registered for us; a name
   * another registrar holds is left alone (reported). Dates: the simulator's operator channel sets the registry's to
   * ours; without one (a real registry) our due date takes the registry's expiry.
   */
  async resync(id: number, adminId: number | null): Promise<RegistrySyncResult> {
    const r = await this.row(id);
    if (!r) throw new Error(`no domain ${id}`);
    const ctx = { userId: adminId ?? r.user_id, domainPkid: r.id };
    const changes: string[] = [];
    const x = await this.expected(r, true);
    let info = await this.info(r.punycode, ctx.userId);
    if (info && info.clID !== this.clientId) return { changes, comparison: await this.compareRow(r, adminId) };
    if (!info) {
      await this.epp.create({
        name: r.punycode, period: this.periodFor(r), ns: x.ns, authInfo: authInfo(),
        ...(x.contacts ? { registrant: x.contacts[0], contacts: [{ type: 'admin', id: x.contacts[1] }, { type: 'tech', id: x.contacts[2] }, { type: 'billing', id: x.contacts[3] }] } : {}),
      }, ctx);
      changes.push(RS.changeCreated);
      info = (await this.info(r.punycode, ctx.userId))!;
    }
    const theirNs = sorted(info.ns);
    const addNs = x.ns.filter((n) => !theirNs.includes(n));
    const remNs = theirNs.filter((n) => !x.ns.includes(n));
    const has = new Set(info.statuses);
    const addSt = x.statuses.filter((s) => !has.has(s as never));
    const remSt = LOCK_STATUSES.filter((s) => has.has(s) && !x.statuses.includes(s));
    const contactChange: { add: Array<{ type: 'admin' | 'tech' | 'billing'; id: string }>; rem: Array<{ type: 'admin' | 'tech' | 'billing'; id: string }>; registrant?: string } = { add: [], rem: [] };
    if (x.contacts) {
      if ((info.registrant ?? '') !== x.contacts[0]) contactChange.registrant = x.contacts[0];
      (['admin', 'tech', 'billing'] as const).forEach((type, i) => {
        const want = x.contacts![i + 1];
        for (const c of info!.contacts.filter((c) => c.type === type && c.id !== want)) contactChange.rem.push({ type, id: c.id });
        if (!info!.contacts.some((c) => c.type === type && c.id === want)) contactChange.add.push({ type, id: want });
      });
    }
    // the lock comes off first and goes on last: a locked name still takes name server and contact changes
    if (remSt.length) {
      await this.epp.update({ name: r.punycode, rem: { statuses: remSt } }, ctx);
    }
    if (addNs.length || remNs.length || contactChange.add.length || contactChange.rem.length) {
      await this.epp.update({
        name: r.punycode,
        ...(addNs.length || contactChange.add.length ? { add: { ...(addNs.length ? { ns: addNs } : {}), ...(contactChange.add.length ? { contacts: contactChange.add } : {}) } } : {}),
        ...(remNs.length || contactChange.rem.length ? { rem: { ...(remNs.length ? { ns: remNs } : {}), ...(contactChange.rem.length ? { contacts: contactChange.rem } : {}) } } : {}),
      }, ctx);
      if (addNs.length || remNs.length) changes.push(RS.changeNs);
      if (contactChange.add.length || contactChange.rem.length) changes.push(RS.changeContacts);
    }
    if (contactChange.registrant) {
      const res = await this.epp.update({ name: r.punycode, chg: { registrant: contactChange.registrant } }, ctx);
      if (!changes.includes(RS.changeContacts)) changes.push(RS.changeContacts);
      void res;
    }
    if (addSt.length) await this.epp.update({ name: r.punycode, add: { statuses: addSt as never[] } }, ctx);
    if (addSt.length || remSt.length) changes.push(RS.changeStatus);
    info = (await this.info(r.punycode, ctx.userId))!;
    // our record keeps the registry's object id (ROID) of the name
    await this.ds.query('UPDATE domain_ops.domains SET registry_domain_id = $2 WHERE id = $1 AND registry_domain_id IS DISTINCT FROM $2', [r.id, info.roid]);
    const datesDiffer = day(info.crDate) !== x.created || !this.expiryAgrees(x.expires, info);
    if (datesDiffer && x.expires) {
      const op = this.operatorUrl();
      if (op) {
        // past our renewal grace the name is one the member may only restore: at the registry it is in redemption
        const restorable = r.due_date!.getTime() < this.clock.now().getTime() - DEFAULT_GRACE_DAYS * DAY;
        await this.operatorSetDates(op, r.punycode, r.created_at, r.due_date!, restorable);
        changes.push(RS.changeDates);
      } else if (info.exDate) {
        await this.ds.query('UPDATE domain_ops.domains SET due_date = $2 WHERE id = $1', [r.id, info.exDate]);
        changes.push(RS.changeOurDates);
      }
    }
    return { changes, comparison: await this.compareRow(r, adminId) };
  }

  private periodFor(r: SyncRow): { value: number; unit: 'y' | 'm' } {
    // a provisional .co.jp is registered for its provisional term (6 months) as at purchase
    return r.status === 'provisional' && r.tld === 'co.jp' ? { value: 6, unit: 'm' } : { value: 1, unit: 'y' };
  }

  private async operatorSetDates(base: string, punycode: string, crDate: Date, exDate: Date, redemption: boolean): Promise<void> {
    // the registry keeps dates to the second: the same instants as ours
    const cr = crDate.getTime() < exDate.getTime() ? crDate : new Date(exDate.getTime() - DAY);
    const res = await fetch(`${base}/domain/dates`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: punycode, crDate: cr.toISOString(), exDate: exDate.toISOString(), redemption }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`registry operator channel answered ${res.status}`);
  }

  /** Every domain of a member compared, and what differs repaired. The summary is logged. */
  async checkAndRepair(userId: number): Promise<{ checked: number; repaired: number; failed: number; equal: number }> {
    const ids: Array<{ id: number }> = await this.ds.query('SELECT id::int FROM domain_ops.domains WHERE user_id = $1 ORDER BY id', [userId]);
    const out = { checked: 0, repaired: 0, failed: 0, equal: 0 };
    for (const { id } of ids) {
      out.checked++;
      try {
        const c = await this.compare(id);
        if (c?.equal) { out.equal++; continue; }
        const r = await this.resync(id, null);
        if (r.comparison.equal) out.repaired++;
        else out.failed++;
      } catch (e) {
        out.failed++;
        this.logger.warn(`registry check of domain ${id} failed: ${(e as Error).message}`);
      }
    }
    return out;
  }
}

function toDto(c: Record<string, unknown>) {
  return {
    id: Number(c.id), domain_num: 0, email: String(c.email), first_name: String(c.first_name), last_name: String(c.last_name), role: Number(c.role) as 1 | 2,
    organization: (c.organization as string) ?? null, cc: String(c.cc ?? 'JP'), pc: String(c.pc ?? ''), sp: String(c.sp ?? ''), city: String(c.city ?? ''),
    street1: String(c.street1 ?? ''), street2: (c.street2 as string) ?? null, phone_country_code: String(c.phone_country_code ?? '81'), phone: String(c.phone ?? ''),
    fax_country_code: (c.fax_country_code as string) ?? null, fax: (c.fax as string) ?? null, registryContactId: (c.registry_contact_id as string) ?? null,
  } as never;
}
