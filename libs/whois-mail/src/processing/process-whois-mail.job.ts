import { Injectable, Logger } from '@nestjs/common';
import { JobName, ProcessWhoisMailJobData, WhoisMailStatus } from '@registrar/contracts';
import type { JobAttempt, JobHandler } from '@registrar/infra';
import { fmt, WM } from '@registrar/messages';
import { LINK_TYPES } from '../classification/classification.rules';
import { EmailsRepository } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { escapeHtml, extractLinks, followLink, LinkError } from './links';
import { MailForwarder } from './mail-forwarder';


/** A failure no retry can mend (no domain, no link, a refused host): the mail is marked failed at once. */
export class PermanentMailError extends Error {
  constructor(message: string, readonly html: string | null = null) {
    super(message);
  }
}

/**
 * Processes one inbound mail by its type: an approval mail is approved and an accuracy check confirmed by following
 * their link; every other type is forwarded to the member's own address. Status 1 on success; on the last failed
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
    const mail = await this.emails.stored(Number(data.emailId));
    if (!mail) return { status: WhoisMailStatus.Failed };
    if (mail.status === WhoisMailStatus.Success) return { status: mail.status };
    await this.emails.started(mail.id);
    try {
      if (LINK_TYPES.has(mail.type)) await this.followMailLink(mail.content, mail.html);
      else if (!mail.forwardedAt) {
        if (mail.userId == null) throw new PermanentMailError(WM.noDomain);
        await this.forwarder.forward(mail, mail.userId);
        await this.emails.markForwarded(mail.id);
      }
      await this.emails.succeeded(mail.id);
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

  private async followMailLink(text: string, html: string | null): Promise<void> {
    const links = extractLinks(text, html);
    if (!links.length) throw new PermanentMailError(WM.noLink);
    const allowed = this.config.WHOIS_MAIL_LINK_HOSTS;
    const link = links.find((l) => { try { return allowed.includes(new URL(l).hostname.toLowerCase()); } catch { return false; } });
    if (!link) throw new PermanentMailError(fmt(WM.linkHostRefused, { host: safeHost(links[0]) }));
    try {
      await followLink(link, allowed);
    } catch (e) {
      if (e instanceof LinkError && e.permanent) throw new PermanentMailError(e.message, e.html);
      throw e;
    }
  }
}

const safeHost = (u: string) => { try { return new URL(u).host; } catch { return u.slice(0, 100); } };

/** error_html: the page that refused (when a link answered with one), else the message; the web app never runs it. */
export function errorHtml(e: Error & { html?: string | null }, attempt: number): string {
  if (e.html) return e.html;
  return `<p>${escapeHtml(e.message || String(e))}</p><p>attempt ${attempt}</p>`;
}
