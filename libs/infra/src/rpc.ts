import { randomUUID } from 'node:crypto';
import { DynamicModule, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { BaseRpcContext, ClientProxy, CustomTransportStrategy, ReadPacket, Server, WritePacket } from '@nestjs/microservices';
import { Job, Queue, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { bullConnection } from './jobs';

/**
 * Request/response between services over BullMQ (docs/adr/0008-rpc-over-bullmq.md): one command queue per
 * service (`rpc-<service>`, the service being the first segment of the message pattern), each request one job, handled
 * by exactly one replica. The answer goes straight back to the caller: each caller process subscribes to its own reply
 * channel (`rpc-reply:<uuid>`, named in the job) and the worker publishes the answer there (docs/adr/0038-rpc-replies.md).
 * The answer is serialised once and stored once, under `rpc-answer:<id>` until after the deadline, by the script that
 * publishes it; the job returns only that it is stored, and a caller that had no answer on its channel reads the stored
 * one when it looks at the finished job (docs/adr/0049-rpc-answers-stored-once.md). Every call has a deadline:
 * after it the caller gets an RpcTimeoutError (retryable) and the job, if it still waits, is removed; a worker never
 * runs a request whose deadline has passed. Every job id is an idempotency key: a retry of the same key is one job.
 * The existing @MessagePattern handlers and rpc(client, pattern, payload) call sites stay as they are.
 *
 * Automatic batching (docs/adr/0042-rpc-batching-and-ledger-group-commit.md): a caller sends a request at once while fewer than
 * RPC_BATCH_IN_FLIGHT jobs of its pattern are in flight (sent, not yet taken by a worker nor ended); the requests that
 * come while they are gather and go together as one job when one of them is taken or ends (or at once when RPC_BATCH_MAX
 * items or RPC_BATCH_MAX_BYTES are gathered; no timer). The worker runs each item on its own (its own deadline, result
 * and error) and answers each on the caller's reply channel. Requests with a transport key are never batched: each stays
 * its own job, whose id is the key.
 */

/** The queue that carries a pattern's requests: `rpc-` + the owning service (the pattern's first segment). */
export function rpcQueueFor(pattern: string): string {
  const owner = RPC_ROUTES.find((r) => pattern.startsWith(r.prefix))?.service ?? pattern.split('.')[0];
  return `rpc-${owner}`;
}

/** Patterns whose owner is not their first segment (longest prefixes first). */
export const RPC_ROUTES: { prefix: string; service: string }[] = [];

interface Waiter {
  resolve: (r: RpcJobResult) => void;
  reject: (e: Error) => void;
}

/** What a request job carries: one request (`data`), or several of the same pattern and caller (`batch`). */
interface RpcJobData {
  data?: unknown;
  /** epoch ms after which the caller no longer waits: the request must not run (a batch: its latest item's) */
  deadline: number;
  /** the caller process's reply channel (absent from callers older than ADR 0038: they read the job's return value) */
  replyTo?: string;
  /** a batch's requests, each run on its own and answered under its own id */
  batch?: RpcBatchItem[];
  /** the caller waits to send its next requests until this job is taken: the worker says when it takes it (ADR 0042) */
  ack?: boolean;
  /**
   * the caller reads stored answers (ADR 0049): the worker stores each answer under `rpc-answer:<id>` and publishes it,
   * and the job returns only that it is stored (absent from older callers: the answer is the job's return value)
   */
  store?: boolean;
}

/** One request of a batch job. */
interface RpcBatchItem {
  /** the request's id (unique; the caller's waiter is keyed by it) */
  id: string;
  data: unknown;
  /** epoch ms after which this request must not run */
  deadline: number;
}

/** What a batch job returns: each item's answer under its id. */
interface RpcBatchResult {
  batch: RpcReply[];
}

/**
 * What the worker publishes on a caller's reply channel: one answer, or several (`b`) finished in the same turn; and,
 * for a job that asked for it (`ack`), that the worker has taken the job (`taken`, no answer).
 */
interface RpcReply {
  /** the job id, or a batch item's id (the caller's waiters are keyed by it) */
  id: string;
  r?: RpcJobResult;
  taken?: true;
  /** in a batch job's return value: the answer is stored under its key, not here (ADR 0049) */
  stored?: true;
  /**
   * published with an answer that is also stored under its key (ADR 0049): the caller that receives it deletes the key,
   * which only a caller that missed the publication would read (ADR 0051); an older caller ignores it
   */
  kept?: true;
}
type RpcPublication = RpcReply | { b: RpcReply[] };

/** The Redis channel prefix of callers' reply channels. */
export const RPC_REPLY_PREFIX = 'rpc-reply:';

/** The prefix of the keys stored answers are kept under until their request's deadline has passed (ADR 0049). */
export const RPC_ANSWER_PREFIX = 'rpc-answer:';

/** What a single request's job returns when its answer is stored under its key (ADR 0049). */
interface RpcStoredResult {
  stored: true;
}

/** How often a caller looks at its job while no answer came on its reply channel (the safety net). */
const POLL_MS = 1000;

/** What a request job returns (an error of the handler is an answer, not a failed job). */
interface RpcJobResult {
  response?: unknown;
  err?: unknown;
  /** the deadline passed before a worker took the request: it did not run */
  expired?: boolean;
}

export class RpcTimeoutError extends Error {
  readonly retryable = true;
  constructor(pattern: string, ms: number) {
    super(`RPC ${pattern} timed out after ${ms} ms`);
    this.name = 'RpcTimeoutError';
  }
}

function envInt(name: string, dflt: number, min: number): number {
  const n = Number(process.env[name]);
  return Number.isSafeInteger(n) && n >= min ? n : dflt;
}

/** How requests of one pattern are gathered by a caller (read once per client). */
export interface RpcBatchOptions {
  /** jobs of one pattern a caller keeps in flight (sent, not yet taken by a worker) before it gathers the next requests (0: batching off) */
  inFlight: number;
  /** most requests in one job */
  maxItems: number;
  /** most bytes of payload (JSON) in one job */
  maxBytes: number;
  /** the caller asks for stored answers (ADR 0049; RPC_STORED_ANSWERS=0: the answer is the job's return value, as before) */
  storedAnswers: boolean;
}

export function rpcBatchDefaults(): RpcBatchOptions {
  return {
    inFlight: envInt('RPC_BATCH_IN_FLIGHT', 2, 0),
    maxItems: envInt('RPC_BATCH_MAX', 64, 1),
    maxBytes: envInt('RPC_BATCH_MAX_BYTES', 256 * 1024, 1024),
    storedAnswers: process.env.RPC_STORED_ANSWERS !== '0',
  };
}

/** A request waiting in its caller to be sent, or sent in a batch job. */
interface Outgoing {
  id: string;
  data: unknown;
  deadline: number;
  bytes: number;
  /** the job carrying it, once sent */
  job?: SentJob;
}

/** A job a caller sent for gathered requests (or a single one) and still awaits. */
interface SentJob {
  jobId: string;
  items: Outgoing[];
  /** requests of it whose call has not ended yet */
  open: number;
  /** requests of it whose caller gave up (their deadline) */
  timedOut: number;
  /** no longer counted as in flight (a worker took it, or every request of it ended) */
  released: boolean;
}

/** The requests of one pattern in one caller: jobs in flight and the ones gathered meanwhile. */
interface Lane {
  pattern: string;
  queueName: string;
  inFlight: number;
  gathered: Outgoing[];
  bytes: number;
}

function rpcTimeoutDefault(): number {
  const n = Number(process.env.RPC_TIMEOUT_MS);
  return Number.isFinite(n) && n >= 100 ? n : 10_000;
}

/** Job ids may not contain ':' nor be integers. */
function jobIdFor(pattern: string, key: string): string {
  return `${pattern}~${key}`.replace(/:/g, '_');
}

export interface RpcCallOptions {
  /** milliseconds the caller waits (default RPC_TIMEOUT_MS, 10 s) */
  timeoutMs?: number;
  /** the idempotency key: a second request with the same key is the same job (its stored answer while retained) */
  key?: string;
}

/** The caller's side: a ClientProxy whose send() adds a job to the pattern's queue and awaits its answer. */
export class BullRpcClient extends ClientProxy implements OnApplicationShutdown {
  private readonly log = new Logger('rpc');
  private readonly queues = new Map<string, Queue>();
  /** this caller's reply channel: workers publish the answers of this process's requests on it */
  private readonly replyChannel = `${RPC_REPLY_PREFIX}${randomUUID()}`;
  /** the subscribed connection of the reply channel (opened on first use) */
  private replies?: Promise<IORedis>;
  /** callers awaiting a job or a batch item (several when they share an idempotency key) */
  private readonly waiting = new Map<string, Set<Waiter>>();
  /** requests of each pattern in flight and gathered (automatic batching) */
  private readonly lanes = new Map<string, Lane>();
  /** the jobs this caller awaits a "taken" notice of (by job id) */
  private readonly awaitingTake = new Map<string, { lane: Lane; job: SentJob }>();
  private readonly batching: RpcBatchOptions;

  private wait(jobId: string): { answer: Promise<RpcJobResult>; done: () => void } {
    let w!: Waiter;
    const answer = new Promise<RpcJobResult>((resolve, reject) => { w = { resolve, reject }; });
    answer.catch(() => undefined);
    let set = this.waiting.get(jobId);
    if (!set) this.waiting.set(jobId, (set = new Set()));
    set.add(w);
    return {
      answer,
      done: () => {
        set.delete(w);
        if (!set.size && this.waiting.get(jobId) === set) this.waiting.delete(jobId);
      },
    };
  }

  private take(jobId: string): Waiter[] {
    const set = this.waiting.get(jobId);
    this.waiting.delete(jobId);
    return set ? [...set] : [];
  }

  constructor(private readonly redisUrl: string, batching: Partial<RpcBatchOptions> = {}) {
    super();
    this.batching = { ...rpcBatchDefaults(), ...batching };
  }

  async connect(): Promise<void> {
    /* connections open on first use, per target queue */
  }

  /** modules using this (shared) client; the last one to shut down closes it */
  private users = 0;
  private closed = false;

  /** One more module uses this client (rpcClientModule); it may be used again after a close. */
  acquire(): this {
    this.users++;
    this.closed = false;
    return this;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.users > 0 && --this.users > 0) return;
    await this.close();
  }

  /** Closes the connections; a request after this fails at once (nothing reopens a closed client's connections). */
  async close(): Promise<void> {
    this.closed = true;
    // requests gathered but not sent fail at once (a closing process does not send them)
    for (const lane of this.lanes.values()) {
      for (const x of this.takeGathered(lane)) for (const w of this.take(x.id)) w.reject(new Error(`the request client is closed (${lane.queueName})`));
    }
    const replies = this.replies;
    this.replies = undefined;
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await replies?.then((r) => r.quit(), () => undefined).catch(() => undefined);
    this.queues.clear();
  }

  unwrap<T>(): T {
    return this.queues as T;
  }

  override on(): void {
    /* no events */
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let done = false;
    this.request(packet.pattern as string, packet.data, {})
      .then((response) => !done && callback({ response, isDisposed: true }))
      .catch((err) => !done && callback({ err, isDisposed: true }));
    return () => {
      done = true;
    };
  }

  protected async dispatchEvent(): Promise<never> {
    throw new Error('events are not sent between services; use a request or a BullMQ job');
  }

  private queue(name: string): Queue {
    if (this.closed) throw new Error(`the request client is closed (${name})`);
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: bullConnection(this.redisUrl), streams: { events: { maxLen: 2000 } } });
      q.on('error', (e) => this.log.warn(`${name}: ${e.message}`));
      this.queues.set(name, q);
    }
    return q;
  }

  /**
   * Subscribes (once per client) to this caller's reply channel. ioredis resubscribes after a reconnect; an answer
   * published while the connection was away is lost, and the look at the job (poll) finds it instead.
   */
  private replyReady(): Promise<IORedis> {
    if (this.closed) return Promise.reject(new Error('the request client is closed'));
    if (!this.replies) {
      // connects (and reconnects) on its own, forever; the SUBSCRIBE waits for the connection (a request's deadline
      // covers that wait)
      const sub = new IORedis(bullConnection(this.redisUrl));
      sub.on('error', (e) => this.log.warn(`replies: ${e.message}`));
      sub.on('message', (_channel: string, message: string) => {
        let pub: RpcPublication;
        try {
          pub = JSON.parse(message) as RpcPublication;
        } catch {
          return;
        }
        for (const reply of 'b' in pub ? pub.b : [pub]) {
          if (reply.taken) this.taken(reply.id);
          else this.settle(reply.id, reply.r);
          if (reply.kept) this.received(reply.id);
        }
      });
      const p = sub.subscribe(this.replyChannel).then(() => sub);
      p.catch(() => {
        if (this.replies === p) this.replies = undefined;
        sub.disconnect();
      });
      this.replies = p;
    }
    return this.replies;
  }

  /** stored answers received on the reply channel this turn, their keys deleted together at its end */
  private receivedStored: string[] = [];

  /**
   * A stored answer reached this caller on its reply channel: its key is deleted, not kept until its expiry (ADR
   * 0051). Only this caller could read it (its request's id, its channel; keyed requests are never stored), and
   * only if it had missed the publication. The keys of one turn go in one UNLINK, on a queue's connection. A failed
   * delete leaves the key to its expiry, as before.
   */
  private received(id: string): void {
    this.receivedStored.push(rpcAnswerKey(id));
    if (this.receivedStored.length > 1) return;
    setImmediate(() => {
      const keys = this.receivedStored;
      this.receivedStored = [];
      const queue = this.queues.values().next().value as Queue | undefined;
      if (!queue || this.closed) return;
      void (async () => (await queue.backend.client) as unknown as IORedis)()
        .then((conn) => conn.unlink(...keys))
        .catch((e: Error) => this.log.warn(`${keys.length} stored answer(s) left to their expiry: ${e.message}`));
    });
  }

  private settle(jobId: string, returnvalue: unknown): void {
    const ws = this.take(jobId);
    if (!ws.length) return;
    let r: RpcJobResult;
    try {
      r = (typeof returnvalue === 'string' ? JSON.parse(returnvalue) : returnvalue) as RpcJobResult;
    } catch {
      r = { err: { status: 'error', message: 'unreadable answer' } };
    }
    for (const w of ws) w.resolve(r ?? {});
  }

  /**
   * The safety net under the reply channel (an answer published while the subscription reconnected, a worker that could
   * not publish, a second caller of the same key in another process): while no answer came, look at the job every
   * second. Its timer is cleared when the call ends.
   */
  private async poll(queue: Queue, jobId: string, call: { over: boolean; timer?: NodeJS.Timeout }): Promise<RpcJobResult> {
    for (;;) {
      await new Promise((r) => { call.timer = setTimeout(r, POLL_MS); });
      if (call.over) return new Promise<never>(() => undefined);
      const job = await Job.fromId(queue, jobId).catch(() => undefined);
      if (job?.finishedOn && job.returnvalue !== undefined && job.returnvalue !== null) {
        const rv = (typeof job.returnvalue === 'string' ? JSON.parse(job.returnvalue) : job.returnvalue) as RpcJobResult | RpcStoredResult;
        if (!isStored(rv)) return rv;
        // Redis away for the moment: the next look reads it again (the deadline bounds the wait)
        const answer = await this.stored(queue, [jobId]).then(([x]) => x, () => undefined);
        if (answer) return answer;
      }
      if (job?.failedReason && job.finishedOn) throw new Error(job.failedReason);
    }
  }

  /**
   * The stored answers of finished requests (ADR 0049), in the order of their ids: read when a job says its answers are
   * stored and this caller did not get them on its reply channel (a publication lost on the way, or while the
   * subscription reconnected). An answer no longer there (Redis lost it) is an error, never a silent loss.
   */
  private async stored(queue: Queue, ids: string[]): Promise<RpcJobResult[]> {
    if (!ids.length) return [];
    // the queue's Redis backend: an ioredis client, as the worker's (BullRpcServer.listen)
    const conn = (await queue.backend.client) as unknown as IORedis;
    const found = await conn.mgetBuffer(...ids.map(rpcAnswerKey));
    return found.map((b) => {
      if (!b) return { err: { status: 'error', message: 'the answer of the request was stored and is gone: it may have run' } };
      try {
        return JSON.parse(b.toString()) as RpcJobResult;
      } catch {
        return { err: { status: 'error', message: 'unreadable answer' } };
      }
    });
  }

  /** One request: resolves with the handler's answer, rejects with its error or an RpcTimeoutError at the deadline. */
  async request<T>(pattern: string, data: unknown, o: RpcCallOptions): Promise<T> {
    if (o.key === undefined && this.batching.inFlight > 0) return this.gathered<T>(pattern, data, o.timeoutMs ?? rpcTimeoutDefault());
    return this.alone<T>(pattern, data, o);
  }

  private lane(pattern: string): Lane {
    let l = this.lanes.get(pattern);
    if (!l) this.lanes.set(pattern, (l = { pattern, queueName: rpcQueueFor(pattern), inFlight: 0, gathered: [], bytes: 0 }));
    return l;
  }

  /**
   * A request without a key: sent at once while fewer than `inFlight` jobs of its pattern are in flight, otherwise
   * gathered with the others that come meanwhile; they go as one job when a job of the pattern is taken by a worker or
   * ends, or at once when the gathered ones reach `maxItems` or `maxBytes`. Its own id, deadline, answer and error, as
   * if it went alone.
   */
  private async gathered<T>(pattern: string, data: unknown, ms: number): Promise<T> {
    if (this.closed) throw new Error(`the request client is closed (${rpcQueueFor(pattern)})`);
    const deadline = Date.now() + ms;
    const lane = this.lane(pattern);
    const item: Outgoing = { id: jobIdFor(pattern, randomUUID()), data, deadline, bytes: Buffer.byteLength(JSON.stringify(data) ?? '') };
    const w = this.wait(item.id);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RpcTimeoutError(pattern, ms)), ms);
    });
    timedOut.catch(() => undefined);
    try {
      if (lane.inFlight < this.batching.inFlight && !lane.gathered.length) this.sendJob(lane, [item]);
      else {
        if (lane.gathered.length && lane.bytes + item.bytes > this.batching.maxBytes) this.sendJob(lane, this.takeGathered(lane));
        lane.gathered.push(item);
        lane.bytes += item.bytes;
        if (lane.gathered.length >= this.batching.maxItems || lane.bytes >= this.batching.maxBytes) this.sendJob(lane, this.takeGathered(lane));
      }
      const r = await Promise.race([w.answer, timedOut]);
      if (r.expired) throw new RpcTimeoutError(pattern, ms);
      if (r.err !== undefined) throw r.err;
      return r.response as T;
    } catch (e) {
      if (e instanceof RpcTimeoutError) {
        const at = lane.gathered.indexOf(item);
        if (at >= 0) {
          // never sent: it is simply dropped
          lane.gathered.splice(at, 1);
          lane.bytes -= item.bytes;
        } else if (item.job && ++item.job.timedOut === item.job.items.length) {
          // every request of the job gave up: a job still waiting is taken back (a running one checks each deadline)
          const queue = this.queues.get(lane.queueName);
          if (queue) await Job.fromId(queue, item.job.jobId).then((j) => j?.remove()).catch(() => undefined);
        }
      }
      throw e;
    } finally {
      clearTimeout(timer);
      w.done();
      const job = item.job;
      if (job && --job.open === 0) {
        this.awaitingTake.delete(job.jobId);
        this.release(lane, job);
      }
    }
  }

  /** A job of the lane is no longer in flight: the requests gathered meanwhile go (one job). */
  private release(lane: Lane, job: SentJob): void {
    if (job.released) return;
    job.released = true;
    lane.inFlight--;
    if (lane.gathered.length && lane.inFlight < this.batching.inFlight) this.sendJob(lane, this.takeGathered(lane));
  }

  /** A worker took the job: the caller stops waiting for it before sending more (its handler may take long). */
  private taken(jobId: string): void {
    const t = this.awaitingTake.get(jobId);
    if (!t) return;
    this.awaitingTake.delete(jobId);
    this.release(t.lane, t.job);
  }

  private takeGathered(lane: Lane): Outgoing[] {
    const items = lane.gathered;
    lane.gathered = [];
    lane.bytes = 0;
    return items;
  }

  /**
   * Adds one job for the requests (one alone keeps the single-request shape: its id is the job id), then looks at the
   * job once a second while some of them have no answer (the safety net under the reply channel, as alone()).
   */
  private sendJob(lane: Lane, items: Outgoing[]): void {
    const single = items.length === 1;
    const job: SentJob = { jobId: single ? items[0].id : jobIdFor(lane.pattern, `b-${randomUUID()}`), items, open: items.length, timedOut: 0, released: false };
    for (const x of items) x.job = job;
    lane.inFlight++;
    // the lane is full with this job: the next requests gather until a job of it ends or is taken by a worker, which
    // the worker says for this job (a long handler does not hold the requests behind it)
    const ack = lane.inFlight >= this.batching.inFlight;
    if (ack) this.awaitingTake.set(job.jobId, { lane, job });
    const unanswered = () => items.filter((x) => this.waiting.has(x.id));
    const failAll = (e: Error) => {
      for (const x of items) for (const w of this.take(x.id)) w.reject(e);
    };
    void (async () => {
      let queue: Queue;
      try {
        queue = this.queue(lane.queueName);
        await this.replyReady();
        const deadline = Math.max(...items.map((x) => x.deadline));
        const data: RpcJobData = single
          ? { data: items[0].data, deadline, replyTo: this.replyChannel }
          : { batch: items.map((x) => ({ id: x.id, data: x.data, deadline: x.deadline })), deadline, replyTo: this.replyChannel };
        if (ack) data.ack = true;
        if (this.batching.storedAnswers) data.store = true;
        await queue.add(lane.pattern, data, { jobId: job.jobId, attempts: 1, removeOnComplete: { age: 120, count: 20_000 }, removeOnFail: { age: 3600, count: 5000 } });
      } catch (e) {
        failAll(e as Error);
        return;
      }
      while (job.open > 0) {
        await new Promise((r) => setTimeout(r, POLL_MS));
        if (job.open === 0 || this.closed) return;
        if (!unanswered().length) continue;
        const found = await Job.fromId(queue, job.jobId).catch(() => undefined);
        if (!found?.finishedOn) continue;
        if (found.failedReason) {
          failAll(new Error(found.failedReason));
          continue;
        }
        const rv: unknown = typeof found.returnvalue === 'string' ? JSON.parse(found.returnvalue) : found.returnvalue;
        // the answers this caller has not had on its reply channel: in the return value, or stored under their keys
        const stored: string[] = [];
        if (single) {
          if (isStored(rv)) stored.push(job.jobId);
          else this.settle(job.jobId, rv);
        } else if (rv && Array.isArray((rv as RpcBatchResult).batch)) {
          for (const reply of (rv as RpcBatchResult).batch) {
            if (reply.stored) stored.push(reply.id);
            else this.settle(reply.id, reply.r);
          }
        }
        const open = stored.filter((id) => this.waiting.has(id));
        // Redis away for the moment: the next look reads them again (each request's deadline bounds the wait)
        const answers = await this.stored(queue, open).catch(() => undefined);
        if (!answers) continue;
        open.forEach((id, i) => this.settle(id, answers[i]));
        // a worker that does not know batches answered something else: no request of it ran as asked
        for (const x of unanswered()) for (const w of this.take(x.id)) w.resolve({ err: { status: 'error', message: 'the worker did not answer the batch' } });
      }
    })();
  }

  /** A request alone in its job (a keyed one, or any while batching is off). */
  private async alone<T>(pattern: string, data: unknown, o: RpcCallOptions): Promise<T> {
    const ms = o.timeoutMs ?? rpcTimeoutDefault();
    const deadline = Date.now() + ms;
    const queueName = rpcQueueFor(pattern);
    const jobId = jobIdFor(pattern, o.key ?? randomUUID());
    const queue = this.queue(queueName);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RpcTimeoutError(pattern, ms)), ms);
    });
    timedOut.catch(() => undefined);
    const jobOpts = { jobId, attempts: 1, removeOnComplete: { age: o.key ? 3600 : 120, count: 20_000 }, removeOnFail: { age: 3600, count: 5000 } };
    /** adds the job (or finds the one of the same key) and awaits its answer */
    const ask = async (): Promise<RpcJobResult> => {
      const w = this.wait(jobId);
      const call: { over: boolean; timer?: NodeJS.Timeout } = { over: false };
      try {
        // subscribed before the job exists, so its answer cannot come before we listen
        await this.replyReady();
        // a keyed request's answer stays the job's return value: a later caller of its key reads it there (kept 1 h)
        const job = await queue.add(pattern, { data, deadline, replyTo: this.replyChannel, ...(o.key || !this.batching.storedAnswers ? {} : { store: true }) } satisfies RpcJobData, jobOpts);
        if (o.key) {
          // the same key asked before: its answer may already be stored (a finished job sends no new event)
          const state = await job.getState();
          if (state === 'completed' || state === 'failed') {
            const done = await Job.fromId(queue, jobId);
            if (state === 'completed') this.settle(jobId, done?.returnvalue);
            else for (const x of this.take(jobId)) x.reject(new Error(done?.failedReason ?? 'failed'));
          }
        }
        const polled = this.poll(queue, jobId, call);
        polled.catch(() => undefined);
        return await Promise.race([w.answer, timedOut, polled]);
      } finally {
        call.over = true;
        clearTimeout(call.timer);
        w.done();
      }
    };
    try {
      // the deadline covers everything, adding the job too (while Redis is away, commands wait for it)
      let r = await Promise.race([ask(), timedOut]);
      if (r.expired && o.key && Date.now() < deadline) {
        // an earlier request with this key expired without running: this one may run
        await Job.fromId(queue, jobId).then((j) => j?.remove()).catch(() => undefined);
        r = await Promise.race([ask(), timedOut]);
      }
      if (r.expired) throw new RpcTimeoutError(pattern, ms);
      if (r.err !== undefined) throw r.err;
      return r.response as T;
    } catch (e) {
      if (e instanceof RpcTimeoutError) {
        // a request still waiting is taken back; one already running finishes (the worker checked its deadline)
        await Job.fromId(queue, jobId).then((j) => j?.remove()).catch(() => undefined);
      }
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }
}

function isStored(rv: unknown): rv is RpcStoredResult {
  return typeof rv === 'object' && rv !== null && (rv as RpcStoredResult).stored === true;
}

/** The Redis key a stored answer is kept under (ADR 0049): the request's id (a job id or a batch item's id). */
export function rpcAnswerKey(id: string): string {
  return `${RPC_ANSWER_PREFIX}${id}`;
}

/** Seconds a stored answer is kept after its request's deadline (the caller's clock, its last look at the job). */
const RPC_ANSWER_KEEP_S = 60;

/**
 * Stores each answer under its key and publishes one message on the caller's channel, in one step: KEYS are the answers'
 * keys; ARGV: the channel, the number of replies that are not stored (already JSON, "taken" notices or older answers),
 * those replies joined by commas, then per answer its seconds to keep, its id (JSON) and its answer (JSON). The message
 * has the shape the caller parses (ADR 0038): `{"id":…,"kept":true,"r":…}` alone (`kept`: the receiver deletes the key,
 * ADR 0051), else `{"b":[…]}`. Returns the receivers' count.
 */
const RPC_ANSWER_LUA = `
local parts = {}
local n = tonumber(ARGV[2])
if n > 0 then parts[1] = ARGV[3] end
for i = 1, #KEYS do
  local at = 4 + 3 * (i - 1)
  redis.call('SET', KEYS[i], ARGV[at + 2], 'EX', ARGV[at])
  parts[#parts + 1] = '{"id":' .. ARGV[at + 1] .. ',"kept":true,"r":' .. ARGV[at + 2] .. '}'
end
local message
if n + #KEYS == 1 then message = parts[1] else message = '{"b":[' .. table.concat(parts, ',') .. ']}' end
return redis.call('PUBLISH', ARGV[1], message)
`;

/** The worker's connection, with the script that stores and publishes answers. */
interface AnswerConnection {
  publish(channel: string, message: string): Promise<unknown>;
  rpcAnswer(numKeys: number, ...args: Array<string | number>): Promise<number>;
}

/** What waits in a worker's outbox for its channel: a reply already JSON, or an answer to store and publish. */
interface Outbound {
  text?: string;
  stored?: { key: string; id: string; body: string; ttl: number; done: (ok: boolean) => void };
}

/**
 * The service's side: a Nest microservice transport consuming `rpc-<service>`. Each job goes to the @MessagePattern
 * handler of its name; the answer (or the handler's error) is stored and published (ADR 0049), or, for an older or
 * keyed caller, published and returned as the job's value.
 */
export class BullRpcServer extends Server implements CustomTransportStrategy {
  private readonly workers: Worker[] = [];
  /** the worker's own connection: the answers are published (and stored) on it (no connection more per replica) */
  private pub?: AnswerConnection;

  /** answers shorter than this (characters of JSON) stay the job's return value: their copy costs less than a key */
  private readonly storeMinChars = envInt('RPC_STORE_MIN_CHARS', 8192, 0);

  constructor(private readonly o: { service: string; redisUrl: string; concurrency?: number }) {
    super();
  }

  on(): void {
    /* no events */
  }

  unwrap<T>(): T {
    return this.workers as T;
  }

  /** The queues this process consumes (one per service, `rpc-<service>`). */
  queueNames(): string[] {
    return [...new Set([...this.messageHandlers.keys()].map((p) => rpcQueueFor(p)))];
  }

  async listen(callback: (...args: unknown[]) => void): Promise<void> {
    try {
      const own = `rpc-${this.o.service}`;
      const foreign = [...this.messageHandlers.keys()].filter((p) => rpcQueueFor(p) !== own);
      if (foreign.length) throw new Error(`${this.o.service} handles patterns routed to other services: ${foreign.join(', ')} (see RPC_ROUTES in libs/infra/src/rpc.ts)`);
      if (this.messageHandlers.size) {
        const worker = new Worker(own, (job) => this.handleJob(job), {
          connection: bullConnection(this.o.redisUrl),
          concurrency: this.o.concurrency ?? 32,
          // a request whose worker died is not run again: its caller has timed out by then (a batch job: none of its
          // requests that had not answered; their callers get the job's failure or their deadline)
          maxStalledCount: 0,
          lockDuration: envInt('RPC_LOCK_MS', 30_000, 500),
          stalledInterval: envInt('RPC_LOCK_MS', 30_000, 500),
        });
        worker.on('error', (e) => this.logger.error(`${own}: ${e.message}`));
        await worker.waitUntilReady();
        // BullMQ's Redis backend: an ioredis client (the interface it declares leaves publish out)
        const conn = (await worker.backend.client) as unknown as IORedis;
        if (typeof conn.publish !== 'function' || typeof conn.defineCommand !== 'function') throw new Error(`${own}: the worker's connection cannot publish answers`);
        if (!(conn as Partial<AnswerConnection>).rpcAnswer) conn.defineCommand('rpcAnswer', { lua: RPC_ANSWER_LUA });
        this.pub = conn as unknown as AnswerConnection;
        this.workers.push(worker);
      }
      callback();
    } catch (e) {
      callback(e);
    }
  }

  /**
   * Runs the request and answers it on the caller's reply channel. A caller that says it reads stored answers (`store`,
   * ADR 0049) gets each answer serialised once: that one string is stored under `rpc-answer:<id>` (expiring after the
   * request's deadline) and published, by one script, before the job completes; the job then returns only that the
   * answer is stored (`{ stored: true }`), which a caller that missed the publication reads, then the stored answer. For
   * an older caller (no `store`), or if the script failed, the answer is published as it was and is the job's return
   * value (ADR 0038). A batch job's requests run side by side, each on its own (its deadline, handler, answer or error);
   * each answer is published as soon as it is ready (a stored one at once, smaller ones ready in the same turn in one
   * message), and the job returns them all.
   */
  private async handleJob(job: Job<RpcJobData>): Promise<RpcJobResult | RpcBatchResult | RpcStoredResult> {
    const replyTo = job.data.replyTo?.startsWith(RPC_REPLY_PREFIX) ? job.data.replyTo : undefined;
    const store = job.data.store === true && replyTo !== undefined;
    if (job.data.ack && replyTo && job.id) this.reply(replyTo, { id: job.id, taken: true });
    if (Array.isArray(job.data.batch)) {
      const batch = await Promise.all(job.data.batch.map(async (item): Promise<RpcReply> => {
        const r = await this.limited(() => this.answer(job.name, item.id, item.data, item.deadline));
        return (await this.answerTo(replyTo, store, item.id, r, item.deadline)) ? { id: item.id, stored: true } : { id: item.id, r };
      }));
      return { batch };
    }
    const r = await this.limited(() => this.answer(job.name, job.id, job.data.data, job.data.deadline));
    return job.id && (await this.answerTo(replyTo, store, job.id, r, job.data.deadline)) ? { stored: true } : r;
  }

  /** requests running in this replica, and those waiting for their turn (first come, first run) */
  private running = 0;
  private readonly turns: Array<() => void> = [];

  /**
   * Runs a request when fewer than `concurrency` (RPC_CONCURRENCY, 32) run in this replica, as when each request was
   * its own job (the worker's concurrency): a batch does not multiply what a replica runs at once. Its deadline is
   * checked when its turn comes.
   */
  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < (this.o.concurrency ?? 32)) this.running++;
    else await new Promise<void>((r) => this.turns.push(r));
    try {
      return await work();
    } finally {
      const next = this.turns.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** answers waiting to be published, per reply channel (published together at the end of the turn) */
  private readonly outbox = new Map<string, Outbound[]>();

  /** An answer (or a "taken" notice) as it was (ADR 0038): published, not stored, not awaited. */
  private reply(channel: string, reply: RpcReply): void {
    this.enqueue(channel, { text: JSON.stringify(reply) });
  }

  /**
   * Answers one request on its caller's channel, its answer serialised once (ADR 0049). For a caller that reads stored
   * answers (`store`), an answer of at least RPC_STORE_MIN_CHARS characters of JSON is handed to Redis as that one
   * serialisation, which stores it under its key and publishes it: true once stored (the job then holds only that). It
   * goes as the string: as a Buffer it would leave the JS heap, but the Buffers' external memory brought more major GCs
   * (2 and 4 per interleaved domain-list bench run, against 1 and 1 before and 1, 1 and 2 with the string; ADR 0049).
   * Otherwise (a smaller answer, whose copy costs less than a key; an older caller; the script failed) the same string
   * is published and the answer stays the job's return value: false.
   */
  private async answerTo(channel: string | undefined, store: boolean, id: string, r: RpcJobResult, deadline: number): Promise<boolean> {
    if (!channel) return false;
    let body: string;
    try {
      body = JSON.stringify(r);
    } catch (e) {
      // an answer that cannot be serialised (a handler's bug) is that item's error, never another's
      body = JSON.stringify({ err: { status: 'error', message: `the answer could not be serialised: ${(e as Error).message}` } });
    }
    if (store && body.length >= this.storeMinChars) {
      // kept until the caller's deadline has passed, with a margin for the caller's clock and its last look (1 s apart)
      const ttl = Math.ceil(Math.max(0, deadline - Date.now()) / 1000) + RPC_ANSWER_KEEP_S;
      // sent at once, not at the end of the turn with the others
      if (await new Promise<boolean>((done) => this.flush(channel, [{ stored: { key: rpcAnswerKey(id), id: JSON.stringify(id), body, ttl, done } }]))) return true;
    }
    this.enqueue(channel, { text: `{"id":${JSON.stringify(id)},"r":${body}}` });
    return false;
  }

  private enqueue(channel: string, out: Outbound): void {
    const pending = this.outbox.get(channel);
    if (pending) {
      pending.push(out);
      return;
    }
    this.outbox.set(channel, [out]);
    setImmediate(() => {
      const outs = this.outbox.get(channel) ?? [];
      this.outbox.delete(channel);
      this.flush(channel, outs);
    });
  }

  /** Publishes one turn's answers of one channel as one message (one answer alone keeps its own shape). */
  private flush(channel: string, outs: Outbound[]): void {
    const plain: string[] = [];
    const stored: NonNullable<Outbound['stored']>[] = [];
    for (const o of outs) {
      if (o.stored) stored.push(o.stored);
      else if (o.text) plain.push(o.text);
    }
    const pub = this.pub;
    if (!stored.length) {
      const message = plain.length === 1 ? plain[0] : `{"b":[${plain.join(',')}]}`;
      void pub?.publish(channel, message).catch((e: Error) => this.logger.warn(`${plain.length} answer(s) not published (the caller reads the job): ${e.message}`));
      return;
    }
    const args: Array<string | number> = [channel, plain.length, plain.join(',')];
    for (const x of stored) args.push(x.ttl, x.id, x.body);
    const sent = pub ? pub.rpcAnswer(stored.length, ...stored.map((x) => x.key), ...args) : Promise.reject(new Error('not listening'));
    sent.then(
      () => { for (const x of stored) x.done(true); },
      (e: Error) => {
        this.logger.warn(`${stored.length} answer(s) not stored (each goes as the job's return value): ${e.message}`);
        for (const x of stored) x.done(false);
      },
    );
  }

  /** the handler of each pattern, looked up once (Nest's look-up JSON-parses the pattern and throws, per call); only found ones are kept */
  private readonly handlers = new Map<string, NonNullable<ReturnType<Server['getHandlerByPattern']>>>();

  private handlerOf(pattern: string): ReturnType<Server['getHandlerByPattern']> {
    let h = this.handlers.get(pattern);
    if (!h) {
      const found = this.getHandlerByPattern(pattern);
      if (!found) return null;
      this.handlers.set(pattern, (h = found));
    }
    return h;
  }

  private async answer(pattern: string, id: string | undefined, data: unknown, deadline: number): Promise<RpcJobResult> {
    if (Date.now() > deadline) return { expired: true };
    const handler = this.handlerOf(pattern);
    if (!handler) return { err: { status: 'error', message: `There is no matching message handler defined in the remote service (${pattern}).` } };
    try {
      const out = await handler(data, new BaseRpcContext([pattern, id]));
      const response = await lastValueFrom(this.transformToObservable(out), { defaultValue: undefined });
      return { response };
    } catch (err) {
      return { err: err instanceof Error ? { status: 'error', message: err.message } : err };
    }
  }

  /** Stops taking requests; the ones running finish first (SIGTERM). */
  async close(): Promise<void> {
    await Promise.allSettled(this.workers.map((w) => w.close()));
  }

  /** True while every consumer is connected and running. */
  isReady(): boolean {
    return this.workers.every((w) => w.isRunning());
  }
}

/**
 * Sends one request and waits for its answer, never longer than `ms`. `key` makes the request itself idempotent: a
 * second request of the same pattern and key is the same job (the caller gets the first one's answer). Requests that
 * change state also carry their own key in the payload (a points entry's idempotencyKey, an order's key), which their
 * handler dedupes in PostgreSQL, so a retry after a timeout never applies twice.
 */
export async function rpc<TResult, TPayload = unknown>(client: ClientProxy, pattern: string, payload: TPayload, ms = rpcTimeoutDefault(), o: { key?: string } = {}): Promise<TResult> {
  if (client instanceof BullRpcClient) return client.request<TResult>(pattern, payload, { timeoutMs: ms, key: o.key });
  return lastValueFrom(client.send<TResult, TPayload>(pattern, payload));
}

const clients = new Map<string, BullRpcClient>();

/** The process's request client for a Redis URL (one Queue per target service, one subscribed connection for the replies). */
export function sharedRpcClient(url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'): BullRpcClient {
  let c = clients.get(url);
  if (!c) {
    c = new BullRpcClient(url);
    clients.set(url, c);
  }
  return c;
}

@Module({})
class RpcClientModule {}

/** Registers a named ClientProxy for a service, speaking the BullMQ request transport (closed at shutdown). */
export function rpcClientModule(name: string | symbol, url?: string): DynamicModule {
  return {
    module: RpcClientModule,
    providers: [{ provide: name, useFactory: () => sharedRpcClient(url ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').acquire() }],
    exports: [name],
  };
}
