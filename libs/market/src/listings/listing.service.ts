import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CreateListingRequest, MarketCandidateDto, MarketErrorCode, MarketListingDto, MarketSearchRequest, MarketSearchResult } from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { MK } from '@registrar/messages';
import { formatDateJst, listingErrors, sldLength } from '@registrar/rules';
import { conflict, invalid, MarketException, notFound } from '../common/market.exception';
import { MARKET_SCHEMA } from '../migrations';
import { DomainsPort } from '../ports/domains.port';
import { NoticeService } from '../notices/notice.service';
import { toListing, updated } from './listing.mapper';
import { buildMarketSearch, MARKET_COUNT_CAP, marketRowsNeeded, marketSearchSql } from './listing.search';

export const appUrl = () => (process.env.APP_URL ?? 'http://localhost:8080').replace(/\/+$/, '');

/**
 * Listings (docs/market.md): the public search, a listing's page, a member's listings; listing a domain (a pending row,
 * then domain-ops' hold of the domain, then active) and taking it back. A listing that could not be confirmed (a killed
 * process) and the holds of ended listings are settled by the sweep (`settle`).
 */
@Injectable()
export class ListingService {
  private readonly logger = new Logger(ListingService.name);
  private tldCache: { at: number; tlds: string[] } | null = null;

  constructor(
    @InjectDataSource(MARKET_SCHEMA) readonly ds: DataSource,
    private readonly domains: DomainsPort,
    private readonly mail: MailOutbox,
    private readonly notices: NoticeService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async search(q: MarketSearchRequest): Promise<MarketSearchResult> {
    const b = buildMarketSearch(q ?? {});
    const first = marketSearchSql(b);
    const [count, tlds] = await Promise.all([this.ds.query(first.count.sql, first.count.params), this.tlds()]);
    const counted = Number(count[0].n);
    // the count decides how the page is read (marketSearchSql), and whether at all
    const sql = marketSearchSql(b, counted);
    const rows = marketRowsNeeded(b, counted) ? await this.ds.query(sql.rows.sql, sql.rows.params) : [];
    const total = Math.min(counted, MARKET_COUNT_CAP);
    return { data: rows.map((r: Record<string, unknown>) => toListing(r)), total, total_capped: counted > MARKET_COUNT_CAP, current_page: b.page, last_page: Math.max(1, Math.ceil(total / b.limit)), tlds };
  }

  /** TLDs with active listings (the search form's choices), kept for a minute. */
  private async tlds(): Promise<string[]> {
    if (this.tldCache && Date.now() - this.tldCache.at < 60_000) return this.tldCache.tlds;
    const rows = await this.ds.query(`SELECT DISTINCT tld FROM market.listings WHERE status = 'active' AND NOT hidden ORDER BY tld LIMIT 200`);
    this.tldCache = { at: Date.now(), tlds: rows.map((r: { tld: string }) => r.tld) };
    return this.tldCache.tlds;
  }

  async get(id: number, viewerId: number | null, admin = false): Promise<MarketListingDto> {
    const rows = await this.ds.query('SELECT * FROM market.listings WHERE id = $1', [id]);
    const r = rows[0];
    const mine = r && viewerId != null && Number(r.seller_id) === viewerId;
    // a hidden or ended listing is seen only by its seller (with the reason) and super admins
    if (!r || (!mine && !admin && (r.hidden || !['active', 'trading', 'sold'].includes(r.status)))) throw notFound(MK.listingNotFound);
    return toListing(r, { viewerId, admin });
  }

  async mine(userId: number): Promise<MarketListingDto[]> {
    const rows = await this.ds.query('SELECT * FROM market.listings WHERE seller_id = $1 ORDER BY id DESC LIMIT 500', [userId]);
    return rows.map((r: Record<string, unknown>) => toListing(r, { viewerId: userId }));
  }

  async count(userId: number): Promise<{ sellDomainsCount: number }> {
    const rows = await this.ds.query(`SELECT count(*)::int AS n FROM market.listings WHERE seller_id = $1 AND status IN ('active', 'trading')`, [userId]);
    return { sellDomainsCount: Number(rows[0].n) };
  }

  candidates(userId: number): Promise<MarketCandidateDto[]> {
    return this.domains.candidates(userId);
  }

  async create(req: CreateListingRequest): Promise<MarketListingDto> {
    const now = this.clock.now();
    const errors = listingErrors({ price: req.price, minOffer: req.minOffer ?? null, description: req.description ?? '', endsAt: req.endsAt }, now);
    const first = Object.values(errors)[0];
    if (first) throw invalid(first);
    const domainId = Number(req.domainId);
    if (!Number.isSafeInteger(domainId) || domainId <= 0) throw invalid(MK.listingNotFound);
    let id: number;
    try {
      const rows = await this.ds.query(
        `INSERT INTO market.listings (seller_id, domain_id, domain, tld, length, price, min_offer, description, ends_at, status)
         VALUES ($1, $2, '', '', 0, $3, $4, $5, $6, 'pending') RETURNING id`,
        [req.userId, domainId, Number(req.price), req.minOffer == null || (req.minOffer as unknown) === '' ? null : Number(req.minOffer), String(req.description ?? '').trim(), new Date(req.endsAt)],
      );
      id = Number(rows[0].id);
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw conflict(MK.alreadyListed);
      throw e;
    }
    const held = await this.domains.hold(req.userId, domainId, id).catch((e) => {
      this.logger.warn(`listing ${id}: hold failed: ${(e as Error).message}`);
      return null;
    });
    if (!held?.held || !held.domain) {
      await this.ds.query(`UPDATE market.listings SET status = 'cancelled', ended_at = now(), released_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending'`, [id]);
      if (!held) throw new MarketException(MarketErrorCode.Internal, 'domain-ops did not answer');
      throw invalid(held.reason ?? MK.listingNotFound);
    }
    const d = held.domain;
    const rows = updated(await this.ds.query(
      `UPDATE market.listings SET status = 'active', domain = $2, tld = $3, length = $4, registered_at = $5, expires_at = $6, updated_at = now()
       WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id, d.name, d.tld, sldLength(d.name, d.tld), d.registered_at, d.expires_at],
    ));
    const r = rows[0] ?? (await this.ds.query('SELECT * FROM market.listings WHERE id = $1', [id]))[0];
    await this.mail.send({ template: 'market.listed', params: { domain: d.name, price: Number(r.price), endsAt: formatDateJst(new Date(r.ends_at)), link: `${appUrl()}/market/${id}` }, userId: req.userId, key: `market:listing:${id}:listed` });
    await this.notices.add(req.userId, `market:listing:${id}:listed`, `${d.name} を出品しました（${Number(r.price).toLocaleString('ja-JP')}円）`, `/market/${id}`);
    return toListing(r, { viewerId: req.userId });
  }

  /** The seller takes a listing back; refused while a trade runs (the buyer's payment wins over a cancel). */
  async cancel(userId: number, id: number): Promise<MarketListingDto> {
    const r = await this.ds.transaction(async (m) => {
      const rows = await m.query('SELECT * FROM market.listings WHERE id = $1 FOR UPDATE', [id]);
      const l = rows[0];
      if (!l || Number(l.seller_id) !== userId) throw notFound(MK.listingNotFound);
      if (l.status === 'trading') throw conflict(MK.cannotCancelTrading);
      if (l.status !== 'active' && l.status !== 'pending') throw conflict(MK.listingNotActive);
      await m.query(`UPDATE market.offers SET status = 'declined', ended_at = now() WHERE listing_id = $1 AND status = 'pending'`, [id]);
      return updated(await m.query(`UPDATE market.listings SET status = 'cancelled', ended_at = now(), updated_at = now() WHERE id = $1 RETURNING *`, [id]))[0]!;
    });
    await this.release(r);
    return toListing(r, { viewerId: userId });
  }

  /** Gives the domain's hold back to domain-ops for an ended listing (the sweep retries what failed here). */
  async release(l: Record<string, any>): Promise<void> {
    try {
      await this.domains.release(Number(l.domain_id), Number(l.id));
      await this.ds.query('UPDATE market.listings SET released_at = now() WHERE id = $1', [l.id]);
    } catch (e) {
      this.logger.warn(`listing ${l.id}: release failed (the sweep retries): ${(e as Error).message}`);
    }
  }

  /**
   * The sweep's listing work: pending listings older than a minute are held again or cancelled (a process killed
   * between the row and the hold); active listings past their end date expire; ended listings give their hold back.
   */
  async settle(): Promise<{ expired: number; released: number; confirmed: number }> {
    const now = this.clock.now();
    let confirmed = 0;
    for (const l of await this.ds.query(`SELECT * FROM market.listings WHERE status = 'pending' AND created_at < $1 ORDER BY id LIMIT 200`, [new Date(now.getTime() - 60_000)])) {
      const held = await this.domains.hold(Number(l.seller_id), Number(l.domain_id), Number(l.id)).catch(() => null);
      if (held?.held && held.domain) {
        const d = held.domain;
        await this.ds.query(`UPDATE market.listings SET status = 'active', domain = $2, tld = $3, length = $4, registered_at = $5, expires_at = $6, updated_at = now() WHERE id = $1 AND status = 'pending'`, [l.id, d.name, d.tld, sldLength(d.name, d.tld), d.registered_at, d.expires_at]);
        confirmed++;
      } else if (held) await this.ds.query(`UPDATE market.listings SET status = 'cancelled', ended_at = now(), released_at = now() WHERE id = $1 AND status = 'pending'`, [l.id]);
    }
    const expired = updated(await this.ds.query(
      `UPDATE market.listings SET status = 'expired', ended_at = $1, updated_at = now() WHERE id IN (SELECT id FROM market.listings WHERE status = 'active' AND ends_at <= $1 ORDER BY id LIMIT 1000 FOR UPDATE SKIP LOCKED) RETURNING id`,
      [now],
    ));
    if (expired.length) await this.ds.query(`UPDATE market.offers SET status = 'declined', ended_at = now() WHERE status = 'pending' AND listing_id = ANY($1::bigint[])`, [expired.map((r) => r.id)]);
    let released = 0;
    for (const l of await this.ds.query(`SELECT * FROM market.listings WHERE status IN ('sold', 'cancelled', 'expired') AND released_at IS NULL ORDER BY id LIMIT 500`)) {
      await this.release(l);
      released++;
    }
    return { expired: expired.length, released, confirmed };
  }

  /** Every public listing's id and last change (sitemap.xml lists their pages; 45,000 keeps one sitemap under its 50,000 limit). */
  async sitemap(): Promise<Array<{ id: number; updated_at: string }>> {
    const rows = await this.ds.query(`SELECT id, updated_at FROM market.listings WHERE status = 'active' AND NOT hidden ORDER BY id DESC LIMIT 45000`);
    return rows.map((r: { id: string; updated_at: Date }) => ({ id: Number(r.id), updated_at: new Date(r.updated_at).toISOString() }));
  }
}
