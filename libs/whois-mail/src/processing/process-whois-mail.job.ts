import { Injectable, Logger } from '@nestjs/common';
import { JobName, ProcessWhoisMailJobData, WhoisMailStatus } from '@registrar/contracts';
import { REGISTRY_SIGNATURE_HEADER, verifyRegistryMailSignature, type JobAttempt, type JobHandler } from '@registrar/infra';
import { WM } from '@registrar/messages';
import { LINK_TYPES } from '../classification/classification.rules';
import { EmailsRepository, StoredEmail } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { addressesOf, escapeHtml, extractLinks, followLink, headerValues, LinkError, trustedSender } from './links';
import { MailForwarder } from './mail-forwarder';


/** A failure no retry can mend (no domain, no link, a refused host): the mail is marked failed at once. */
export class PermanentMailError extends Error {
  constructor(message: string, readonly html: string | null = null) {
    super(message);
  }
}

/**
 * Processes one inbound mail by its type: an approval mail is approved and an accuracy check confirmed by following
 * their link, when the mail is authenticated as the registry's; every other mail is forwarded to the member's own
 * address. Status 1 on success; on the last failed
 * attempt status 2 with the failure kept as error_html. Idempotent: a mail already successful is left alone, and a
 * mail already forwarded is not sent again.
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

  async handle(data: ProcessWhoisMailJobData, attempt: JobAttempt): Promise<{ status: WhoisMailStatus }> {
    // one round trip: the mail, its attempt marked (unless it already succeeded) and, for a link type, its raw message
    const mail = await this.emails.start(Number(data.emailId), [...LINK_TYPES]);
    if (!mail) return { status: WhoisMailStatus.Failed };
    if (mail.status === WhoisMailStatus.Success) return { status: mail.status };
    try {
      const action = LINK_TYPES.has(mail.type) ? this.registryLink(mail, mail.raw) : null;
      let forwarded = false;
      if (action && 'link' in action) await this.follow(action.link);
      else if (!mail.forwardedAt) {
        // everything not acted on reaches the member, a link-type mail that is not the registry's included
        if (action) this.logger.log(`mail ${mail.id} (type ${mail.type}) not acted on: ${action.refused}; forwarded to the member`);
        if (mail.userId == null) throw new PermanentMailError(WM.noDomain);
        await this.forwarder.forward(mail, mail.userId);
        forwarded = true;
      }
      // done, and forwarded when it was, in one statement (the outbox's key keeps a retried forward to one mail)
      await this.emails.succeeded(mail.id, forwarded);
      return { status: WhoisMailStatus.Success };
    } catch (e) {
      const err = e as Error & { html?: string | null };
      const last = e instanceof PermanentMailError || attempt.attemptsMade + 1 >= attempt.attempts;
      const html = errorHtml(err, attempt.attemptsMade + 1);
      if (last) {
        await this.emails.failed(mail.id, html);
        this.logger.warn(`mail ${mail.id} (type ${mail.type}) failed: ${err.message}`);
        if (e instanceof PermanentMailError) return { status: WhoisMailStatus.Failed };
      } else {
        await this.emails.attemptFailed(mail.id, html);
      }
      throw e;
    }
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
