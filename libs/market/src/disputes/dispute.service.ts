import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { JobName, MarketDisputeDto } from '@registrar/contracts';
import { MailOutbox } from '@registrar/mail';
import { DISPUTE_ROLE_LABELS, MK } from '@registrar/messages';
import { conflict, invalid, notFound } from '../common/market.exception';
import { appUrl } from '../listings/listing.service';
import { MARKET_SCHEMA } from '../migrations';
import { DomainsPort } from '../ports/domains.port';
import { NoticeService } from '../notices/notice.service';
import { TradeQueue, TradeStep } from '../trades/trade.queue';

type Row = Record<string, any>;
type Q = Pick<EntityManager, 'query'>;
const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
/** The trade states in which a dispute may be opened: the price is in escrow and not yet released to the seller. */
const DISPUTABLE = ['escrowed', 'moving', 'moved'];
const MAX = 2_000;

/**
 * Disputes (docs/market.md, "Disputes"): the buyer or the seller opens one on a trade while its price is in escrow
 * (paid, and the seller not yet credited: before the move, or during the buyer's inspection period after it). While it
 * is open the trade holds: the move does not start and the escrow is not released. Buyer, seller and super admins write
 * in its thread; a super admin resolves it by releasing the escrow to the seller (the trade continues: the move if it
 * has not run, then the credit at once) or refunding the buyer (the domain given back to the seller first if it moved).
 */
@Injectable()
export class DisputeService {
  constructor(
    @InjectDataSource(MARKET_SCHEMA) private readonly ds: DataSource,
    private readonly queue: TradeQueue,
    private readonly domains: DomainsPort,
    private readonly mail: MailOutbox,
    private readonly notices: NoticeService,
  ) {}

  /** staff: the super admins' account ids (the gateway, which keeps the accounts, passes them): each is mailed and notified. */
  async open(userId: number, tradeId: number, reason: string, staff: number[] = []): Promise<MarketDisputeDto> {
    const why = String(reason ?? '').trim();
    if (!why) throw invalid(MK.disputeReasonRequired);
    if (why.length > MAX) throw invalid(MK.disputeReasonTooLong);
    const r = await this.ds.transaction(async (m) => {
      const t = (await m.query('SELECT * FROM market.trades WHERE id = $1 FOR UPDATE', [tradeId]))[0];
      const role = t && Number(t.buyer_id) === userId ? 'buyer' : t && Number(t.seller_id) === userId ? 'seller' : null;
      if (!t || !role) throw notFound(MK.tradeNotFound);
      if ((await m.query('SELECT 1 FROM market.disputes WHERE trade_id = $1', [tradeId])).length) throw conflict(MK.disputeExists);
      // the credit takes the same row lock and writes its 'started' step first: once it has, the escrow is the seller's
      const crediting = (await m.query(`SELECT 1 FROM market.trade_steps WHERE trade_id = $1 AND step = 'credit'`, [tradeId])).length > 0;
      if (!DISPUTABLE.includes(t.status) || crediting) throw invalid(MK.disputeWindowClosed);
      const d = (await m.query('INSERT INTO market.disputes (trade_id, opened_by, opener_role, reason) VALUES ($1, $2, $3, $4) RETURNING *', [tradeId, userId, role, why]))[0];
      await m.query('INSERT INTO market.dispute_messages (dispute_id, author_id, author_role, body) VALUES ($1, $2, $3, $4)', [d.id, userId, role, why]);
      await this.step(m, tradeId, 'dispute', 'started', `${DISPUTE_ROLE_LABELS[role]}が異議を申し立てました`);
      await m.query('UPDATE market.trades SET updated_at = now() WHERE id = $1', [tradeId]);
      return { t, d, role };
    });
    const by = DISPUTE_ROLE_LABELS[r.role]!;
    for (const uid of [Number(r.t.buyer_id), Number(r.t.seller_id)]) {
      const key = `market:dispute:${r.d.id}:opened:${uid}`;
      await this.mail.send({ template: 'market.dispute-opened', params: { domain: r.t.domain, tradeId, by, reason: why, link: `${appUrl()}/market/trade/${tradeId}` }, userId: uid, key });
      await this.notices.add(uid, key, `${r.t.domain} の取引に異議が申し立てられました`, `/market/trade/${tradeId}`);
    }
    await this.tellStaff(staff, r.t, { kind: 'opened', disputeId: Number(r.d.id), by, body: why, key: `market:dispute:${r.d.id}:opened` });
    return (await this.get(userId, tradeId))!;
  }

  /** A message in the trade's dispute: its buyer or seller (userId), or a super admin (adminId). */
  async message(who: { userId?: number; adminId?: number }, tradeId: number, body: string, staff: number[] = []): Promise<MarketDisputeDto> {
    const text = String(body ?? '').trim();
    if (!text) throw invalid(MK.messageRequired);
    if (text.length > MAX) throw invalid(MK.messageTooLong);
    const t = (await this.ds.query('SELECT * FROM market.trades WHERE id = $1', [tradeId]))[0];
    const role = who.adminId ? 'admin' : t && Number(t.buyer_id) === who.userId ? 'buyer' : t && Number(t.seller_id) === who.userId ? 'seller' : null;
    if (!t || !role) throw notFound(MK.tradeNotFound);
    const d = (await this.ds.query('SELECT * FROM market.disputes WHERE trade_id = $1', [tradeId]))[0];
    if (!d) throw notFound(MK.disputeNotFound);
    if (d.status !== 'open') throw conflict(MK.disputeClosed);
    const msg = (await this.ds.query('INSERT INTO market.dispute_messages (dispute_id, author_id, author_role, body) VALUES ($1, $2, $3, $4) RETURNING id', [d.id, who.adminId ?? who.userId, role, text]))[0];
    const by = DISPUTE_ROLE_LABELS[role]!;
    for (const uid of [Number(t.buyer_id), Number(t.seller_id)].filter((u) => role === 'admin' || u !== who.userId)) {
      const key = `market:dispute:${d.id}:message:${msg.id}:${uid}`;
      await this.mail.send({ template: 'market.dispute-message', params: { domain: t.domain, tradeId, by, body: text, link: `${appUrl()}/market/trade/${tradeId}` }, userId: uid, key });
      await this.notices.add(uid, key, `${t.domain} の異議申し立てに${by}からメッセージがあります`, `/market/trade/${tradeId}`);
    }
    // a party wrote: the super admins are told (a message of theirs goes to the parties only)
    if (role !== 'admin') await this.tellStaff(staff, t, { kind: 'message', disputeId: Number(d.id), by, body: text, key: `market:dispute:${d.id}:message:${msg.id}` });
    return (await this.get(who.adminId ? null : who.userId!, tradeId))!;
  }

  /** The trade's dispute and its thread (the buyer, the seller; null: a super admin), or null when there is none. */
  async get(userId: number | null, tradeId: number): Promise<MarketDisputeDto | null> {
    const t = (await this.ds.query('SELECT * FROM market.trades WHERE id = $1', [tradeId]))[0];
    if (!t || (userId !== null && Number(t.buyer_id) !== userId && Number(t.seller_id) !== userId)) throw notFound(MK.tradeNotFound);
    const d = (await this.ds.query('SELECT * FROM market.disputes WHERE trade_id = $1', [tradeId]))[0];
    if (!d) return null;
    const msgs = await this.ds.query('SELECT * FROM market.dispute_messages WHERE dispute_id = $1 ORDER BY id', [d.id]);
    return toDispute(d, t, msgs, userId === null);
  }

  /** Super admins: disputes, open ones first. */
  async list(status?: string): Promise<{ data: MarketDisputeDto[] }> {
    const rows = await this.ds.query(
      `SELECT d.*, t.domain, t.buyer_id, t.seller_id, t.status AS trade_status FROM market.disputes d JOIN market.trades t ON t.id = d.trade_id
        WHERE ($1::text IS NULL OR d.status = $1) ORDER BY (d.status = 'open') DESC, d.id DESC LIMIT 100`,
      [status && ['open', 'released', 'refunded'].includes(status) ? status : null],
    );
    const msgs = rows.length ? await this.ds.query('SELECT * FROM market.dispute_messages WHERE dispute_id = ANY($1::bigint[]) ORDER BY id', [rows.map((r: Row) => r.id)]) : [];
    return { data: rows.map((r: Row) => toDispute(r, { ...r, id: r.trade_id, status: r.trade_status }, msgs.filter((x: Row) => x.dispute_id === r.id), true)) };
  }

  /**
   * A super admin resolves the dispute. release: the trade continues to the seller (the move if it has not run, then the
   * credit without waiting for the inspection period). refund: the buyer gets the whole price back; a domain that had
   * already moved is first given back to the seller (refused, and the dispute stays open, when that fails).
   */
  async resolve(adminId: number, tradeId: number, outcome: string, note: string): Promise<MarketDisputeDto> {
    const why = String(note ?? '').trim();
    if (!why || (outcome !== 'release' && outcome !== 'refund')) throw invalid(MK.resolutionRequired);
    const t0 = (await this.ds.query('SELECT * FROM market.trades WHERE id = $1', [tradeId]))[0];
    if (!t0) throw notFound(MK.tradeNotFound);
    const d0 = (await this.ds.query('SELECT * FROM market.disputes WHERE trade_id = $1', [tradeId]))[0];
    if (!d0) throw notFound(MK.disputeNotFound);
    if (d0.status !== 'open') throw conflict(MK.disputeClosed);
    if (t0.status === 'moving') throw conflict(MK.tradeBusy);
    if (outcome === 'refund' && t0.status === 'moved') {
      // the domain back to the seller before any money moves (idempotent at domain-ops)
      const back = await this.domains.giveBack(Number(t0.domain_id), tradeId);
      if (!back.returned) throw conflict(back.reason ?? MK.returnFailed);
    }
    const next: TradeStep = await this.ds.transaction(async (m) => {
      const t = (await m.query('SELECT * FROM market.trades WHERE id = $1 FOR UPDATE', [tradeId]))[0];
      const d = (await m.query('SELECT * FROM market.disputes WHERE trade_id = $1 FOR UPDATE', [tradeId]))[0];
      if (d.status !== 'open') throw conflict(MK.disputeClosed);
      if (!DISPUTABLE.includes(t.status) || t.status === 'moving') throw conflict(MK.tradeBusy);
      if (outcome === 'refund' && t.status !== t0.status) throw conflict(MK.tradeBusy);
      await m.query(`UPDATE market.disputes SET status = $2, resolution = $3, resolved_by = $4, resolved_at = now() WHERE id = $1`, [d.id, outcome === 'release' ? 'released' : 'refunded', why, adminId]);
      await m.query('INSERT INTO market.dispute_messages (dispute_id, author_id, author_role, body) VALUES ($1, $2, $3, $4)', [d.id, adminId, 'admin', why]);
      await this.step(m, tradeId, 'dispute', 'done', outcome === 'release' ? '運営が出品者への支払いを決定しました' : '運営が購入者への返金を決定しました');
      if (outcome === 'release') {
        await m.query('UPDATE market.trades SET receipt_at = coalesce(receipt_at, now()), updated_at = now() WHERE id = $1', [tradeId]);
        return t.status === 'escrowed' ? JobName.MarketMove : JobName.MarketCredit;
      }
      if (t.status === 'moved') await this.step(m, tradeId, 'return', 'done', '異議申し立ての解決によりドメインを出品者へ返還しました');
      await m.query(`UPDATE market.trades SET status = 'refunding', cancel_reason = $2, error = $2, updated_at = now() WHERE id = $1`, [tradeId, why]);
      return JobName.MarketRefund;
    });
    await this.queue.next(tradeId, next, `dispute-${d0.id}`);
    const label = outcome === 'release' ? '出品者へ代金を支払います' : '購入者へ全額返金します';
    for (const uid of [Number(t0.buyer_id), Number(t0.seller_id)]) {
      const key = `market:dispute:${d0.id}:resolved:${uid}`;
      await this.mail.send({ template: 'market.dispute-resolved', params: { domain: t0.domain, tradeId, outcome: label, note: why, link: `${appUrl()}/market/trade/${tradeId}` }, userId: uid, key });
      await this.notices.add(uid, key, `${t0.domain} の異議申し立てが解決しました（${label}）`, `/market/trade/${tradeId}`);
    }
    return (await this.get(null, tradeId))!;
  }

  /**
   * Mails every super admin and adds a bell notice for each (once per key and admin, as every market mail): a dispute was
   * opened, or its buyer or seller wrote in it. The parties themselves are not staff here (they were told as parties).
   */
  private async tellStaff(staff: number[], t: Row, e: { kind: 'opened' | 'message'; disputeId: number; by: string; body: string; key: string }): Promise<void> {
    const parties = [Number(t.buyer_id), Number(t.seller_id)];
    const ids = [...new Set(staff.map(Number).filter((x) => Number.isSafeInteger(x) && x > 0 && !parties.includes(x)))];
    const tradeId = Number(t.id);
    for (const uid of ids) {
      const key = `${e.key}:staff:${uid}`;
      await this.mail.send({ template: 'market.dispute-admin', params: { kind: e.kind, domain: t.domain, tradeId, disputeId: e.disputeId, by: e.by, body: e.body, link: `${appUrl()}/admin/market?status=disputed` }, userId: uid, key });
      await this.notices.add(uid, key, e.kind === 'opened' ? `【運営】${t.domain} の取引に異議申し立てがありました` : `【運営】${t.domain} の異議申し立てに${e.by}からメッセージがあります`, '/admin/market?status=disputed');
    }
  }

  private async step(m: Q, id: number, step: string, status: string, message: string | null): Promise<void> {
    await m.query('INSERT INTO market.trade_steps (trade_id, step, status, message) VALUES ($1, $2, $3, $4) ON CONFLICT (trade_id, step, status) DO NOTHING', [id, step, status, message]);
  }
}

function toDispute(d: Row, t: Row, msgs: Row[], admin: boolean): MarketDisputeDto {
  return {
    id: Number(d.id), trade_id: Number(d.trade_id), domain: t.domain, opener_role: d.opener_role, reason: d.reason, status: d.status, resolution: d.resolution ?? null,
    created_at: iso(d.created_at)!, resolved_at: iso(d.resolved_at),
    messages: msgs.map((x) => ({ id: Number(x.id), author_role: x.author_role, body: x.body, created_at: iso(x.created_at)! })),
    ...(admin ? { buyer_id: Number(t.buyer_id), seller_id: Number(t.seller_id), trade_status: t.status } : {}),
  };
}
