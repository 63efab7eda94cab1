import nodemailer, { Transporter } from 'nodemailer';
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

/**
 * Sends the approval mails over SMTP: to the route of the recipient's mail domain (REGISTRY_SIM_SMTP_ROUTES), else
 * REGISTRY_SIM_SMTP_URL; without either the link is only logged.
 */
export class RegistrantChangeMailer {
  private readonly transports = new Map<string, Transporter>();

  constructor(private readonly smtpUrl: string, private readonly from: string, private readonly baseUrl: string, private readonly log: Logger, private readonly routes = new Map<string, string>()) {}

  async send(c: RegistrantChangeRow): Promise<void> {
    const link = approvalLink(this.baseUrl, c.token);
    const url = this.routes.get(c.approverEmail.split('@').pop()!.toLowerCase()) ?? this.smtpUrl;
    if (!url) {
      this.log.info({ domain: c.domain, link }, 'registrant change held for approval (no REGISTRY_SIM_SMTP_URL: mail not sent)');
      return;
    }
    let transport = this.transports.get(url);
    // like a registry's MTA: STARTTLS when the receiving server offers it, without insisting on a publicly trusted
    // certificate (opportunistic TLS, RFC 7435; our WHOIS mail inbox offers a self-signed one outside production)
    if (!transport) this.transports.set(url, (transport = nodemailer.createTransport({ url, tls: { rejectUnauthorized: false } })));
    const mail = registrantChangeMail(c, link);
    try {
      await transport.sendMail({ from: this.from, to: c.approverEmail, subject: mail.subject, text: mail.text });
      this.log.info({ domain: c.domain, to: c.approverEmail }, 'registrant change approval mail sent');
    } catch (e) {
      this.log.error({ err: e, domain: c.domain, link }, 'registrant change approval mail failed');
    }
  }

  close(): void {
    for (const t of this.transports.values()) t.close();
  }
}
