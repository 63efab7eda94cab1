import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainBannerCounts, DomainCsvChunkResult, DomainIdsResult, DomainOpsErrorCode, DomainReadyResult, DomainRowDto, DomainSearchConditionData,
  DomainSearchResult,
} from '@registrar/contracts';
import { csvSafeField } from '@registrar/csv';
import { CLOCK, Clock } from '@registrar/infra';
import { M } from '@registrar/messages';
import { BULK_LIMIT, customerRank, DOMAIN_BANNER_LIST_KEYS, DOMAIN_STATUS_LABELS, domainBannerFilter, type DomainBannerListKey, type DomainSearchCondition, EXPIRING_DAYS, EXPIRING_SOON_DAYS, formatDateJst, influxSeries, tokyoMonthKey, validateDomainSearch } from '@registrar/rules';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { DomainListRepository, StoredDomainRow } from './domain-list.repository';
import { tokyoDayStart } from './domain-query';
import { insertPortfolio, portfolio } from './portfolio-seed';

const POLICY_TTL_MS = 60 * 60_000;
const bit = (b: boolean): 0 | 1 => (b ? 1 : 0);

/** Which of the five states a due date is in on `today` (the start of the Tokyo day). */
export function domainStatusOf(due: Date | null, today: Date, grace: number, restore: number): DomainRowDto['domain_status'] {
  if (!due || due >= today) return due && due.getTime() < tokyoDayStart(today, EXPIRING_DAYS + 1).getTime() ? 2 : 1;
  const days = (today.getTime() - due.getTime()) / 86_400_000;
  if (days <= grace) return 3;
  if (days <= grace + restore) return 4;
  return 5;
}

/**
 * The domain search service (001 spec "Search data"): every filter, sort and page runs in PostgreSQL on indexed
 * queries; the web list, the select-all-pages toggle, the CSV export, the admin list and the public API all use it.
 */
@Injectable()
export class DomainListService {
  private readonly logger = new Logger(DomainListService.name);
  private policiesCheckedAt = 0;
  private policySync: Promise<void> | null = null;

  constructor(
    private readonly repo: DomainListRepository,
    private readonly catalog: CatalogPort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** POST mypage/domain/search: a page of rows, or the spec's errors. A page past the last is clamped to the last. */
  async search(userId: number | null, raw: Record<string, unknown>): Promise<DomainSearchResult> {
    const v = validateDomainSearch(raw);
    if (!v.ok) return { validDomains: null, errors: v.errors, expiredCount: 0 };
    await this.ensurePolicies();
    const c = v.condition;
    const now = this.clock.now();
    const since = influxSince(now);
    const wanted = c.validDomainPage;
    // the requested page's rows and the list version in parallel (one round trip each); the counts are then
    // usually answered from memory under that version. A page past the last is read again as the last page.
    const [version, firstRows] = await Promise.all([
      userId === null ? Promise.resolve(undefined) : this.repo.listVersion(userId),
      this.repo.pageRows(c, userId, now, c.pagingNum, (wanted - 1) * c.pagingNum, since),
    ]);
    const [total, expiredCount] = await Promise.all([
      this.repo.count(c, userId, now, version),
      userId === null ? Promise.resolve(0) : this.repo.count({ ...c, domainType: 2, isStatus: undefined, domainPkIds: undefined, validDomainPage: 1 }, userId, now, version),
    ]);
    const lastPage = Math.max(1, Math.ceil(total / c.pagingNum));
    const page = Math.min(wanted, lastPage);
    const stored = !total ? [] : page === wanted ? firstRows : await this.repo.pageRows(c, userId, now, c.pagingNum, (page - 1) * c.pagingNum, since);
    const today = tokyoDayStart(now);
    const thisMonth = tokyoMonthKey(now);
    const rows = stored.map((r) => toRow(r, today, now, thisMonth));
    return { validDomains: { data: rows, current_page: page, last_page: lastPage, per_page: c.pagingNum, total }, errors: [], expiredCount };
  }

  /** Select-all-pages: the ids of every match (at most `limit`, default 1000) without loading rows. */
  async ids(userId: number, raw: Record<string, unknown>, limit = BULK_LIMIT): Promise<DomainIdsResult> {
    const v = validateDomainSearch(raw);
    if (!v.ok) return { ids: [], total: 0, errors: v.errors };
    await this.ensurePolicies();
    const now = this.clock.now();
    const cap = Math.max(1, Math.min(Number(limit) || BULK_LIMIT, BULK_LIMIT));
    const version = await this.repo.listVersion(userId);
    const [total, ids] = await Promise.all([this.repo.count(v.condition, userId, now, version), this.repo.ids(v.condition, userId, now, cap)]);
    return { ids, total, errors: [] };
  }

  /** POST mypage/domain/ready: fresh rows of some ids (only the member's), or of every match of a condition. */
  async ready(userId: number, req: { domainPkIds?: unknown; allPageFlg?: unknown; condition?: Record<string, unknown> }): Promise<DomainReadyResult> {
    let ids: number[];
    if (req.allPageFlg === true || req.allPageFlg === 1 || req.allPageFlg === '1' || req.allPageFlg === 'true') {
      const r = await this.ids(userId, { ...(req.condition ?? {}), domainPkIds: undefined });
      if (r.errors.length) return { data: { domains: [] }, notFound: [], errors: r.errors };
      if (r.total > BULK_LIMIT) return { data: { domains: [] }, notFound: [], errors: [M.bulkLimit1000] };
      ids = r.ids;
    } else {
      const list = Array.isArray(req.domainPkIds) ? req.domainPkIds : req.domainPkIds == null ? [] : [req.domainPkIds];
      if (list.length > BULK_LIMIT) throw new DomainOpsException(DomainOpsErrorCode.Invalid, M.bulkLimit1000);
      ids = [...new Set(list.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))];
      if (list.length && ids.length !== new Set(list.map(String)).size) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'domainPkIds must be positive integers');
    }
    await this.ensurePolicies();
    const rows = await this.load(ids, userId, this.clock.now());
    const found = new Set(rows.map((r) => r.id));
    return { data: { domains: rows }, notFound: ids.filter((id) => !found.has(id)), errors: [] };
  }

  /** One keyset chunk of CSV lines (the gateway streams chunks to the browser). */
  async csvChunk(userId: number | null, raw: Record<string, unknown>, after: string | null, limit: number, withMemberId = userId === null): Promise<DomainCsvChunkResult> {
    const v = validateDomainSearch({ ...raw, validDomainPage: undefined });
    if (!v.ok) return { lines: '', count: 0, next: null, errors: v.errors };
    await this.ensurePolicies();
    const afterId = after && /^\d{1,18}$/.test(after) ? Number(after) : 0;
    const size = Math.max(1, Math.min(Number(limit) || 5000, 10_000));
    const now = this.clock.now();
    const today = tokyoDayStart(now);
    const rows = await this.repo.chunk(v.condition, userId, now, afterId, size);
    let lines = '';
    for (const r of rows) {
      const status = domainStatusOf(r.due_date ? new Date(r.due_date) : null, today, Number(r.grace_period), Number(r.restore_period));
      const ns = r.name_servers ?? [];
      lines += [
        ...(withMemberId ? [r.user_id] : []),
        r.name, r.punycode, formatDateJst(r.created_at), r.due_date ? formatDateJst(r.due_date) : '', DOMAIN_STATUS_LABELS[String(status)] ?? '期限切れ',
        r.is_auto_update_enabled ? 'ON' : 'OFF', r.is_whois_proxy_enabled ? 'ON' : 'OFF', r.is_domain_lock_enabled ? 'ON' : 'OFF', r.is_trash ? '1' : '0',
        ns[0] ?? '', ns[1] ?? '', r.influx, r.memo ?? '',
      ].map(csvSafeField).join(',') + '\r\n';
    }
    const next = rows.length === size ? String(rows[rows.length - 1]!.id) : null;
    return { lines, count: rows.length, next, errors: [] };
  }

  /** The demo portfolio of the local runtime (every state of the list) plus a few history rows. */
  async seedDemo(userId: number, count: number, onlyIfEmpty: boolean): Promise<{ inserted: number }> {
    if (onlyIfEmpty && (await this.repo.countAll(userId)) > 0) return { inserted: 0 };
    const now = this.clock.now();
    const tag = `d${userId}${now.getTime().toString(36).slice(-5)}`;
    const domains = portfolio(count, tag, now, userId);
    const ids = await insertPortfolio((sql, params) => this.repo.query(sql, params), userId, domains, { now });
    await this.repo.seedDemoLogs(userId, ids.slice(0, 12).map((id, i) => ({ id, name: domains[i]!.name })));
    return { inserted: ids.length };
  }

  async count(userId: number): Promise<{ count: number }> {
    // the sidebar asks on every page: counted once per list version (read first, see DomainListRepository.listVersion)
    return { count: await this.repo.countManaged(userId, await this.repo.listVersion(userId)) };
  }

  async banner(userId: number, email: string | null = null): Promise<DomainBannerCounts> {
    await this.ensurePolicies();
    const now = this.clock.now();
    const today = tokyoDayStart(now);
    const in15 = tokyoDayStart(now, EXPIRING_SOON_DAYS + 1);
    const in31 = tokyoDayStart(now, EXPIRING_DAYS + 1);
    const todayYmd = new Date(today.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
    const [c, listed, deadlines, anyAuto, moves, transfers] = await Promise.all([
      this.repo.bannerCounts(userId, today, in15, in31),
      this.repo.bannerListCounts(userId, now, DOMAIN_BANNER_LIST_KEYS.map((key) => ({ key, condition: bannerCondition(key, todayYmd) }))), this.repo.renewalDeadlines(userId, today, in31), this.repo.anyAutoUpdate(userId), this.repo.moveCounts(userId, email),
      this.repo.query(
        `SELECT (SELECT count(*)::int FROM domain_ops.transfer_ins WHERE user_id = $1 AND status IN ('requesting', 'pending')) AS ins,
                (SELECT count(*)::int FROM domain_ops.transfer_outs WHERE user_id = $1 AND status = 'pending') AS outs`, [userId],
      ) as Promise<Array<{ ins: number; outs: number }>>,
    ]);
    return {
      // the counts that link to the list are the list's own hit counts of the filter each links to (one rule)
      total: c.total!, noAutoUpdate: listed.noAutoUpdate!, expiringSoon: listed.expiringSoon!, expiringNoAutoUpdate: listed.expiringNoAutoUpdate!,
      renewGrace: listed.renewGrace!, restoreGrace: listed.restoreGrace!,
      localTransferOut: moves.out, localTransferIn: moves.in, transferIn: c.pending! + Number(transfers[0]?.ins ?? 0), transferOut: Number(transfers[0]?.outs ?? 0),
      provisionalCoJp: c.provisional!, orgJpRegistrant: listed.orgJpRegistrant!, whoisProcessing: listed.whoisProcessing!, trashed: listed.trashed!,
      autoUpdateOn: anyAuto, renewalDeadlines: deadlines, customerRank: customerRank(c.total!),
    };
  }

  async conditionData(userId: number | null): Promise<DomainSearchConditionData> {
    const d = await this.repo.conditionData(userId);
    return { contacts: d.contacts.map((c) => ({ id: Number(c.id), label: c.label, domain_num: Number(c.domain_num) })), nameServers: d.nameServers };
  }

  /** Rows of these ids in the given order (ids of another member are dropped by the query). */
  async load(ids: number[], userId: number | null, now: Date): Promise<DomainRowDto[]> {
    const thisMonth = tokyoMonthKey(now);
    const stored = await this.repo.rows(ids, userId, influxSince(now));
    const byId = new Map(stored.map((r) => [Number(r.id), r]));
    const today = tokyoDayStart(now);
    return ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toRow(r, today, now, thisMonth)] : [];
    });
  }

  /** Keeps domain_ops.tld_policies in step with the catalogue (waits only the first time; later refreshes run behind). */
  async ensurePolicies(): Promise<void> {
    if (Date.now() - this.policiesCheckedAt < POLICY_TTL_MS) return;
    if (!this.policySync) {
      this.policySync = (async () => {
        const at = await this.repo.policiesSyncedAt();
        if (at && Date.now() - at.getTime() < POLICY_TTL_MS) return;
        const tlds = await this.catalog.allTlds();
        const rows = new Map<string, { tld: string; grace: number; restore: number; canLock: boolean; canProxy: boolean; deadline: string }>();
        for (const t of tlds) {
          const row = { grace: Number(t.grace_period) || 0, restore: Number(t.restore_period) || 0, canLock: !!t.can_lock, canProxy: !!t.can_proxy, deadline: t.renewal_deadline ?? '' };
          rows.set(t.tld_name, { tld: t.tld_name, ...row });
          if (t.tld_name_punycode) rows.set(t.tld_name_punycode, { tld: t.tld_name_punycode, ...row });
        }
        await this.repo.savePolicies([...rows.values()]);
      })()
        .then(() => { this.policiesCheckedAt = Date.now(); })
        .catch((e) => { this.logger.warn(`TLD policies not synced: ${(e as Error).message}`); })
        .finally(() => { this.policySync = null; });
    }
    const first = (await this.repo.policiesSyncedAt()) === null;
    if (first) await this.policySync;
  }
}

/** The first day (YYYY-MM-01) of the 12 months of inflow a row shows. */
export function influxSince(now: Date): string {
  const [y, m] = tokyoMonthKey(now).split('-').map(Number);
  const first = new Date(Date.UTC(y!, m! - 12, 1));
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export function toRow(r: StoredDomainRow, today: Date, now: Date, thisMonth: string): DomainRowDto {
  const due = r.due_date ? new Date(r.due_date) : null;
  const grace = Number(r.grace_period);
  const restore = Number(r.restore_period);
  const status = domainStatusOf(due, today, grace, restore);
  const series = influxSeries(r.histories ?? [], thisMonth);
  const [y, m] = thisMonth.split('-').map(Number);
  return {
    id: Number(r.id), user_id: Number(r.user_id), domain_id: r.registry_domain_id, name: r.name, idn: r.idn, punycode: r.punycode, tld: r.tld, status: r.status,
    obtain_date: new Date(r.created_at).toISOString(), due_date: due ? due.toISOString() : null, domain_status: status,
    is_expired: !!due && due < today, is_due_today: !!due && formatDateJst(due) === formatDateJst(now),
    is_auto_update_enabled_flg: bit(r.is_auto_update_enabled), is_whois_proxy_enabled_flg: bit(r.is_whois_proxy_enabled),
    is_whois_processing_flg: (Number(r.whois_processing_flg) || 0) as 0 | 1 | 2, is_domain_lock_enabled_flg: bit(r.is_domain_lock_enabled),
    domain_lock_state: lockStateOf(r.lock_state), domain_lock_error: r.lock_error ?? null,
    admin_lock_status: Number(r.admin_lock_status) || 0, is_trash_flg: bit(r.is_trash), is_market_listed_flg: r.market_listing_id == null ? 0 : 1, user_memo: r.memo, influx: Number(r.influx) || 0,
    influx_histories: series.map((influx, i) => {
      const d = new Date(Date.UTC(y!, m! - 12 + i, 1));
      return { date: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`, influx };
    }),
    name_servers: r.name_servers ?? [],
    tld_policy: { can_lock: r.can_lock !== false, can_proxy: r.can_proxy !== false, grace_period: grace, restore_period: restore },
    authcode_obtained: !!r.authcode_obtained_at,
    domain_move_requests: (r.move_requests ?? []).map((m) => ({ to_email: m.to_email, request_date: new Date(m.request_date).toISOString() })),
  };
}


/** A banner item's list filter as the list validates it (the same function the list's URL goes through). */
function bannerCondition(key: DomainBannerListKey, today: string): DomainSearchCondition {
  const v = validateDomainSearch(domainBannerFilter(key, today));
  if (!v.ok) throw new Error(`banner filter ${key} is not a valid list condition: ${v.errors.join(', ')}`);
  return v.condition;
}

/** lock_state of a domain row as the list's number (0 none, 1 applying, 2 failed). */
export function lockStateOf(state: string | null | undefined): 0 | 1 | 2 {
  return state === 'applying' ? 1 : state === 'failed' ? 2 : 0;
}
