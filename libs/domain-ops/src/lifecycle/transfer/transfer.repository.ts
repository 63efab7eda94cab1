import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TransferInStatus, TransferItemDto } from '@registrar/contracts';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';

export interface TransferIn {
  id: number;
  userId: number;
  requestKey: string;
  name: string;
  punycode: string;
  tld: string;
  point: number;
  status: TransferInStatus;
  errorMsg: string | null;
  spent: boolean;
  refunded: boolean;
  domainId: number | null;
  exDate: Date | null;
  requestedAt: Date;
  settledAt: Date | null;
  /** when the request to the registry was claimed for sending (null: never sent; the reconciler may give it up) */
  sendClaimedAt: Date | null;
}

export interface TransferOut {
  id: number;
  domainId: number;
  userId: number;
  punycode: string;
  name: string;
  requestedBy: string;
  requestedAt: Date;
  autoApproveAt: Date;
  status: 'pending' | 'approved' | 'rejected' | 'cancelled' | 'auto_approved';
  /** the domain's admin lock (domains.admin_lock_status ≠ 0): the member cannot approve the transfer */
  adminLock?: boolean;
  /** held by a market listing (docs/market.md): the member cannot approve the transfer */
  marketListed?: boolean;
}

type Row = Record<string, any>;
/** TypeORM answers UPDATE … RETURNING as [rows, count] on PostgreSQL (INSERT … RETURNING as rows) */
export const updatedRows = (raw: unknown[]): Row[] => (Array.isArray(raw[0]) ? (raw[0] as Row[]) : (raw as Row[]));
const toIn = (r: Row): TransferIn => ({
  id: Number(r.id), userId: Number(r.user_id), requestKey: r.request_key, name: r.name, punycode: r.punycode, tld: r.tld, point: Number(r.point),
  status: r.status, errorMsg: r.error_msg, spent: r.spent, refunded: r.refunded, domainId: r.domain_id == null ? null : Number(r.domain_id),
  exDate: r.ex_date ? new Date(r.ex_date) : null, requestedAt: new Date(r.requested_at), settledAt: r.settled_at ? new Date(r.settled_at) : null,
  sendClaimedAt: r.send_claimed_at ? new Date(r.send_claimed_at) : null,
});
const toOut = (r: Row): TransferOut => ({
  id: Number(r.id), domainId: Number(r.domain_id), userId: Number(r.user_id), punycode: r.punycode, name: r.name ?? r.punycode, requestedBy: r.requested_by,
  requestedAt: new Date(r.requested_at), autoApproveAt: new Date(r.auto_approve_at), status: r.status,
  ...(r.admin_lock_status != null ? { adminLock: Number(r.admin_lock_status) !== 0 } : {}),
  ...(r.market_listing_id !== undefined ? { marketListed: r.market_listing_id !== null } : {}),
});

/** domain_ops.transfer_holds / transfer_ins / transfer_outs / poll_messages. */
@Injectable()
export class TransferRepository {
  constructor(@InjectDataSource(DOMAIN_OPS_SCHEMA) readonly ds: DataSource) {}

  // ── holds (the checked list between the entry and the confirm page) ──

  async saveHold(id: string, userId: number, items: TransferItemDto[]): Promise<void> {
    await this.ds.query('INSERT INTO domain_ops.transfer_holds (id, user_id, items) VALUES ($1, $2, $3)', [id, userId, JSON.stringify(items)]);
    // a member keeps their last few lists (a card payment returns to the latest)
    await this.ds.query(`DELETE FROM domain_ops.transfer_holds WHERE user_id = $1 AND id NOT IN (SELECT id FROM domain_ops.transfer_holds WHERE user_id = $1 ORDER BY created_at DESC LIMIT 10)`, [userId]);
    // a list never sent keeps its AUTHCODEs one day at most (issue 23, finding 8)
    await this.ds.query(`DELETE FROM domain_ops.transfer_holds WHERE created_at < now() - interval '1 day'`);
  }

  async hold(userId: number, id: string): Promise<TransferItemDto[] | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const rows = await this.ds.query('SELECT items FROM domain_ops.transfer_holds WHERE id = $1 AND user_id = $2', [id, userId]);
    return rows.length ? (rows[0].items as TransferItemDto[]) : null;
  }

  async updateHold(userId: number, id: string, items: TransferItemDto[]): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const rows = updatedRows(await this.ds.query('UPDATE domain_ops.transfer_holds SET items = $3 WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId, JSON.stringify(items)]));
    return rows.length > 0;
  }

  // ── transfers-in ──

  /** Of these names, those with a transfer-in under way (any member). */
  async openPunycodes(punycodes: string[]): Promise<Set<string>> {
    if (!punycodes.length) return new Set();
    const rows = await this.ds.query(`SELECT punycode FROM domain_ops.transfer_ins WHERE punycode = ANY($1) AND status IN ('requesting', 'pending')`, [punycodes]);
    return new Set(rows.map((r: Row) => r.punycode));
  }

  /** The names among these we already hold (any member). */
  async heldPunycodes(punycodes: string[]): Promise<Set<string>> {
    if (!punycodes.length) return new Set();
    const rows = await this.ds.query('SELECT punycode FROM domain_ops.domains WHERE punycode = ANY($1)', [punycodes]);
    return new Set(rows.map((r: Row) => r.punycode));
  }

  async byKey(userId: number, key: string): Promise<TransferIn[]> {
    return (await this.ds.query('SELECT * FROM domain_ops.transfer_ins WHERE user_id = $1 AND request_key = $2 ORDER BY id', [userId, key])).map(toIn);
  }

  /** A new transfer-in (requesting); null when one of this name is already under way or this key made it. */
  async create(t: { userId: number; requestKey: string; name: string; punycode: string; tld: string; point: number; paymentType: string; now: Date }): Promise<TransferIn | null> {
    try {
      const rows = await this.ds.query(
        `INSERT INTO domain_ops.transfer_ins (user_id, request_key, name, punycode, tld, point, payment_type, status, requested_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'requesting', $8) ON CONFLICT (user_id, request_key, punycode) DO NOTHING RETURNING *`,
        [t.userId, t.requestKey, t.name, t.punycode, t.tld, t.point, t.paymentType, t.now],
      );
      return rows.length ? toIn(rows[0]) : null;
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return null;
      throw e;
    }
  }

  async find(id: number): Promise<TransferIn | null> {
    const rows = await this.ds.query('SELECT * FROM domain_ops.transfer_ins WHERE id = $1', [id]);
    return rows.length ? toIn(rows[0]) : null;
  }

  /** The open transfer-in of this name (the poll messages name the domain only). */
  async openByPunycode(punycode: string): Promise<TransferIn | null> {
    const rows = await this.ds.query(`SELECT * FROM domain_ops.transfer_ins WHERE punycode = $1 AND status IN ('requesting', 'pending') ORDER BY id DESC LIMIT 1`, [punycode]);
    return rows.length ? toIn(rows[0]) : null;
  }

  async listByUser(userId: number, limit = 200): Promise<TransferIn[]> {
    return (await this.ds.query(`SELECT * FROM domain_ops.transfer_ins WHERE user_id = $1 ORDER BY id DESC LIMIT ${limit}`, [userId])).map(toIn);
  }

  /** Transfers-in still open that were requested before the cutoff. */
  async openBefore(cutoff: Date): Promise<TransferIn[]> {
    return (await this.ds.query(`SELECT * FROM domain_ops.transfer_ins WHERE status IN ('requesting', 'pending') AND requested_at < $1 ORDER BY id LIMIT 500`, [cutoff])).map(toIn);
  }

  /**
   * The request path claims the send to the registry; false when the money reconciler has given the transfer-in up
   * first (then nothing is sent: its charge is voided and refunded there).
   */
  async claimSend(id: number): Promise<boolean> {
    const rows = updatedRows(await this.ds.query(
      `UPDATE domain_ops.transfer_ins SET send_claimed_at = now(), updated_at = now() WHERE id = $1 AND status = 'requesting' AND send_claimed_at IS NULL RETURNING id`, [id]));
    return rows.length > 0;
  }

  /** Transfers-in still "requesting" this many seconds after they were asked for (their request call died or hung). */
  async stuckRequesting(olderThanS: number, limit = 200): Promise<TransferIn[]> {
    return (await this.ds.query(
      `SELECT * FROM domain_ops.transfer_ins WHERE status = 'requesting' AND requested_at < now() - make_interval(secs => $1) ORDER BY id LIMIT $2`, [olderThanS, limit])).map(toIn);
  }

  /** Ends a transfer-in whose send was never claimed (the money reconciler); false when the request path claimed it or it ended. */
  async giveUpUnsent(id: number, errorMsg: string, now: Date): Promise<boolean> {
    const rows = updatedRows(await this.ds.query(
      `UPDATE domain_ops.transfer_ins SET status = 'error', error_msg = $2, settled_at = $3, updated_at = now()
        WHERE id = $1 AND status = 'requesting' AND send_claimed_at IS NULL RETURNING id`, [id, errorMsg, now]));
    return rows.length > 0;
  }

  async markSpent(id: number): Promise<void> {
    await this.ds.query('UPDATE domain_ops.transfer_ins SET spent = true, updated_at = now() WHERE id = $1', [id]);
  }

  /** Marks it refunded once; false when an earlier run did. */
  async markRefunded(id: number): Promise<boolean> {
    const rows = updatedRows(await this.ds.query('UPDATE domain_ops.transfer_ins SET refunded = true, updated_at = now() WHERE id = $1 AND NOT refunded RETURNING id', [id]));
    return rows.length > 0;
  }

  /** Moves an open transfer-in to its next state; false when it has already ended (another run settled it). */
  async settle(id: number, status: TransferInStatus, patch: { errorMsg?: string | null; domainId?: number | null; exDate?: Date | null; now?: Date } = {}): Promise<boolean> {
    const ended = status !== 'requesting' && status !== 'pending';
    const rows = updatedRows(await this.ds.query(
      `UPDATE domain_ops.transfer_ins SET status = $2, error_msg = coalesce($3, error_msg), domain_id = coalesce($4, domain_id), ex_date = coalesce($5, ex_date),
         settled_at = CASE WHEN $6 THEN $7 ELSE settled_at END, updated_at = now()
       WHERE id = $1 AND status IN ('requesting', 'pending') RETURNING id`,
      [id, status, patch.errorMsg ?? null, patch.domainId ?? null, patch.exDate ?? null, ended, patch.now ?? new Date()],
    ));
    return rows.length > 0;
  }

  /** The transferred domain joins the member's list once (a second settlement finds the row of the first). */
  recordTransferred(d: { userId: number; name: string; punycode: string; tld: string; registryDomainId: string | null; dueDate: Date | null; autoUpdate: boolean;
    whoisProxy: boolean; lock: boolean; nameServers: string[]; contactIds: { reg: number | null; adm: number | null; tec: number | null; bil: number | null } | null }): Promise<number> {
    return this.ds.transaction(async (m) => {
      const rows = await m.query(
        `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, registry_domain_id, due_date, status, is_auto_update_enabled, is_whois_proxy_enabled, is_domain_lock_enabled,
           reg_contact_id, adm_contact_id, tec_contact_id, bil_contact_id)
         VALUES ($1, $2, $2, $3, $4, $5, $6, 'active', $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (punycode) DO NOTHING RETURNING id`,
        [d.userId, d.name, d.punycode, d.tld, d.registryDomainId, d.dueDate, d.autoUpdate, d.whoisProxy, d.lock,
          d.contactIds?.reg ?? null, d.contactIds?.adm ?? null, d.contactIds?.tec ?? null, d.contactIds?.bil ?? null],
      );
      if (!rows.length) {
        const held = await m.query('SELECT id FROM domain_ops.domains WHERE punycode = $1 AND user_id = $2', [d.punycode, d.userId]);
        if (!held.length) throw new Error(`${d.punycode} is held by another member`);
        return Number(held[0].id);
      }
      const id = Number(rows[0].id);
      for (const [i, ns] of d.nameServers.entries()) {
        await m.query('INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) VALUES ($1, $2, $3)', [id, i + 1, ns.toLowerCase()]);
      }
      return id;
    });
  }

  // ── transfers-out ──

  async openOut(punycode: string): Promise<TransferOut | null> {
    const rows = await this.ds.query(`SELECT o.*, d.name, d.admin_lock_status, d.market_listing_id FROM domain_ops.transfer_outs o JOIN domain_ops.domains d ON d.id = o.domain_id WHERE o.punycode = $1 AND o.status = 'pending'`, [punycode]);
    return rows.length ? toOut(rows[0]) : null;
  }

  /** Records another registrar's request for one of our domains once (a second notice of the same request adds nothing). */
  async recordOut(o: { domainId: number; userId: number; punycode: string; requestedBy: string; requestedAt: Date; autoApproveAt: Date }): Promise<boolean> {
    const rows = await this.ds.query(
      `INSERT INTO domain_ops.transfer_outs (domain_id, user_id, punycode, requested_by, requested_at, auto_approve_at, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending') ON CONFLICT (punycode) WHERE status = 'pending' DO NOTHING RETURNING id`,
      [o.domainId, o.userId, o.punycode, o.requestedBy, o.requestedAt, o.autoApproveAt],
    );
    return rows.length > 0;
  }

  async outsOf(userId: number, ids?: number[]): Promise<TransferOut[]> {
    const rows = await this.ds.query(
      `SELECT o.*, d.name, d.admin_lock_status FROM domain_ops.transfer_outs o JOIN domain_ops.domains d ON d.id = o.domain_id
       WHERE o.user_id = $1 AND o.status = 'pending' AND d.user_id = $1 ${ids ? 'AND o.id = ANY($2)' : ''} ORDER BY o.auto_approve_at, o.id`,
      ids ? [userId, ids] : [userId],
    );
    return rows.map(toOut);
  }

  async endOut(id: number, status: TransferOut['status'], now: Date): Promise<boolean> {
    const rows = updatedRows(await this.ds.query(`UPDATE domain_ops.transfer_outs SET status = $2, ended_at = $3 WHERE id = $1 AND status = 'pending' RETURNING id`, [id, status, now]));
    return rows.length > 0;
  }

  async countOuts(userId: number): Promise<number> {
    return Number((await this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.transfer_outs WHERE user_id = $1 AND status = 'pending'`, [userId]))[0].n);
  }

  async countOpenIns(userId: number): Promise<number> {
    return Number((await this.ds.query(`SELECT count(*)::int AS n FROM domain_ops.transfer_ins WHERE user_id = $1 AND status IN ('requesting', 'pending')`, [userId]))[0].n);
  }

  // ── poll messages ──

  /** Records a handled poll message; false when it was handled before (its ack was lost). */
  async markHandled(msgId: string, kind: string, subject: string | null, payload: unknown): Promise<boolean> {
    const rows = await this.ds.query(
      'INSERT INTO domain_ops.poll_messages (msg_id, kind, subject, payload) VALUES ($1, $2, $3, $4) ON CONFLICT (msg_id) DO NOTHING RETURNING msg_id',
      [msgId, kind, subject, payload == null ? null : JSON.stringify(payload)],
    );
    return rows.length > 0;
  }

  async isHandled(msgId: string): Promise<boolean> {
    return (await this.ds.query('SELECT 1 FROM domain_ops.poll_messages WHERE msg_id = $1', [msgId])).length > 0;
  }
}
