/**
 * Validation of the three master-data sets, row by row. Pure: no I/O. Every problem is reported with its row
 * ("N行目", counting the header as row 1) and column, and an import with any problem writes nothing.
 */
import { toASCII } from 'punycode/';
import { parseCsvRecords } from '@registrar/csv';
import { TLD_CATEGORY_COLUMNS, TLD_COLUMNS, TLD_PRICE_COLUMNS } from './master-data.columns';

export interface TldImportRow {
  tld_name: string;
  tld_name_punycode: string;
  meaning: string;
  description: string;
  requirements: string | null;
  is_cctld: boolean;
  is_idn: boolean;
  can_proxy: boolean;
  can_lock: boolean;
  can_transfer: boolean;
  minimum_years: number;
  registration_unit: number;
  renewal_deadline: string;
  grace_period: number;
  restore_period: number;
  ordinal: number;
  top_ordinal_flg: number | null;
}

export interface TldPriceImportRow {
  tld_name: string;
  effective_month: string;
  is_idn_price: boolean;
  register: number | null;
  renew: number | null;
  transfer: number | null;
  restore: number;
  register_normal: number | null;
  renew_normal: number | null;
  transfer_normal: number | null;
  is_register_campaign: boolean;
  is_register_special: boolean;
  is_renew_campaign: boolean;
  is_renew_special: boolean;
  is_transfer_campaign: boolean;
  is_transfer_special: boolean;
}

export interface TldCategoryImportRow {
  category_id: number;
  category_name: string;
  category_ordinal: number;
  tld_name: string;
}

export type Parsed<T> = { ok: true; rows: T[] } | { ok: false; errors: string[] };

/** Largest price accepted (yen): well above any real TLD, low enough to catch a misplaced digit run. */
export const MAX_PRICE_YEN = 10_000_000;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

class RowReader {
  readonly errors: string[] = [];
  constructor(private readonly line: number, private readonly v: Record<string, string>) {}

  private fail(col: string, msg: string): void {
    this.errors.push(`${this.line}行目 ${col}: ${msg}`);
  }

  text(col: string, required = true): string | null {
    const s = this.v[col] ?? '';
    if (!s) {
      if (required) this.fail(col, '必須項目です');
      return null;
    }
    return s;
  }

  flag(col: string): boolean {
    const s = this.v[col] ?? '';
    if (s === '1') return true;
    if (s === '0' || s === '') return false;
    this.fail(col, `0または1で入力してください（${s}）`);
    return false;
  }

  int(col: string, o: { min?: number; max?: number; optional?: boolean } = {}): number | null {
    const s = this.v[col] ?? '';
    if (s === '') {
      if (!o.optional) this.fail(col, '必須項目です');
      return null;
    }
    if (!/^-?\d+$/.test(s)) {
      this.fail(col, `整数で入力してください（${s}）`);
      return null;
    }
    const n = Number(s);
    if (o.min !== undefined && n < o.min) { this.fail(col, `${o.min}以上で入力してください（${s}）`); return null; }
    if (o.max !== undefined && n > o.max) { this.fail(col, `${o.max}以下で入力してください（${s}）`); return null; }
    return n;
  }

  error(col: string, msg: string): void {
    this.fail(col, msg);
  }
}

/** tld_name in Unicode (lower case) -> its ASCII form, or null when it is not a valid TLD name. */
export function tldPunycode(name: string): string | null {
  if (!name || name !== name.toLowerCase() || name.startsWith('.') || name.endsWith('.')) return null;
  let ascii: string;
  try {
    ascii = toASCII(name);
  } catch {
    return null;
  }
  return ascii.split('.').every((l) => LABEL_RE.test(l)) ? ascii : null;
}

function collect<T>(rows: T[], errors: string[]): Parsed<T> {
  return errors.length ? { ok: false, errors } : { ok: true, rows };
}

function records(text: string, columns: readonly string[]): { line: number; values: Record<string, string> }[] | string {
  try {
    return parseCsvRecords(text, columns).records;
  } catch (e) {
    return (e as Error).message;
  }
}

export function parseTldCsv(text: string): Parsed<TldImportRow> {
  const recs = records(text, TLD_COLUMNS);
  if (typeof recs === 'string') return { ok: false, errors: [recs] };
  if (!recs.length) return { ok: false, errors: ['データ行がありません'] };
  const rows: TldImportRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of recs) {
    const r = new RowReader(line, values);
    const name = r.text('tld_name') ?? '';
    const ascii = name ? tldPunycode(name) : null;
    if (name && !ascii) r.error('tld_name', `TLD名が正しくありません（${name}）`);
    if (name && seen.has(name)) r.error('tld_name', `${seen.get(name)}行目と重複しています（${name}）`);
    seen.set(name, line);
    const minimum = r.int('minimum_years', { min: 1, max: 10 });
    const unit = r.int('registration_unit', { min: 1, max: 10 });
    if (minimum !== null && unit !== null && minimum % unit !== 0) r.error('minimum_years', `登録単位（${unit}年）の倍数で入力してください（${minimum}）`);
    const row: TldImportRow = {
      tld_name: name,
      tld_name_punycode: ascii ?? '',
      meaning: r.text('meaning') ?? '',
      description: r.text('description') ?? '',
      requirements: r.text('requirements', false),
      is_cctld: r.flag('is_cctld'),
      is_idn: r.flag('is_idn'),
      can_proxy: r.flag('can_proxy'),
      can_lock: r.flag('can_lock'),
      can_transfer: r.flag('can_transfer'),
      minimum_years: minimum ?? 1,
      registration_unit: unit ?? 1,
      renewal_deadline: r.text('renewal_deadline') ?? '',
      grace_period: r.int('grace_period', { min: 0, max: 365 }) ?? 0,
      restore_period: r.int('restore_period', { min: 0, max: 365 }) ?? 0,
      ordinal: r.int('ordinal', { min: 0, max: 1_000_000 }) ?? 0,
      top_ordinal_flg: r.int('top_ordinal_flg', { min: 1, max: 1_000_000, optional: true }),
    };
    errors.push(...r.errors);
    rows.push(row);
  }
  return collect(rows, errors);
}

const OPS = ['register', 'renew', 'transfer'] as const;

/** `knownTlds`: the TLD names that exist (in the database, or in the TLD set imported in the same run). */
export function parseTldPriceCsv(text: string, knownTlds: ReadonlySet<string>): Parsed<TldPriceImportRow> {
  const recs = records(text, TLD_PRICE_COLUMNS);
  if (typeof recs === 'string') return { ok: false, errors: [recs] };
  if (!recs.length) return { ok: false, errors: ['データ行がありません'] };
  const rows: TldPriceImportRow[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of recs) {
    const r = new RowReader(line, values);
    const name = r.text('tld_name') ?? '';
    if (name && !knownTlds.has(name)) r.error('tld_name', `登録されていないTLDです（${name}）。先にTLDをインポートしてください`);
    const month = r.text('effective_month') ?? '';
    if (month && !MONTH_RE.test(month)) r.error('effective_month', `YYYY-MM形式で入力してください（${month}）`);
    const isIdn = r.flag('is_idn_price');
    const key = `${name}|${month}|${isIdn}`;
    if (name && month && seen.has(key)) r.error('tld_name', `${seen.get(key)}行目と重複しています（${name} ${month}${isIdn ? ' 日本語' : ''}）`);
    seen.set(key, line);
    const price = (col: string, optional: boolean) => r.int(col, { min: 0, max: MAX_PRICE_YEN, optional });
    const row: TldPriceImportRow = {
      tld_name: name,
      effective_month: month,
      is_idn_price: isIdn,
      register: price('register', false),
      renew: price('renew', false),
      transfer: price('transfer', true),
      restore: price('restore', true) ?? 0,
      register_normal: price('register_normal', true),
      renew_normal: price('renew_normal', true),
      transfer_normal: price('transfer_normal', true),
      is_register_campaign: r.flag('is_register_campaign'),
      is_register_special: r.flag('is_register_special'),
      is_renew_campaign: r.flag('is_renew_campaign'),
      is_renew_special: r.flag('is_renew_special'),
      is_transfer_campaign: r.flag('is_transfer_campaign'),
      is_transfer_special: r.flag('is_transfer_special'),
    };
    for (const op of OPS) {
      const normalKey = `${op}_normal` as const;
      const campaign = row[`is_${op}_campaign`];
      const special = row[`is_${op}_special`];
      if (row[normalKey] === null) row[normalKey] = row[op];
      if (campaign && special) r.error(`is_${op}_campaign`, 'キャンペーン価格と特別価格は同時に設定できません');
      if ((campaign || special) && row[op] === null) r.error(op, 'キャンペーン・特別価格の行は価格が必須です');
      const p = row[op];
      const normal = row[normalKey];
      if (campaign && p !== null && normal !== null && p > normal) r.error(op, `キャンペーン価格（${p}）が通常価格（${normal}）より高くなっています`);
    }
    errors.push(...r.errors);
    rows.push(row);
  }
  return collect(rows, errors);
}

export function parseTldCategoryCsv(text: string, knownTlds: ReadonlySet<string>): Parsed<TldCategoryImportRow> {
  const recs = records(text, TLD_CATEGORY_COLUMNS);
  if (typeof recs === 'string') return { ok: false, errors: [recs] };
  if (!recs.length) return { ok: false, errors: ['データ行がありません'] };
  const rows: TldCategoryImportRow[] = [];
  const errors: string[] = [];
  const categories = new Map<number, { name: string; ordinal: number; line: number }>();
  const seen = new Map<string, number>();
  for (const { line, values } of recs) {
    const r = new RowReader(line, values);
    const id = r.int('category_id', { min: 1, max: 1_000_000 });
    const catName = r.text('category_name') ?? '';
    const ordinal = r.int('category_ordinal', { min: 0, max: 1_000_000 }) ?? 0;
    const tld = r.text('tld_name') ?? '';
    if (tld && !knownTlds.has(tld)) r.error('tld_name', `登録されていないTLDです（${tld}）。先にTLDをインポートしてください`);
    if (id !== null) {
      const first = categories.get(id);
      if (first && (first.name !== catName || first.ordinal !== ordinal)) r.error('category_name', `カテゴリID ${id} の名前または並び順が${first.line}行目と異なります`);
      if (!first) categories.set(id, { name: catName, ordinal, line });
      const key = `${id}|${tld}`;
      if (tld && seen.has(key)) r.error('tld_name', `${seen.get(key)}行目と重複しています（カテゴリID ${id}、${tld}）`);
      seen.set(key, line);
    }
    errors.push(...r.errors);
    rows.push({ category_id: id ?? 0, category_name: catName, category_ordinal: ordinal, tld_name: tld });
  }
  return collect(rows, errors);
}
