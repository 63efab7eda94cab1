import net, { AddressInfo, Socket } from 'node:net';
import tls from 'node:tls';
import { SMTPServer } from 'smtp-server';
import { holdPipelinedReplies } from './pipelined-replies';

/** A real smtp-server on a free port; every flush of each server socket is recorded (one entry per write or writev). */
async function serve(hold: boolean, opts: { rcptDone?: Promise<void> } = {}) {
  const flushes: string[][] = [];
  const server = new SMTPServer({
    logger: false, authOptional: true, disabledCommands: ['AUTH'], disableReverseLookup: true, hideSTARTTLS: false,
    // onRcptTo answers when the test says so: a look-up that takes a while, as ours does
    onRcptTo: (_a, _s, cb) => { void (opts.rcptDone ?? Promise.resolve()).then(() => cb()); },
    onData: (stream, _s, cb) => { stream.resume(); stream.on('end', () => cb(null, 'Stored as 1')); },
  });
  if (hold) holdPipelinedReplies(server);
  server.server.on('connection', (socket: Socket) => {
    const s = socket as Socket & { _write: (c: Buffer, e: string, cb: () => void) => void; _writev: (cs: Array<{ chunk: Buffer }>, cb: () => void) => void };
    const write = s._write.bind(s);
    const writev = s._writev.bind(s);
    s._write = (c, e, cb) => { flushes.push([String(c)]); write(c, e, cb); };
    s._writev = (cs, cb) => { flushes.push(cs.map((x) => String(x.chunk))); writev(cs, cb); };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { server, port, flushes, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A raw SMTP client: `reply()` resolves with the next complete reply (its last line has a space after the code). */
function client(socket: Socket | tls.TLSSocket) {
  let buffered = '';
  const waiting: Array<(line: string) => void> = [];
  const replies: string[] = [];
  const take = () => {
    for (;;) {
      const m = /^(\d{3})([ -])[^\r\n]*\r\n/.exec(buffered);
      if (!m) return;
      buffered = buffered.slice(m[0].length);
      if (m[2] === ' ') replies.push(m[0].trim());
      while (replies.length && waiting.length) waiting.shift()!(replies.shift()!);
    }
  };
  socket.on('data', (d: Buffer) => { buffered += d.toString('latin1'); take(); });
  return {
    send: (s: string) => socket.write(s),
    reply: () => new Promise<string>((resolve) => (replies.length ? resolve(replies.shift()!) : waiting.push(resolve))),
  };
}

async function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((r) => socket.once('connect', r));
  const c = client(socket);
  expect(await c.reply()).toMatch(/^220 /);
  c.send('EHLO sender.example\r\n');
  expect(await c.reply()).toMatch(/^250 /);
  return { socket, ...c };
}

const MESSAGE = 'From: a@sender.example\r\nSubject: hi\r\n\r\nbody\r\n.\r\n';

describe('holdPipelinedReplies', () => {
  it('writes the replies of a pipelined MAIL, RCPT and DATA as one socket write, even when RCPT is answered later', async () => {
    let answerRcpt!: () => void;
    const rcptDone = new Promise<void>((r) => (answerRcpt = r));
    const s = await serve(true, { rcptDone });
    const c = await connect(s.port);
    const before = s.flushes.length;
    c.send('MAIL FROM:<a@sender.example>\r\nRCPT TO:<b@proxy.example>\r\nDATA\r\n');
    // the 250 to MAIL FROM is made at once; it is held while RCPT (pipelined behind it) is still being answered
    await new Promise((r) => setImmediate(r));
    expect(s.flushes.length).toBe(before);
    answerRcpt();
    expect([await c.reply(), await c.reply(), await c.reply()].map((r) => r.slice(0, 3))).toEqual(['250', '250', '354']);
    expect(s.flushes.slice(before)).toHaveLength(1);
    expect(s.flushes[before]!.join('')).toMatch(/^250 [^\r\n]*\r\n250 [^\r\n]*\r\n354 [^\r\n]*\r\n$/);
    c.send(MESSAGE);
    expect(await c.reply()).toMatch(/^250 .*Stored as 1/);
    c.send('QUIT\r\n');
    expect(await c.reply()).toMatch(/^221 /);
    await s.close();
  });

  it('without it (smtp-server alone) the same group takes a write per reply', async () => {
    let answerRcpt!: () => void;
    const rcptDone = new Promise<void>((r) => (answerRcpt = r));
    const s = await serve(false, { rcptDone });
    const c = await connect(s.port);
    const before = s.flushes.length;
    c.send('MAIL FROM:<a@sender.example>\r\nRCPT TO:<b@proxy.example>\r\nDATA\r\n');
    await c.reply();
    answerRcpt();
    await c.reply();
    await c.reply();
    expect(s.flushes.length - before).toBeGreaterThan(1);
    c.socket.destroy();
    await s.close();
  });

  it('answers a sender that waits for each reply, command by command, and a second message on the same connection', async () => {
    const s = await serve(true);
    const c = await connect(s.port);
    for (let i = 0; i < 2; i++) {
      c.send('MAIL FROM:<a@sender.example>\r\n');
      expect(await c.reply()).toMatch(/^250 /);
      c.send('RCPT TO:<b@proxy.example>\r\n');
      expect(await c.reply()).toMatch(/^250 /);
      c.send('DATA\r\n');
      expect(await c.reply()).toMatch(/^354 /);
      c.send(MESSAGE);
      expect(await c.reply()).toMatch(/^250 .*Stored as 1/);
    }
    c.send('QUIT\r\n');
    expect(await c.reply()).toMatch(/^221 /);
    await s.close();
  });

  it('a group whose replies fill the socket\'s buffer is answered whole (smtp-server waits for the drain: the socket is let go)', async () => {
    const s = await serve(true);
    const c = await connect(s.port);
    const n = 20_000; // 120 KB of commands, ~280 KB of replies: several times the socket's high-water mark within one chunk
    c.send('NOOP\r\n'.repeat(n));
    for (let i = 0; i < n; i++) expect(await c.reply()).toMatch(/^250 /);
    c.send('QUIT\r\n');
    expect(await c.reply()).toMatch(/^221 /);
    await s.close();
  });

  it('sends the 220 to STARTTLS before the handshake, and holds replies on the TLS socket as well', async () => {
    const s = await serve(true);
    const c = await connect(s.port);
    c.send('STARTTLS\r\n');
    expect(await c.reply()).toMatch(/^220 /);
    const secure = tls.connect({ socket: c.socket, rejectUnauthorized: false });
    await new Promise((r) => secure.once('secureConnect', r));
    const t = client(secure);
    t.send('EHLO sender.example\r\nMAIL FROM:<a@sender.example>\r\nRCPT TO:<b@proxy.example>\r\nDATA\r\n');
    expect([await t.reply(), await t.reply(), await t.reply(), await t.reply()].map((r) => r.slice(0, 3))).toEqual(['250', '250', '250', '354']);
    t.send(MESSAGE);
    expect(await t.reply()).toMatch(/^250 .*Stored as 1/);
    secure.destroy();
    await s.close();
  });
});
