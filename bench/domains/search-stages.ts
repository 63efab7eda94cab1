/**
 * Where one search's time goes, request by request (issue 31: the expired tab's gateway p99). The domain-list bench
 * sends one request at a time, so every mark below belongs to the request in flight:
 *   client → gateway (HTTP in) → gateway before the request to domain-ops (session, CSRF, roles) → the request's job
 *   added and taken by domain-ops' worker → the search inside domain-ops → the answer published → the caller's reply
 *   channel → the gateway's answer (JSON) → the client's body read and parse.
 * Beside the stages: the GC pauses inside the request (perf_hooks 'gc' entries), the longest event-loop delay
 * (monitorEventLoopDelay, 1 ms resolution), the answer's bytes, and per search the major GCs and the old
 * generation's growth over its requests. A stage that is '-' did not happen (for example a reply that came by the
 * 1 s look at the job instead of the reply channel has no 'reply' mark).
 */
import type { Server } from 'node:http';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

type Mark = 'httpIn' | 'rpcStart' | 'jobStart' | 'svcStart' | 'svcEnd' | 'jobEnd' | 'reply' | 'rpcEnd' | 'httpOut';

interface Sample {
  total: number;
  at: Partial<Record<Mark | 't0' | 't1', number>>;
  gcMs: number;
  majorGcMs: number;
  loopMaxMs: number;
  bytes: number;
}

interface Gc { start: number; ms: number; major: boolean }

const oldGenMb = () => v8.getHeapSpaceStatistics().filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space').reduce((n, s) => n + s.space_used_size, 0) / 1048576;

/**
 * Installs the marks. `pattern` is the request pattern of the search; `search` the service's prototype method to time.
 * Call before the first measured request; `begin(label)` / `end(bytes)` around each request, `stretchStart()` and
 * `stretch()` around a stretch of requests (GC and old generation), `report(label)` after a search's requests.
 */
export async function searchStages(o: { pattern: string; http: Server; service: { prototype: { search: (...a: never[]) => Promise<unknown> } } }) {
  const { BullRpcClient, BullRpcServer } = await import('@registrar/infra');
  let at: Sample['at'] = {};
  const mark = (k: Mark) => { at[k] ??= performance.now(); };
  const ours = (name: unknown) => typeof name === 'string' && name.startsWith(o.pattern);

  o.http.prependListener('request', (req, res) => {
    if (!req.url?.includes('/search')) return;
    mark('httpIn');
    res.on('finish', () => mark('httpOut'));
  });
  const client = BullRpcClient.prototype as unknown as { request: (p: string, ...a: unknown[]) => Promise<unknown>; settle: (id: string, r: unknown) => void };
  const request = client.request;
  client.request = async function (this: unknown, p: string, ...a: unknown[]) {
    if (ours(p)) mark('rpcStart');
    try { return await request.call(this, p, ...a); } finally { if (ours(p)) mark('rpcEnd'); }
  };
  const settle = client.settle;
  client.settle = function (this: unknown, id: string, r: unknown) {
    if (ours(id)) mark('reply');
    return settle.call(this, id, r);
  };
  const server = BullRpcServer.prototype as unknown as { handleJob: (job: { name: string }) => Promise<unknown> };
  const handleJob = server.handleJob;
  server.handleJob = async function (this: unknown, job: { name: string }) {
    if (ours(job.name)) mark('jobStart');
    try { return await handleJob.call(this, job); } finally { if (ours(job.name)) mark('jobEnd'); }
  };
  const search = o.service.prototype.search;
  o.service.prototype.search = async function (this: unknown, ...a: never[]) {
    mark('svcStart');
    try { return await search.apply(this, a); } finally { mark('svcEnd'); }
  };

  const gcs: Gc[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ start: e.startTime, ms: e.duration, major: (e as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR });
  });
  observer.observe({ entryTypes: ['gc'] });
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();

  const samples = new Map<string, Sample[]>();
  let label = '';
  let from = 0;
  let oldFrom = 0;
  const fmt = (a?: number, b?: number) => (a === undefined || b === undefined ? '-' : (b - a).toFixed(1));

  return {
    /** Before a measured request of the search `of`. */
    begin(of: string) {
      label = of;
      at = { t0: performance.now() };
      loop.reset();
    },
    end(bytes: number) {
      at.t1 = performance.now();
      const inside = gcs.filter((g) => g.start + g.ms >= at.t0! && g.start <= at.t1!);
      if (!samples.has(label)) samples.set(label, []);
      samples.get(label)!.push({ total: at.t1 - at.t0!, at, bytes, gcMs: inside.reduce((n, g) => n + g.ms, 0), majorGcMs: inside.filter((g) => g.major).reduce((n, g) => n + g.ms, 0), loopMaxMs: loop.max / 1e6 });
    },
    /** Before a stretch of measured requests (one search's, or every search's in turn). */
    stretchStart() {
      from = performance.now();
      oldFrom = oldGenMb();
    },
    /** The major GCs and the old generation's growth since stretchStart. */
    stretch(): string {
      const majors = gcs.filter((g) => g.major && g.start >= from);
      return `${majors.length} major GC(s)${majors.length ? ` (longest pause ${Math.max(...majors.map((g) => g.ms)).toFixed(1)} ms)` : ''}, old generation ${oldFrom.toFixed(0)} → ${oldGenMb().toFixed(0)} MB`;
    },
    /** One line for the search's slowest request, and how many of its slow requests had a GC pause. */
    report(of: string) {
      const all = samples.get(of) ?? [];
      const slow = [...all].sort((a, b) => b.total - a.total)[0];
      if (!slow) return;
      const median = [...all].sort((x, y) => x.total - y.total)[Math.floor(all.length / 2)]!.total;
      const slowOnes = all.filter((s) => s.total > 2 * median);
      const a = slow.at;
      console.log(`  ${of}: slowest ${slow.total.toFixed(1)} ms = client→gateway ${fmt(a.t0, a.httpIn)}, gateway before the RPC ${fmt(a.httpIn, a.rpcStart)}, job added and taken ${fmt(a.rpcStart, a.jobStart)}, `
        + `search in domain-ops ${fmt(a.svcStart, a.svcEnd)} (+${fmt(a.jobStart, a.svcStart)}/${fmt(a.svcEnd, a.jobEnd)} around it), reply ${fmt(a.jobEnd, a.reply)}, gateway after the RPC ${fmt(a.rpcEnd, a.httpOut)}, `
        + `gateway→client ${fmt(a.httpOut, a.t1)}; GC inside ${slow.gcMs.toFixed(1)} ms (major ${slow.majorGcMs.toFixed(1)}), event loop late up to ${slow.loopMaxMs.toFixed(1)} ms, answer ${(slow.bytes / 1024).toFixed(0)} KB`);
      console.log(`    ${slowOnes.length} of ${all.length} requests took over twice the median (${median.toFixed(1)} ms); ${slowOnes.filter((s) => s.gcMs > 5).length} of them with over 5 ms of GC, ${slowOnes.filter((s) => s.loopMaxMs > 20).length} with the event loop late by over 20 ms`);
    },
    stop() {
      observer.disconnect();
      loop.disable();
    },
  };
}
