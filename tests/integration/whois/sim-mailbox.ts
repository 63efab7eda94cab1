/**
 * The SMTP server the registry simulator sends its mail to in the integration run (REGISTRY_SIM_SMTP_URL =
 * smtp://127.0.0.1:TEST_SIM_SMTP_PORT, set by scripts/dev/test.ts): keeps every message for the test to read.
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SimMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

export interface SimMailbox {
  mails: SimMail[];
  /** the first mail to this address (waits for it) */
  waitFor(to: string, timeoutMs?: number): Promise<SimMail>;
  close(): Promise<void>;
}

export async function startSimMailbox(port = Number(process.env.TEST_SIM_SMTP_PORT ?? 17735)): Promise<SimMailbox> {
  const mails: SimMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then((m) => {
        const text = m.text ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: m.subject ?? '', text, links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((x) => x[0]) });
        callback();
      }, (e: Error) => callback(e));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  if ((server.server.address() as AddressInfo).port !== port) throw new Error('mailbox port');
  return {
    mails,
    waitFor: async (to, timeoutMs = 30_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const m = mails.find((x) => x.to.includes(to.toLowerCase()));
        if (m) return m;
        if (Date.now() > until) throw new Error(`no mail to ${to}; got ${JSON.stringify(mails.map((x) => x.to))}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
