/**
 * Automatic batching of the request transport (docs/adr/0042-rpc-batching-and-ledger-group-commit.md) on the real Redis and BullMQ: the
 * requests of one pattern that come while the caller's job of that pattern waits for a worker go together as one job;
 * a job a worker has taken holds nothing back, however long its handler runs; the
 * worker runs each on its own and answers each caller on its reply channel; a failing request fails alone; a request
 * whose deadline passed before the worker took its job is not run; and a replica killed (SIGKILL) in the middle of a
 * batch loses nothing (every caller gets its answer or an error) and runs nothing twice.
 */
import { ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { INestMicroservice } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import IORedis from 'ioredis';
import { BullRpcClient, bullConnection, rpc, RpcTimeoutError, startService } from '@registrar/infra';
import { waitFor } from '../scheduled-jobs';
import { BatchProbeModule, closeProbeRedis, GATE_KEY, RUNNING_KEY, RUNS_KEY, SEEN_RUNNING_KEY } from './batch-replica';

type Answer = { n: number; pid: number };
const url = () => process.env.REDIS_URL!;
let redis: IORedis;
let queue: Queue;
let replica: INestMicroservice | undefined;
const clients: BullRpcClient[] = [];
const client = (o: { inFlight: number; maxItems: number }) => {
  const c = new BullRpcClient(url(), { ...o, maxBytes: 1 << 20 });
  clients.push(c);
  return c;
};
const runs = async () => (await redis.lrange(RUNS_KEY, 0, -1)).map(Number);
const settled = <T>(p: Promise<T>) => p.then((v) => ({ ok: v }), (e: unknown) => ({ e }));
/** the finished or waiting jobs of the probe's queue that carried a batch */
async function batchJobs(): Promise<Job[]> {
  const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting']);
  return jobs.filter((j) => Array.isArray(j?.data?.batch));
}

beforeAll(async () => {
  // every answer stored under its key, however small (ADR 0049): the batches below take the stored path
  process.env.RPC_STORE_MIN_CHARS = '0';
  redis = new IORedis(url());
  queue = new Queue('rpc-rpcbatch', { connection: bullConnection(url()) });
  replica = await startService('rpcbatch', BatchProbeModule, url());
}, 60_000);
beforeEach(async () => {
  await redis.del(RUNS_KEY, GATE_KEY, RUNNING_KEY, SEEN_RUNNING_KEY);
  await queue.obliterate({ force: true });
});
afterAll(async () => {
  delete process.env.RPC_STORE_MIN_CHARS;
  await Promise.allSettled(clients.map((c) => c.close()));
  await replica?.close();
  await queue?.close();
  closeProbeRedis();
  await redis?.quit();
});

describe('requests gathered into one job while another is in flight', () => {
  it('sends the requests that came meanwhile as one job and answers each caller its own answer; a failing one fails alone', async () => {
    const c = client({ inFlight: 1, maxItems: 64 });
    const workers = replica!.unwrap<Array<{ pause(): Promise<void>; resume(): void }>>();
    await Promise.all(workers.map((w) => w.pause()));
    let rest: Promise<{ ok: Answer } | { e: unknown }>[];
    let first: Promise<Answer>;
    try {
      // no worker takes jobs for now: the first request's job waits, the next ten gather behind it
      first = rpc<Answer>(c, 'rpcbatch.step', { n: 0 }, 30_000);
      rest = Array.from({ length: 10 }, (_, i) => settled(rpc<Answer>(c, 'rpcbatch.step', { n: i + 1, fail: i + 1 === 5 }, 30_000)));
      await waitFor('the first job waiting', async () => (await queue.getWaitingCount()) === 1);
    } finally {
      for (const w of workers) w.resume();
    }
    expect((await first).n).toBe(0);
    const answers = await Promise.all(rest);
    answers.forEach((a, i) => {
      if (i + 1 === 5) expect(a).toMatchObject({ e: { code: 'NOPE', message: '5 はだめです' } });
      else expect(a).toMatchObject({ ok: { n: i + 1 } });
    });
    // one job carried the ten, and each ran once
    const jobs = await batchJobs();
    expect(jobs.map((j) => (j.data.batch as { data: { n: number } }[]).map((x) => x.data.n))).toEqual([Array.from({ length: 10 }, (_, i) => i + 1)]);
    expect((await runs()).sort((a, b) => a - b)).toEqual(Array.from({ length: 11 }, (_, i) => i));
  }, 60_000);

  it('answers each request of a batch whose answers reached the caller and were lost there, from their stored answers', async () => {
    const c = client({ inFlight: 1, maxItems: 64 });
    // the caller's subscription receives the publications and loses them (a connection that drops with them in its buffer)
    const sub = await (c as unknown as { replyReady(): Promise<IORedis> }).replyReady();
    const deliver = sub.listeners('message') as Array<(channel: string, message: string) => void>;
    let lost = 0;
    sub.removeAllListeners('message');
    sub.on('message', () => lost++);
    const workers = replica!.unwrap<Array<{ pause(): Promise<void>; resume(): void }>>();
    await Promise.all(workers.map((w) => w.pause()));
    try {
      // the first request's job waits; the next five gather behind it into one job
      const all = Array.from({ length: 6 }, (_, n) => settled(rpc<Answer>(c, 'rpcbatch.step', { n, fail: n === 3 }, 30_000)));
      await waitFor('the first job waiting', async () => (await queue.getWaitingCount()) === 1);
      for (const w of workers) w.resume();
      const answers = await Promise.all(all);
      answers.forEach((a, n) => expect(a).toMatchObject(n === 3 ? { e: { code: 'NOPE', message: '3 はだめです' } } : { ok: { n } }));
      expect(lost).toBeGreaterThanOrEqual(2);
      // the batch job holds no answer: only that each is stored
      const [job] = await batchJobs();
      expect(job.returnvalue).toEqual({ batch: [1, 2, 3, 4, 5].map(() => ({ id: expect.any(String), stored: true })) });
    } finally {
      for (const w of workers) w.resume();
      sub.removeAllListeners('message');
      for (const l of deliver) sub.on('message', l);
    }
  }, 60_000);

  it('a request whose handler runs long holds back nothing once a worker has taken it', async () => {
    const c = client({ inFlight: 1, maxItems: 64 });
    const slow = rpc<Answer>(c, 'rpcbatch.step', { n: 30, gate: true }, 30_000);
    await waitFor('the slow request running', async () => (await runs()).includes(30));
    // the lane's one job is running: the next requests go and are answered while it still runs
    expect(await Promise.all([31, 32, 33].map((n) => rpc<Answer>(c, 'rpcbatch.step', { n }, 30_000)))).toMatchObject([{ n: 31 }, { n: 32 }, { n: 33 }]);
    await redis.rpush(GATE_KEY, 'go');
    expect((await slow).n).toBe(30);
  }, 60_000);

  it('a replica runs no more requests at once than its concurrency, the items of a batch included', async () => {
    await replica?.close();
    process.env.RPC_CONCURRENCY = '3';
    try {
      replica = await startService('rpcbatch', BatchProbeModule, url());
    } finally {
      delete process.env.RPC_CONCURRENCY;
    }
    try {
      const c = client({ inFlight: 1, maxItems: 64 });
      const workers = replica!.unwrap<Array<{ pause(): Promise<void>; resume(): void }>>();
      await Promise.all(workers.map((w) => w.pause()));
      // one job alone, then one batch of nine
      const all = Array.from({ length: 10 }, (_, n) => rpc<Answer>(c, 'rpcbatch.step', { n, park: true }, 30_000));
      await waitFor('the first job waiting', async () => (await queue.getWaitingCount()) === 1);
      for (const w of workers) w.resume();
      await waitFor('three running', async () => (await redis.get(RUNNING_KEY)) === '3');
      await redis.rpush(GATE_KEY, ...Array.from({ length: 10 }, () => 'go'));
      expect((await Promise.all(all)).map((a) => a.n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
      expect(Math.max(...(await redis.lrange(SEEN_RUNNING_KEY, 0, -1)).map(Number))).toBe(3);
      expect(await batchJobs()).toHaveLength(1);
    } finally {
      await replica?.close();
      replica = await startService('rpcbatch', BatchProbeModule, url());
    }
  }, 60_000);

  it('does not run a request of a batch whose deadline passed before a worker took the job; the others of the job run', async () => {
    const c = client({ inFlight: 1, maxItems: 3 });
    const workers = replica!.unwrap<Array<{ pause(): Promise<void>; resume(): void }>>();
    await Promise.all(workers.map((w) => w.pause()));
    try {
      const first = settled(rpc<Answer>(c, 'rpcbatch.step', { n: 20 }, 30_000));
      // gathered behind the first; the third fills the batch (3 items), which goes at once
      const late = settled(rpc<Answer>(c, 'rpcbatch.step', { n: 21 }, 300));
      const others = [22, 23].map((n) => settled(rpc<Answer>(c, 'rpcbatch.step', { n }, 30_000)));
      await waitFor('the batch job waiting', async () => (await batchJobs()).length === 1);
      expect(await late).toMatchObject({ e: expect.any(RpcTimeoutError) });
      for (const w of workers) w.resume();
      expect(await first).toMatchObject({ ok: { n: 20 } });
      expect(await Promise.all(others)).toMatchObject([{ ok: { n: 22 } }, { ok: { n: 23 } }]);
      const [job] = await batchJobs();
      expect((job.data.batch as { data: { n: number } }[]).map((x) => x.data.n)).toEqual([21, 22, 23]);
      expect((await runs()).sort((a, b) => a - b)).toEqual([20, 22, 23]);
    } finally {
      for (const w of workers) w.resume();
    }
  }, 60_000);

  it('a replica killed (SIGKILL) in the middle of a batch: the answered requests keep their answers, the others get an error, none runs twice', async () => {
    await replica?.close();
    replica = undefined;
    await waitFor('no worker on the queue', async () => (await queue.getWorkersCount()) === 0);
    // the replica as its own process, with short locks so that its death is noticed in seconds
    const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, 'batch-replica.ts')], {
      cwd: process.cwd(),
      env: { ...process.env, RPC_LOCK_MS: '1000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    // sent while no replica runs: the first request's job waits, the six after it gather into one job, which goes when
    // the replica takes the first
    const c = client({ inFlight: 1, maxItems: 64 });
    const first = rpc<Answer>(c, 'rpcbatch.step', { n: 100 }, 60_000);
    const quick = [101, 102, 103].map((n) => settled(rpc<Answer>(c, 'rpcbatch.step', { n }, 60_000)));
    const held = [104, 105, 106].map((n) => settled(rpc<Answer>(c, 'rpcbatch.step', { n, hold: true }, 60_000)));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
        child.once('exit', (code) => reject(new Error(`the replica exited (${code})`)));
      });
      expect((await first).pid).toBe(child.pid);
      // the batch is running: three answered, three in their handlers
      expect(await Promise.all(quick)).toMatchObject([101, 102, 103].map((n) => ({ ok: { n, pid: child.pid } })));
      await waitFor('every request of the batch started', async () => (await runs()).length === 7);
      child.kill('SIGKILL');
      await exited;
      // another replica takes the queue; the dead one's batch is failed, not run again
      process.env.RPC_LOCK_MS = '1000';
      try {
        replica = await startService('rpcbatch', BatchProbeModule, url());
      } finally {
        delete process.env.RPC_LOCK_MS;
      }
      const outcomes = await Promise.all(held);
      for (const o of outcomes) expect(o).toMatchObject({ e: expect.any(Error) });
      const [job] = await batchJobs();
      expect(await job.getState()).toBe('failed');
      // a request after it runs on the new replica; each request ran exactly once
      expect((await rpc<Answer>(c, 'rpcbatch.step', { n: 107 }, 30_000)).pid).toBe(process.pid);
      expect((await runs()).sort((a, b) => a - b)).toEqual([100, 101, 102, 103, 104, 105, 106, 107]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 120_000);
});
