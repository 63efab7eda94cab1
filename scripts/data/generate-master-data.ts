/**
 * Writes data/master/tld.csv, tld_price.csv and tld_category.csv from the readable source table
 * scripts/data/master-source.ts. Run:
 *   node_modules/.bin/node -r @swc-node/register scripts/data/generate-master-data.ts
 * The output is deterministic: running it twice gives the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { TLD_CATEGORY_COLUMNS, TLD_COLUMNS, TLD_PRICE_COLUMNS, toCsv, type TldPriceImportRow } from '@registrar/catalog';
import {
  CATEGORIES, CCTLD, CCTLDS, DEADLINES, DeadlineKey, DESCRIPTIONS, GENERIC, GENERIC_TLDS, GroupDefaults, IDN_GTLD, IDN_TLDS, JP, JP_IDN_PRICES, JP_TLDS,
  NEW_GTLD, NEW_GTLDS, PREF, PREF_PRICES, PREFECTURES, REQUIREMENTS,
} from './master-source';

const ROOT = path.resolve(__dirname, '..', '..');
const OUT = path.join(ROOT, 'data/master');

/** The months shipped: the current one and the next, so that the admin's "next month missing" warning is off. */
export const MONTHS = ['2026-11', '2026-12'] as const;

interface SourceTld {
  name: string;
  meaning: string;
  renew: number;
  register: number;
  tags: string;
  opts: Record<string, string>;
  g: GroupDefaults;
  prefName?: string;
}

function parseTable(text: string, g: GroupDefaults): SourceTld[] {
  const out: SourceTld[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [name, meaning, renew, register, tags, opts] = line.split('|');
    if (!name || !meaning || !renew) throw new Error(`bad source line: ${line}`);
    const o: Record<string, string> = {};
    for (const kv of (opts ?? '').split(';').filter(Boolean)) {
      const [k, v] = kv.split('=');
      o[k] = v ?? '1';
    }
    out.push({ name, meaning, renew: Number(renew), register: register ? Number(register) : Number(renew), tags: tags ?? '', opts: o, g });
  }
  return out;
}

const prefSuffix = (jpName: string) => (jpName === '北海道' ? jpName : jpName === '東京' ? '東京都' : jpName === '京都' || jpName === '大阪' ? `${jpName}府` : `${jpName}県`);

function allTlds(): SourceTld[] {
  const list = [
    ...parseTable(GENERIC_TLDS, GENERIC),
    ...parseTable(JP_TLDS, JP),
    ...parseTable(NEW_GTLDS, NEW_GTLD),
    ...parseTable(CCTLDS, CCTLD),
    ...parseTable(IDN_TLDS, IDN_GTLD),
    ...PREFECTURES.map(([slug, jpName]): SourceTld => ({
      name: `${slug}.jp`, meaning: `${prefSuffix(jpName)}（都道府県型JP）`, renew: PREF_PRICES.renew, register: PREF_PRICES.register, tags: '', opts: { idn: '1' }, g: PREF, prefName: prefSuffix(jpName),
    })),
  ];
  const seen = new Set<string>();
  for (const t of list) {
    if (seen.has(t.name)) throw new Error(`duplicate TLD ${t.name}`);
    seen.add(t.name);
  }
  for (const k of [...Object.keys(REQUIREMENTS), ...Object.keys(DESCRIPTIONS)]) if (!seen.has(k)) throw new Error(`text for unknown TLD ${k}`);
  // tiles first in their top order, then the source order
  const top = list.filter((t) => t.opts.top).sort((a, b) => Number(a.opts.top) - Number(b.opts.top));
  return [...top, ...list.filter((t) => !t.opts.top)];
}

function description(t: SourceTld): string {
  if (DESCRIPTIONS[t.name]) return DESCRIPTIONS[t.name];
  const req = REQUIREMENTS[t.name];
  switch (t.g.group) {
    case 'generic':
    case 'new':
      return `「.${t.name}」は「${t.meaning}」を表す${t.g.group === 'new' ? '新gTLD（新しい汎用トップレベルドメイン）' : '汎用トップレベルドメイン（gTLD）'}です。\n`
        + (req ? '登録には条件があります。詳しくは登録条件をご確認ください。' : `${t.meaning}に関わるサイトはもちろん、用途の制限なく誰でも登録できます。`);
    case 'idn': {
      const japanese = /[\u3040-\u30ff]/.test(t.name) || t.tags.includes('j');
      return `「.${t.name}」は「${t.meaning}」を表す${japanese ? '日本語' : '中国語'}のトップレベルドメインです。\n`
        + (japanese ? 'ドメイン名の部分も日本語にでき、すべて日本語のわかりやすいアドレスを作れます。' : '漢字のアドレスで中国語圏の利用者に覚えてもらいやすいドメインです。');
    }
    case 'cc':
      return `「.${t.name}」は${t.meaning}に割り当てられた国別コードトップレベルドメイン（ccTLD）です。\n`
        + (req ? '登録には条件があります。詳しくは登録条件をご確認ください。' : '日本からも登録でき、短く覚えやすい名前を付けられます。');
    case 'jp':
      return `「.${t.name}」は${t.meaning}のための属性型JPドメインです。\n登録できる組織が限られており、ドメイン名から組織の種類がわかるため高い信頼性があります。`;
    case 'pref':
      return `「.${t.name}」は${t.prefName}の都道府県型JPドメインです。\n日本国内に住所があれば誰でも登録でき、地域に根ざしたお店・団体・個人のサイトに向いています。日本語のドメイン名も登録できます。`;
  }
}

/** one row of tld_price.csv: exactly what the import reads back */
type PriceRow = TldPriceImportRow;

/**
 * Campaigns change by month: each entry overrides the first-year campaign price of a TLD for a month
 * (null ends the campaign that month). Renewal campaigns are listed separately.
 */
const REGISTER_CAMPAIGN_BY_MONTH: Record<string, Record<string, number | null>> = {
  '2026-12': { com: 980, xyz: null, org: 1_628, blog: 1_078 },
};
const RENEW_CAMPAIGN_BY_MONTH: Record<string, Record<string, number>> = {
  '2026-12': { net: 1_848 },
};

function priceRows(t: SourceTld, month: string): PriceRow[] {
  const canTransfer = !('notr' in t.opts);
  const restoreDays = Number(t.opts.restore ?? t.g.restore);
  const rfee = Number(t.opts.rfee ?? t.g.rfee);
  const campaigns = REGISTER_CAMPAIGN_BY_MONTH[month] ?? {};
  const camp = t.name in campaigns ? campaigns[t.name] : t.opts.camp ? Number(t.opts.camp) : null;
  const special = t.opts.sp ? Number(t.opts.sp) : null;
  const renewCamp = RENEW_CAMPAIGN_BY_MONTH[month]?.[t.name] ?? null;
  const transfer = canTransfer ? Number(t.opts.tr ?? t.renew) : null;
  const row = (idn: boolean, register: number, renew: number, transferPrice: number | null, campPrice: number | null, sp: number | null): PriceRow => ({
    tld_name: t.name,
    effective_month: month,
    is_idn_price: idn,
    register: campPrice ?? sp ?? register,
    renew: renewCamp ?? renew,
    transfer: transferPrice,
    restore: restoreDays > 0 ? rfee + renew : 0,
    register_normal: register,
    renew_normal: renew,
    transfer_normal: transferPrice,
    is_register_campaign: campPrice !== null,
    is_register_special: campPrice === null && sp !== null,
    is_renew_campaign: renewCamp !== null,
    is_renew_special: false,
    is_transfer_campaign: false,
    is_transfer_special: false,
  });
  const rows = [row(false, t.register, t.renew, transfer, camp, special)];
  if (t.name === 'jp') rows.push({ ...row(true, JP_IDN_PRICES.register, JP_IDN_PRICES.renew, JP_IDN_PRICES.transfer, month === '2026-11' ? JP_IDN_PRICES.camp : null, null), renew: JP_IDN_PRICES.renew });
  return rows;
}

function categoryIds(t: SourceTld): number[] {
  const ids = new Set<number>();
  for (const c of CATEGORIES) if (c.tag && t.tags.includes(c.tag)) ids.add(c.id);
  if (t.g.group === 'new' || t.g.group === 'idn') ids.add(2);
  if (t.g.group === 'cc' || t.name === 'jp') ids.add(3);
  if (t.g.group === 'idn' && /[\u3040-\u30ff\u4e00-\u9fff]/.test(t.name) && (t.tags.includes('j'))) ids.add(4);
  if (t.g.group === 'jp' || t.g.group === 'pref') ids.add(5);
  if (t.g.group === 'pref') { ids.add(6); ids.add(7); }
  if (t.g.group === 'generic') ids.add(14);
  return [...ids].sort((a, b) => a - b);
}

export function generate(): { tld: string; price: string; category: string; count: number } {
  const tlds = allTlds();
  const tldRows = tlds.map((t, i) => ({
    tld_name: t.name,
    meaning: t.meaning,
    description: description(t),
    requirements: REQUIREMENTS[t.name] ?? '',
    is_cctld: t.g.isCctld ? 1 : 0,
    // is_idn: Japanese-language names can be registered (the Chinese-script TLDs take Chinese names only)
    is_idn: t.opts.idn ? 1 : 0,
    can_proxy: 'noproxy' in t.opts ? 0 : 1,
    can_lock: 'nolock' in t.opts ? 0 : 1,
    can_transfer: 'notr' in t.opts ? 0 : 1,
    minimum_years: Number(t.opts.min ?? 1),
    registration_unit: Number(t.opts.unit ?? 1),
    renewal_deadline: DEADLINES[(t.opts.deadline ?? t.g.deadline) as DeadlineKey],
    grace_period: Number(t.opts.grace ?? t.g.grace),
    restore_period: Number(t.opts.restore ?? t.g.restore),
    ordinal: (i + 1) * 10,
    top_ordinal_flg: t.opts.top ? Number(t.opts.top) : '',
  }));
  const prices = MONTHS.flatMap((m) => tlds.flatMap((t) => priceRows(t, m)));
  const cats = tlds.flatMap((t) => categoryIds(t).map((id) => {
    const c = CATEGORIES.find((x) => x.id === id)!;
    return { category_id: c.id, category_name: c.name, category_ordinal: c.id * 10, tld_name: t.name };
  })).sort((a, b) => a.category_id - b.category_id);
  return {
    tld: toCsv(TLD_COLUMNS, tldRows),
    price: toCsv(TLD_PRICE_COLUMNS, prices),
    category: toCsv(TLD_CATEGORY_COLUMNS, cats),
    count: tlds.length,
  };
}

if (require.main === module) {
  const out = generate();
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(path.join(OUT, 'tld.csv'), out.tld);
  fs.writeFileSync(path.join(OUT, 'tld_price.csv'), out.price);
  fs.writeFileSync(path.join(OUT, 'tld_category.csv'), out.category);
  console.log(`wrote ${out.count} TLDs to ${path.relative(process.cwd(), OUT)}`);
}
