import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, ProcessWhoisMailJobData, QueueName } from '@registrar/contracts';
import { WhoisMailConfig } from '../whois-mail.config';

/**
 * BullMQ job ids may not contain ':'. One job per stored mail (its id and receipt stamp, so a database whose ids start
 * again never meets the jobs of older mails); a reprocessing (type changed) gets its own id.
 */
export const processJobId = (emailId: number, run: string) => `whois-mail-${emailId}-${run}`;

/** Queues ProcessWhoisMail jobs (QueueName.WhoisMail) with explicit attempts, backoff and job id. */
@Injectable()
export class WhoisMailQueue {
  constructor(@InjectQueue(QueueName.WhoisMail) private readonly queue: Queue, private readonly config: WhoisMailConfig) {}

  async enqueue(emailId: number, run: string): Promise<void> {
    await this.queue.add(JobName.ProcessWhoisMail, { emailId } satisfies ProcessWhoisMailJobData, this.options(emailId, run));
  }

  /** The jobs of several stored mails in one round trip to Redis (BullMQ addBulk: one MULTI). */
  async enqueueMany(refs: Array<{ id: number; stamp: string }>): Promise<void> {
    if (!refs.length) return;
    if (refs.length === 1) return this.enqueue(refs[0]!.id, refs[0]!.stamp);
    await this.queue.addBulk(refs.map((r) => ({ name: JobName.ProcessWhoisMail, data: { emailId: r.id } satisfies ProcessWhoisMailJobData, opts: this.options(r.id, r.stamp) })));
  }

  private options(emailId: number, run: string) {
    return {
      jobId: processJobId(emailId, run),
      attempts: this.config.WHOIS_MAIL_ATTEMPTS,
      backoff: { type: 'exponential' as const, delay: this.config.WHOIS_MAIL_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    };
  }
}
