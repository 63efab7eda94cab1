/**
 * Helpers shared by the integration tests that drive scheduled work: a condition poll (never a fixed sleep) and a
 * queue's jobs run on demand, as their job schedulers would run them (the tests set the schedulers off).
 */
import { Job, Queue, QueueEvents } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
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
  queue: Queue;
  /** Adds the job now and answers its result once a worker of the system under test has run it. */
  run<T>(name: JobName, data?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/** A producer and an event listener on `queueName` (the domain-ops queue unless told), on the tests' Redis. */
export async function scheduledJobs(queueName: QueueName = QueueName.DomainOps, timeoutMs = 120_000): Promise<ScheduledJobs> {
  const o = redisOptions(process.env.REDIS_URL!);
  const connection = { host: o.host, port: o.port, password: o.password, db: o.db, maxRetriesPerRequest: null };
  const queue = new Queue(queueName, { connection });
  const events = new QueueEvents(queueName, { connection });
  await events.waitUntilReady();
  return {
    queue,
    async run<T>(name: JobName, data: Record<string, unknown> = {}): Promise<T> {
      const job: Job = await queue.add(name, data, { removeOnComplete: true });
      return (await job.waitUntilFinished(events, timeoutMs)) as T;
    },
    async close() {
      await events.close();
      await queue.close();
    },
  };
}
