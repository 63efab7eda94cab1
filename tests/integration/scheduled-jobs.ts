/**
 * Helpers shared by the integration tests that drive scheduled work: a condition poll (never a fixed sleep) and a
 * queue's jobs run on demand, as their job schedulers would run them (the tests set the schedulers off).
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { DOMAIN_OPS_QUEUES, domainOpsQueueOf } from '@registrar/domain-ops';
import { redisOptions } from '@registrar/infra';

/** Polls `f` until it answers a truthy value; fails after `ms` naming what it waited for. */
export async function waitFor<T>(what: string, f: () => Promise<T | null | undefined | false>, ms = 30_000, everyMs = 200): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface ScheduledJobs {
  /** the queue when one was named (a domain-ops feature's jobs go to each job name's own queue) */
  queue: Queue;
  /** Adds the job now and answers its result once a worker of the system under test has run it. */
  run<T>(name: JobName, data?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/**
 * A producer and an event listener on `queueName`, on the tests' Redis; unless told, domain-ops's jobs, each added to
 * the queue of the feature that owns its name (ADR 0036).
 */
export async function scheduledJobs(queueName?: QueueName, timeoutMs = 120_000): Promise<ScheduledJobs> {
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  const names = queueName ? [queueName] : [...DOMAIN_OPS_QUEUES];
  const queues = new Map(names.map((n) => [n, { queue: new Queue(n, { connection }), events: new QueueEvents(n, { connection }) }]));
  for (const q of queues.values()) await q.events.waitUntilReady();
  return {
    queue: queues.get(names[0])!.queue,
    async run<T>(name: JobName, data: Record<string, unknown> = {}): Promise<T> {
      const q = queues.get(queueName ?? domainOpsQueueOf(name))!;
      const job: Job = await q.queue.add(name, data, { removeOnComplete: true });
      return (await job.waitUntilFinished(q.events, timeoutMs)) as T;
    },
    async close() {
      for (const q of queues.values()) {
        await q.events.close();
        await q.queue.close();
      }
    },
  };
}
