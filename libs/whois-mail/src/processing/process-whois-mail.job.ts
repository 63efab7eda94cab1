import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import { JobName, ProcessWhoisMailJobData, WhoisMailStatus } from '@registrar/contracts';
import { REGISTRY_SIGNATURE_HEADER, verifyRegistryMailSignature, type JobAttempt, type JobHandler } from '@registrar/infra';
import { WM } from '@registrar/messages';
import { LINK_TYPES } from '../classification/classification.rules';
import { EmailsRepository, StartedEmail, StoredEmail } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { addressesOf, escapeHtml, extractLinks, followLink, headerValues, LinkError, trustedSender } from './links';
import { MailForwarder } from './mail-forwarder';


/** Links of one job followed at once (a job is a batch of the mails one statement stored). */
const LINKS_AT_ONCE = 8;

/** Runs `f` over `items`, at most `n` at a time. */
async function eachAtMost<T>(items: readonly T[], n: number, f: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, async () => {
    while (next < items.length) await f(items[next++]!);
  }));
}

/** A failure no retry can mend (no domain, no link, a refused host): the mail is marked failed at once. */
export class PermanentMailError extends Error {
  constructor(message: string, readonly html: string | null = null) {
    super(message);
  }
}

/**
 * Processes inbound mail by its type, the mails one statement stored in one job (ADR 0044; or a job of one mail): an
 * approval mail is approved and an accuracy check confirmed by following their link, when the mail is authenticated
 * as the registry's; every other mail is forwarded to the member's own address. Status 1 on success; on the last
 * failed attempt status 2 with the failure kept as error_html. Idempotent: a mail already successful is left alone, and a
 * mail already forwarded is not sent again. Each mail of a batch keeps its own outcome: its statements (start, done)
 * are the batch's, its forward goes in the batch's one round trip, and a transient failure of one mail retries the
 * job for the mails still open only, once every other mail of it has ended.
 */
@Injectable()
export class ProcessWhoisMailJob implements JobHandler {
  static readonly jobName = JobName.ProcessWhoisMail;
  private readonly logger = new Logger(ProcessWhoisMailJob.name);

  constructor(
    private readonly emails: EmailsRepository,
    private readonly forwarder: MailForwarder,
    private readonly config: WhoisMailConfig,
  ) {}

  /**
   * `started`: the mails of a first attempt whose start their store already marked (the replica that stored them runs
   * it right after the commit, ADR 0059), as stored; the attempt then reads nothing back.
   */
  async handle(
    data: ProcessWhoisMailJobData, attempt: JobAttempt, job?: Pick<Job, 'updateData'>, started?: readonly StartedEmail[],
  ): Promise<{ status: WhoisMailStatus; statuses?: Record<number, WhoisMailStatus> }> {
    const batch = Array.isArray(data.emailIds) && data.emailIds.length > 0;
    const ids = batch ? data.emailIds!.map(Number) : [Number(data.emailId)];
    const ended = (data.ended ?? []).map(Number);
    // one round trip (none when the store marked the start): the mails, their attempt marked (unless they already
    // succeeded) and, for a link type, the raw message
    const mails = started ?? await this.emails.startMany(ids.filter((id) => !ended.includes(id)), [...LINK_TYPES], this.config.WHOIS_MAIL_LEASE_S);
    const statuses: Record<number, WhoisMailStatus> = {};
    for (const id of ids) statuses[id] = WhoisMailStatus.Failed;
    const done: Array<{ id: number; forwarded: boolean }> = [];
    const toForward: StoredEmail[] = [];
    const errors = new Map<number, Error>();
    const open = mails.filter((m) => {
      if (m.status === WhoisMailStatus.Success) statuses[m.id] = WhoisMailStatus.Success;
      return m.status !== WhoisMailStatus.Success;
    });
    await eachAtMost(open, LINKS_AT_ONCE, async (mail) => {
      try {
        const action = LINK_TYPES.has(mail.type) ? this.registryLink(mail, mail.raw) : null;
        if (action && 'link' in action) {
          await this.follow(action.link);
          done.push({ id: mail.id, forwarded: false });
        } else if (!mail.forwardedAt) {
          // everything not acted on reaches the member, a link-type mail that is not the registry's included
          if (action) this.logger.log(`mail ${mail.id} (type ${mail.type}) not acted on: ${action.refused}; forwarded to the member`);
          if (mail.userId == null) throw new PermanentMailError(WM.noDomain);
          toForward.push(mail);
        } else {
          done.push({ id: mail.id, forwarded: false });
        }
      } catch (e) {
        errors.set(mail.id, e as Error);
      }
    });
    if (toForward.length) {
      try {
        // the batch's forwards in one round trip (the outbox's key keeps a retried forward to one mail)
        await this.forwarder.forwardMany(toForward);
        for (const m of toForward) done.push({ id: m.id, forwarded: true });
      } catch (e) {
        for (const m of toForward) errors.set(m.id, e as Error);
      }
    }
    // done, and forwarded when they were, in one statement
    if (done.length) {
      try {
        await this.emails.succeededMany(done);
        for (const d of done) statuses[d.id] = WhoisMailStatus.Success;
      } catch (e) {
        for (const d of done) errors.set(d.id, e as Error);
      }
    }

    let retry: Error | null = null;
    const endedNow = [...ended];
    // a retry job of a batch first run where it was stored counts on from that run (its attempts are those that remain)
    const before = Math.max(0, Number(data.attemptsBefore ?? 0));
    for (const [id, e] of errors) {
      const err = e as Error & { html?: string | null };
      const permanent = e instanceof PermanentMailError;
      const html = errorHtml(err, before + attempt.attemptsMade + 1);
      if (permanent || attempt.attemptsMade + 1 >= attempt.attempts) {
        await this.emails.failed(id, html);
        this.logger.warn(`mail ${id} (type ${mails.find((m) => m.id === id)?.type}) failed: ${err.message}`);
        if (permanent) {
          endedNow.push(id);
          continue;
        }
      } else {
        await this.emails.attemptFailed(id, html);
      }
      retry ??= e;
    }
    if (retry) {
      // the job's retry runs only the mails still open: the batch's successes are status 1, and the mails ended for
      // good here are named in the job's data (a job of one mail has nothing else to keep)
      if (batch && endedNow.length > ended.length && job) await job.updateData({ ...data, ended: endedNow });
      throw batch && errors.size > 1 ? new Error(`${errors.size} of ${ids.length} mails failed; first: ${retry.message}`) : retry;
    }
    return batch ? { status: Object.values(statuses).every((x) => x === WhoisMailStatus.Success) ? WhoisMailStatus.Success : WhoisMailStatus.Failed, statuses } : { status: statuses[ids[0]!]! };
  }

  /**
   * The link of a mail that really comes from a configured registry (issue 23, finding 3): the envelope sender and the
   * From address are the registry's, the link starts with one of its approval base URLs exactly, and the mail's
   * X-Registry-Signature signs that link. Otherwise why not (the mail is then forwarded to the member).
   */
  private registryLink(mail: StoredEmail, raw: Buffer | null): { link: string } | { refused: string } {
    const c = this.config;
    const senders = c.WHOIS_MAIL_REGISTRY_SENDERS;
    const from = addressesOf(mail.sender);
    if (!trustedSender(mail.envelopeFrom, senders) || !from.length || !from.every((a) => trustedSender(a, senders))) return { refused: 'the sender is not a configured registry' };
    const links = extractLinks(mail.content, mail.html).filter((l) => c.WHOIS_MAIL_APPROVAL_BASE_URLS.some((base) => l.startsWith(base)));
    if (!links.length) return { refused: 'no link to a configured approval URL' };
    const signatures = headerValues(raw, REGISTRY_SIGNATURE_HEADER);
    const link = links.find((l) => verifyRegistryMailSignature(c.WHOIS_MAIL_REGISTRY_SECRET, l, signatures));
    return link ? { link } : { refused: 'the link is not signed by the registry' };
  }

  private async follow(link: string): Promise<void> {
    try {
      await followLink(link);
    } catch (e) {
      if (e instanceof LinkError && e.permanent) throw new PermanentMailError(e.message, e.html);
      throw e;
    }
  }
}


/** error_html: the page that refused (when a link answered with one), else the message; the web app never runs it. */
export function errorHtml(e: Error & { html?: string | null }, attempt: number): string {
  if (e.html) return e.html;
  return `<p>${escapeHtml(e.message || String(e))}</p><p>attempt ${attempt}</p>`;
}
