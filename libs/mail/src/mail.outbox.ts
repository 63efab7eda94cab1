import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { createHash } from 'node:crypto';
import { JobName, QueueName } from '@registrar/contracts';
import type { MailTemplateName } from './templates';
import type { MailRequest, SendMailJobData } from './mail.types';

/** BullMQ job ids may not contain ':'; one job per mail key. */
export const mailJobId = (key: string) => `mail-${createHash('sha1').update(key).digest('hex')}`;

export const MAIL_ATTEMPTS_DEFAULT = 8;

/**
 * The one way to send mail: puts it on QueueName.Mail, where the mail worker renders the template, sends it over SMTP
 * with retries and logs it. Answers once the job is stored in Redis (nothing is lost if SMTP is down).
 */
@Injectable()
export class MailOutbox {
  constructor(@InjectQueue(QueueName.Mail) private readonly queue: Queue) {}

  async send<K extends MailTemplateName>(req: MailRequest<K>): Promise<void> {
    const job = this.job(req);
    await this.queue.add(job.name, job.data, job.opts);
  }

  /** Several mails in one round trip to Redis (each its own job, once per key as send() puts it). */
  async sendMany(reqs: ReadonlyArray<MailRequest<MailTemplateName>>): Promise<void> {
    if (!reqs.length) return;
    await this.queue.addBulk(reqs.map((r) => this.job(r)));
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
