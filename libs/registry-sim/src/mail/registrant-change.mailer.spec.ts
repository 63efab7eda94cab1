import 'reflect-metadata';
import { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import type { RegistrantChangeRow } from '../persistence/registry.repository';
import { registryMailSignature } from '@registrar/infra';
import { RegistrantChangeMailer } from './registrant-change.mailer';

/** A real SMTP server that answers each delivery with the next of `answers` (null: accept), then accepts. */
async function smtp(answers: Array<number | null>) {
  const received: string[] = [];
  let calls = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false,
    onRcptTo: (address, _s, cb) => {
      const code = answers[calls++] ?? null;
      if (code === null) return cb();
      const err = Object.assign(new Error(code >= 500 ? 'No such user' : 'Try again later'), { responseCode: code });
      cb(err);
    },
    onData: (stream, _s, cb) => {
      const chunks: Buffer[] = [];
      stream.on('data', (b: Buffer) => chunks.push(b));
      stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); cb(); });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, received, calls: () => calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const change: RegistrantChangeRow = {
  token: 'tok-abcdefghijklmnopqrstuvwxyz', domain: 'example.com', clId: 'registrar', oldRegistrant: 'old', newRegistrant: 'new',
  approverEmail: 'px-abc@whois-proxy.example', fields: {}, trId: { clTRID: 'c', svTRID: 's' }, requestedAt: new Date(), status: 'pending', decidedAt: null,
} as RegistrantChangeRow;

const until = async (what: string, ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!ok()) throw new Error(`timed out waiting for ${what}`);
};

describe('RegistrantChangeMailer', () => {
  const log = pino({ level: 'silent' });

  it('answers before the mail is delivered, and retries a deferred delivery (4xx) until it is accepted', async () => {
    const s = await smtp([451, 450]);
    const mailer = new RegistrantChangeMailer(s.url, 'registry@example', 'http://127.0.0.1:1', log, new Map(), [5, 5, 5]);
    try {
      await mailer.send(change);
      expect(s.received).toHaveLength(0);
      await until('the mail', () => s.received.length === 1);
      expect(s.calls()).toBe(3);
      expect(s.received[0]).toContain('http://127.0.0.1:1/registrant-change/tok-abcdefghijklmnopqrstuvwxyz');
    } finally {
      mailer.close();
      await s.close();
    }
  });

  it('signs the link with the shared secret (X-Registry-Signature), so the WHOIS mail inbox can trust it (issue 23, finding 3)', async () => {
    const s = await smtp([]);
    const mailer = new RegistrantChangeMailer(s.url, 'registry@example', 'http://127.0.0.1:1', log, new Map(), [5], 'shared');
    try {
      await mailer.send(change);
      await until('the mail', () => s.received.length === 1);
      // headers may be folded (RFC 5322): unfolded, the value is the link's signature
      expect(s.received[0]!.replace(/\r?\n[ \t]+/g, ' ')).toContain(`X-Registry-Signature: ${registryMailSignature('shared', 'http://127.0.0.1:1/registrant-change/tok-abcdefghijklmnopqrstuvwxyz')}`);
    } finally {
      mailer.close();
      await s.close();
    }
  });

  it('gives up on a permanent refusal (5xx) without retrying', async () => {
    const s = await smtp([550]);
    const mailer = new RegistrantChangeMailer(s.url, 'registry@example', 'http://127.0.0.1:1', log, new Map(), [5, 5, 5]);
    try {
      await mailer.send(change);
      await until('the attempt', () => s.calls() === 1);
      await new Promise((r) => setTimeout(r, 100));
      expect(s.calls()).toBe(1);
      expect(s.received).toHaveLength(0);
    } finally {
      mailer.close();
      await s.close();
    }
  });
});
