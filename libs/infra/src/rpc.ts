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
 * channel (`rpc-reply:<uuid>`, named in the job) and the worker publishes the answer there (docs/adr/0038-rpc-replies.md);
 * the job's return value stays the fallback the caller reads while no answer has come. Every call has a deadline:
 * after it the caller gets an RpcTimeoutError (retryable) and the job, if it still waits, is removed; a worker never
 * runs a request whose deadline has passed. Every job id is an idempotency key: a retry of the same key is one job.
 * The existing @MessagePattern handlers and rpc(client, pattern, payload) call sites stay as they are.
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

/** What a request job carries. */
interface RpcJobData {
  data: unknown;
  /** epoch ms after which the caller no longer waits: the request must not run */
  deadline: number;
  /** the caller process's reply channel (absent from callers older than ADR 0038: they read the job's return value) */
  replyTo?: string;
}

/** What the worker publishes on a caller's reply channel. */
interface RpcReply {
  /** the job id (the caller's waiters are keyed by it) */
  id: string;
  r: RpcJobResult;
}

/** The Redis channel prefix of callers' reply channels. */
export const RPC_REPLY_PREFIX = 'rpc-reply:';

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
  /** callers awaiting a job (several when they share an idempotency key) */
  private readonly waiting = new Map<string, Set<Waiter>>();

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

  constructor(private readonly redisUrl: string) {
    super();
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
        let reply: RpcReply;
        try {
          reply = JSON.parse(message) as RpcReply;
        } catch {
          return;
        }
        this.settle(reply.id, reply.r);
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
      if (job?.finishedOn && job.returnvalue !== undefined && job.returnvalue !== null) return (typeof job.returnvalue === 'string' ? JSON.parse(job.returnvalue) : job.returnvalue) as RpcJobResult;
      if (job?.failedReason && job.finishedOn) throw new Error(job.failedReason);
    }
  }

  /** One request: resolves with the handler's answer, rejects with its error or an RpcTimeoutError at the deadline. */
  async request<T>(pattern: string, data: unknown, o: RpcCallOptions): Promise<T> {
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
        const job = await queue.add(pattern, { data, deadline, replyTo: this.replyChannel } satisfies RpcJobData, jobOpts);
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

/**
 * The service's side: a Nest microservice transport consuming `rpc-<service>`. Each job goes to the @MessagePattern
 * handler of its name; the answer (or the handler's error) is the job's return value.
 */
export class BullRpcServer extends Server implements CustomTransportStrategy {
  private readonly workers: Worker[] = [];
  /** the worker's own connection: the answers are published on it (no connection more per replica) */
  private pub?: { publish(channel: string, message: string): Promise<unknown> };

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
          // a request whose worker died is not run again: its caller has timed out by then
          maxStalledCount: 0,
          lockDuration: 30_000,
        });
        worker.on('error', (e) => this.logger.error(`${own}: ${e.message}`));
        await worker.waitUntilReady();
        // BullMQ's Redis backend: an ioredis client (the interface it declares leaves publish out)
        const conn = (await worker.backend.client) as unknown as IORedis;
        if (typeof conn.publish !== 'function') throw new Error(`${own}: the worker's connection cannot publish answers`);
        this.pub = conn;
        this.workers.push(worker);
      }
      callback();
    } catch (e) {
      callback(e);
    }
  }

  /**
   * Runs the request and publishes its answer on the caller's reply channel while the job completes (the caller goes
   * on while BullMQ records the job; the publication is not awaited); the same answer is the job's return value, which
   * a caller that missed the publication reads instead.
   */
  private async handleJob(job: Job<RpcJobData>): Promise<RpcJobResult> {
    const r = await this.answer(job);
    if (job.data.replyTo?.startsWith(RPC_REPLY_PREFIX) && job.id) {
      const reply: RpcReply = { id: job.id, r };
      void this.pub
        ?.publish(job.data.replyTo, JSON.stringify(reply))
        .catch((e: Error) => this.logger.warn(`reply to ${job.name} not published (the caller reads the job): ${e.message}`));
    }
    return r;
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

  private async answer(job: Job<RpcJobData>): Promise<RpcJobResult> {
    if (Date.now() > job.data.deadline) return { expired: true };
    const handler = this.handlerOf(job.name);
    if (!handler) return { err: { status: 'error', message: `There is no matching message handler defined in the remote service (${job.name}).` } };
    try {
      const out = await handler(job.data.data, new BaseRpcContext([job.name, job.id]));
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
