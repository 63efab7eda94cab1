import { Injectable, Logger } from '@nestjs/common';
import { ProxyDomainDto } from '@registrar/contracts';
import { classifyWhoisMail } from '../classification/classification.rules';
import { EmailsRepository } from '../emails/emails.repository';
import { WhoisMailQueue } from '../processing/whois-mail.queue';
import { parseInbound } from './parse-mail';

export interface InboundMessage {
  raw: Buffer;
  size: number;
  envelopeFrom: string;
  recipients: { email: string; domain: ProxyDomainDto }[];
}

/** Stores an accepted message (one row per proxy address it was sent to), classified, and queues its processing. */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger('whois-mail-inbound');

  constructor(private readonly emails: EmailsRepository, private readonly queue: WhoisMailQueue) {}

  async receive(m: InboundMessage): Promise<number[]> {
    const parsed = await parseInbound(m.raw);
    const from = parsed.from || m.envelopeFrom;
    const type = classifyWhoisMail({ from: `${from} ${m.envelopeFrom}`, subject: parsed.subject });
    const refs = await this.emails.insert(m.recipients.map((r) => ({
      type,
      subject: parsed.subject,
      content: parsed.text,
      html: parsed.html,
      sender: from,
      envelopeFrom: m.envelopeFrom,
      recipient: r.email,
      domainId: r.domain.domainId,
      userId: r.domain.userId,
      domainName: r.domain.name,
      messageId: parsed.messageId,
      size: m.size,
      malformed: parsed.malformed,
      attachments: parsed.attachments,
      raw: m.raw,
    })));
    const ids = refs.map((r) => r.id);
    this.logger.log(`inbound WHOIS proxy mail stored: ids ${ids.join(',')} type ${type} size ${m.size}${parsed.malformed ? ' (malformed MIME)' : ''}`);
    // stored first: a queue hiccup leaves the mail untreated, and the boot-time sweep queues it again
    for (const r of refs) await this.queue.enqueue(r.id, r.stamp).catch((e: Error) => this.logger.warn(`queueing mail ${r.id} failed: ${e.message}`));
    return ids;
  }
}
