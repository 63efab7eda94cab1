import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import net from 'node:net';
import { encodeFrame, FrameDecoder } from '@registrar/epp';
import type { SystemClock } from '@registrar/infra';
import type { Logger } from 'pino';
import type { FaultInjector } from '../faults/fault-injector';
import type { CommandDispatcher, SessionState } from './command.dispatcher';
import { renderGreeting, renderResponse } from './sim-reply';
import type { ServiceStats } from './service-stats';

export const SERVER_ID = 'Rakko Registry Simulator';

/** A self-signed certificate made at first start and kept in `dir` (key.pem, cert.pem). */
export async function ensureCertificate(dir: string, hosts: string[] = ['localhost']): Promise<{ key: string; cert: string }> {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  const { generate } = await import('selfsigned');
  const pems = await generate([{ name: 'commonName', value: hosts[0] ?? 'localhost' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 5 * 365 * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'subjectAltName', altNames: [...hosts.map((value) => ({ type: 2, value })), { type: 7, ip: '127.0.0.1' }] },
    ],
  } as any);
  fs.mkdirSync(dir, { recursive: true });
  // written aside then renamed, so two simulators starting together never read half a file
  const tmp = `.${process.pid}.tmp`;
  fs.writeFileSync(keyFile + tmp, pems.private, { mode: 0o600 });
  fs.writeFileSync(certFile + tmp, pems.cert);
  if (fs.existsSync(keyFile) && fs.existsSync(certFile)) {
    fs.rmSync(keyFile + tmp);
    fs.rmSync(certFile + tmp);
    return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8') };
  }
  fs.renameSync(keyFile + tmp, keyFile);
  fs.renameSync(certFile + tmp, certFile);
  return { key: pems.private, cert: pems.cert };
}

export interface EppServerOptions {
  port: number;
  host: string;
  key: string;
  cert: string;
  idleSeconds: number;
}

/** EPP over TLS (RFC 5734): greeting on connect, 4-byte length framing, one session per connection. */
export class EppServer {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();
  private readonly sessions = new Map<string, number>();
  private seq = 0;

  constructor(
    private readonly o: EppServerOptions,
    private readonly dispatcher: () => CommandDispatcher,
    private readonly clock: SystemClock,
    private readonly faults: FaultInjector,
    private readonly stats: ServiceStats,
    private readonly log: Logger,
  ) {}

  sessionsOf(clId: string): number {
    return this.sessions.get(clId) ?? 0;
  }

  get connections(): number {
    return this.sockets.size;
  }

  async listen(): Promise<void> {
    // the raw TCP server lets the fault injector delay the TLS handshake
    const ctx = tls.createSecureContext({ key: this.o.key, cert: this.o.cert, minVersion: 'TLSv1.2' });
    this.server = net.createServer((raw) => {
      this.sockets.add(raw);
      raw.on('close', () => this.sockets.delete(raw));
      raw.on('error', () => undefined);
      const start = () => {
        if (raw.destroyed) return;
        const socket = new tls.TLSSocket(raw, { isServer: true, secureContext: ctx });
        socket.on('secure', () => this.onSession(socket));
        socket.on('error', (e) => this.log.debug({ err: e.message }, 'EPP socket error'));
      };
      const delay = this.faults.settings.handshakeDelayMs;
      if (delay > 0) setTimeout(start, delay);
      else start();
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.o.port, this.o.host, () => resolve());
    });
  }

  private onSession(socket: tls.TLSSocket): void {
    const state: SessionState = { failedLogins: 0 };
    const decoder = new FrameDecoder();
    let queue = Promise.resolve();
    let closed = false;
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      if (idle) clearTimeout(idle);
      idle = setTimeout(() => socket.destroy(), this.o.idleSeconds * 1000);
      idle.unref();
    };
    const send = (xml: string) => { if (!closed) socket.write(encodeFrame(xml)); };
    socket.on('close', () => {
      closed = true;
      if (idle) clearTimeout(idle);
      if (state.clId) this.sessions.set(state.clId, Math.max(0, (this.sessions.get(state.clId) ?? 1) - 1));
    });
    armIdle();
    send(renderGreeting(SERVER_ID, this.clock.now()));
    socket.on('data', (chunk: Buffer) => {
      let frames: string[];
      try {
        frames = decoder.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const xml of frames) {
        // commands of one session are answered in order
        queue = queue.then(() => this.handle(xml, state, send, socket)).catch((e) => {
          this.log.error({ err: e }, 'EPP command failed');
          send(renderResponse({ code: 2400 }, undefined, this.svTRID()));
        });
      }
      armIdle();
    });
  }

  private svTRID(): string {
    this.seq = (this.seq + 1) % 1e12;
    return `SIM-${process.pid}-${this.seq}`;
  }

  private async handle(xml: string, state: SessionState, send: (xml: string) => void, socket: tls.TLSSocket): Promise<void> {
    const f = this.faults.settings;
    if (f.latencyMs) await new Promise((r) => setTimeout(r, f.latencyMs));
    const t0 = process.hrtime.bigint();
    if (state.clId && this.faults.shouldDrop()) {
      socket.destroy();
      return;
    }
    const svTRID = this.svTRID();
    const wasLoggedIn = !!state.clId;
    const d = await this.dispatcher().dispatch(xml, state, svTRID);
    if (!wasLoggedIn && state.clId) this.sessions.set(state.clId, (this.sessions.get(state.clId) ?? 0) + 1);
    if (d.greeting) {
      send(renderGreeting(SERVER_ID, this.clock.now()));
    } else {
      const reply = state.clId && d.command !== 'logout' && d.command !== 'login' && this.faults.shouldFail(xml) ? { code: 2400, reason: 'injected failure' } : d.reply;
      send(renderResponse(reply, d.clTRID, svTRID));
      if (d.reply.close || d.reply.code >= 2500) socket.end();
    }
    this.stats.record(d.command, Number(process.hrtime.bigint() - t0) / 1000);
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
