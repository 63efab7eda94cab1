/**
 * DNS: importing a 10,000-record BIND zone file, against a bare INSERT of the same rows in the same run.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/dns/zone-import.bench.ts      (or `npm run bench -- dns`)
 *
 * Starts the domain-ops and dns services on the bench database (BENCH_PG_PORT, BENCH_REDIS_PORT) with
 * DNS_IMPORT_MAX_RECORDS raised to the file's size (the DNS form's limit is 500 a zone), records one domain on our
 * name servers, writes a zone file of BENCH_RECORDS records (default 10,000: A, AAAA, CNAME, MX, TXT with ';' inside,
 * SRV, in parentheses and with relative names) and then, BENCH_RUNS times (default 5), alternating two files whose
 * every record differs (so each import changes all of them):
 *  - the import call (RPC to the dns service: parse, the form's rules, the diff, one transaction rewriting our records
 *    and PowerDNS's, the history line through domain-ops), timed from the call to its answer;
 *  - the floor: in one transaction, a bare INSERT of the same rows into the same two tables (dns.zone_records and
 *    dns.records, one statement each), timed the same way on the same connection pool's database, then rolled back.
 * Prints the medians, the ratio, and the preview call's time (parse, rules, diff; no write).
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DnsToolsApplyResult, DnsToolsPatterns, ZoneImportPreview } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { Stoppable } from '../../scripts/dev/infra';
import { domainOnOurNameServers, startDnsBench } from './dns-bench';

const RECORDS = Number(process.env.BENCH_RECORDS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const USER = 900002;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A zone file of `n` records; `v` changes every record's data. */
function zoneFile(zone: string, n: number, v: number): string {
  const lines = [`; bench zone ${v}`, `$ORIGIN ${zone}.`, '$TTL 3600', `@ IN SOA ns1.other.example. admin.other.example. ( ${v} 7200 3600 1209600 300 )`];
  for (let i = 0; i < n; i++) {
    const h = `h${i}`;
    switch (i % 6) {
      case 0: lines.push(`${h} 300 IN A 10.${v}.${(i >> 8) & 255}.${i & 255}`); break;
      case 1: lines.push(`${h} IN AAAA 2001:db8:${v}::${i.toString(16)}`); break;
      case 2: lines.push(`${h} IN CNAME target${v}-${i}.example.net.`); break;
      case 3: lines.push(`${h} IN MX ${v} mail${i}`); break;
      case 4: lines.push(`${h} IN TXT ( "v=spf1 include:_spf${v}.example.net ~all; note ${i}" )`); break;
      default: lines.push(`_sip._tcp.${h} IN SRV 10 ${v} 5060 sip${i}.example.net.`); break;
    }
  }
  return `${lines.join('\n')}\n`;
}

async function main() {
  const handles: Stoppable[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-zone-import-'));
  try {
    const { db, client } = await startDnsBench({ tmp, handles, env: { DNS_RECONCILE_EVERY_MS: '0', DNS_IMPORT_MAX_RECORDS: String(RECORDS), LOG_LEVEL: 'warn' } });
    const { pdnsRecords, normaliseAll, parseZoneFile } = await import('@registrar/dns');

    const zone = `bench-import-${Date.now().toString(36)}.com`;
    const id = await domainOnOurNameServers(db, USER, zone);
    const files = [zoneFile(zone, RECORDS, 1), zoneFile(zone, RECORDS, 2)];

    // the same rows the import writes, for the bare INSERT
    const rowsOf = (text: string) => {
      const recs = normaliseAll(parseZoneFile(text, zone).records.map((r) => r.input), zone);
      return { recs, pdns: pdnsRecords(zone, recs, 1) };
    };
    const floorRows = files.map(rowsOf);

    const pv0 = performance.now();
    const pv = await rpc<ZoneImportPreview>(client, DnsToolsPatterns.ImportPreview, { userId: USER, id, text: files[0] }, 600_000);
    const previewMs = performance.now() - pv0;
    if (!pv.ok) throw new Error(`preview refused: ${JSON.stringify(pv.errors.slice(0, 3))}`);

    const imports: number[] = [];
    const floors: number[] = [];
    // a scratch zone row for the floor's inserts (rolled back each time)
    await db.query('INSERT INTO dns.zones (domain_pk_id, punycode) VALUES ($1, $2) ON CONFLICT DO NOTHING', [999_999_999, `floor-${zone}`]);
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      const res = await rpc<DnsToolsApplyResult>(client, DnsToolsPatterns.ImportApply, { userId: USER, id, text: files[r % 2] }, 600_000);
      imports.push(performance.now() - t0);
      if (!res.result) throw new Error(`import refused: ${res.errors.slice(0, 3).join(', ')}`);

      const { recs, pdns } = floorRows[r % 2];
      const f0 = performance.now();
      await db.query('BEGIN');
      const cols = ['host_name', 'recode_type', 'ttl', 'record', 'priority', 'weight', 'port', 'service_name', 'protocol'] as const;
      await db.query(
        `INSERT INTO dns.zone_records (domain_pk_id, position, ${cols.join(', ')})
         SELECT 999999999, x.pos, ${cols.map((c) => `x.${c}`).join(', ')}
         FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::int[], $6::int[], $7::int[], $8::text[], $9::text[]) WITH ORDINALITY AS x(${cols.join(', ')}, pos)`,
        cols.map((c) => recs.map((x) => x[c] ?? null)),
      );
      const [d] = (await db.query(`INSERT INTO dns.domains (name, type) VALUES ($1, 'NATIVE') RETURNING id`, [`floor-${zone}`])).rows;
      await db.query(
        `INSERT INTO dns.records (domain_id, name, type, content, ttl, prio, disabled, auth)
         SELECT $1, n, t, c, ttl, prio, false, true FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::int[]) AS x(n, t, c, ttl, prio)`,
        [d.id, pdns.map((x) => x.name), pdns.map((x) => x.type), pdns.map((x) => x.content), pdns.map((x) => x.ttl), pdns.map((x) => x.prio)],
      );
      await db.query('COMMIT');
      floors.push(performance.now() - f0);
      await db.query('DELETE FROM dns.domains WHERE name = $1', [`floor-${zone}`]);
      await db.query('DELETE FROM dns.zone_records WHERE domain_pk_id = 999999999');
    }
    const served = (await db.query('SELECT count(r.id)::int AS n FROM dns.records r JOIN dns.domains d ON d.id = r.domain_id WHERE d.name = $1', [zone])).rows[0].n;
    const bytes = Buffer.byteLength(files[0]);
    const f = (n: number) => `${n.toFixed(0)} ms`;
    console.log(`zone file: ${RECORDS} records, ${(bytes / 1024).toFixed(0)} KB; PowerDNS rows after the import: ${served}; ${RUNS} runs, every record changed each run\n`);
    console.log(`  import (RPC: parse, rules, diff, one transaction, history)   median ${f(median(imports))}   min ${f(Math.min(...imports))}   max ${f(Math.max(...imports))}`);
    console.log(`  bare INSERT of the same rows (both tables, one transaction)  median ${f(median(floors))}   min ${f(Math.min(...floors))}   max ${f(Math.max(...floors))}`);
    console.log(`  ratio                                                         ${(median(imports) / median(floors)).toFixed(2)}x the bare INSERT`);
    console.log(`  preview alone (RPC: parse, rules, diff against ${RECORDS === 0 ? 0 : 'an empty zone'})         ${f(previewMs)}`);
  } finally {
    for (const h of handles.reverse()) { try { await h.stop(); } catch { /* stopping */ } }
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
