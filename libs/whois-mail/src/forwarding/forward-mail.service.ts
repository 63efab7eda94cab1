import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ClientProxy } from '@nestjs/microservices';
import nodemailer, { Transporter } from 'nodemailer';
import { DNS_CLIENT, ForwardingPatterns, MailForwardLookup } from '@registrar/contracts';
import { rpc } from '@registrar/infra';
import { WhoisMailConfig } from '../whois-mail.config';
import { ForwardMailConfig } from './forward-mail.config';
import { srsForward, srsReverse } from './srs';

/** A recipient the inbound SMTP forwards: the member's rule, or a bounce to one of our rewritten senders. */
export interface ForwardTarget {
  rcpt: string;
  target: string;
  /** the member's domain (punycode), for the hourly limit; '' for a bounce */
  domain: string;
}

/** Headers counted for loop detection. */
const RECEIVED = /^received:/gim;
const MARK = 'x-rakko-forwarded-for';

/**
 * Mail forwarding (転送設定, issue 29 item 5) on the inbound SMTP: where an address of a member's domain goes (asked of
 * the dns service, which owns the rules), and the resending itself: the message as received, with a Received line and
 * our loop mark on top, the envelope sender rewritten by SRS so the receiver's SPF check passes, through the outbound
 * relay (SMTP_URL; the mail catcher in tests). The SMTP transaction is answered only once the relay took the message,
 * so a failure is a 451 and the sender retries: nothing is lost and nothing is stored.
 */
@Injectable()
export class ForwardMailService implements OnModuleDestroy {
  private readonly logger = new Logger('mail-forwarding');
  private transport: Transporter | null = null;
  private url = '';

  constructor(@Inject(DNS_CLIENT) private readonly dns: ClientProxy, private readonly config: ForwardMailConfig, private readonly whoisMail: WhoisMailConfig) {}

  onModuleDestroy(): void {
    this.transport?.close();
  }

  get srsDomain(): string {
    return (this.config.FORWARD_SRS_DOMAIN || this.whoisMail.WHOIS_PROXY_MAIL_DOMAIN).toLowerCase();
  }

  /** Where mail to `rcpt` is forwarded; null when it is not forwarded by us. */
  async lookup(rcpt: string): Promise<ForwardTarget | null> {
    const at = rcpt.lastIndexOf('@');
    const domain = rcpt.slice(at + 1);
    if (domain === this.srsDomain) {
      // a bounce of a mail we forwarded: back to its original sender
      const back = srsReverse(rcpt, this.srsDomain, this.config.FORWARD_SRS_SECRET);
      return back ? { rcpt, target: back, domain: '' } : null;
    }
    const r = await rpc<MailForwardLookup | null>(this.dns, ForwardingPatterns.MailLookup, { address: rcpt }, 5_000);
    return r ? { rcpt, target: r.target, domain: r.punycode } : null;
  }

  /** A message that went round: too many hops, or already forwarded for this address by us. */
  isLoop(raw: Buffer, rcpt: string): boolean {
    const head = raw.subarray(0, Math.min(raw.length, 256 * 1024)).toString('latin1');
    const end = head.search(/\r?\n\r?\n/);
    const headers = end < 0 ? head : head.slice(0, end);
    if ((headers.match(RECEIVED)?.length ?? 0) >= this.config.FORWARD_MAX_HOPS) return true;
    const marks = [...headers.matchAll(/^x-rakko-forwarded-for:\s*(.+)$/gim)].map((m) => m[1].trim().toLowerCase());
    return marks.includes(rcpt.toLowerCase());
  }

  /** Resends the message to every target (one relay transaction per target); throws when the relay refused or is away. */
  async forward(raw: Buffer, envelopeFrom: string, targets: ForwardTarget[], client: { hostname: string; address: string }): Promise<void> {
    const from = srsForward(envelopeFrom, this.srsDomain, this.config.FORWARD_SRS_SECRET);
    const transport = this.relay();
    for (const t of targets) {
      const date = new Date().toUTCString().replace('GMT', '+0000');
      const top = `Received: from ${safe(client.hostname)} (${safe(client.address)}) by ${this.srsDomain} with ESMTP for <${safe(t.rcpt)}>; ${date}\r\n`
        + `${MARK}: ${safe(t.rcpt)}\r\n`;
      await transport.sendMail({ envelope: { from, to: [t.target] }, raw: Buffer.concat([Buffer.from(top, 'latin1'), raw]) });
      this.logger.log(`forwarded ${t.rcpt} -> ${t.target} (${raw.length} bytes, envelope ${from || '<>'})`);
    }
  }

  private relay(): Transporter {
    const url = this.config.FORWARD_SMTP_URL || process.env.SMTP_URL || this.config.SMTP_URL;
    if (!url) throw new Error('no outbound relay (SMTP_URL) configured');
    if (!this.transport || this.url !== url) {
      this.transport?.close();
      this.transport = nodemailer.createTransport(url);
      this.url = url;
    }
    return this.transport;
  }
}

const safe = (s: string) => String(s ?? '').replace(/[\r\n<>]/g, '').slice(0, 255);
