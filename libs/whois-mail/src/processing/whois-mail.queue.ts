import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, ProcessWhoisMailJobData, QueueName } from '@registrar/contracts';
import { WhoisMailConfig } from '../whois-mail.config';

/**
 * BullMQ job ids may not contain ':'. One job per batch of stored mails (the batch's first id and their receipt stamp,
 * so a database whose ids start again never meets the jobs of older mails; a batch of one mail has the id a job of
 * one mail always had); a reprocessing (type changed) gets its own id.
 */
export const processJobId = (emailId: number, run: string) => `whois-mail-${emailId}-${run}`;

/**
 * Queues ProcessWhoisMail jobs with explicit attempts, backoff and job id, on QueueName.WhoisMailBatches: the queue
 * only this release (and later ones) consume, so a replica older than the batch jobs never takes one (ADR 0044).
 */
@Injectable()
export class WhoisMailQueue {
  constructor(@InjectQueue(QueueName.WhoisMailBatches) private readonly queue: Queue, private readonly config: WhoisMailConfig) {}

  async enqueue(emailId: number, run: string): Promise<void> {
    await this.queue.add(JobName.ProcessWhoisMail, { emailId } satisfies ProcessWhoisMailJobData, this.options(emailId, run));
  }

  /**
   * The jobs of stored mails: ONE job per batch (the mails one statement stored, ADR 0044), all in one round trip to
   * Redis. The same batch queued again (the boot sweep) gets the same job id, so a batch still queued is not queued twice.
   */
  async enqueueMany(refs: ReadonlyArray<{ id: number; stamp: string; batch: number }>, opts: { swept?: boolean } = {}): Promise<void> {
    const batches = new Map<string, { batch: number; stamp: string; ids: number[] }>();
    for (const r of refs) {
      const k = `${r.batch}-${r.stamp}`;
      const b = batches.get(k) ?? { batch: r.batch, stamp: r.stamp, ids: [] };
      b.ids.push(r.id);
      batches.set(k, b);
    }
    const list = [...batches.values()];
    // the sweep's claim (ADR 0054, r3): a job id BullMQ still keeps as completed or failed (24 h / 30 days) would make
    // the add a no-op and leave the claimed mails untreated for good (a job failed as stalled, a type change whose own
    // job was never queued, the rest of a batch claimed after its first part); such a batch gets a job of this claim
    const runs = opts.swept
      ? await Promise.all(list.map(async (b) => {
        const state = await this.queue.getJobState(processJobId(b.batch, b.stamp));
        return state === 'completed' || state === 'failed' ? `${b.stamp}-s${Date.now()}` : b.stamp;
      }))
      : list.map((b) => b.stamp);
    const jobs = list.map((b, i) => ({
      name: JobName.ProcessWhoisMail,
      data: (b.ids.length === 1 && b.ids[0] === b.batch ? { emailId: b.batch } : { emailIds: b.ids }) satisfies ProcessWhoisMailJobData,
      opts: this.options(b.batch, runs[i]!),
    }));
    if (jobs.length === 1) await this.queue.add(jobs[0]!.name, jobs[0]!.data, jobs[0]!.opts);
    else if (jobs.length) await this.queue.addBulk(jobs);
  }

  /**
   * The retry of a batch whose first attempt ran where it was stored (ADR 0054, n2): the batch's own job id (so a sweep
   * that finds its mails untreated adds no second job), the attempts that remain, the first backoff's delay, and the
   * data that attempt left (`ended`: mails it ended for good; `attemptsBefore`).
   */
  async retry(batch: { batch: number; stamp: string }, data: ProcessWhoisMailJobData, attemptsMade: number): Promise<void> {
    const remaining = this.config.WHOIS_MAIL_ATTEMPTS - attemptsMade;
    if (remaining < 1) return;
    await this.queue.add(JobName.ProcessWhoisMail, { ...data, attemptsBefore: attemptsMade } satisfies ProcessWhoisMailJobData, {
      ...this.options(batch.batch, batch.stamp, remaining),
      delay: this.config.WHOIS_MAIL_BACKOFF_MS * 2 ** (attemptsMade - 1),
    });
  }

  private options(emailId: number, run: string, attempts = this.config.WHOIS_MAIL_ATTEMPTS) {
    return {
      jobId: processJobId(emailId, run),
      attempts,
      backoff: { type: 'exponential' as const, delay: this.config.WHOIS_MAIL_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    };
  }
}
