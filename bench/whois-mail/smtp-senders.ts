/**
 * The sending MTAs of the inbound-mail bench, in a process of their own (forked by inbound.bench.ts): they stand for
 * the mail servers of the world, whose CPU is not the registrar's. Messages arrive composed (the bytes a sender has
 * queued, the same bytes the baseline writes straight to the table) and go over `connections` pooled SMTP connections
 * (nodemailer, `raw`: nothing is composed or re-encoded on the way).
 *
 * IPC: { port, connections, mails?: [{ from, to, raw (base64) }] } → 'ready'; 'go' → { ms, cpuMs, failed }.
 */
import nodemailer from 'nodemailer';

interface Setup {
  port: number;
  connections: number;
  /** absent: the mails of the last setup again (to another port) */
  mails?: Array<{ from: string; to: string; raw: string }>;
}

let setup: Setup | null = null;
let mails: Array<{ from: string; to: string; raw: Buffer }> = [];

process.on('message', (m: 'go' | Setup) => {
  if (m !== 'go') {
    setup = m;
    if (m.mails) mails = m.mails.map((x) => ({ from: x.from, to: x.to, raw: Buffer.from(x.raw, 'base64') }));
    process.send!('ready');
    return;
  }
  void run(setup!).then((r) => process.send!(r), (e: Error) => process.send!({ error: e.stack ?? String(e) }));
});

async function run(s: Setup): Promise<{ ms: number; cpuMs: number; failed: number }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: s.port, secure: false, ignoreTLS: true, pool: true, maxConnections: s.connections, maxMessages: Infinity });
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(Array.from({ length: s.connections }, async () => {
    while (next < mails.length) {
      const m = mails[next++]!;
      try {
        await transport.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
      } catch {
        failed++;
      }
    }
  }));
  const ms = performance.now() - t0;
  const c = process.cpuUsage(cpu);
  transport.close();
  return { ms, cpuMs: (c.user + c.system) / 1000, failed };
}
