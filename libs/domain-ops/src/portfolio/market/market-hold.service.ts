import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { MarketCandidateDto, MarketHoldRequest, MarketHoldResult, MarketMoveRequest, MarketMoveResult } from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { M, MK } from '@registrar/messages';
import { daysBetweenJst, isJpTransfer, TRANSFER_LOCK_DAYS } from '@registrar/rules';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { MoveRepository } from '../operations/move.repository';
import { WhoisService } from '../../whois';

type Q = Pick<EntityManager, 'query'>;

interface HoldRow {
  id: string;
  user_id: string;
  name: string;
  tld: string;
  status: string;
  is_trash: boolean;
  admin_lock_status: number;
  whois_processing_flg: number;
  due_date: Date | null;
  created_at: Date;
  ended_at: Date | null;
  market_listing_id: string | null;
  move_pending: boolean;
  op_running: boolean;
  transfer_out: boolean;
}

const SELECT = `SELECT d.id, d.user_id, d.name, d.tld, d.status, d.is_trash, d.admin_lock_status, d.whois_processing_flg, d.due_date, d.created_at, d.ended_at, d.market_listing_id,
  EXISTS (SELECT 1 FROM domain_ops.move_requests r WHERE r.domain_id = d.id AND r.status = 'pending') AS move_pending,
  EXISTS (SELECT 1 FROM domain_ops.operation_items i JOIN domain_ops.operation_runs o ON o.id = i.run_id
          WHERE i.domain_id = d.id AND i.status IN ('queued', 'processing') AND o.kind IN ('move', 'trash', 'authcode')) AS op_running,
  EXISTS (SELECT 1 FROM domain_ops.transfer_outs t WHERE t.domain_id = d.id AND t.status = 'pending') AS transfer_out
  FROM domain_ops.domains d`;

/** Days before expiry under which a domain may not be listed (a buyer needs time to renew). */
const MIN_DAYS_TO_EXPIRY = 30;

/**
 * The market's side of domain-ops (docs/market.md): which of a member's domains may be listed, the hold a listing puts
 * on its domain (refusing moves, trash, AUTHCODE and transfer-out approval while set), and the local move of a held
 * domain to its buyer, idempotent per trade, with the buyer's WHOIS set to the privacy proxy (or the buyer's defaults).
 */
@Injectable()
export class MarketHoldService {
  private readonly logger = new Logger(MarketHoldService.name);

  constructor(
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    private readonly moves: MoveRepository,
    private readonly actionLog: ActionLogRepository,
    private readonly whois: WhoisService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Why this domain cannot be listed now (null: it can). */
  refusal(d: HoldRow, now: Date, listingId: number | null = null): string | null {
    if (d.market_listing_id !== null && Number(d.market_listing_id) !== listingId) return MK.alreadyListed;
    if (d.ended_at) return M.domainNotFound;
    if (d.status !== 'active') return M.domainNotActive;
    if (d.is_trash) return MK.inTrash;
    if (Number(d.admin_lock_status) !== 0) return M.adminLocked;
    if (Number(d.whois_processing_flg) !== 0) return M.whoisProcessing;
    if (d.due_date && daysBetweenJst(now, d.due_date) < MIN_DAYS_TO_EXPIRY) return d.due_date < now ? M.domainExpired : MK.expiresSoon;
    if (d.move_pending) return M.movePending;
    if (d.transfer_out) return MK.transferOutPending;
    if (d.op_running) return MK.operationRunning;
    if (!isJpTransfer(d.tld) && daysBetweenJst(d.created_at, now) < TRANSFER_LOCK_DAYS) return MK.transferLock;
    return null;
  }

  async candidates(userId: number): Promise<MarketCandidateDto[]> {
    const rows: HoldRow[] = await this.ds.query(`${SELECT} WHERE d.user_id = $1 AND d.ended_at IS NULL ORDER BY d.name LIMIT 2000`, [userId]);
    const now = this.clock.now();
    return rows.map((d) => {
      const reason = d.market_listing_id !== null ? MK.alreadyListed : this.refusal(d, now);
      return { id: Number(d.id), name: d.name, tld: d.tld, listable: !reason, reason };
    });
  }

  /** Holds a member's domain for a listing, under the domain's row lock (idempotent for the same listing). */
  async hold(req: MarketHoldRequest): Promise<MarketHoldResult> {
    return this.ds.transaction(async (m) => {
      const rows: HoldRow[] = await m.query(`${SELECT} WHERE d.id = $1 FOR UPDATE OF d`, [req.domainId]);
      const d = rows[0];
      if (!d || Number(d.user_id) !== req.userId) return { held: false, reason: M.domainNotFound };
      const reason = this.refusal(d, this.clock.now(), req.listingId);
      if (reason) return { held: false, reason };
      await m.query('UPDATE domain_ops.domains SET market_listing_id = $2, updated_at = now() WHERE id = $1', [req.domainId, req.listingId]);
      return {
        held: true, reason: null,
        domain: { id: Number(d.id), name: d.name, tld: d.tld, registered_at: new Date(d.created_at).toISOString(), expires_at: d.due_date ? new Date(d.due_date).toISOString() : null },
      };
    });
  }

  async release(domainId: number, listingId: number): Promise<{ released: boolean }> {
    const r = await this.ds.query('UPDATE domain_ops.domains SET market_listing_id = NULL, updated_at = now() WHERE id = $1 AND market_listing_id = $2 RETURNING id', [domainId, listingId]);
    return { released: rowsOf(r).length > 0 };
  }

  async owner(domainId: number): Promise<{ userId: number | null; listingId: number | null; movedByTrade: number | null }> {
    const rows = await this.ds.query('SELECT user_id, market_listing_id, ended_at FROM domain_ops.domains WHERE id = $1', [domainId]);
    const moved = await this.ds.query('SELECT trade_id FROM domain_ops.market_moves WHERE domain_id = $1 ORDER BY moved_at DESC LIMIT 1', [domainId]);
    if (!rows.length || rows[0].ended_at) return { userId: null, listingId: null, movedByTrade: moved[0] ? Number(moved[0].trade_id) : null };
    return { userId: Number(rows[0].user_id), listingId: rows[0].market_listing_id == null ? null : Number(rows[0].market_listing_id), movedByTrade: moved[0] ? Number(moved[0].trade_id) : null };
  }

  /**
   * Moves a held domain from the seller to the buyer: ownership, contacts and action log as the local move does
   * (auto-renew off), the hold cleared, and the trade recorded once (a retried step finds it and answers moved).
   */
  async move(req: MarketMoveRequest): Promise<MarketMoveResult> {
    const now = this.clock.now();
    const r = await this.ds.transaction(async (m) => {
      const done = await m.query('SELECT 1 FROM domain_ops.market_moves WHERE trade_id = $1', [req.tradeId]);
      if (done.length) return { moved: true, fresh: false, name: '' };
      const rows = await m.query('SELECT name, user_id, market_listing_id, admin_lock_status, ended_at FROM domain_ops.domains WHERE id = $1 FOR UPDATE', [req.domainId]);
      const d = rows[0];
      if (!d || d.ended_at) return { moved: false, reason: M.domainNotFound };
      if (Number(d.user_id) !== req.fromUserId || Number(d.market_listing_id) !== req.listingId) return { moved: false, reason: MK.moveFailed };
      if (Number(d.admin_lock_status) !== 0) return { moved: false, reason: M.adminLocked };
      if (!(await this.moves.moveDomain(m, req.domainId, req.fromUserId, req.toUserId, false, now))) return { moved: false, reason: MK.moveFailed };
      await m.query('UPDATE domain_ops.domains SET market_listing_id = NULL WHERE id = $1', [req.domainId]);
      await m.query('INSERT INTO domain_ops.market_moves (trade_id, domain_id, from_user_id, to_user_id, moved_at) VALUES ($1, $2, $3, $4, $5)', [req.tradeId, req.domainId, req.fromUserId, req.toUserId, now]);
      return { moved: true, fresh: true, name: d.name as string };
    });
    if (!r.moved) return { moved: false, reason: (r as { reason: string }).reason };
    if ('fresh' in r && r.fresh) {
      await this.actionLog.write({ userId: req.toUserId, domainId: req.domainId, domainName: r.name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインマーケットで購入', content: `${r.name}: ドメインマーケットで購入しました（取引番号 ${req.tradeId}）`, dedupeKey: `market:${req.tradeId}:in` });
      await this.actionLog.write({ userId: req.fromUserId, domainId: null, domainName: r.name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインマーケットで売却', content: `${r.name}: ドメインマーケットで売却しました（取引番号 ${req.tradeId}）`, dedupeKey: `market:${req.tradeId}:out` });
      await this.buyerWhois(req);
    }
    return { moved: true, reason: null };
  }

  /**
   * A dispute refunded after the move: the domain goes back from the buyer to the seller (as the move went, auto-renew
   * off, contacts copied), recorded once under the trade's negative id, so a retried return answers returned.
   */
  async giveBack(domainId: number, tradeId: number): Promise<{ returned: boolean; reason: string | null }> {
    const now = this.clock.now();
    const r = await this.ds.transaction(async (m) => {
      const mv = (await m.query('SELECT * FROM domain_ops.market_moves WHERE trade_id = $1', [tradeId]))[0];
      if (!mv || Number(mv.domain_id) !== domainId) return { returned: false, reason: MK.returnFailed };
      if ((await m.query('SELECT 1 FROM domain_ops.market_moves WHERE trade_id = $1', [-tradeId])).length) return { returned: true, reason: null };
      const d = (await m.query('SELECT name, user_id, market_listing_id, ended_at FROM domain_ops.domains WHERE id = $1 FOR UPDATE', [domainId]))[0];
      const buyer = Number(mv.to_user_id);
      const seller = Number(mv.from_user_id);
      if (!d || d.ended_at || Number(d.user_id) !== buyer || d.market_listing_id != null) return { returned: false, reason: MK.returnFailed };
      if (!(await this.moves.moveDomain(m, domainId, buyer, seller, false, now))) return { returned: false, reason: MK.returnFailed };
      await m.query('INSERT INTO domain_ops.market_moves (trade_id, domain_id, from_user_id, to_user_id, moved_at) VALUES ($1, $2, $3, $4, $5)', [-tradeId, domainId, buyer, seller, now]);
      return { returned: true, reason: null, fresh: { name: d.name as string, buyer, seller } };
    });
    if ('fresh' in r && r.fresh) {
      const { name, buyer, seller } = r.fresh;
      await this.actionLog.write({ userId: seller, domainId, domainName: name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインマーケット取引の取消', content: `${name}: 異議申し立ての解決により返還されました（取引番号 ${tradeId}）`, dedupeKey: `market:${tradeId}:back-in` });
      await this.actionLog.write({ userId: buyer, domainId: null, domainName: name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインマーケット取引の取消', content: `${name}: 異議申し立ての解決により出品者へ返還しました（取引番号 ${tradeId}）`, dedupeKey: `market:${tradeId}:back-out` });
    }
    return { returned: r.returned, reason: r.reason };
  }

  /** The seller's WHOIS must not stay on the buyer's domain: the privacy proxy, or the buyer's default contacts where the TLD has none. */
  private async buyerWhois(req: MarketMoveRequest): Promise<void> {
    let how = 'unchanged';
    try {
      const proxy = await this.whois.dispatch({ userId: req.toUserId, domains: [req.domainId], useOriginalWhois: 0 } as never);
      if (proxy.status === 1 && proxy.contents[0]?.status === 1) how = 'proxy';
      else {
        const rows = await this.ds.query('SELECT * FROM domain_ops.default_settings WHERE user_id = $1', [req.toUserId]).catch(() => []);
        const s = rows[0] ?? {};
        const pick = (k: string) => s[`whois_proxy_disabled_${k}`] ?? s[`domain_create_${k}`] ?? null;
        const ids = { whoisRegType: pick('reg_record_id'), whoisAdmType: pick('adm_contact_id'), whoisTecType: pick('tec_contact_id'), whoisBilType: pick('bil_contact_id') };
        if (Object.values(ids).every((v) => v != null)) {
          const own = await this.whois.dispatch({ userId: req.toUserId, domains: [req.domainId], useOriginalWhois: 1, contacts: ids } as never);
          if (own.status === 1 && own.contents[0]?.status === 1) how = 'defaults';
        }
      }
    } catch (e) {
      this.logger.warn(`market move ${req.tradeId}: WHOIS of the buyer not set: ${(e as Error).message}`);
    }
    await this.ds.query('UPDATE domain_ops.market_moves SET whois = $2 WHERE trade_id = $1', [req.tradeId, how]);
  }

  /** The market's hold of these domains (the operations' refusal and the list's 出品中). */
  async heldAmong(q: Q, ids: number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const rows = await q.query('SELECT id FROM domain_ops.domains WHERE id = ANY($1::bigint[]) AND market_listing_id IS NOT NULL', [ids]);
    return new Set(rows.map((r: { id: string }) => Number(r.id)));
  }
}

function rowsOf(r: unknown): unknown[] {
  // pg answers UPDATE … RETURNING as [rows, count] through TypeORM's query()
  return Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as unknown[]) : (r as unknown[]);
}
