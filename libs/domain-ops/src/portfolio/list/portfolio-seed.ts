import { domainToASCII } from 'node:url';
import { tldOf } from '@registrar/rules';

/**
 * A realistic portfolio of domains for one member: the local runtime's demo member, the list's tests and the 100,000
 * domain benchmark use it. Every state of the list shows up (expiring, expired renewable, restorable, trashed,
 * locked, proxied, WHOIS in progress, admin lock, IDN, memos, provisional .co.jp), with monthly search inflow.
 * Deterministic for a given seed so tests can count what they expect.
 */
export interface SeedDomain {
  name: string;
  punycode: string;
  tld: string;
  dueDate: Date;
  createdAt: Date;
  status: 'active' | 'pending' | 'provisional';
  autoUpdate: boolean;
  proxy: boolean;
  lock: boolean;
  trash: boolean;
  whoisProcessing: 0 | 1 | 2;
  adminLock: number;
  memo: string | null;
  influx: number;
  nameServers: string[];
}

const TLDS = ['com', 'net', 'jp', 'org', 'info', 'xyz', 'shop', 'co.jp', 'biz', 'tokyo'];
const WORDS = ['rakko', 'sakura', 'umi', 'yama', 'hana', 'sora', 'kaze', 'mori', 'tsuki', 'hoshi', 'kawa', 'shima', 'neko', 'inu', 'tori'];
const IDN_WORDS = ['らっこ', '日本語', 'さくら', '東京', 'ドメイン'];
const NS = [['01.dnsv.jp', '02.dnsv.jp', '03.dnsv.jp', '04.dnsv.jp'], ['ns1.example-hosting.jp', 'ns2.example-hosting.jp'], ['ns-a.cloud.example', 'ns-b.cloud.example']];
const DAY = 86_400_000;

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` domains for a member, names made unique by `tag`; `now` anchors the due dates. */
export function portfolio(count: number, tag: string, now: Date, seed = 1): SeedDomain[] {
  const r = rng(seed);
  const out: SeedDomain[] = [];
  for (let i = 0; i < count; i++) {
    const k = i % 40;
    // due dates: 2 expiring today, 4 within 15 days, 4 within 30, 3 renewable (expired < 30 days), 2 restorable, the rest 1-3 years out
    const dueDays = k === 0 ? 0 : k < 5 ? 1 + Math.floor(r() * 14) : k < 9 ? 16 + Math.floor(r() * 14) : k < 12 ? -(1 + Math.floor(r() * 25)) : k < 14 ? -(32 + Math.floor(r() * 20)) : 31 + Math.floor(r() * 1000);
    const idn = i % 23 === 5;
    const tld = idn ? 'jp' : TLDS[i % TLDS.length]!;
    const label = idn ? `${IDN_WORDS[i % IDN_WORDS.length]}${i}-${tag}` : `${WORDS[i % WORDS.length]}-${tag}-${i}`;
    const name = `${label}.${tld}`;
    const punycode = domainToASCII(name);
    const bucket = r();
    const influx = bucket < 0.3 ? 0 : bucket < 0.6 ? 1 + Math.floor(r() * 99) : bucket < 0.85 ? 100 + Math.floor(r() * 900) : bucket < 0.97 ? 1000 + Math.floor(r() * 9000) : 10000 + Math.floor(r() * 40000);
    out.push({
      name, punycode, tld: tldOf(name),
      dueDate: new Date(now.getTime() + dueDays * DAY),
      createdAt: new Date(now.getTime() - (30 + Math.floor(r() * 1500)) * DAY),
      status: tld === 'co.jp' && i % 17 === 7 ? 'provisional' : 'active',
      autoUpdate: r() < 0.7,
      proxy: tld === 'co.jp' ? false : r() < 0.8,
      lock: r() < 0.5,
      trash: i % 31 === 3,
      whoisProcessing: i % 47 === 11 ? 1 : i % 53 === 13 ? 2 : 0,
      adminLock: i % 59 === 17 ? 1 : 0,
      memo: i % 9 === 4 ? `メモ ${i}: ${['更新予定', 'サイト運用中', '売却検討', '=社内用'][i % 4]}` : null,
      influx,
      nameServers: NS[i % NS.length]!,
    });
  }
  return out;
}

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

/** Inserts a portfolio for `userId` in batches (name servers, and `histories` months of inflow, too). Returns the ids. */
export async function insertPortfolio(query: Query, userId: number, domains: SeedDomain[], o: { histories?: boolean; now?: Date } = {}): Promise<number[]> {
  const ids: number[] = [];
  const now = o.now ?? new Date();
  for (let s = 0; s < domains.length; s += 5000) {
    const b = domains.slice(s, s + 5000);
    const rows = (await query(
      `INSERT INTO domain_ops.domains (user_id, name, idn, punycode, tld, registry_domain_id, due_date, created_at, status, is_auto_update_enabled, is_whois_proxy_enabled,
         is_domain_lock_enabled, is_trash, whois_processing_flg, admin_lock_status, memo, influx)
       SELECT $1, n, n, p, t, 'DEMO-' || p, due, created, st, au, px, lk, tr, wp, al, mm, inf
       FROM unnest($2::text[], $3::text[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::boolean[], $9::boolean[], $10::boolean[], $11::boolean[],
         $12::smallint[], $13::smallint[], $14::text[], $15::int[]) AS x(n, p, t, due, created, st, au, px, lk, tr, wp, al, mm, inf)
       RETURNING id`,
      [userId, b.map((d) => d.name), b.map((d) => d.punycode), b.map((d) => d.tld), b.map((d) => d.dueDate), b.map((d) => d.createdAt), b.map((d) => d.status),
        b.map((d) => d.autoUpdate), b.map((d) => d.proxy), b.map((d) => d.lock), b.map((d) => d.trash), b.map((d) => d.whoisProcessing), b.map((d) => d.adminLock),
        b.map((d) => d.memo), b.map((d) => d.influx)],
    )) as { id: string }[] | { rows: { id: string }[] };
    const list = Array.isArray(rows) ? rows : rows.rows;
    const batchIds = list.map((x) => Number(x.id));
    ids.push(...batchIds);
    const nsDomain: number[] = [];
    const nsPrio: number[] = [];
    const nsName: string[] = [];
    b.forEach((d, i) => d.nameServers.forEach((n, j) => { nsDomain.push(batchIds[i]!); nsPrio.push(j + 1); nsName.push(n); }));
    await query('INSERT INTO domain_ops.domain_name_servers (domain_id, priority, name) SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::text[])', [nsDomain, nsPrio, nsName]);
    if (o.histories !== false) {
      // 12 months of inflow around each domain's current figure; the current month is the domain's influx
      await query(
        `INSERT INTO domain_ops.domain_influx_histories (domain_id, month, influx)
         SELECT d.id, (date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Tokyo') - make_interval(months => m))::date,
           CASE WHEN m = 0 THEN d.influx ELSE greatest(0, round(d.influx * (0.6 + 0.8 * abs(sin(d.id * 7 + m)))))::int END
         FROM domain_ops.domains d CROSS JOIN generate_series(0, 11) m WHERE d.id = ANY($1::bigint[])`,
        [batchIds, now],
      );
    }
  }
  return ids;
}
