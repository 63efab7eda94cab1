/**
 * Shared set-up of the EPP integration tests: clients for two registrars against the simulator started by the test
 * runner (EPP_PORT, admin channel on EPP_ADMIN_PORT), every frame captured for XSD validation, the test clock and
 * fault injection through the admin channel.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { ContactCreateInput, EppClientOptions, EppClientPool, RegistrarLogSink } from '@registrar/epp';

export const EPP_PORT = Number(process.env.EPP_PORT ?? 7700);
export const ADMIN_PORT = Number(process.env.EPP_ADMIN_PORT || EPP_PORT + 1);
export const CA_FILE = process.env.EPP_TLS_CA_FILE;

export const REGISTRAR_A = { clientId: 'rakko', password: 'rakko-local-pass' };
export const REGISTRAR_B = { clientId: 'other-registrar', password: 'other-local-pass' };

/** every frame sent and received in this test file, validated against the XSDs at the end */
export const frames: Array<{ direction: 'out' | 'in'; xml: string }> = [];

export function client(who = REGISTRAR_A, sink?: RegistrarLogSink, more: Partial<EppClientOptions> = {}): EppClientPool {
  const ca = CA_FILE && fs.existsSync(CA_FILE) ? fs.readFileSync(CA_FILE, 'utf8') : undefined;
  return new EppClientPool({
    host: '127.0.0.1', port: EPP_PORT, clientId: who.clientId, password: who.password, poolSize: 2, commandTimeoutMs: 10_000,
    connectTimeoutMs: 10_000, keepAliveMs: 60_000, rejectUnauthorized: !!ca, ca, checkBatch: 25,
    onFrame: (direction, xml) => frames.push({ direction, xml }),
    ...more,
  }, sink);
}

async function admin(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`http://127.0.0.1:${ADMIN_PORT}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export const simClock = {
  now: async (): Promise<Date> => new Date((await admin('GET', '/clock')).now),
  get: async (): Promise<{ now: string; offsetMs: number }> => admin('GET', '/clock'),
  advanceDays: async (days: number) => admin('POST', '/clock/advance', { days }),
  /** back to real time (a file that moved the clock leaves it moved for the files after it in the same run) */
  reset: async () => admin('POST', '/clock/reset'),
};

export const simFaults = {
  set: (f: { latencyMs?: number; failShare?: number; dropShare?: number; handshakeDelayMs?: number; failMatch?: string }) => admin('POST', '/faults', f),
  reset: () => admin('DELETE', '/faults'),
};

export const simStats = () => admin('GET', '/stats');

/** a name of `tld` nobody holds (the simulator reports a share of names as taken by others) */
export async function freeName(c: EppClientPool, tld: string, prefix = 'it'): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const names = Array.from({ length: 5 }, () => `${prefix}-${randomBytes(5).toString('hex')}.${tld}`);
    const free = (await c.check(names)).find((r) => r.avail);
    if (free) return free.name;
  }
  throw new Error(`no free .${tld} name found`);
}

export const uniqueId = (p: string) => `${p}${randomBytes(4).toString('hex')}`.slice(0, 16);

export function contactInput(id: string, org?: string): ContactCreateInput {
  return {
    id,
    postalInfo: [{ type: 'loc', name: '山田 太郎', org, street: ['渋谷1-2-3'], city: '渋谷区', sp: '東京都', pc: '1500002', cc: 'JP' }],
    voice: '+81.312345678',
    email: `${id.toLowerCase()}@example.jp`,
    authInfo: 'contact-secret-1',
  };
}

/** One raw TLS session with the simulator (no client library): for frames the client would never send. */
export async function rawSession(): Promise<{ greeting: string; send(xml: string): Promise<string>; sendBytes(body: Buffer): Promise<string>; close(): void }> {
  const tls = await import('node:tls');
  const { encodeFrame, FrameDecoder } = await import('@registrar/epp');
  const socket = tls.connect({ host: '127.0.0.1', port: EPP_PORT, rejectUnauthorized: false });
  const decoder = new FrameDecoder();
  const queue: string[] = [];
  let waiter: ((xml: string) => void) | undefined;
  socket.on('data', (c: Buffer) => {
    for (const f of decoder.push(c)) {
      frames.push({ direction: 'in', xml: f });
      if (waiter) { const w = waiter; waiter = undefined; w(f); } else queue.push(f);
    }
  });
  const next = () => new Promise<string>((resolve, reject) => {
    if (queue.length) return resolve(queue.shift()!);
    const t = setTimeout(() => reject(new Error('no answer')), 60_000); // a bound, not a timing: a busy machine may take long
    waiter = (x) => { clearTimeout(t); resolve(x); };
  });
  const greeting = await next();
  return {
    greeting,
    send: (xml: string) => { socket.write(encodeFrame(xml)); return next(); },
    sendBytes: (body: Buffer) => {
      const head = Buffer.alloc(4);
      head.writeUInt32BE(body.length + 4, 0);
      socket.write(Buffer.concat([head, body]));
      return next();
    },
    close: () => socket.destroy(),
  };
}
