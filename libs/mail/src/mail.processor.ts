import { WORKER_RESILIENCE } from '@registrar/infra';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { MailLogRepository } from './mail-log.repository';
import { MailNotConfiguredError, MailTransport } from './mail.transport';
import { MAIL_RECIPIENTS, MailRecipients, SendMailJobData } from './mail.types';
import { MailTemplateName, renderMail, templates } from './templates';

/**
 * The worker of QueueName.Mail: renders the template, sends it and logs it in mail.sent_mails. A key already sent is
 * never sent again (a retried job, the same key enqueued twice); SMTP failures are retried with backoff, and the row
 * shows the last error (status 'failed' once the attempts are spent).
 */
@Processor(QueueName.Mail, { ...WORKER_RESILIENCE, concurrency: 4 })
export class MailProcessor extends WorkerHost {
  private readonly logger = new Logger(MailProcessor.name);

  constructor(
    private readonly log: MailLogRepository,
    private readonly transport: MailTransport,
    @Inject(MAIL_RECIPIENTS) private readonly recipients: MailRecipients,
  ) {
    super();
  }

  async process(job: Job<SendMailJobData>): Promise<{ status: 'sent' | 'already-sent'; to: string }> {
    if (job.name !== JobName.SendMail) throw new UnrecoverableError(`no handler for job ${job.name}`);
    const d = job.data;
    if (!(d.template in templates)) throw new UnrecoverableError(`unknown mail template ${d.template}`);
    const before = await this.log.find(d.key);
    if (before?.status === 'sent') return { status: 'already-sent', to: before.to };
    const to = d.to ?? (d.userId != null ? await this.recipients.emailOf(d.userId) : null);
    if (!to) throw new UnrecoverableError(`mail ${d.key}: no address for member ${d.userId}`);
    const { subject, text } = renderMail(d.template as MailTemplateName, d.params as never);
    await this.log.begin({ key: d.key, template: d.template, userId: d.userId ?? null, to, subject, body: text });
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    try {
      const messageId = await this.transport.send({ to, subject, text });
      await this.log.sent(d.key, messageId);
      return { status: 'sent', to };
    } catch (e) {
      const msg = (e as Error).message;
      await this.log.failed(d.key, msg, final || e instanceof MailNotConfiguredError);
      this.logger.warn(`mail ${d.template} to ${to} attempt ${job.attemptsMade + 1} failed: ${msg}`);
      if (e instanceof MailNotConfiguredError) throw new UnrecoverableError(msg);
      throw e;
    }
  }
}
