import { Injectable } from '@nestjs/common';
import { MailOutbox } from '@registrar/mail';
import type { StoredEmail } from '../emails/emails.repository';

/** Forwarded content is cut here (the whole message stays in the inbox and its raw copy). */
const MAX_FORWARDED_CHARS = 100_000;
/** Date#toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }) (same options, same text), made once: it costs 0.3 ms a call. */
const RECEIVED_AT = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });

/**
 * Forwards a WHOIS proxy mail to the member's own address through the one outbound mail module (libs/mail: template
 * 'whois-mail.forward', queued, retried, logged; the gateway's worker addresses it to the member). The key makes it
 * exactly once per stored mail, however often the job is retried.
 */
@Injectable()
export class MailForwarder {
  constructor(private readonly outbox: MailOutbox) {}

  async forward(mail: StoredEmail, userId: number): Promise<void> {
    await this.outbox.send(this.request(mail, userId));
  }

  /**
   * The forwards of several mails (each to its own member, userId set) as ONE outbound job, sent over one SMTP
   * connection (ADR 0046); each still once per its mail's key.
   */
  async forwardMany(mails: readonly StoredEmail[]): Promise<void> {
    await this.outbox.sendBatch(mails.map((m) => this.request(m, m.userId!)));
  }

  private request(mail: StoredEmail, userId: number) {
    return {
      template: 'whois-mail.forward' as const,
      userId,
      key: `whois-mail:${mail.id}:forward`,
      params: {
        domain: mail.domainName ?? '',
        from: mail.sender,
        subject: mail.subject,
        receivedAt: RECEIVED_AT.format(mail.createdAt),
        content: mail.content.slice(0, MAX_FORWARDED_CHARS),
        emailId: mail.id,
      },
    };
  }
}
