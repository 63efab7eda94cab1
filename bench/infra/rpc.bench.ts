/**
 * The request transport's own cost (docs/adr/0008, 0038): an echo service behind `rpc-rpcbench` in this process, called
 * with BENCH_CONCURRENCY (64) requests in flight, BENCH_CALLS (5,000) in all, first by one client, then by two clients
 * of the same queue (half the calls each: what two caller processes do). Prints requests per second, p50/p95, and the
 * CPU each request cost this process (client and worker) and Redis (`INFO cpu`), beside the baseline of the same number
 * of Redis round trips (a PING each) at the same concurrency. Redis's own counters (`INFO commandstats`, `INFO stats`)
 * give the commands and bytes per request when it runs against a Redis of its own (REDIS_URL).
 *
 *   node_modules/.bin/node -r @swc-node/register bench/infra/rpc.bench.ts      (or: npm run bench -- infra/rpc)
 *
 * Under `npm run bench` it uses the runner's Redis; alone it starts its own on BENCH_REDIS_PORT (26493).
 * RPC_BATCH_IN_FLIGHT=0 measures the transport without gathering requests into batch jobs (ADR 0042), as before it.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import IORedis from 'ioredis';
import { BullRpcClient, rpc, startService } from '@registrar/infra';
import { startRedis, stopper, Stoppable } from '../../scripts/dev/infra';

const CALLS = Number(process.env.BENCH_CALLS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

@Controller()
class EchoController {
  @MessagePattern('rpcbench.echo')
  echo(@Payload() p: { n: number }) {
    return { n: p.n };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

interface Figures { perSecond: number; p50: number; p95: number; cpuMs: number; redisCpuMs: number }

async function redisCpu(r: IORedis): Promise<number> {
  const info = await r.info('cpu');
  const v = (k: string) => Number(new RegExp(`${k}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return (v('used_cpu_sys') + v('used_cpu_user')) * 1000;
}

async function run(r: IORedis, task: (i: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const rc0 = await redisCpu(r);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < CALLS) {
      const i = next++;
      const t = performance.now();
      await task(i);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rc = (await redisCpu(r)) - rc0;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { perSecond: CALLS / seconds, p50: at(0.5), p95: at(0.95), cpuMs: (cpu.user + cpu.system) / 1000 / CALLS, redisCpuMs: rc / CALLS };
}

const line = (label: string, f: Figures) => `${label.padEnd(40)} ${f.perSecond.toFixed(0).padStart(7)}/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p95 ${f.p95.toFixed(1).padStart(6)} ms   CPU per call: node ${f.cpuMs.toFixed(3)} ms, redis ${f.redisCpuMs.toFixed(3)} ms`;

async function main() {
  const handles: Stoppable[] = [];
  const stop = stopper(handles);
  try {
    if (!process.env.REDIS_URL) {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-rpc-'));
      const redis = await startRedis(Number(process.env.BENCH_REDIS_PORT ?? 26493), path.join(tmp, 'redis.log'));
      handles.push(redis);
      process.env.REDIS_URL = redis.url;
    }
    const url = process.env.REDIS_URL!;
    const service = await startService('rpcbench', EchoModule, url);
    handles.push({ name: 'rpcbench', stop: () => service.close() });
    const client = new BullRpcClient(url);
    handles.push({ name: 'client', stop: () => client.close() });
    const other = new BullRpcClient(url);
    handles.push({ name: 'other client', stop: () => other.close() });
    const r = new IORedis(url);
    handles.push({ name: 'redis client', stop: async () => void r.disconnect() });
    await rpc(client, 'rpcbench.echo', { n: 0 });
    await rpc(other, 'rpcbench.echo', { n: 0 });

    const ping = await run(r, () => r.ping());
    const one = await run(r, (n) => rpc(client, 'rpcbench.echo', { n }, 60_000));
    // two callers of the same queue, half the calls each (two processes' clients: answers must not cross)
    const two = await run(r, (n) => rpc(n % 2 ? other : client, 'rpcbench.echo', { n }, 60_000));
    console.log(`\nrequest transport: ${CALLS} echo requests, ${CONCURRENCY} in flight, batching ${process.env.RPC_BATCH_IN_FLIGHT ?? 'default'} (load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
    console.log(line('echo requests, one caller', one));
    console.log(line('echo requests, two callers of the queue', two));
    console.log(line('baseline: Redis PING round trips', ping));
    console.log(`ratio echo / PING: ${(one.perSecond / ping.perSecond).toFixed(3)} (one caller), ${(two.perSecond / ping.perSecond).toFixed(3)} (two callers)`);
  } finally {
    await stop();
  }
}

main().then(() => process.exit(0), (e) => {
  console.error(e);
  process.exit(1);
});
