import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { MailConfig } from './mail.config';

export class MailNotConfiguredError extends Error {}
/** A mail of sendMany that was not sent because its caller said so (`shouldSend`): its key is no longer the caller's. */
export class MailSkippedError extends Error {}

/** nodemailer over SMTP_URL (read when sending: the local runtime's mail catcher may set it after boot). */
@Injectable()
export class MailTransport implements OnModuleDestroy {
  private readonly logger = new Logger(MailTransport.name);
  private transport: Transporter | null = null;
  private url = '';

  constructor(private readonly config: MailConfig) {}

  private smtpUrl(): string {
    return process.env.SMTP_URL || this.config.SMTP_URL || '';
  }

  async send(m: { to: string; subject: string; text: string }): Promise<string | null> {
    const url = this.smtpUrl();
    if (!url) {
      this.logger.warn(`SMTP_URL is not set: mail "${m.subject}" was not sent`);
      throw new MailNotConfiguredError('SMTP_URL is not configured');
    }
    if (!this.transport || this.url !== url) {
      this.transport?.close();
      this.transport = nodemailer.createTransport(url);
      this.url = url;
    }
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text });
    return info.messageId ?? null;
  }

  /**
   * Several mails over ONE SMTP connection (a pooled transport of one connection, closed after them), one after the
   * other; each answers its own message id or error, so one refused mail does not fail the others. `each` is awaited
   * with each mail's outcome before the next mail goes (the caller logs it at once: a death later in the batch then
   * sends again only what was not logged); an error it throws ends the batch there, the rest unsent. `shouldSend` is
   * asked right before each mail goes: a mail it refuses is not sent (its result a MailSkippedError, `each` not called).
   */
  async sendMany(
    mails: ReadonlyArray<{ to: string; subject: string; text: string }>,
    each: (i: number, result: string | null | Error) => Promise<void> = async () => undefined,
    shouldSend: (i: number) => boolean = () => true,
  ): Promise<Array<string | null | Error>> {
    const url = this.smtpUrl();
    const out: Array<string | null | Error> = [];
    if (!url) {
      this.logger.warn(`SMTP_URL is not set: ${mails.length} mail(s) were not sent`);
      for (const [i] of mails.entries()) {
        out.push(new MailNotConfiguredError('SMTP_URL is not configured'));
        await each(i, out[i]!);
      }
      return out;
    }
    const one = nodemailer.createTransport({ url, pool: true, maxConnections: 1, maxMessages: Infinity });
    try {
      for (const [i, m] of mails.entries()) {
        if (!shouldSend(i)) {
          out.push(new MailSkippedError('not sent: no longer this job\'s'));
          continue;
        }
        try {
          const info = await one.sendMail({ from: this.config.MAIL_FROM, to: m.to, subject: m.subject, text: m.text });
          out.push(info.messageId ?? null);
        } catch (e) {
          out.push(e instanceof Error ? e : new Error(String(e)));
        }
        await each(i, out[i]!);
      }
      return out;
    } finally {
      one.close();
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
