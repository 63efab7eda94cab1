import { WORKER_RESILIENCE } from '@registrar/infra';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { DelayedError, Job, UnrecoverableError } from 'bullmq';
import { JobName, QueueName } from '@registrar/contracts';
import { CLAIM_RENEW_S, MailLogRepository, NewAttempt } from './mail-log.repository';
import { MailNotConfiguredError, MailTransport } from './mail.transport';
import { MAIL_RECIPIENTS, MailRecipients, SendMailBatchJobData, SendMailJobData } from './mail.types';
import { MailTemplateName, renderMail, templates } from './templates';

/** The claim's owner: the job (queue and id), the same for each of its attempts. */
const ownerOf = (job: Job) => `${job.queueName}/${job.id}`;

/**
 * A key another job holds: this job looks again later WITHOUT spending an attempt (its attempts, ~4 min of backoff,
 * are shorter than the claim's lease of 10 min: a holder that died mid-send would otherwise outlast them, and the mail
 * would go out from neither job). It waits until the holder sends it (then it is `sent`), fails it for good or its
 * lease ends (then this job claims it). Thrown after moving the job to delayed, as BullMQ asks.
 */
async function lookAgainLater(job: Job, token: string | undefined): Promise<never> {
  const base = Number((job.opts.backoff as { delay?: number } | undefined)?.delay ?? 2_000);
  await job.moveToDelayed(Date.now() + base * 8, token);
  throw new DelayedError();
}

/**
 * The claims a live job keeps while it sends (ADR 0050): the keys it has yet to send are renewed every CLAIM_RENEW_S
 * (and by each mail's log write, `sent` / `failed` with a hold), so the lease (CLAIM_LEASE_S) runs out only for a job
 * whose worker died, however long the job's sending takes. `ours` shrinks when a renewal finds a key no longer held
 * (taken over after a stall of the whole process longer than the lease): such a key is not sent.
 */
class HeldClaims {
  private readonly ours: Set<string>;
  private readonly done = new Set<string>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly log: MailLogRepository, readonly owner: string, keys: string[], warn: (m: string) => void) {
    this.ours = new Set(keys);
    this.timer = setInterval(() => {
      const hold = this.hold();
      if (hold.keys.length) this.log.renew(hold).then((still) => this.update(hold.keys, still), (e) => warn(`mail claims not renewed: ${(e as Error).message}`));
    }, CLAIM_RENEW_S * 1000);
    this.timer.unref();
  }

  /** The keys still to send, to renew. */
  hold(): { owner: string; keys: string[] } {
    return { owner: this.owner, keys: [...this.ours].filter((k) => !this.done.has(k)) };
  }

  /** A key whose outcome is logged: no longer renewed. */
  ended(key: string): void {
    this.done.add(key);
  }

  /** What a renewal of `asked` found still held. */
  update(asked: string[], still: Set<string>): void {
    // a key whose outcome was logged meanwhile is not renewed any more, and is not lost
    for (const k of asked) if (!still.has(k) && !this.done.has(k)) this.ours.delete(k);
  }

  has(key: string): boolean {
    return this.ours.has(key);
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

/**
 * The worker of QueueName.Mail: renders the template, sends it and logs it in mail.sent_mails. A key already sent is
 * never sent again (a retried job, the same key enqueued twice, or in a batch job too: each key is claimed before it
 * is sent, ADR 0046); SMTP failures are retried with backoff, and the row shows the last error (status 'failed' once
 * the attempts are spent).
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

  async process(job: Job<SendMailJobData>, token?: string): Promise<{ status: 'sent' | 'already-sent'; to: string }> {
    if (job.name !== JobName.SendMail) throw new UnrecoverableError(`no handler for job ${job.name}`);
    const d = job.data;
    if (!(d.template in templates)) throw new UnrecoverableError(`unknown mail template ${d.template}`);
    const before = await this.log.find(d.key);
    if (before?.status === 'sent') return { status: 'already-sent', to: before.to };
    const to = d.to ?? (d.userId != null ? await this.recipients.emailOf(d.userId) : null);
    if (!to) throw new UnrecoverableError(`mail ${d.key}: no address for member ${d.userId}`);
    const { subject, text } = renderMail(d.template as MailTemplateName, d.params as never);
    const claim = (await this.log.claimMany([{ key: d.key, template: d.template, userId: d.userId ?? null, to, subject, body: text }], ownerOf(job))).get(d.key);
    if (claim === 'sent') return { status: 'already-sent', to };
    // another job (a batch naming the same key) is sending it: this one looks again later, and finds it sent
    if (claim !== 'claimed') return lookAgainLater(job, token);
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    // a send that outlasts the lease (SMTP timeouts run to minutes) keeps the claim while this worker lives
    const claims = new HeldClaims(this.log, ownerOf(job), [d.key], (m) => this.logger.warn(m));
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
    } finally {
      claims.stop();
    }
  }
}

/**
 * The worker of QueueName.MailBatches (ADR 0046): the mails of one job over one SMTP connection, each once per key
 * as a single mail's job gives it. The job claims all its keys in one statement: a key sent before is skipped, a key
 * another job is sending is left to it (this job tries it again on its retry, and then finds it sent). Each mail has
 * its own outcome in the log; the job's retry sends only the mails not yet sent (they are `sent` in the log).
 */
@Processor(QueueName.MailBatches, { ...WORKER_RESILIENCE, concurrency: 2 })
export class MailBatchProcessor extends WorkerHost {
  private readonly logger = new Logger(MailBatchProcessor.name);

  constructor(
    private readonly log: MailLogRepository,
    private readonly transport: MailTransport,
    @Inject(MAIL_RECIPIENTS) private readonly recipients: MailRecipients,
  ) {
    super();
  }

  async process(job: Job<SendMailBatchJobData>, token?: string): Promise<{ sent: number; alreadySent: number; dropped: number }> {
    if (job.name !== JobName.SendMailBatch) throw new UnrecoverableError(`no handler for job ${job.name}`);
    const byKey = new Map<string, SendMailJobData>();
    for (const d of job.data.mails ?? []) if (!byKey.has(d.key)) byKey.set(d.key, d);
    const userIds = [...new Set([...byKey.values()].filter((d) => !d.to && d.userId != null).map((d) => d.userId!))];
    const addresses = new Map(await Promise.all(userIds.map(async (id) => [id, await this.recipients.emailOf(id)] as const)));
    // a mail that can never be sent (unknown template, no address) is dropped alone, as a single job would fail at once
    let dropped = 0;
    const attempts: NewAttempt[] = [];
    for (const d of byKey.values()) {
      const to = d.to ?? (d.userId != null ? addresses.get(d.userId) : null);
      if (!(d.template in templates) || !to) {
        this.logger.warn(`mail ${d.key}: ${!(d.template in templates) ? `unknown template ${d.template}` : `no address for member ${d.userId}`}; not sent`);
        dropped++;
        continue;
      }
      const { subject, text } = renderMail(d.template as MailTemplateName, d.params as never);
      attempts.push({ key: d.key, template: d.template, userId: d.userId ?? null, to, subject, body: text });
    }
    const outcome = await this.log.claimMany(attempts, ownerOf(job));
    const mine = attempts.filter((a) => outcome.get(a.key) === 'claimed');
    const held = attempts.filter((a) => outcome.get(a.key) === 'held');
    const alreadySent = attempts.length - mine.length - held.length;
    const final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    // each mail's outcome is logged as soon as it is known, before the next mail goes: a death (or a failed write)
    // later in the batch leaves the mails already sent marked sent, so the job's retry does not send them again
    // the claims of the mails still to send are kept alive while this job runs (each log write renews them, and a
    // timer between writes): a batch that takes longer than the lease is never taken over by another job while it lives
    const claims = new HeldClaims(this.log, ownerOf(job), mine.map((a) => a.key), (m) => this.logger.warn(m));
    const errors: Error[] = [];
    let sent = 0;
    try {
      await this.transport.sendMany(mine.map((a) => ({ to: a.to, subject: a.subject, text: a.body })), async (i, r) => {
        const a = mine[i]!;
        claims.ended(a.key);
        const hold = claims.hold();
        if (r instanceof Error) {
          // not configured: every mail of the batch fails for good alike (none is left 'sending' under a dead job's claim)
          claims.update(hold.keys, await this.log.failed(a.key, r.message, final || r instanceof MailNotConfiguredError, hold));
          this.logger.warn(`mail ${a.template} to ${a.to} attempt ${job.attemptsMade + 1} failed: ${r.message}`);
          errors.push(r);
        } else {
          claims.update(hold.keys, await this.log.sent(a.key, r ?? null, hold));
          sent++;
        }
      }, (i) => claims.has(mine[i]!.key));
    } finally {
      claims.stop();
    }
    // a key taken over by another job (this process stalled past the lease): left to that job, looked at again later
    const lost = mine.filter((a) => !claims.has(a.key));
    held.push(...lost);
    const unconfigured = errors.find((e) => e instanceof MailNotConfiguredError);
    if (unconfigured) throw new UnrecoverableError(unconfigured.message);
    if (errors.length) throw new Error(`${errors.length} of ${mine.length} mails failed; first: ${errors[0]!.message}`);
    if (held.length) {
      this.logger.log(`${held.length} mail(s) are being sent by another job, looked at again later: ${held.map((a) => a.key).join(', ')}`);
      return lookAgainLater(job, token);
    }
    return { sent, alreadySent, dropped };
  }
}
