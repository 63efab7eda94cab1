/**
 * The sending MTAs of the inbound-mail bench, in a process of their own (forked by inbound.bench.ts): they stand for
 * the mail servers of the world, whose CPU is not the registrar's. Messages arrive composed (the bytes a sender has
 * queued, the same bytes the baseline writes straight to the table) and go over `connections` persistent SMTP
 * connections. The same senders serve the SMTP floor and our intake, so a change of senders moves both.
 *
 * Two senders (BENCH_SENDERS):
 *   - `mta` (the default): a lean SMTP client as a real MTA's queue runner behaves (Postfix: one EHLO per connection,
 *     MAIL, RCPT and DATA pipelined when the server offers PIPELINING, the queued file sent dot-stuffed, the
 *     connection reused for the next message); its CPU per mail is the socket's, as a C MTA's would be.
 *   - `nodemailer`: nodemailer's pooled transport (`raw`, also pipelined: nodemailer ≥ 6.10 sends MAIL/RCPT/DATA
 *     at once with PIPELINING), which spends ~0.3-0.4 ms of CPU a mail of its own on the same two cores (ADR 0054).
 *
 * IPC: { port, connections, mails?: [{ from, to, raw (base64) }] } → 'ready'; 'go' → { ms, cpuMs, failed, pipelined }.
 */
import net from 'node:net';
import nodemailer from 'nodemailer';

interface Setup {
  port: number;
  connections: number;
  /** absent: the mails of the last setup again (to another port) */
  mails?: Array<{ from: string; to: string; raw: string }>;
}
interface Result { ms: number; cpuMs: number; failed: number; pipelined: boolean }

const SENDERS = (process.env.BENCH_SENDERS ?? 'mta') as 'mta' | 'nodemailer';

let setup: Setup | null = null;
let mails: Array<{ from: string; to: string; raw: Buffer; stuffed: Buffer }> = [];

/** The message as it goes after DATA: CRLF lines, a leading dot doubled, ended by CRLF.CRLF (done when queued). */
function dotStuffed(raw: Buffer): Buffer {
  let s = raw.toString('latin1').replace(/\r?\n/g, '\r\n').replace(/^\./gm, '..');
  if (!s.endsWith('\r\n')) s += '\r\n';
  return Buffer.from(`${s}.\r\n`, 'latin1');
}

process.on('message', (m: 'go' | Setup) => {
  if (m !== 'go') {
    setup = m;
    if (m.mails) mails = m.mails.map((x) => { const raw = Buffer.from(x.raw, 'base64'); return { from: x.from, to: x.to, raw, stuffed: dotStuffed(raw) }; });
    process.send!('ready');
    return;
  }
  void (SENDERS === 'nodemailer' ? viaNodemailer(setup!) : viaMta(setup!)).then((r) => process.send!(r), (e: Error) => process.send!({ error: e.stack ?? String(e) }));
});

async function viaNodemailer(s: Setup): Promise<Result> {
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
  return { ms, cpuMs: (c.user + c.system) / 1000, failed, pipelined: true };
}

/** One SMTP connection: replies read as they come (a reply ends at the line `NNN text`). */
class Connection {
  private buf = '';
  private readonly waiting: Array<(r: { code: number; text: string }) => void> = [];
  /** replies that came before anyone asked (the greeting) */
  private readonly early: Array<{ code: number; text: string }> = [];
  private lines: string[] = [];

  constructor(private readonly socket: net.Socket) {
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => {
      this.buf += d.toString('latin1');
      let i: number;
      while ((i = this.buf.indexOf('\r\n')) >= 0) {
        const line = this.buf.slice(0, i);
        this.buf = this.buf.slice(i + 2);
        this.lines.push(line);
        if (line[3] !== '-') {
          const reply = { code: Number(line.slice(0, 3)), text: this.lines.join('\n') };
          this.lines = [];
          const w = this.waiting.shift();
          if (w) w(reply);
          else this.early.push(reply);
        }
      }
    });
  }

  static open(port: number): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  reply(): Promise<{ code: number; text: string }> {
    const e = this.early.shift();
    return e ? Promise.resolve(e) : new Promise((r) => this.waiting.push(r));
  }

  /** Writes `data` and reads `n` replies (pipelined commands: their replies come in order). */
  send(data: string | Buffer, n = 1): Promise<Array<{ code: number; text: string }>> {
    const replies = Array.from({ length: n }, () => this.reply());
    this.socket.write(data);
    return Promise.all(replies);
  }

  close(): void {
    this.socket.end('QUIT\r\n');
  }
}

async function viaMta(s: Setup): Promise<Result> {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  let next = 0;
  let failed = 0;
  let pipelined = true;
  await Promise.all(Array.from({ length: s.connections }, async () => {
    const c = await Connection.open(s.port);
    const greeting = c.reply();
    if ((await greeting).code !== 220) throw new Error('no greeting');
    const [ehlo] = await c.send('EHLO sender.bench.example\r\n');
    if (ehlo!.code !== 250) throw new Error(`EHLO refused: ${ehlo!.text}`);
    const pipelining = /^250[ -]PIPELINING\b/m.test(ehlo!.text);
    pipelined &&= pipelining;
    while (next < mails.length) {
      const m = mails[next++]!;
      const envelope = [`MAIL FROM:<${m.from}>\r\n`, `RCPT TO:<${m.to}>\r\n`, 'DATA\r\n'];
      let replies: Array<{ code: number }>;
      if (pipelining) replies = await c.send(envelope.join(''), 3);
      else {
        replies = [];
        for (const cmd of envelope) {
          const [r] = await c.send(cmd);
          replies.push(r!);
          if (r!.code >= 400) break;
        }
      }
      if (replies.length < 3 || replies[0]!.code !== 250 || replies[1]!.code !== 250 || replies[2]!.code !== 354) {
        failed++;
        if (replies[2]?.code === 354) await c.send('.\r\n');
        await c.send('RSET\r\n');
        continue;
      }
      const [done] = await c.send(m.stuffed);
      if (done!.code !== 250) failed++;
    }
    c.close();
  }));
  const ms = performance.now() - t0;
  const c = process.cpuUsage(cpu);
  return { ms, cpuMs: (c.user + c.system) / 1000, failed, pipelined };
}
