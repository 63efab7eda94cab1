import nodemailer, { Transporter } from 'nodemailer';
import { REGISTRY_SIGNATURE_HEADER, registryMailSignature } from '@registrar/infra';
import type { Logger } from 'pino';
import type { RegistrantChangeRow } from '../persistence/registry.repository';

/** The link that approves a held registrant change (served by the admin channel, GET /registrant-change/<token>). */
export const approvalLink = (baseUrl: string, token: string) => `${baseUrl}/registrant-change/${token}`;

/** The approval mail of a Change of Registrant, sent to the current registrant's address. */
export function registrantChangeMail(c: RegistrantChangeRow, link: string): { subject: string; text: string } {
  return {
    subject: `[Registry] Approval required: change of registrant for ${c.domain}`,
    text: [
      `A change of the registrant of the domain name ${c.domain} was requested by the sponsoring registrar (${c.clId}).`,
      '',
      `Domain: ${c.domain}`,
      `Current registrant contact: ${c.oldRegistrant ?? '-'}`,
      `New registrant contact: ${c.newRegistrant}`,
      `Requested at: ${new Date(c.requestedAt).toISOString()}`,
      '',
      'To approve the change, open this link:',
      link,
      '',
      'If you did not expect this request, ignore this mail: the change is not made without your approval.',
      '',
      `ドメイン名 ${c.domain} の登録者変更が申請されました。承認する場合は上記のリンクを開いてください。`,
    ].join('\n'),
  };
}

/** Waits before each new attempt of a deferred mail, as an MTA's queue does (then it gives up). */
export const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000, 120_000, 300_000];

/** A refusal no retry mends (5xx); anything else (4xx, a refused or dropped connection, a timeout) is retried. */
const permanent = (e: unknown) => {
  const code = (e as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500;
};

/**
 * Sends the approval mails over SMTP: to the route of the recipient's mail domain (REGISTRY_SIM_SMTP_ROUTES), else
 * REGISTRY_SIM_SMTP_URL; without either the link is only logged. Like a registry's MTA the mail leaves after the EPP
 * answer (`send` only queues it) and a deferred or failed delivery is tried again (RETRY_DELAYS_MS); a 5xx ends it.
 */
export class RegistrantChangeMailer {
  private readonly transports = new Map<string, Transporter>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly smtpUrl: string, private readonly from: string, private readonly baseUrl: string, private readonly log: Logger,
    private readonly routes = new Map<string, string>(), private readonly delays: readonly number[] = RETRY_DELAYS_MS,
    /** signs each mail's link (X-Registry-Signature) for the WHOIS mail inbox; empty = unsigned */
    private readonly secret = '',
  ) {}

  /** Queues the approval mail of a held change; answers at once. */
  async send(c: RegistrantChangeRow): Promise<void> {
    const link = approvalLink(this.baseUrl, c.token);
    const url = this.routes.get(c.approverEmail.split('@').pop()!.toLowerCase()) ?? this.smtpUrl;
    if (!url) {
      this.log.info({ domain: c.domain, link }, 'registrant change held for approval (no REGISTRY_SIM_SMTP_URL: mail not sent)');
      return;
    }
    this.later(0, () => this.attempt(c, url, link, 0));
  }

  private later(ms: number, fn: () => Promise<void>): void {
    if (this.closed) return;
    const t = setTimeout(() => {
      this.timers.delete(t);
      void fn();
    }, ms);
    this.timers.add(t);
  }

  private async attempt(c: RegistrantChangeRow, url: string, link: string, n: number): Promise<void> {
    let transport = this.transports.get(url);
    // like a registry's MTA: STARTTLS when the receiving server offers it, without insisting on a publicly trusted
    // certificate (opportunistic TLS, RFC 7435; our WHOIS mail inbox offers a self-signed one outside production)
    if (!transport) this.transports.set(url, (transport = nodemailer.createTransport({ url, tls: { rejectUnauthorized: false } })));
    const mail = registrantChangeMail(c, link);
    try {
      const headers = this.secret ? { [REGISTRY_SIGNATURE_HEADER]: registryMailSignature(this.secret, link) } : undefined;
      await transport.sendMail({ from: this.from, to: c.approverEmail, subject: mail.subject, text: mail.text, headers });
      this.log.info({ domain: c.domain, to: c.approverEmail, attempt: n + 1 }, 'registrant change approval mail sent');
    } catch (e) {
      const delay = this.delays[n];
      if (permanent(e) || delay === undefined || this.closed) {
        this.log.error({ err: e, domain: c.domain, link, attempt: n + 1 }, 'registrant change approval mail failed');
        return;
      }
      this.log.warn({ err: e, domain: c.domain, attempt: n + 1, retryInMs: delay }, 'registrant change approval mail deferred');
      this.later(delay, () => this.attempt(c, url, link, n + 1));
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const t of this.transports.values()) t.close();
  }
}
