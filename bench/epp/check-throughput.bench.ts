/**
 * domain:check throughput through the EPP client's pool at 1, 4 and 16 connections against the simulator's capacity:
 * what its one event loop answers per second of its own CPU (GET /stats/process), with both sides' CPU per command.
 *
 *   node_modules/.bin/node -r @swc-node/register bench/epp/check-throughput.bench.ts
 *
 * Uses a running simulator when EPP_PORT (and EPP_ADMIN_PORT, default EPP_PORT+1) answer; otherwise starts its own
 * on BENCH_EPP_PORT (default 17790) with an embedded PostgreSQL on BENCH_PG_PORT (default 25490) unless DATABASE_URL is set.
 * BENCH_STEPS (default "16bare,16bareparse,1,4,16,16+log", see below) the runs, "+log" with the registrar log; BENCH_SECONDS (default 5) per step; BENCH_NAMES (default 25) names per command, the availability service's batch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { buildDomainCheck, parseDomainCheck, parseResponse, EppClientPool, EppConnection, PostgresRegistrarLogSink, CreateRegistrarLog1795000000000 } from '@registrar/epp';
import { openSchema } from '@registrar/db';
import { startPostgres, Stoppable } from '../../scripts/dev/infra';
import { REGISTRY_SIM_CERT, startRegistrySimProcess } from '../../scripts/dev/system';
import { profiled } from '../profile';
import { schedStat } from '@registrar/registry-sim';
import { percentile } from '../percentile';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const NAMES = Number(process.env.BENCH_NAMES ?? 25);
// BENCH_STEPS picks the runs, e.g. "16,16+log" (default: 16 bare sessions, 1, 4 and 16 connections of the pool, then
// 16 with the registrar log); "16bare": sessions that only build, frame and send each command over TLS and take the
// answer's frame, without parsing it, without the pool or a log (what any client on this machine can reach);
// "16bareparse": the same, then the answer parsed as the pool does (parseResponse + parseDomainCheck), without the pool
// A step ending in "@base" runs the pool and log of BENCH_BASE_EPP instead: the directory of an older libs/epp/src (for
// example `git archive <commit> libs/epp/src | tar -x -C tmp/base`, then BENCH_BASE_EPP=tmp/base/libs/epp/src), so the
// old and the new client alternate against one simulator in one run, e.g. BENCH_STEPS=16bare,16+log@base,16+log,…
const STEPS = (process.env.BENCH_STEPS ?? '16bare,16bareparse,1,4,16,16+log').split(',').map((s) => s.trim()).filter(Boolean)
  .map((s) => {
    // "16+log:32": 32 callers share the pool's 16 connections (a queue in front of the pool, as the availability
    // search's checkBatch or many jobs make it); without ":N" one caller per connection, each waiting for its own answer
    // to be parsed and logged before it sends the next (bare sessions always have one caller per session)
    const callers = /:(\d+)/.exec(s)?.[1];
    const k = s.replace(/:\d+/, '');
    const conns = Number.parseInt(k, 10);
    return { conns, callers: callers && !k.endsWith('bare') ? Number(callers) : conns, base: k.endsWith('@base'), log: k.replace(/@base$/, '').endsWith('+log'), bare: k.endsWith('bare') || k.endsWith('bareparse'), parse: k.endsWith('bareparse') };
  });
const baseEpp: typeof import('@registrar/epp') | undefined = process.env.BENCH_BASE_EPP ? require(path.resolve(process.env.BENCH_BASE_EPP)) : undefined;

const listening = (port: number) => new Promise<boolean>((resolve) => {
  const s = net.connect(port, '127.0.0.1');
  s.once('connect', () => { s.destroy(); resolve(true); });
  s.once('error', () => resolve(false));
});

async function admin(port: number, method: string, p: string): Promise<any> {
  const r = await fetch(`http://127.0.0.1:${port}${p}`, { method });
  return r.json();
}

function pct(sorted: number[], p: number): number {
  return percentile(sorted, p / 100, { sorted: true });
}

async function main() {
  const stops: Stoppable[] = [];
  let eppPort = Number(process.env.EPP_PORT ?? 0);
  let adminPort = Number(process.env.EPP_ADMIN_PORT || eppPort + 1);
  let databaseUrl = process.env.DATABASE_URL;
  try {
    if (!eppPort || !(await listening(eppPort)) || !(await listening(adminPort))) {
      eppPort = Number(process.env.BENCH_EPP_PORT ?? 17790);
      adminPort = eppPort + 1;
      if (!databaseUrl) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-epp-'));
        const pg = await startPostgres({ dataDir: path.join(dir, 'pg'), port: Number(process.env.BENCH_PG_PORT ?? 25490), database: 'bench', persistent: false });
        stops.push(pg);
        databaseUrl = pg.url;
      }
      const sim = await startRegistrySimProcess({ DATABASE_URL: databaseUrl, EPP_PORT: String(eppPort), EPP_ADMIN_PORT: String(adminPort), LOG_LEVEL: 'warn', NODE_ENV: 'test' });
      if (sim) stops.push(sim);
    }
    const ca = fs.existsSync(REGISTRY_SIM_CERT) ? fs.readFileSync(REGISTRY_SIM_CERT, 'utf8') : undefined;
    const pool = (size: number, sink?: PostgresRegistrarLogSink, Pool: new (...a: any[]) => EppClientPool = EppClientPool) => new Pool({
      host: '127.0.0.1', port: eppPort, clientId: process.env.EPP_CLIENT_ID ?? 'rakko', password: process.env.EPP_PASSWORD ?? 'rakko-local-pass',
      poolSize: size, commandTimeoutMs: 30_000, connectTimeoutMs: 10_000, keepAliveMs: 60_000, rejectUnauthorized: !!ca, ca, checkBatch: NAMES, trIdPrefix: 'bench',
    }, sink as any);

    let sink: PostgresRegistrarLogSink | undefined;
    let pgPool: import('pg').Pool | undefined;
    if (databaseUrl) {
      const ds = await openSchema({ schema: 'domain_ops', entities: [], migrations: [CreateRegistrarLog1795000000000], url: databaseUrl });
      await ds.destroy();
      const { Pool } = await import('pg');
      pgPool = new Pool({ connectionString: databaseUrl, max: 2 });
    }

    const runs = STEPS.filter((s) => (!s.log || pgPool) && (!s.base || baseEpp)).map((s) => ({ ...s, label: s.bare ? `${s.conns} bare sessions${s.parse ? ' + parse' : ''}` : `${s.conns} connection${s.conns > 1 ? 's' : ''}${s.log ? ' + registrar log' : ''}${s.callers !== s.conns ? `, ${s.callers} callers` : ''}${s.base ? ' (base)' : ''}` }));

    console.log(`domain:check, ${NAMES} names per command, ${SECONDS} s per step, simulator on 127.0.0.1:${eppPort}\n`);
    const rows: string[][] = [['pool', 'names/s', 'commands/s', 'client p50 ms', 'client p99 ms', 'client CPU ms/cmd', 'client thread ms/cmd', 'sim thread ms/cmd', 'headroom***', 'sim waits for CPU', 'sim capacity names/s*', 'client / capacity', 'vs bare', 'old ratio**', 'load']];
    let lastBare = NaN;
    let seq = 0;
    for (const run of runs) {
      const lib = run.base ? baseEpp! : undefined;
      sink = run.log && pgPool ? new (lib?.PostgresRegistrarLogSink ?? PostgresRegistrarLogSink)(pgPool) : undefined;
      // a command sender per connection: the pool's check, or a bare session's send (frame in, frame out)
      let check: (names: string[]) => Promise<unknown>;
      let close: () => Promise<void>;
      if (run.bare) {
        const sessions = await Promise.all(Array.from({ length: run.conns }, async () => {
          const c = new EppConnection({ host: '127.0.0.1', port: eppPort, clientId: process.env.EPP_CLIENT_ID ?? 'rakko', password: process.env.EPP_PASSWORD ?? 'rakko-local-pass', rejectUnauthorized: !!ca, ca, connectTimeoutMs: 10_000, commandTimeoutMs: 30_000, nextClTRID: () => `bench-bare-${seq++}` });
          await c.open();
          return c;
        }));
        const free = [...sessions];
        check = async (names) => {
          const c = free.pop()!;
          let frame: string;
          try { frame = await c.send(buildDomainCheck(`bench-bare-${seq++}`, names), 'domain:check'); } finally { free.push(c); }
          return run.parse ? parseDomainCheck(parseResponse(frame)) : frame;
        };
        close = async () => { await Promise.all(sessions.map((c) => c.logout())); };
      } else {
        const p = pool(run.conns, sink, (lib?.EppClientPool as any) ?? EppClientPool);
        await p.warmUp();
        check = (names) => p.check(names);
        close = () => p.close();
      }
      // warm-up round
      await Promise.all(Array.from({ length: run.conns }, () => check(Array.from({ length: NAMES }, (_, i) => `warm-${seq++}-${i}.com`))));
      await admin(adminPort, 'DELETE', '/stats');
      const latencies: number[] = [];
      let commands = 0;
      const end = performance.now() + SECONDS * 1000;
      const worker = async () => {
        while (performance.now() < end) {
          const names = Array.from({ length: NAMES }, (_, i) => `bench-${seq}-${i}.com`);
          seq++;
          const t = performance.now();
          await check(names);
          latencies.push(performance.now() - t);
          commands++;
        }
      };
      const cpu0 = process.cpuUsage();
      const sched0 = schedStat();
      const t0 = performance.now();
      await profiled(`epp-check-${run.label}`, () => Promise.all(Array.from({ length: run.callers }, worker)));
      const elapsed = (performance.now() - t0) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const sched = schedStat();
      const cRun = (sched.runNs - sched0.runNs) / 1e9 / elapsed, cWait = (sched.waitNs - sched0.waitNs) / 1e9 / elapsed;
      const usage = await admin(adminPort, 'GET', '/stats/process');
      const stats = (await admin(adminPort, 'GET', '/stats'))['domain:check'] ?? { meanMs: NaN };
      if (process.env.BENCH_VERBOSE) console.log(`${run.label}: client CPU ${((cpu.user + cpu.system) / 1000 / commands).toFixed(3)} ms/cmd; sim CPU ${(usage.cpuMs / usage.commands).toFixed(3)} ms/cmd, sim ELU ${usage.eventLoopUtilization.toFixed(2)}, sim CPU share ${(usage.cpuMs / usage.wallMs).toFixed(2)}, sim main thread run ${usage.mainThreadRunShare.toFixed(2)} wait ${usage.mainThreadWaitShare.toFixed(2)}; client main thread run ${cRun.toFixed(2)} wait ${cWait.toFixed(2)}`);
      await close();
      await sink?.close();
      latencies.sort((x, y) => x - y);
      const namesPerSec = (commands * NAMES) / elapsed;
      // The simulator is one event loop: it can answer at most one command per `its main thread's CPU time per command`
      // (TLS, framing, parsing, its PostgreSQL query's client side, the answer), whatever the number of sessions. That
      // thread's run time comes from /proc (Linux); elsewhere the process's CPU time, which also counts helper threads.
      const simMsPerCmd = usage.mainThreadRunShare > 0 ? (usage.mainThreadRunShare * usage.wallMs) / usage.commands : usage.cpuMs / usage.commands;
      const capacity = (1000 / simMsPerCmd) * NAMES;
      // the figure up to issue 31's part j3: connections ÷ the service time measured inside the simulator, i.e. the mean
      // number of commands between "frame decoded" and "answer written" per connection (Little's law), not a capacity
      const oldCapacity = (1000 / stats.meanMs) * NAMES * run.conns;
      if (run.bare && !run.parse) lastBare = namesPerSec;
      // the client's event-loop thread's CPU per command (its process CPU above also counts GC and libuv helper threads)
      const clientThreadMs = cRun > 0 ? (cRun * elapsed * 1000) / commands : NaN;
      rows.push([run.label, namesPerSec.toFixed(0), (commands / elapsed).toFixed(0), pct(latencies, 50).toFixed(2), pct(latencies, 99).toFixed(2),
        ((cpu.user + cpu.system) / 1000 / commands).toFixed(3), clientThreadMs.toFixed(3), simMsPerCmd.toFixed(3), (simMsPerCmd / clientThreadMs).toFixed(2), usage.mainThreadWaitShare.toFixed(2), capacity.toFixed(0),
        (namesPerSec / capacity).toFixed(2), run.bare ? '' : (namesPerSec / lastBare).toFixed(2), (namesPerSec / oldCapacity).toFixed(2), os.loadavg()[0]!.toFixed(1)]);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
    console.log('\n* sim capacity = names per command ÷ the CPU time the simulator\'s event loop spent per command: what its one thread answers');
    console.log('  when it has a core to itself and always has work. client / capacity is the share of that the client gets: the client\'s');
    console.log('  own CPU (and the registrar log\'s PostgreSQL work) takes cores from the simulator on a shared machine, and so does any');
    console.log('  other load ("sim waits for CPU": share of the time its thread was ready but not running). "vs bare": against the last');
    console.log('  bare-sessions run (TLS and framing only, no parsing, pool or log), at nearly the same moment.');
    console.log('** the figure before: connections × names ÷ the service time measured inside the simulator (frame decoded → answer');
    console.log('  written). That is the mean share of the connections whose command is inside that window; it counts the simulator\'s');
    console.log('  own TLS, decoding and queueing before the window against the client, so it stays below 0.5 even when the');
    console.log('  simulator\'s thread is busy all the time (bare sessions: event loop 0.95-0.99 busy, old ratio 0.40-0.58).');
    console.log('*** headroom = the simulator thread\'s CPU per command ÷ the client thread\'s: above 1, the client\'s one event loop');
    console.log('  could keep the simulator\'s busy if each had a core of its own (as with a real registry, on its own machine);');
    console.log('  it depends little on the other load, unlike the throughput figures.');
    console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    await pgPool?.end();
  } finally {
    for (const s of stops.reverse()) await s.stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
