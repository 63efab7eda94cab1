import type { DataSource, EntityManager } from 'typeorm';

/** names the lifecycle sweep handles per phase in one transaction */
export const SWEEP_BATCH = 1000;

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<any>;
}

export interface TransferRecord {
  status: 'pending' | 'clientApproved' | 'clientCancelled' | 'clientRejected' | 'serverApproved' | 'serverCancelled';
  reID: string;
  reDate: string;
  acID: string;
  acDate: string;
  /** expiry after the transfer (projected while pending) */
  exDate?: string;
  periodYears: number;
}

export interface DsRecord { keyTag: number; alg: number; digestType: number; digest: string }

export interface DomainRow {
  name: string;
  roid: string;
  tld: string;
  clId: string;
  crId: string;
  crDate: Date;
  upId: string | null;
  upDate: Date | null;
  exDate: Date;
  trDate: Date | null;
  authInfo: string;
  registrant: string | null;
  contacts: Array<{ type: string; id: string }>;
  ns: string[];
  statuses: string[];
  secdns: { maxSigLife?: number; dsData: DsRecord[] } | null;
  addGraceUntil: Date | null;
  renewGraceUntil: Date | null;
  autoRenewGraceUntil: Date | null;
  transferGraceUntil: Date | null;
  rgpState: 'redemptionPeriod' | 'pendingRestore' | 'pendingDelete' | null;
  rgpUntil: Date | null;
  redemptionUntil: Date | null;
  deletedAt: Date | null;
  deleteTrid: { clTRID?: string; svTRID: string } | null;
  transfer: TransferRecord | null;
  provisionalUntil: Date | null;
  orgKey: string | null;
}

export interface HostRow {
  name: string;
  roid: string;
  clId: string;
  crId: string;
  crDate: Date;
  upId: string | null;
  upDate: Date | null;
  addrs: Array<{ ip: 'v4' | 'v6'; address: string }>;
  statuses: string[];
}

export interface ContactData {
  postalInfo: Array<{ type: 'int' | 'loc'; name: string; org?: string; street: string[]; city: string; sp?: string; pc?: string; cc: string }>;
  voice?: string;
  /** the `x` extension of the voice number */
  voiceExt?: string;
  fax?: string;
  faxExt?: string;
  email: string;
}

export interface ContactRow {
  id: string;
  roid: string;
  clId: string;
  crId: string;
  crDate: Date;
  upId: string | null;
  upDate: Date | null;
  authInfo: string;
  data: ContactData;
  statuses: string[];
}

export interface RegistrantChangeRow {
  token: string;
  domain: string;
  clId: string;
  oldRegistrant: string | null;
  newRegistrant: string;
  approverEmail: string;
  /** the domain fields the held update sets once approved (registrant, contacts, ns, statuses, …) */
  fields: Record<string, unknown>;
  trId: { clTRID?: string; svTRID: string };
  status: 'pending' | 'approved' | 'cancelled';
  requestedAt: Date;
  decidedAt: Date | null;
}

export interface PollRow {
  id: string;
  clId: string;
  qDate: Date;
  msg: string;
  payload: PollPayload | null;
}

export type PollPayload =
  | { kind: 'transfer'; transfer: TransferRecord & { name: string } }
  | { kind: 'pendingAction'; name: string; paResult: boolean; paTRID: { clTRID?: string; svTRID: string }; paDate: string }
  | { kind: 'renewal'; name: string; exDate: string };

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
function mapRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = v;
  return out as T;
}

const JSON_COLUMNS = new Set(['contacts', 'secdns', 'transfer', 'delete_trid', 'addrs', 'data', 'payload']);

/** Raw SQL over the `registry` schema. All methods take their executor, so callers can run them in one transaction. */
export class RegistryRepository {
  constructor(private readonly ds: DataSource) {}

  get db(): Queryable {
    return this.ds;
  }

  transaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return this.ds.transaction((em: EntityManager) => fn(em));
  }

  async nextRoid(q: Queryable, suffix: string): Promise<string> {
    const [r] = await q.query(`SELECT nextval('registry.roid_seq') AS n`);
    return `${r.n}-${suffix}`;
  }

  // ── domains ──

  async findDomains(q: Queryable, names: string[]): Promise<DomainRow[]> {
    const rows = await q.query(`SELECT * FROM registry.domain WHERE name = ANY($1)`, [names]);
    return rows.map((r: any) => mapRow<DomainRow>(r));
  }

  async findDomain(q: Queryable, name: string, lock = false): Promise<DomainRow | null> {
    const rows = await q.query(`SELECT * FROM registry.domain WHERE name = $1${lock ? ' FOR UPDATE' : ''}`, [name]);
    return rows[0] ? mapRow<DomainRow>(rows[0]) : null;
  }

  async existingNames(q: Queryable, names: string[]): Promise<Set<string>> {
    const rows = await q.query(`SELECT name FROM registry.domain WHERE name = ANY($1)`, [names]);
    return new Set(rows.map((r: any) => r.name));
  }

  async insertDomain(q: Queryable, d: DomainRow): Promise<void> {
    await this.insert(q, 'registry.domain', d as unknown as Record<string, unknown>);
  }

  /** Inserts unless the name exists (two sessions touching the same unregistered name at once). */
  async insertDomainIfAbsent(q: Queryable, d: DomainRow): Promise<void> {
    await this.insert(q, 'registry.domain', d as unknown as Record<string, unknown>, 'ON CONFLICT (name) DO NOTHING');
  }

  /** Writes the given fields of a domain. */
  async updateDomain(q: Queryable, name: string, fields: Partial<DomainRow>): Promise<void> {
    await this.update(q, 'registry.domain', 'name', name, fields as Record<string, unknown>);
  }

  async deleteDomain(q: Queryable, name: string): Promise<void> {
    await q.query(`DELETE FROM registry.domain WHERE name = $1`, [name]);
  }

  async domainsWithOrg(q: Queryable, orgKey: string, except?: string): Promise<string[]> {
    const rows = await q.query(`SELECT name FROM registry.domain WHERE org_key = $1 AND ($2::text IS NULL OR name <> $2)`, [orgKey, except ?? null]);
    return rows.map((r: any) => r.name);
  }

  async domainsUsingHost(q: Queryable, host: string): Promise<string[]> {
    const rows = await q.query(`SELECT name FROM registry.domain WHERE $1 = ANY(ns) LIMIT 10`, [host]);
    return rows.map((r: any) => r.name);
  }

  async domainsUsingContact(q: Queryable, id: string): Promise<string[]> {
    const rows = await q.query(`SELECT name FROM registry.domain WHERE registrant = $1 OR contacts @> $2::jsonb LIMIT 10`, [id, JSON.stringify([{ id }])]);
    return rows.map((r: any) => r.name);
  }

  async dueTransfers(q: Queryable, now: Date): Promise<DomainRow[]> {
    const rows = await q.query(`SELECT * FROM registry.domain WHERE transfer->>'status' = 'pending' AND (transfer->>'acDate')::timestamptz <= $1 ORDER BY name LIMIT ${SWEEP_BATCH} FOR UPDATE`, [now]);
    return rows.map((r: any) => mapRow<DomainRow>(r));
  }

  async dueExpiries(q: Queryable, now: Date): Promise<DomainRow[]> {
    const rows = await q.query(`SELECT * FROM registry.domain WHERE rgp_state IS NULL AND ex_date <= $1 ORDER BY ex_date LIMIT ${SWEEP_BATCH} FOR UPDATE`, [now]);
    return rows.map((r: any) => mapRow<DomainRow>(r));
  }

  async dueRgp(q: Queryable, now: Date): Promise<DomainRow[]> {
    const rows = await q.query(`SELECT * FROM registry.domain WHERE rgp_state IS NOT NULL AND rgp_until <= $1 ORDER BY rgp_until LIMIT ${SWEEP_BATCH} FOR UPDATE`, [now]);
    return rows.map((r: any) => mapRow<DomainRow>(r));
  }

  // ── hosts ──

  async findHost(q: Queryable, name: string): Promise<HostRow | null> {
    const rows = await q.query(`SELECT * FROM registry.host WHERE name = $1`, [name]);
    return rows[0] ? mapRow<HostRow>(rows[0]) : null;
  }

  async existingHosts(q: Queryable, names: string[]): Promise<Set<string>> {
    const rows = await q.query(`SELECT name FROM registry.host WHERE name = ANY($1)`, [names]);
    return new Set(rows.map((r: any) => r.name));
  }

  async insertHost(q: Queryable, h: HostRow): Promise<void> {
    await this.insert(q, 'registry.host', h as unknown as Record<string, unknown>);
  }

  async updateHost(q: Queryable, name: string, fields: Partial<HostRow>): Promise<void> {
    await this.update(q, 'registry.host', 'name', name, fields as Record<string, unknown>);
  }

  async deleteHost(q: Queryable, name: string): Promise<void> {
    await q.query(`DELETE FROM registry.host WHERE name = $1`, [name]);
  }

  async hostsUnder(q: Queryable, domain: string): Promise<string[]> {
    const rows = await q.query(`SELECT name FROM registry.host WHERE name LIKE $1 ORDER BY name`, [`%.${domain.replace(/[%_\\]/g, (c) => '\\' + c)}`]);
    return rows.map((r: any) => r.name);
  }

  // ── contacts ──

  async findContact(q: Queryable, id: string): Promise<ContactRow | null> {
    const rows = await q.query(`SELECT * FROM registry.contact WHERE id = $1`, [id]);
    return rows[0] ? mapRow<ContactRow>(rows[0]) : null;
  }

  async existingContacts(q: Queryable, ids: string[]): Promise<Set<string>> {
    const rows = await q.query(`SELECT id FROM registry.contact WHERE id = ANY($1)`, [ids]);
    return new Set(rows.map((r: any) => r.id));
  }

  async insertContact(q: Queryable, c: ContactRow): Promise<void> {
    await this.insert(q, 'registry.contact', c as unknown as Record<string, unknown>);
  }

  async updateContact(q: Queryable, id: string, fields: Partial<ContactRow>): Promise<void> {
    await this.update(q, 'registry.contact', 'id', id, fields as Record<string, unknown>);
  }

  async deleteContact(q: Queryable, id: string): Promise<void> {
    await q.query(`DELETE FROM registry.contact WHERE id = $1`, [id]);
  }

  // ── poll queue ──

  async enqueuePoll(q: Queryable, clId: string, qDate: Date, msg: string, payload: PollPayload | null): Promise<void> {
    await q.query(`INSERT INTO registry.poll_message (cl_id, q_date, msg, payload) VALUES ($1, $2, $3, $4)`, [clId, qDate, msg, payload ? JSON.stringify(payload) : null]);
  }

  async pollHead(q: Queryable, clId: string): Promise<{ head: PollRow | null; count: number }> {
    const rows = await q.query(
      `SELECT *, count(*) OVER () AS total FROM registry.poll_message WHERE cl_id = $1 AND acked_at IS NULL ORDER BY id LIMIT 1`,
      [clId],
    );
    if (!rows[0]) return { head: null, count: 0 };
    const { total, ...row } = rows[0];
    return { head: { ...mapRow<PollRow>(row), id: String(row.id) }, count: Number(total) };
  }

  async ackPoll(q: Queryable, clId: string, id: string, now: Date): Promise<boolean> {
    if (!/^\d{1,18}$/.test(id)) return false;
    const rows = await q.query(`UPDATE registry.poll_message SET acked_at = $3 WHERE id = $1 AND cl_id = $2 AND acked_at IS NULL RETURNING id`, [id, clId, now]);
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  // ── registrant changes waiting for approval ──

  async insertRegistrantChange(q: Queryable, c: Omit<RegistrantChangeRow, 'status' | 'decidedAt'>): Promise<void> {
    await q.query(
      `INSERT INTO registry.registrant_change (token, domain, cl_id, old_registrant, new_registrant, approver_email, fields, tr_id, status, requested_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
      [c.token, c.domain, c.clId, c.oldRegistrant, c.newRegistrant, c.approverEmail, JSON.stringify(c.fields), JSON.stringify(c.trId), c.requestedAt],
    );
  }

  async pendingRegistrantChange(q: Queryable, domain: string): Promise<RegistrantChangeRow | null> {
    const rows = await q.query(`SELECT * FROM registry.registrant_change WHERE domain = $1 AND status = 'pending'`, [domain]);
    return rows[0] ? mapRow<RegistrantChangeRow>(rows[0]) : null;
  }

  async registrantChangeByToken(q: Queryable, token: string, lock = false): Promise<RegistrantChangeRow | null> {
    const rows = await q.query(`SELECT * FROM registry.registrant_change WHERE token = $1${lock ? ' FOR UPDATE' : ''}`, [token]);
    return rows[0] ? mapRow<RegistrantChangeRow>(rows[0]) : null;
  }

  async pendingRegistrantChanges(q: Queryable): Promise<RegistrantChangeRow[]> {
    const rows = await q.query(`SELECT * FROM registry.registrant_change WHERE status = 'pending' ORDER BY requested_at`);
    return rows.map((r: Record<string, unknown>) => mapRow<RegistrantChangeRow>(r));
  }

  async decideRegistrantChange(q: Queryable, token: string, status: 'approved' | 'cancelled', at: Date): Promise<void> {
    await q.query(`UPDATE registry.registrant_change SET status = $2, decided_at = $3 WHERE token = $1`, [token, status, at]);
  }

  // ── simulator state ──

  async getState<T>(key: string): Promise<T | null> {
    const rows = await this.ds.query(`SELECT value FROM registry.sim_state WHERE key = $1`, [key]);
    return rows[0] ? (rows[0].value as T) : null;
  }

  async setState(key: string, value: unknown): Promise<void> {
    await this.ds.query(`INSERT INTO registry.sim_state (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, JSON.stringify(value)]);
  }

  // ── helpers ──

  private async insert(q: Queryable, table: string, obj: Record<string, unknown>, suffix = ''): Promise<void> {
    const cols = Object.keys(obj).map(snake);
    const vals = Object.entries(obj).map(([k, v]) => (JSON_COLUMNS.has(snake(k)) && v !== null && v !== undefined ? JSON.stringify(v) : v));
    await q.query(`INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(',')}) ${suffix}`, vals);
  }

  private async update(q: Queryable, table: string, key: string, id: string, fields: Record<string, unknown>): Promise<void> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (!entries.length) return;
    const sets = entries.map(([k], i) => `${snake(k)} = $${i + 2}`);
    const vals = entries.map(([k, v]) => (JSON_COLUMNS.has(snake(k)) && v !== null ? JSON.stringify(v) : v));
    await q.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${key} = $1`, [id, ...vals]);
  }
}
