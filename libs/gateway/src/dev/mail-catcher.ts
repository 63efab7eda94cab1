import IORedis from 'ioredis';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createRedis } from '@registrar/infra';

export const DEV_MAIL_KEY = 'dev:mail';

export interface CaughtMail {
  id: string;
  from: string;
  /** the envelope sender (MAIL FROM; '' for the null sender) */
  envelopeFrom?: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  /** links found in the text, so that people and tests can follow them */
  links: string[];
  at: string;
}

export interface MailCatcher {
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * A local SMTP server that accepts every message and keeps it in Redis (the newest 200), readable at /dev/mail and
 * /dev/mail/api/messages. For the local runtime and tests only. When the wanted port is taken, an ephemeral port is used.
 */
export async function startMailCatcher(opts: { port: number; redisUrl: string; host?: string }): Promise<MailCatcher> {
  const redis: IORedis = createRedis(opts.redisUrl);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          const text = parsed.text ?? '';
          const mail: CaughtMail = {
            id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
            from: parsed.from?.text ?? String(session.envelope.mailFrom && session.envelope.mailFrom.address),
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : null,
            links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
            at: new Date().toISOString(),
          };
          await redis.multi().lpush(DEV_MAIL_KEY, JSON.stringify(mail)).ltrim(DEV_MAIL_KEY, 0, 199).exec();
          callback();
        })
        .catch((e: Error) => callback(e));
    },
  });
  const host = opts.host ?? '127.0.0.1';
  // smtp-server re-emits its socket's errors on itself: while listening they decide the port, afterwards they are logged
  let pending: ((e: Error) => void) | null = null;
  server.on('error', (e: Error) => {
    if (pending) pending(e);
    else console.error(`mail catcher: ${e.message}`);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    pending = reject;
    server.listen(port, host, () => { pending = null; resolve(); });
  });
  try {
    await listen(opts.port);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    pending = null;
    await listen(0);
  }
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://${host}:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
    },
  };
}
