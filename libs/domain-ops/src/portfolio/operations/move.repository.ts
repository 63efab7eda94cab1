import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { IncomingMove, OutgoingMove } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

type Q = Pick<EntityManager, 'query'>;

export interface MoveRequestRow {
  id: number;
  domainId: number;
  fromUserId: number;
  toEmail: string;
  autoUpdate: boolean;
  status: string;
  requestDate: Date;
}

/** Move requests by e-mail, and the move of a domain between members (ownership, contacts, action log) in one transaction. */
@Injectable()
export class MoveRepository {
  private contactColumns?: Promise<string[]>;

  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) readonly ds: DataSource) {}

  /** Creates the pending request of a domain once (a retried child finds its request). */
  async request(domainId: number, fromUserId: number, toEmail: string, autoUpdate: boolean, now: Date): Promise<{ id: number; created: boolean } | null> {
    const rows = await this.ds.query(
      `INSERT INTO domain_ops.move_requests (domain_id, from_user_id, to_email, auto_update, status, request_date) VALUES ($1, $2, lower($3), $4, 'pending', $5)
       ON CONFLICT (domain_id) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [domainId, fromUserId, toEmail, autoUpdate, now],
    );
    if (rows.length) return { id: Number(rows[0].id), created: true };
    const same = await this.ds.query(`SELECT id FROM domain_ops.move_requests WHERE domain_id = $1 AND status = 'pending' AND from_user_id = $2 AND to_email = lower($3)`, [domainId, fromUserId, toEmail]);
    return same.length ? { id: Number(same[0].id), created: false } : null;
  }

  async pendingFor(domainIds: number[]): Promise<Set<number>> {
    const rows = await this.ds.query(`SELECT domain_id FROM domain_ops.move_requests WHERE status = 'pending' AND domain_id = ANY($1::bigint[])`, [domainIds]);
    return new Set(rows.map((r: { domain_id: string }) => Number(r.domain_id)));
  }

  async incoming(email: string): Promise<IncomingMove[]> {
    const rows = await this.ds.query(
      `SELECT r.id, r.request_date, r.from_user_id, d.name, d.idn FROM domain_ops.move_requests r JOIN domain_ops.domains d ON d.id = r.domain_id
       WHERE r.status = 'pending' AND r.to_email = lower($1) ORDER BY r.request_date DESC, r.id DESC`,
      [email],
    );
    return rows.map((r: Record<string, any>) => ({ id: Number(r.id), name: r.name, idn: r.idn, request_date: new Date(r.request_date).toISOString(), user_id: Number(r.from_user_id) }));
  }

  async outgoing(userId: number): Promise<OutgoingMove[]> {
    const rows = await this.ds.query(
      `SELECT r.id, r.domain_id, r.request_date, r.to_email, d.name, d.idn FROM domain_ops.move_requests r JOIN domain_ops.domains d ON d.id = r.domain_id
       WHERE r.status = 'pending' AND r.from_user_id = $1 ORDER BY r.request_date DESC, r.id DESC`,
      [userId],
    );
    return rows.map((r: Record<string, any>) => ({ id: Number(r.id), domain_id: Number(r.domain_id), name: r.name, idn: r.idn, request_date: new Date(r.request_date).toISOString(), request_email: r.to_email }));
  }

  async counts(userId: number, email: string | null): Promise<{ incoming: number; outgoing: number }> {
    const rows = await this.ds.query(
      `SELECT count(*) FILTER (WHERE from_user_id = $1) AS outgoing, count(*) FILTER (WHERE to_email = lower($2)) AS incoming FROM domain_ops.move_requests WHERE status = 'pending'`,
      [userId, email ?? ''],
    );
    return { incoming: Number(rows[0].incoming), outgoing: Number(rows[0].outgoing) };
  }

  /** Locks and returns a pending request (inside a transaction). */
  async lockPending(m: Q, id: number): Promise<MoveRequestRow | null> {
    const rows = await m.query(`SELECT * FROM domain_ops.move_requests WHERE id = $1 AND status = 'pending' FOR UPDATE`, [id]);
    if (!rows.length) return null;
    const r = rows[0];
    return { id: Number(r.id), domainId: Number(r.domain_id), fromUserId: Number(r.from_user_id), toEmail: r.to_email, autoUpdate: r.auto_update, status: r.status, requestDate: new Date(r.request_date) };
  }

  async end(m: Q, id: number, status: 'accepted' | 'cancelled' | 'expired', now: Date, toUserId: number | null = null): Promise<void> {
    await m.query('UPDATE domain_ops.move_requests SET status = $2, ended_at = $3, to_user_id = $4 WHERE id = $1', [id, status, now, toUserId]);
  }

  /** Pending requests older than the cut-off (the 7-day auto-cancel). */
  async expiredBefore(cutoff: Date): Promise<number[]> {
    const rows = await this.ds.query(`SELECT id FROM domain_ops.move_requests WHERE status = 'pending' AND request_date <= $1 ORDER BY id LIMIT 1000`, [cutoff]);
    return rows.map((r: { id: string }) => Number(r.id));
  }

  /**
   * Moves a domain to another member: ownership, the contacts it uses (copied to the new owner, same registry
   * contacts), its action log, auto-renew as given; pending move requests of the domain end. Only while fromUserId
   * still holds it (a retried move does nothing more).
   */
  async moveDomain(m: Q, domainId: number, fromUserId: number, toUserId: number, autoUpdate: boolean, now: Date): Promise<boolean> {
    const rows = await m.query('SELECT reg_contact_id, adm_contact_id, tec_contact_id, bil_contact_id FROM domain_ops.domains WHERE id = $1 AND user_id = $2 FOR UPDATE', [domainId, fromUserId]);
    if (!rows.length) return false;
    const cols = (await this.columns()).filter((c) => c !== 'user_id');
    const copies = new Map<number, number>();
    for (const role of ['reg_contact_id', 'adm_contact_id', 'tec_contact_id', 'bil_contact_id']) {
      const id = rows[0][role] == null ? null : Number(rows[0][role]);
      if (id === null || copies.has(id)) continue;
      const c = await m.query(`INSERT INTO domain_ops.contacts (user_id, ${cols.join(', ')}) SELECT $2, ${cols.join(', ')} FROM domain_ops.contacts WHERE id = $1 RETURNING id`, [id, toUserId]);
      copies.set(id, Number(c[0].id));
    }
    const copy = (v: unknown) => (v == null ? null : copies.get(Number(v)) ?? null);
    await m.query(
      `UPDATE domain_ops.domains SET user_id = $2, is_auto_update_enabled = $3, is_trash = false, reg_contact_id = $4, adm_contact_id = $5, tec_contact_id = $6, bil_contact_id = $7, updated_at = now() WHERE id = $1`,
      [domainId, toUserId, autoUpdate, copy(rows[0].reg_contact_id), copy(rows[0].adm_contact_id), copy(rows[0].tec_contact_id), copy(rows[0].bil_contact_id)],
    );
    await m.query('UPDATE domain_ops.action_logs SET user_id = $2 WHERE domain_id = $1', [domainId, toUserId]);
    await m.query(`UPDATE domain_ops.move_requests SET status = 'cancelled', ended_at = $2 WHERE domain_id = $1 AND status = 'pending'`, [domainId, now]);
    return true;
  }

  private columns(): Promise<string[]> {
    this.contactColumns ??= this.ds
      .query(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'domain_ops' AND table_name = 'contacts' AND column_name NOT IN ('id', 'created_at') ORDER BY ordinal_position`)
      .then((rows: Array<{ column_name: string }>) => rows.map((r) => r.column_name));
    return this.contactColumns;
  }
}
