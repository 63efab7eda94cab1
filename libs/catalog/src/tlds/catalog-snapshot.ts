/**
 * The catalogue as read from the database, and the pure functions that turn it into what the pages show:
 * current prices (the latest effective month not after the current Tokyo month), the price table, the deadline
 * table, TLD details. No I/O here, so every rule is unit-tested.
 */
import { CategoryDto, DeadlineRowDto, TldDetailDto, TldPriceDto, TldSummaryDto } from '@registrar/contracts';
import { FREE_TRANSFER_TLDS } from '../catalog.constants';
import type { TldImportRow, TldPriceImportRow } from '../import/import-rows';
import { defaultTldContent } from './tld-content';

export interface TldRecord extends TldImportRow {
  id: number;
}
export interface PriceRecord extends Omit<TldPriceImportRow, 'tld_name'> {
  tld_id: number;
}
export interface ContentRecord {
  tld_id: number;
  faq: { question: string; answer: string }[];
  points: string[];
}

export interface CatalogSnapshot {
  tlds: TldRecord[];
  prices: PriceRecord[];
  categories: CategoryDto[];
  links: { category_id: number; tld_id: number }[];
  contents: ContentRecord[];
}

const key = (tldId: number, idn: boolean) => `${tldId}|${idn ? 1 : 0}`;

/** For each (TLD, normal/IDN) the price row of the latest effective month that is not after `month` (YYYY-MM). */
export function selectCurrentPrices(prices: readonly PriceRecord[], month: string): Map<string, PriceRecord> {
  const out = new Map<string, PriceRecord>();
  for (const p of prices) {
    if (p.effective_month > month) continue;
    const k = key(p.tld_id, p.is_idn_price);
    const cur = out.get(k);
    if (!cur || cur.effective_month < p.effective_month) out.set(k, p);
  }
  return out;
}

export function toTldPriceDto(t: TldRecord, p: PriceRecord): TldPriceDto {
  return {
    name: t.tld_name,
    tld_name: t.tld_name,
    tld_name_punycode: t.tld_name_punycode,
    punycode: t.tld_name_punycode,
    tld_id: t.id,
    ordinal: t.ordinal,
    register: p.register,
    // the price this visitor pays; per-user custom prices (price groups) arrive with their own issue
    register_user: p.register,
    register_normal: p.register_normal ?? p.register,
    is_register_campaign: p.is_register_campaign,
    is_register_special: p.is_register_special,
    renew: p.renew,
    is_renew_campaign: p.is_renew_campaign,
    is_renew_special: p.is_renew_special,
    transfer: t.can_transfer ? p.transfer : null,
    is_transfer_campaign: p.is_transfer_campaign,
    is_transfer_special: p.is_transfer_special,
    can_transfer: t.can_transfer,
    can_proxy: t.can_proxy,
    is_idn: t.is_idn,
    is_idn_price: p.is_idn_price,
    requirements: t.requirements,
    minimum_years: t.minimum_years,
    registration_unit: t.registration_unit,
    free_transfer: t.can_transfer && FREE_TRANSFER_TLDS.has(t.tld_name),
    // the top page shows one tile per TLD: the IDN price row is not a tile of its own
    top_ordinal_flg: p.is_idn_price ? null : t.top_ordinal_flg,
  };
}

/** TLD ids in a category, or null for "all categories". An unknown category has no TLDs. */
function tldFilter(s: CatalogSnapshot, categoryId: number | null | undefined): Set<number> | null {
  if (!categoryId) return null;
  return new Set(s.links.filter((l) => l.category_id === categoryId).map((l) => l.tld_id));
}

/** Rows in ordinal order, the IDN price row right after its TLD's normal row. TLDs with no effective price are left out. */
function priced(s: CatalogSnapshot, month: string, categoryId: number | null | undefined): { t: TldRecord; p: PriceRecord }[] {
  const current = selectCurrentPrices(s.prices, month);
  const only = tldFilter(s, categoryId);
  const out: { t: TldRecord; p: PriceRecord }[] = [];
  const tlds = [...s.tlds].sort((a, b) => a.ordinal - b.ordinal || a.id - b.id);
  for (const t of tlds) {
    if (only && !only.has(t.id)) continue;
    for (const idn of [false, true]) {
      const p = current.get(key(t.id, idn));
      if (p) out.push({ t, p });
    }
  }
  return out;
}

export function priceList(s: CatalogSnapshot, month: string, categoryId?: number | null): TldPriceDto[] {
  return priced(s, month, categoryId).map(({ t, p }) => toTldPriceDto(t, p));
}

/** The top page's tiles: TLDs with a top_ordinal_flg, ascending (002 spec §2 "Top page"). */
export function topTiles(s: CatalogSnapshot, month: string): TldPriceDto[] {
  return priceList(s, month).filter((r) => r.top_ordinal_flg !== null).sort((a, b) => a.top_ordinal_flg! - b.top_ordinal_flg!);
}

export function deadlineList(s: CatalogSnapshot, month: string, categoryId?: number | null): DeadlineRowDto[] {
  return priced(s, month, categoryId).map(({ t, p }) => ({
    tld_id: t.id,
    tld_name: t.tld_name,
    is_idn_price: p.is_idn_price,
    renewal_deadline: t.renewal_deadline,
    grace_period: t.grace_period,
    restore_period: t.restore_period,
    restore: t.restore_period > 0 ? p.restore : 0,
    ordinal: t.ordinal,
  }));
}

export function summaries(s: CatalogSnapshot, month: string): TldSummaryDto[] {
  const current = selectCurrentPrices(s.prices, month);
  const withRestore = (t: TldRecord, p: PriceRecord | undefined) => (p ? { ...toTldPriceDto(t, p), restore: t.restore_period > 0 ? p.restore : 0 } : null);
  return [...s.tlds].sort((a, b) => a.ordinal - b.ordinal).map((t) => ({
    tld_id: t.id,
    tld_name: t.tld_name,
    tld_name_punycode: t.tld_name_punycode,
    is_cctld: t.is_cctld,
    is_idn: t.is_idn,
    can_proxy: t.can_proxy,
    can_lock: t.can_lock,
    can_transfer: t.can_transfer,
    minimum_years: t.minimum_years,
    registration_unit: t.registration_unit,
    renewal_deadline: t.renewal_deadline,
    grace_period: t.grace_period,
    restore_period: t.restore_period,
    price: withRestore(t, current.get(key(t.id, false))),
    idn_price: withRestore(t, current.get(key(t.id, true))),
  }));
}

/** Finds a TLD by its Unicode or ASCII name (a leading dot and letter case are ignored). */
export function findTld(s: CatalogSnapshot, name: string): TldRecord | undefined {
  const n = name.trim().replace(/^\./, '').toLowerCase();
  return s.tlds.find((t) => t.tld_name === n || t.tld_name_punycode === n);
}

const RECOMMENDED_COUNT = 6;
/** Broad categories that say little about what a TLD is for (new gTLD, ccTLD, generic) do not drive recommendations. */
const BROAD_CATEGORIES = new Set(['新gTLD', 'ccTLD（国別）', '汎用gTLD', '人気']);

export function tldDetail(s: CatalogSnapshot, month: string, name: string): { detail: TldDetailDto; idnPrice: TldPriceDto | null } | null {
  const t = findTld(s, name);
  if (!t) return null;
  const current = selectCurrentPrices(s.prices, month);
  const p = current.get(key(t.id, false));
  if (!p) return null;
  const idn = current.get(key(t.id, true));
  const price = toTldPriceDto(t, p);
  const catIds = new Set(s.links.filter((l) => l.tld_id === t.id).map((l) => l.category_id));
  const categories = s.categories.filter((c) => catIds.has(c.id)).sort((a, b) => a.ordinal - b.ordinal);
  const related = new Set(s.links.filter((l) => catIds.has(l.category_id) && !BROAD_CATEGORIES.has(s.categories.find((c) => c.id === l.category_id)?.name ?? '')).map((l) => l.tld_id));
  const rank = (x: TldRecord) => [x.top_ordinal_flg ?? Number.MAX_SAFE_INTEGER, x.ordinal];
  const byRank = (a: TldRecord, b: TldRecord) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1];
  const candidates = [
    ...s.tlds.filter((x) => x.id !== t.id && related.has(x.id)).sort(byRank).slice(0, RECOMMENDED_COUNT / 2),
    ...s.tlds.filter((x) => x.id !== t.id && x.top_ordinal_flg !== null).sort(byRank),
  ];
  const recommended: TldPriceDto[] = [];
  const seen = new Set<number>();
  for (const x of candidates) {
    if (recommended.length >= RECOMMENDED_COUNT || seen.has(x.id)) continue;
    const xp = current.get(key(x.id, false));
    if (!xp) continue;
    seen.add(x.id);
    recommended.push(toTldPriceDto(x, xp));
  }
  const stored = s.contents.find((c) => c.tld_id === t.id);
  const derived = defaultTldContent(t, price, idn ? toTldPriceDto(t, idn) : null);
  return {
    detail: {
      tld: {
        tld_id: t.id,
        tld_name: t.tld_name,
        tld_name_punycode: t.tld_name_punycode,
        meaning: t.meaning,
        description: t.description,
        requirements: t.requirements,
        is_cctld: t.is_cctld,
        is_idn: t.is_idn,
        can_proxy: t.can_proxy,
        can_lock: t.can_lock,
        can_transfer: t.can_transfer,
        minimum_years: t.minimum_years,
        registration_unit: t.registration_unit,
        renewal_deadline: t.renewal_deadline,
        grace_period: t.grace_period,
        restore_period: t.restore_period,
      },
      price,
      faq: stored?.faq.length ? stored.faq : derived.faq,
      points: stored?.points.length ? stored.points : derived.points,
      recommended,
      categories,
    },
    idnPrice: idn ? toTldPriceDto(t, idn) : null,
  };
}
