import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AdminListingsRequest, AdminListingsResult, AdminTradesRequest, AdminTradesResult, MarketListingDto, MarketPayoutDto, MarketSalesResult, PayoutRequest } from '@registrar/contracts';
import { MailOutbox } from '@registrar/mail';
import { MK } from '@registrar/messages';
import { payoutErrors } from '@registrar/rules';
import { conflict, invalid, notFound } from '../common/market.exception';
import { toListing, toPayout, toTrade, updated } from '../listings/listing.mapper';
import { ListingService } from '../listings/listing.service';
import { MarketConfig } from '../market.config';
import { MARKET_SCHEMA } from '../migrations';
import { InsufficientPoints, LedgerPort } from '../ports/ledger.port';
import { NoticeService } from '../notices/notice.service';

type Row = Record<string, any>;
const payoutKey = (id: number) => ({ take: `market-payout-${id}`, back: `market-payout-${id}-back` });

/**
 * 売上管理 (the seller's sales, commissions, credited points, statements) and payouts: a request takes the amount from
 * the seller's points (ledger key per payout) and waits for a super admin, who marks it paid (a mail) or rejects it (the
 * points come back). Also the super admins' views of trades and listings.
 */
@Injectable()
export class SalesService {
  private readonly logger = new Logger(SalesService.name);

  constructor(
    @InjectDataSource(MARKET_SCHEMA) private readonly ds: DataSource,
    private readonly ledger: LedgerPort,
    private readonly listings: ListingService,
    private readonly mail: MailOutbox,
    private readonly notices: NoticeService,
    private readonly config: MarketConfig,
  ) {}

  async sales(userId: number): Promise<MarketSalesResult> {
    const trades = await this.ds.query('SELECT * FROM market.trades WHERE seller_id = $1 ORDER BY id DESC LIMIT 500', [userId]);
    const payouts = await this.ds.query('SELECT * FROM market.payouts WHERE user_id = $1 ORDER BY id DESC LIMIT 200', [userId]);
    const sum = (rows: Row[], f: (r: Row) => number) => rows.reduce((a, r) => a + f(r), 0);
    const done = trades.filter((t: Row) => t.status === 'completed');
    const live = trades.filter((t: Row) => !['completed', 'refunded', 'cancelled'].includes(t.status));
    const statements = await this.ds.query(
      `WITH s AS (
         SELECT to_char(updated_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS month, count(*)::int AS count, sum(price)::int AS sales, sum(commission)::int AS commission, sum(payout)::int AS credited, 0 AS paid_out
         FROM market.trades WHERE seller_id = $1 AND status = 'completed' GROUP BY 1
         UNION ALL
         SELECT to_char(ended_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM'), 0, 0, 0, 0, sum(amount)::int FROM market.payouts WHERE user_id = $1 AND status = 'paid' GROUP BY 1)
       SELECT month, sum(count)::int AS count, sum(sales)::int AS sales, sum(commission)::int AS commission, sum(credited)::int AS credited, sum(paid_out)::int AS paid_out
       FROM s GROUP BY month ORDER BY month DESC LIMIT 36`,
      [userId],
    );
    return {
      totals: {
        sales: sum(done, (t) => Number(t.price)), commission: sum(done, (t) => Number(t.commission)), credited: sum(done, (t) => Number(t.payout)),
        in_progress: sum(live, (t) => Number(t.price)),
        paid_out: sum(payouts.filter((p: Row) => p.status === 'paid'), (p) => Number(p.amount)),
        requested: sum(payouts.filter((p: Row) => p.status === 'requested'), (p) => Number(p.amount)),
      },
      commission_percent: this.config.MARKET_COMMISSION_PERCENT,
      sales: trades.map((t: Row) => toTrade(t, [], 'seller')),
      payouts: payouts.map((p: Row) => toPayout(p)),
      statements: statements.map((s: Row) => ({ month: s.month, count: Number(s.count), sales: Number(s.sales), commission: Number(s.commission), credited: Number(s.credited), paid_out: Number(s.paid_out) })),
    };
  }

  /** A payout of credited sales: at most what sales credited less what was already requested or paid, and held in points. */
  async requestPayout(req: PayoutRequest): Promise<MarketPayoutDto> {
    const err = payoutErrors(req);
    if (err) throw invalid(err);
    const key = String(req.key ?? '').trim().slice(0, 100);
    if (!key) throw invalid('request key required');
    const bank = { bank_name: req.bankName.trim(), branch_name: req.branchName.trim(), account_type: req.accountType, account_number: req.accountNumber, account_holder: req.accountHolder.trim() };
    const row = await this.ds.transaction(async (m) => {
      // one payout request of a member at a time (two tabs cannot both take the same sales)
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`market-payout-${req.userId}`]);
      const again = await m.query('SELECT * FROM market.payouts WHERE user_id = $1 AND request_key = $2', [req.userId, key]);
      if (again.length) return again[0];
      const a = await m.query(
        `SELECT coalesce((SELECT sum(payout) FROM market.trades WHERE seller_id = $1 AND status = 'completed'), 0)::bigint
              - coalesce((SELECT sum(amount) FROM market.payouts WHERE user_id = $1 AND status IN ('requested', 'paid')), 0)::bigint AS available`,
        [req.userId],
      );
      if (req.amount > Number(a[0].available)) throw invalid(MK.payoutOver);
      return (await m.query('INSERT INTO market.payouts (user_id, amount, bank, request_key) VALUES ($1, $2, $3, $4) RETURNING *', [req.userId, req.amount, JSON.stringify(bank), key]))[0];
    });
    try {
      await this.ledger.spend(req.userId, Number(row.amount), payoutKey(Number(row.id)).take, `売上の振込申請（申請番号 ${row.id}）`);
    } catch (e) {
      if (!(e instanceof InsufficientPoints)) throw e;
      await this.ds.query(`UPDATE market.payouts SET status = 'rejected', note = $2, ended_at = now() WHERE id = $1 AND status = 'requested'`, [row.id, MK.payoutOver]);
      throw invalid(MK.payoutOver);
    }
    return toPayout(row);
  }

  async adminPayout(payoutId: number, action: 'paid' | 'rejected', note: string | null): Promise<MarketPayoutDto> {
    if (action !== 'paid' && action !== 'rejected') throw invalid('action');
    const p = updated(await this.ds.query(`UPDATE market.payouts SET status = $2, note = $3, ended_at = now() WHERE id = $1 AND status = 'requested' RETURNING *`, [payoutId, action, note]))[0];
    if (!p) {
      const exists = (await this.ds.query('SELECT id FROM market.payouts WHERE id = $1', [payoutId])).length;
      throw exists ? conflict(MK.payoutEnded) : notFound(MK.payoutNotFound);
    }
    if (action === 'rejected') {
      if (await this.ledger.byKey(payoutKey(payoutId).take)) await this.ledger.refund(Number(p.user_id), Number(p.amount), payoutKey(payoutId).back, `振込申請の却下（申請番号 ${payoutId}）`);
    } else {
      const b = p.bank ?? {};
      await this.mail.send({ template: 'market.payout-paid', params: { payoutId, amount: Number(p.amount), bank: `${b.bank_name} ${b.branch_name} ${b.account_type} ${b.account_number} ${b.account_holder}` }, userId: Number(p.user_id), key: `market:payout:${payoutId}:paid` });
      await this.notices.add(Number(p.user_id), `market:payout:${payoutId}:paid`, `売上のお振込みが完了しました（${Number(p.amount).toLocaleString('ja-JP')}円）`, '/sales');
    }
    return toPayout(p, true);
  }

  async adminTrades(q: AdminTradesRequest): Promise<AdminTradesResult> {
    const params: unknown[] = [];
    const and: string[] = ['true'];
    const status = String(q?.status ?? '');
    if (status === 'open') and.push(`status NOT IN ('completed', 'refunded', 'cancelled')`);
    else if (status === 'disputed') and.push(`id IN (SELECT trade_id FROM market.disputes WHERE status = 'open')`);
    else if (status) { params.push(status); and.push(`status = $${params.length}`); }
    const kw = String(q?.keyword ?? '').trim().toLowerCase();
    if (kw) { params.push(`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`); and.push(`domain LIKE $${params.length}`); }
    const page = Math.max(1, Math.floor(Number(q?.page) || 1));
    const per = 50;
    const rows = await this.ds.query(`SELECT * FROM market.trades WHERE ${and.join(' AND ')} ORDER BY id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`, params);
    const total = Number((await this.ds.query(`SELECT count(*)::int AS n FROM market.trades WHERE ${and.join(' AND ')}`, params))[0].n);
    const steps = rows.length ? await this.ds.query('SELECT * FROM market.trade_steps WHERE trade_id = ANY($1::bigint[]) ORDER BY id', [rows.map((r: Row) => r.id)]) : [];
    const counts = Object.fromEntries((await this.ds.query('SELECT status, count(*)::int AS n FROM market.trades GROUP BY status')).map((r: Row) => [r.status, Number(r.n)]));
    counts.disputed = Number((await this.ds.query(`SELECT count(*)::int AS n FROM market.disputes WHERE status = 'open'`))[0].n);
    const disputes = rows.length ? await this.ds.query('SELECT id, trade_id, status, opener_role, created_at FROM market.disputes WHERE trade_id = ANY($1::bigint[])', [rows.map((r: Row) => r.id)]) : [];
    const payouts = await this.ds.query(`SELECT * FROM market.payouts ORDER BY (status = 'requested') DESC, id DESC LIMIT 100`);
    return {
      trades: { data: rows.map((r: Row) => toTrade(r, steps.filter((s: Row) => s.trade_id === r.id), 'admin', disputes.find((d: Row) => d.trade_id === r.id) ?? null)), total, current_page: page, last_page: Math.max(1, Math.ceil(total / per)) },
      payouts: payouts.map((p: Row) => toPayout(p, true)),
      counts,
    };
  }

  async adminListings(q: AdminListingsRequest): Promise<AdminListingsResult> {
    const params: unknown[] = [];
    const and: string[] = [`status <> 'pending'`];
    const kw = String(q?.keyword ?? '').trim().toLowerCase();
    if (kw) { params.push(`%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`); and.push(`domain LIKE $${params.length}`); }
    if (q?.status) { params.push(String(q.status)); and.push(`status = $${params.length}`); }
    if (q?.hidden === '1') and.push('hidden');
    if (q?.hidden === '0') and.push('NOT hidden');
    const page = Math.max(1, Math.floor(Number(q?.page) || 1));
    const per = 50;
    const rows = await this.ds.query(`SELECT * FROM market.listings WHERE ${and.join(' AND ')} ORDER BY id DESC LIMIT ${per} OFFSET ${(page - 1) * per}`, params);
    const total = Number((await this.ds.query(`SELECT count(*)::int AS n FROM market.listings WHERE ${and.join(' AND ')}`, params))[0].n);
    return { data: rows.map((r: Row) => toListing(r, { admin: true })), total, current_page: page, last_page: Math.max(1, Math.ceil(total / per)) };
  }

  async adminHide(adminId: number, listingId: number, hidden: boolean, reason: string): Promise<MarketListingDto> {
    const why = String(reason ?? '').trim().slice(0, 500);
    if (hidden && !why) throw invalid(MK.hideReasonRequired);
    const r = updated(await this.ds.query(
      'UPDATE market.listings SET hidden = $2, hidden_reason = $3, hidden_at = CASE WHEN $2 THEN now() ELSE NULL END, hidden_by = $4, updated_at = now() WHERE id = $1 RETURNING *',
      [listingId, hidden, hidden ? why : null, adminId],
    ))[0];
    if (!r) throw notFound(MK.listingNotFound);
    return toListing(r, { admin: true });
  }
}
