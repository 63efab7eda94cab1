import { Injectable } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { fmt, WM } from '@registrar/messages';
import { WhoisMailConfig } from '../whois-mail.config';
import type { StoredEmail } from '../emails/emails.repository';

/**
 * Forwards a WHOIS proxy mail to the member's own address through nodemailer (SMTP_URL; the local runtime's mail
 * catcher in development and tests). The original message goes along unchanged as an attachment (message/rfc822),
 * never opened here. The Message-ID is the mail's own, so a retried job is recognisable downstream.
 * (Outbound mail moves to the shared mail module once it exists.)
 */
@Injectable()
export class MailForwarder {
  private transport: Transporter | null = null;
  private transportUrl = '';

  constructor(private readonly config: WhoisMailConfig) {}

  private smtpUrl(): string {
    return this.config.SMTP_URL || process.env.SMTP_URL || '';
  }

  async forward(mail: StoredEmail, to: string, raw: Buffer | null): Promise<void> {
    const url = this.smtpUrl();
    if (!url) throw new Error('SMTP_URL is not configured: the mail cannot be forwarded');
    if (!this.transport || this.transportUrl !== url) {
      this.transport = nodemailer.createTransport(url);
      this.transportUrl = url;
    }
    const domain = mail.domainName ?? '';
    const date = mail.createdAt.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' });
    await this.transport.sendMail({
      from: this.config.WHOIS_MAIL_FROM,
      to,
      subject: fmt(WM.forwardSubject, { domain, subject: mail.subject }).trim(),
      text: fmt(WM.forwardIntro, { domain, from: mail.sender, subject: mail.subject, date }) + mail.content,
      messageId: `<whois-mail-${mail.id}@${this.config.WHOIS_PROXY_MAIL_DOMAIN}>`,
      headers: { 'X-Whois-Mail-Id': String(mail.id) },
      attachments: raw ? [{ filename: `original-${mail.id}.eml`, content: raw, contentType: 'message/rfc822' }] : [],
    });
  }
}
