import { Injectable, Logger } from '@nestjs/common';
import nodemailer, { Transporter } from 'nodemailer';
import { IdentityConfig } from '../identity.config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Outbound account mail through nodemailer over SMTP (SMTP_URL). In the local runtime and in tests SMTP_URL points at
 * the mail catcher started with the system, whose messages are readable at /dev/mail.
 */
@Injectable()
export class MailerService {
  private readonly logger = new Logger(MailerService.name);
  private transport: Transporter | null = null;
  private transportUrl = '';

  constructor(private readonly config: IdentityConfig) {}

  private smtpUrl(): string {
    // the local runtime's mail catcher may set SMTP_URL after the config was read
    return this.config.SMTP_URL || process.env.SMTP_URL || '';
  }

  async send(mail: OutgoingMail): Promise<void> {
    const url = this.smtpUrl();
    if (!url) {
      if (this.config.NODE_ENV === 'production') throw new Error('SMTP_URL is not configured');
      this.logger.warn(`SMTP_URL is not set: mail "${mail.subject}" was not sent`);
      return;
    }
    if (!this.transport || this.transportUrl !== url) {
      this.transport = nodemailer.createTransport(url);
      this.transportUrl = url;
    }
    await this.transport.sendMail({ from: this.config.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
  }
}
