import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { JobName, QueueName } from '@registrar/contracts';
import type { MailTemplateName } from './templates';
import type { MailRequest, SendMailBatchJobData, SendMailJobData } from './mail.types';

/** BullMQ job ids may not contain ':'; one job per mail key. */
export const mailJobId = (key: string) => `mail-${createHash('sha1').update(key).digest('hex')}`;

/** The job of a batch: named by its keys, so the same batch queued again (a retried caller) is one job. */
export const mailBatchJobId = (keys: readonly string[]) => `mail-batch-${createHash('sha1').update([...keys].sort().join('\n')).digest('hex')}`;

export const MAIL_ATTEMPTS_DEFAULT = 8;

/**
 * The one way to send mail: puts it on QueueName.Mail, where the mail worker renders the template, sends it over SMTP
 * with retries and logs it. Answers once the job is stored in Redis (nothing is lost if SMTP is down).
 */
@Injectable()
export class MailOutbox {
  constructor(
    @InjectQueue(QueueName.Mail) private readonly queue: Queue,
    @InjectQueue(QueueName.MailBatches) private readonly batches: Queue,
  ) {}

  async send<K extends MailTemplateName>(req: MailRequest<K>): Promise<void> {
    const job = this.job(req);
    await this.queue.add(job.name, job.data, job.opts);
  }

  /** Several mails in one round trip to Redis (each its own job, once per key as send() puts it). */
  async sendMany(reqs: ReadonlyArray<MailRequest<MailTemplateName>>): Promise<void> {
    if (!reqs.length) return;
    await this.queue.addBulk(reqs.map((r) => this.job(r)));
  }

  /**
   * Several mails as ONE job (QueueName.MailBatches), sent by the worker over one SMTP connection (ADR 0046): one job
   * to add, run and finish instead of one per mail. Still exactly once per key: the worker claims each key in the log
   * before sending it, so a key also named by another job (a single send, another batch) goes out once. One mail is
   * an ordinary send().
   */
  async sendBatch(reqs: ReadonlyArray<MailRequest<MailTemplateName>>): Promise<void> {
    if (reqs.length <= 1) return reqs.length ? this.send(reqs[0]!) : undefined;
    const jobs = reqs.map((r) => this.job(r));
    const data: SendMailBatchJobData = { mails: jobs.map((j) => j.data) };
    await this.batches.add(JobName.SendMailBatch, data, { ...jobs[0]!.opts, jobId: mailBatchJobId(reqs.map((r) => r.key)) });
  }

  private job<K extends MailTemplateName>(req: MailRequest<K>) {
    if (!req.to && req.userId == null) throw new Error(`mail ${req.key}: neither to nor userId`);
    const data: SendMailJobData = { template: req.template, params: req.params, key: req.key, to: req.to, userId: req.userId };
    const attempts = Number(process.env.MAIL_ATTEMPTS ?? MAIL_ATTEMPTS_DEFAULT);
    return {
      name: JobName.SendMail as string,
      data,
      opts: {
        jobId: mailJobId(req.key),
        attempts,
        backoff: { type: 'exponential', delay: Number(process.env.MAIL_BACKOFF_MS ?? 2_000) },
        removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    };
  }
}
