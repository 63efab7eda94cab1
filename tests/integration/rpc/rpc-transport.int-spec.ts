/**
 * The request transport between services (ADR 0008) on the real Redis: two copies of a service in their own Nest
 * microservices, as two replicas would run. Each request is handled by exactly one copy; a request whose caller gave up
 * never runs later; a key makes a request idempotent; a handler's error reaches the caller as it was thrown. Each answer
 * goes to its own caller's reply channel only (ADR 0038), and one the caller missed there still reaches it: each answer
 * is stored once under its key and the job returns only that it is stored (ADR 0049); callers and workers of the
 * release before it still get every answer.
 */
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { BullRpcClient, bullConnection, rpc, rpcAnswerKey, RPC_REPLY_PREFIX, RpcTimeoutError, startService } from '@registrar/infra';
import { waitFor } from '../scheduled-jobs';

const runs: Array<{ replica: number; n: number }> = [];
let replica = 0;

@Controller()
class ProbeController {
  private readonly me = ++replica;

  @MessagePattern('rpcprobe.echo')
  async echo(@Payload() p: { n: number; slowMs?: number; text?: string }) {
    if (p.slowMs) await new Promise((r) => setTimeout(r, p.slowMs));
    runs.push({ replica: this.me, n: p.n });
    return p.text === undefined ? { n: p.n, replica: this.me } : { n: p.n, replica: this.me, text: p.text };
  }

  @MessagePattern('rpcprobe.fail')
  fail() {
    throw new RpcException({ code: 'NOPE', message: 'だめです' });
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

let a: INestMicroservice;
let b: INestMicroservice;
let client: BullRpcClient;
const url = () => process.env.REDIS_URL!;

beforeAll(async () => {
  a = await startService('rpcprobe', ProbeModule, url());
  b = await startService('rpcprobe', ProbeModule, url());
  client = new BullRpcClient(url());
}, 60_000);
afterAll(async () => {
  await client?.close();
  await a?.close();
  await b?.close();
});

describe('requests between services over BullMQ command queues', () => {
  it('runs each request on exactly one of two replicas, and both replicas take work', async () => {
    // every request its own job (gathering off): 40 jobs, which the two replicas share
    const alone = new BullRpcClient(url(), { inFlight: 0 });
    try {
      runs.length = 0;
      const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => rpc<{ n: number; replica: number }>(alone, 'rpcprobe.echo', { n, slowMs: 20 }, 20_000)));
      expect(answers.map((x) => x.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
      expect(new Set(runs.map((r) => r.replica)).size).toBe(2);
    } finally {
      await alone.close();
    }
    // gathered into a few jobs (ADR 0042): still each request once, on one replica
    runs.length = 0;
    const gathered = await Promise.all(Array.from({ length: 40 }, (_, n) => rpc<{ n: number; replica: number }>(client, 'rpcprobe.echo', { n, slowMs: 20 }, 20_000)));
    expect(gathered.map((x) => x.n)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, n) => n));
  }, 60_000);

  it('answers a handler error as thrown', async () => {
    await expect(rpc(client, 'rpcprobe.fail', {}, 10_000)).rejects.toMatchObject({ code: 'NOPE', message: 'だめです' });
  });

  it('gives up at the deadline with a retryable error, and the request never runs afterwards', async () => {
    // no replica takes requests for a while: the request waits in the queue past its deadline
    const workers = [...a.unwrap<never[]>(), ...b.unwrap<never[]>()] as unknown as Array<{ pause(): Promise<void>; resume(): void }>;
    await Promise.all(workers.map((w) => w.pause()));
    runs.length = 0;
    const e = await rpc(client, 'rpcprobe.echo', { n: 999 }, 500).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RpcTimeoutError);
    expect((e as RpcTimeoutError).retryable).toBe(true);
    const queue = new Queue('rpc-rpcprobe', { connection: bullConnection(url()) });
    try {
      // the waiting job was taken back
      expect(await queue.getWaitingCount()).toBe(0);
      for (const w of workers) w.resume();
      // a later request is answered; the given-up one did not run
      expect(await rpc(client, 'rpcprobe.echo', { n: 1 }, 10_000)).toMatchObject({ n: 1 });
      expect(runs.map((r) => r.n)).toEqual([1]);
    } finally {
      await queue.close();
    }
  }, 30_000);

  it('treats requests with the same key as one: it runs once and every caller gets its answer', async () => {
    runs.length = 0;
    const key = `k-${Date.now()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => rpc<{ n: number; replica: number }>(client, 'rpcprobe.echo', { n: 7, slowMs: 50 }, 10_000, { key })));
    expect(new Set(answers.map((x) => x.replica)).size).toBe(1);
    expect(await rpc(client, 'rpcprobe.echo', { n: 7 }, 10_000, { key })).toEqual(answers[0]);
    expect(runs).toHaveLength(1);
  }, 30_000);

  it("answers each caller on its own reply channel only, not every caller of the queue", async () => {
    // what the workers publish, on every caller's channel
    const tap = new IORedis(url());
    const seen: Array<{ channel: string; n: number }> = [];
    // one answer, or several published together (a batch's answers ready in the same turn, ADR 0042)
    tap.on('pmessage', (_p: string, channel: string, message: string) => {
      const m = JSON.parse(message);
      // (a "taken" notice carries no answer)
      for (const reply of m.b ?? [m]) if (!reply.taken) seen.push({ channel, n: reply.r.response.n });
    });
    await tap.psubscribe(`${RPC_REPLY_PREFIX}*`);
    const other = new BullRpcClient(url());
    try {
      const mine = await Promise.all(Array.from({ length: 10 }, (_, n) => rpc<{ n: number }>(client, 'rpcprobe.echo', { n }, 10_000)));
      const theirs = await Promise.all(Array.from({ length: 10 }, (_, n) => rpc<{ n: number }>(other, 'rpcprobe.echo', { n: 100 + n }, 10_000)));
      expect(mine.map((x) => x.n)).toEqual(Array.from({ length: 10 }, (_, n) => n));
      expect(theirs.map((x) => x.n)).toEqual(Array.from({ length: 10 }, (_, n) => 100 + n));
      await waitFor('20 answers published', async () => seen.length >= 20);
      // two channels, one per caller, each with exactly its own caller's answers
      const byChannel = new Map<string, number[]>();
      for (const x of seen) byChannel.set(x.channel, [...(byChannel.get(x.channel) ?? []), x.n].sort((a, b) => a - b));
      expect([...byChannel.values()].sort((a, b) => a[0]! - b[0]!)).toEqual([Array.from({ length: 10 }, (_, n) => n), Array.from({ length: 10 }, (_, n) => 100 + n)]);
    } finally {
      await other.close();
      await tap.quit();
    }
  }, 30_000);

  it('still answers a caller that missed its answer on the reply channel (from the finished job)', async () => {
    const tap = new IORedis(url());
    const lost: string[] = [];
    tap.on('message', (_c: string, message: string) => lost.push(message));
    const deaf = new BullRpcClient(url());
    try {
      expect(await rpc(deaf, 'rpcprobe.echo', { n: 1 }, 10_000)).toMatchObject({ n: 1 });
      // its requests now name a channel it does not listen to (as if its subscription were down when the answer came)
      const nobody = `${RPC_REPLY_PREFIX}nobody-${Date.now()}`;
      await tap.subscribe(nobody);
      (deaf as unknown as { replyChannel: string }).replyChannel = nobody;
      runs.length = 0;
      expect(await rpc(deaf, 'rpcprobe.echo', { n: 2 }, 10_000)).toMatchObject({ n: 2 });
      await waitFor('the answer published where the caller was not listening', async () => lost.length >= 1);
      expect(runs.map((r) => r.n)).toEqual([2]);
    } finally {
      await deaf.close();
      await tap.quit();
    }
  }, 30_000);
  it('answers a caller whose answer reached its connection and was lost there, from the answer stored once (the job holds no copy)', async () => {
    const c = new BullRpcClient(url());
    const queue = new Queue('rpc-rpcprobe', { connection: bullConnection(url()) });
    // the caller's subscription, as ioredis gives it the published messages
    const sub = (await (c as unknown as { replyReady(): Promise<IORedis> }).replyReady());
    const deliver = sub.listeners('message') as Array<(channel: string, message: string) => void>;
    const dropped: string[] = [];
    try {
      // the subscription receives the publications and loses them (as a connection that drops with them in its buffer)
      sub.removeAllListeners('message');
      sub.on('message', (_channel: string, message: string) => dropped.push(message));
      // a large answer of two-byte text, as the domain list's with its IDN names
      const text = 'ドメイン名の一覧。'.repeat(4000);
      runs.length = 0;
      expect(await rpc(c, 'rpcprobe.echo', { n: 41, text }, 10_000)).toMatchObject({ n: 41, text });
      expect(runs.map((r) => r.n)).toEqual([41]);
      // it was published to this caller and received
      expect(dropped.filter((m) => m.includes('"n":41'))).toHaveLength(1);
      // the job returned only that the answer is stored; the answer is kept under its key, to expire
      const job = (await queue.getJobs(['completed'])).find((j) => (j?.data?.data as { n?: number } | undefined)?.n === 41) as Job;
      expect(job.returnvalue).toEqual({ stored: true });
      const redis = new IORedis(url());
      try {
        expect(JSON.parse((await redis.get(rpcAnswerKey(job.id!)))!)).toMatchObject({ response: { n: 41, text } });
        expect(await redis.ttl(rpcAnswerKey(job.id!))).toBeGreaterThan(0);
      } finally {
        await redis.quit();
      }
    } finally {
      sub.removeAllListeners('message');
      for (const l of deliver) sub.on('message', l);
      await c.close();
      await queue.close();
    }
  }, 30_000);

  it('deletes a stored answer once its caller has it from the reply channel (kept only for a caller that missed it)', async () => {
    const queue = new Queue('rpc-rpcprobe', { connection: bullConnection(url()) });
    const redis = new IORedis(url());
    try {
      const text = '期限まで残さない回答。'.repeat(1000);
      expect(await rpc(client, 'rpcprobe.echo', { n: 43, text }, 10_000)).toMatchObject({ n: 43, text });
      const job = await waitFor('the finished job', async () => (await queue.getJobs(['completed'])).find((j) => (j?.data?.data as { n?: number } | undefined)?.n === 43));
      // it was stored (the job holds no copy), and the caller that received it had the key deleted
      expect(job.returnvalue).toEqual({ stored: true });
      await waitFor('the stored answer deleted', async () => (await redis.exists(rpcAnswerKey(job.id!))) === 0, 10_000);
    } finally {
      await redis.quit();
      await queue.close();
    }
  }, 30_000);

  it('answers a caller of the release before stored answers (no "store" in its job) through the job, as before', async () => {
    const queue = new Queue('rpc-rpcprobe', { connection: bullConnection(url()) });
    try {
      // what an older caller adds: the request, its deadline, its reply channel, and no "store"
      const id = `rpcprobe.echo~old-${Date.now()}`;
      await queue.add('rpcprobe.echo', { data: { n: 42 }, deadline: Date.now() + 10_000, replyTo: `${RPC_REPLY_PREFIX}old-caller` }, { jobId: id });
      await waitFor('the older caller\'s job done', async () => Boolean((await Job.fromId(queue, id))?.finishedOn));
      expect((await Job.fromId(queue, id))!.returnvalue).toMatchObject({ response: { n: 42 } });
    } finally {
      await queue.close();
    }
  }, 30_000);

  it('answers a caller from a worker of the release before stored answers (the answer in its return value, nothing published)', async () => {
    // an older worker: no reply channel, no stored answer, the answer only as the job's return value
    const older = new Worker('rpc-rpcolder', async (job) => ({ response: { n: (job.data.data as { n: number }).n, older: true } }), { connection: bullConnection(url()) });
    const c = new BullRpcClient(url());
    try {
      await older.waitUntilReady();
      expect(await rpc(c, 'rpcolder.echo', { n: 43 }, 10_000)).toEqual({ n: 43, older: true });
    } finally {
      await c.close();
      await older.close();
    }
  }, 30_000);
});
