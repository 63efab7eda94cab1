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
    await this.queue.add(JobName.ProcessWhoisMail, { emailId } satisfies ProcessWhoisMailJobData, {
      jobId: processJobId(emailId, run),
      attempts: this.config.WHOIS_MAIL_ATTEMPTS,
      backoff: { type: 'exponential', delay: this.config.WHOIS_MAIL_BACKOFF_MS },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    });
  }
}
