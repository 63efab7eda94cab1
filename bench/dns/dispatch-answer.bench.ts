/**
 * DNS: how soon a record saved through dns/dispatch is answered by PowerDNS, and how many queries per second PowerDNS
 * answers for our zones.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/dns/dispatch-answer.bench.ts      (or `npm run bench -- dns`)
 *
 * Starts PowerDNS (BENCH_DNS_PORT, default 15390) on the bench database, the domain-ops and dns services, seeds
 * BENCH_ZONES zones (default 500) with 6 records each through the dispatch call, then:
 *  1. BENCH_SAMPLES times (default 200): dispatch a changed A record of a random zone; from the moment dispatch answers,
 *     query PowerDNS until the new address is answered. p50/p95 of that delay, beside the baseline of one plain query
 *     to PowerDNS (a record that does not change) measured in the same run.
 *  2. For BENCH_SECONDS (default 5): queries for random records of all zones from a small UDP loader (BENCH_WINDOW
 *     queries in flight, default 64), and the same loader asking one name only (the baseline: no spread over the data).
 */
import 'reflect-metadata';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DnsDispatchResult, DnsPatterns } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { Stoppable } from '../../scripts/dev/infra';
import { domainOnOurNameServers, startDnsBench } from './dns-bench';
import { percentile } from '../percentile';

const ZONES = Number(process.env.BENCH_ZONES ?? 500);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 64);
const DNS_PORT = Number(process.env.BENCH_DNS_PORT ?? 15390);
const USER = 900001;

function pct(sorted: number[], p: number): number {
  return percentile(sorted, p / 100, { sorted: true });
}

/** A DNS query packet for name/type A (1) or SOA (6). */
function query(id: number, name: string, type = 1): Buffer {
  const labels = name.split('.').flatMap((l) => [Buffer.from([l.length]), Buffer.from(l)]);
  return Buffer.concat([Buffer.from([id >> 8, id & 255, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]), ...labels, Buffer.from([0, 0, type, 0, 1])]);
}

/** The first A record's address in an answer, if any. */
function firstA(msg: Buffer): string | null {
  const an = msg.readUInt16BE(6);
  if (!an) return null;
  let o = 12;
  while (msg[o] !== 0) o += msg[o] + 1; // question name
  o += 5;
  for (let i = 0; i < an; i++) {
    o += (msg[o] & 0xc0) === 0xc0 ? 2 : (() => { let p = o; while (msg[p] !== 0) p += msg[p] + 1; return p + 1 - o; })();
    const type = msg.readUInt16BE(o);
    const len = msg.readUInt16BE(o + 8);
    if (type === 1 && len === 4) return `${msg[o + 10]}.${msg[o + 11]}.${msg[o + 12]}.${msg[o + 13]}`;
    o += 10 + len;
  }
  return null;
}

class Resolver {
  private readonly sock = dgram.createSocket('udp4');
  private id = 0;
  private readonly waiting = new Map<number, (b: Buffer) => void>();
  constructor(private readonly port: number) {
    this.sock.on('message', (m) => { const f = this.waiting.get(m.readUInt16BE(0)); if (f) { this.waiting.delete(m.readUInt16BE(0)); f(m); } });
  }
  ask(name: string, type = 1): Promise<Buffer> {
    const id = (this.id = (this.id + 1) & 0xffff);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => { this.waiting.delete(id); reject(new Error(`timeout ${name}`)); }, 2_000);
      this.waiting.set(id, (b) => { clearTimeout(t); resolve(b); });
      this.sock.send(query(id, name, type), this.port, '127.0.0.1');
    });
  }
  close() { this.sock.close(); }
}

/** Queries per second for SECONDS with WINDOW in flight, names from `pick`. */
async function load(r: Resolver, pick: () => string): Promise<{ qps: number; answered: number; failed: number }> {
  let answered = 0;
  let failed = 0;
  const end = Date.now() + SECONDS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      try { await r.ask(pick()); answered++; } catch { failed++; }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: WINDOW }, worker));
  return { qps: answered / ((performance.now() - t0) / 1000), answered, failed };
}

async function main() {
  const handles: Stoppable[] = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dns-'));
  try {
    const { db, client } = await startDnsBench({ tmp, handles, env: { DNS_RECONCILE_EVERY_MS: '0', LOG_LEVEL: 'warn' }, powerDnsPort: DNS_PORT });

    // seed: ZONES domains on our name servers, each with 6 records saved through dispatch
    const run = Date.now().toString(36);
    const ids: number[] = [];
    const names: string[] = [];
    for (let i = 0; i < ZONES; i++) {
      const name = `bench-${run}-${i}.com`;
      ids.push(await domainOnOurNameServers(db, USER, name));
      names.push(name);
    }
    const records = (i: number, a: string) => [
      { host_name: '', recode_type: 20, ttl: 300, record: a },
      { host_name: 'www', recode_type: 30, ttl: 300, record: names[i] },
      { host_name: '', recode_type: 40, ttl: 3600, record: '', priority: 10 },
      { host_name: '', recode_type: 50, ttl: 3600, record: 'v=spf1 -all' },
      { host_name: 'api', recode_type: 20, ttl: 60, record: '192.0.2.1' },
      { host_name: '', recode_type: 60, ttl: 300, record: '2001:db8::1' },
    ];
    const dispatch = (i: number, a: string) => rpc<DnsDispatchResult>(client, DnsPatterns.Dispatch, { userId: USER, domains: [ids[i]], saveData: records(i, a) }, 60_000);
    const seedStart = performance.now();
    for (let i = 0; i < ZONES; i += 8) await Promise.all(ids.slice(i, i + 8).map((_, j) => dispatch(i + j, '192.0.2.10')));
    const seedMs = performance.now() - seedStart;
    const served = (await db.query('SELECT count(*)::int AS n FROM dns.records')).rows[0].n;

    const r = new Resolver(DNS_PORT);
    // 1. dispatch answered -> new record answered
    const delays: number[] = [];
    const dispatchMs: number[] = [];
    const baseline: number[] = [];
    let polls = 0;
    for (let s = 0; s < SAMPLES; s++) {
      const i = Math.floor(Math.random() * ZONES);
      const a = `198.51.${Math.floor(s / 250)}.${(s % 250) + 1}`;
      const t0 = performance.now();
      const res = await dispatch(i, a);
      const t1 = performance.now();
      if (!res.result) throw new Error(`dispatch refused: ${res.errors.join(', ')}`);
      for (;;) {
        polls++;
        const got = firstA(await r.ask(names[i]));
        if (got === a) break;
        if (performance.now() - t1 > 5_000) throw new Error(`${names[i]} still answers ${got} 5 s after dispatch`);
      }
      delays.push(performance.now() - t1);
      dispatchMs.push(t1 - t0);
      const b0 = performance.now();
      await r.ask(`api.${names[i]}`);
      baseline.push(performance.now() - b0);
    }
    for (const l of [delays, dispatchMs, baseline]) l.sort((x, y) => x - y);

    // 2. queries per second
    const hosts = ['', 'www.', 'api.'];
    const spread = await load(r, () => `${hosts[Math.floor(Math.random() * 3)]}${names[Math.floor(Math.random() * ZONES)]}`);
    const single = await load(r, () => `api.${names[0]}`);
    r.close();

    const f = (n: number) => n.toFixed(2);
    console.log(`PowerDNS 4.7 (gpgsql, no caches) on 127.0.0.1:${DNS_PORT}; ${ZONES} zones, ${served} PowerDNS records (seeded by dispatch in ${(seedMs / 1000).toFixed(1)} s)\n`);
    console.log('dispatch answered -> new record answered by PowerDNS');
    console.log(`  samples ${SAMPLES}, queries needed ${polls} (${(polls / SAMPLES).toFixed(2)} per sample)`);
    console.log(`  delay        p50 ${f(pct(delays, 50))} ms   p95 ${f(pct(delays, 95))} ms   max ${f(delays[delays.length - 1])} ms`);
    console.log(`  baseline     p50 ${f(pct(baseline, 50))} ms   p95 ${f(pct(baseline, 95))} ms   (one query for an unchanged record)`);
    console.log(`  ratio        p50 ${(pct(delays, 50) / pct(baseline, 50)).toFixed(2)}x   p95 ${(pct(delays, 95) / pct(baseline, 95)).toFixed(2)}x the baseline`);
    console.log(`  the dispatch call itself (RPC, rules, one transaction)   p50 ${f(pct(dispatchMs, 50))} ms   p95 ${f(pct(dispatchMs, 95))} ms\n`);
    console.log(`queries per second (${SECONDS} s, ${WINDOW} in flight, one UDP client)`);
    console.log(`  random records of ${ZONES} zones   ${spread.qps.toFixed(0)} q/s   (${spread.failed} timeouts)`);
    console.log(`  baseline: one name                 ${single.qps.toFixed(0)} q/s   (${single.failed} timeouts)`);
    console.log(`  ratio                              ${(spread.qps / single.qps).toFixed(2)}x the baseline`);
  } finally {
    for (const h of handles.reverse()) { try { await h.stop(); } catch { /* stopping */ } }
  }
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
