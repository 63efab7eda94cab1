import { Injectable } from '@nestjs/common';
import { MailOutbox } from '@registrar/mail';
import { Coalescer } from '../common/coalescer';
import type { StoredEmail } from '../emails/emails.repository';

/** Forwards in one outbound job at most (the gateway sends them one after the other over one SMTP connection). */
const FORWARDS_PER_JOB = 50;

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
  /**
   * The forwards of batches processed at the same moment (each batch's attempt is one `forwardMany`) go together: one
   * `sendBatch` while another is in flight takes every batch's forwards that came meanwhile (ADR 0054). Exactly once
   * per key does not rest on the job (ADR 0046: the mail worker claims each key), so a batch's retry, alone or with
   * others, still forwards each mail once; a failed add fails every batch in it, each of which retries.
   */
  private readonly together = new Coalescer<Parameters<MailOutbox['sendBatch']>[0][number][], void>(
    async (batches) => {
      await this.outbox.sendBatch(batches.flat());
      return batches.map(() => undefined);
    },
    FORWARDS_PER_JOB,
    { weight: (reqs) => reqs.length, maxWeight: FORWARDS_PER_JOB },
  );

  constructor(private readonly outbox: MailOutbox) {}

  async forward(mail: StoredEmail, userId: number): Promise<void> {
    await this.outbox.send(this.request(mail, userId));
  }

  /**
   * The forwards of several mails (each to its own member, userId set) as ONE outbound job, sent over one SMTP
   * connection (ADR 0046), with those of other batches processed at the same moment; each still once per its mail's key.
   */
  async forwardMany(mails: readonly StoredEmail[]): Promise<void> {
    await this.together.submit(mails.map((m) => this.request(m, m.userId!)));
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
