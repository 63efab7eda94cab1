import { Injectable, Logger } from '@nestjs/common';
import { ProxyDomainDto, WhoisMailStatus } from '@registrar/contracts';
import { classifyWhoisMail } from '../classification/classification.rules';
import { Coalescer } from '../common/coalescer';
import { EmailsRepository, NewEmail, StartedEmail, StoredRef } from '../emails/emails.repository';
import { StoredBatchRunner } from '../processing/stored-batch.runner';
import { WhoisMailConfig } from '../whois-mail.config';
import { parseInbound } from './parse-mail';

export interface InboundMessage {
  raw: Buffer;
  size: number;
  envelopeFrom: string;
  recipients: { email: string; domain: ProxyDomainDto }[];
}

/** Messages stored together at most (one statement, one addBulk), and their raw bytes at most (a message may be 10 MiB). */
export const STORE_BATCH = 50;
export const STORE_BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Stores an accepted message (one row per proxy address it was sent to), classified, and processes it.
 * The messages of concurrent SMTP sessions are stored together (group commit): one statement while another is in
 * flight takes every message that arrived meanwhile, then the batch is processed here, right after its commit, with no
 * job (StoredBatchRunner, ADR 0054); each session still answers 250 only once its own message is committed. A batch the database refuses is stored again message by
 * message, so one bad message fails alone.
 */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger('whois-mail-inbound');
  private readonly store = new Coalescer<NewEmail[], StoredRef[]>((messages) => this.storeBatch(messages), STORE_BATCH, {
    weight: (rows) => rows.reduce((n, r) => n + r.raw.length, 0),
    maxWeight: STORE_BATCH_BYTES,
  });

  constructor(private readonly emails: EmailsRepository, private readonly runner: StoredBatchRunner, private readonly config: WhoisMailConfig) {}

  async receive(m: InboundMessage): Promise<number[]> {
    const parsed = await parseInbound(m.raw);
    const from = parsed.from || m.envelopeFrom;
    const type = classifyWhoisMail({ from: `${from} ${m.envelopeFrom}`, subject: parsed.subject });
    const refs = await this.store.submit(m.recipients.map((r) => ({
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
    return ids;
  }

  private async storeBatch(messages: NewEmail[][]): Promise<Array<StoredRef[] | Error>> {
    // a batch this replica will process right after the commit is stored as its first attempt's start (ADR 0059):
    // the attempt then needs no statement to mark it and read the mails back (they are the ones just stored)
    const started = this.runner.hasRoom;
    const lease = this.config.WHOIS_MAIL_LEASE_S;
    let stored: StoredRef[][];
    try {
      stored = await this.emails.insertMany(messages, lease, started);
    } catch (e) {
      if (messages.length === 1) throw e;
      this.logger.warn(`storing ${messages.length} mails together failed (${(e as Error).message}): one by one`);
      const each = await Promise.allSettled(messages.map((m) => this.emails.insertMany([m], lease, started).then((r) => r[0]!)));
      const ok = each.flatMap((r, i) => (r.status === 'fulfilled' ? [{ rows: messages[i]!, refs: r.value }] : []));
      this.runner.run(ok.flatMap((m) => m.refs), started ? asStarted(ok) : undefined);
      // each session gets its own answer: a refused message its error (451 to its sender), the others 250
      return each.map((r) => (r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason))));
    }
    this.runner.run(stored.flat(), started ? asStarted(messages.map((rows, i) => ({ rows, refs: stored[i]! }))) : undefined);
    return stored;
  }
}

/** The stored mails as their first attempt's start answers them (EmailsRepository.startMany), from what was stored. */
function asStarted(messages: ReadonlyArray<{ rows: readonly NewEmail[]; refs: readonly StoredRef[] }>): Map<number, StartedEmail> {
  const out = new Map<number, StartedEmail>();
  for (const { rows, refs } of messages) {
    rows.forEach((e, i) => {
      const ref = refs[i]!;
      out.set(ref.id, {
        id: ref.id, type: e.type, status: WhoisMailStatus.Untreated, subject: e.subject, content: e.content, html: e.html, sender: e.sender,
        envelopeFrom: e.envelopeFrom, recipient: e.recipient, domainId: e.domainId, userId: e.userId, domainName: e.domainName,
        forwardedAt: null, createdAt: new Date(Number(ref.stamp)), raw: e.raw,
      });
    });
  }
  return out;
}
