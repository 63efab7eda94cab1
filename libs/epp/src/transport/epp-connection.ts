import tls from 'node:tls';
import { EppConnectionError, EppError, EppTimeoutError } from '../epp.errors';
import { buildHello, buildLogin, buildLogout } from '../commands/command.builder';
import { Greeting, parseGreeting, parseResponse } from '../commands/response.parser';
import { encodeFrame, FrameDecoder } from './framing';

export interface EppConnectionOptions {
  host: string;
  port: number;
  clientId: string;
  password: string;
  /** verify the registry's certificate (off for the local self-signed simulator) */
  rejectUnauthorized: boolean;
  /** PEM of the CA to trust, when the registry's certificate is not publicly trusted */
  ca?: string;
  servername?: string;
  connectTimeoutMs: number;
  commandTimeoutMs: number;
  /** called with every frame sent and received (tests validate them against the XSDs) */
  onFrame?: (direction: 'out' | 'in', xml: string) => void;
  nextClTRID: () => string;
}

interface Pending {
  resolve: (xml: string) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** One logged-in EPP session over TLS (RFC 5734). Commands run one at a time; a timeout ends the session. */
export class EppConnection {
  private socket?: tls.TLSSocket;
  private readonly decoder = new FrameDecoder();
  private pending?: Pending;
  private greetingWaiter?: Pending;
  private closed = false;
  greeting?: Greeting;
  lastUsed = Date.now();
  busy = false;

  constructor(private readonly o: EppConnectionOptions) {}

  get alive(): boolean {
    return !this.closed && !!this.socket && !this.socket.destroyed;
  }

  /** Connects, reads the greeting and logs in. Throws EppError (2200…) when the registry refuses the login. */
  async open(): Promise<void> {
    const greetingXml = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.destroy(new EppConnectionError(`no EPP greeting from ${this.o.host}:${this.o.port} within ${this.o.connectTimeoutMs} ms`));
      }, this.o.connectTimeoutMs);
      this.greetingWaiter = { resolve, reject, timer };
      const socket = tls.connect({
        host: this.o.host,
        port: this.o.port,
        rejectUnauthorized: this.o.rejectUnauthorized,
        ca: this.o.ca,
        servername: this.o.servername ?? (/^[\d.:]+$/.test(this.o.host) ? undefined : this.o.host),
      });
      this.socket = socket;
      socket.setNoDelay(true);
      socket.on('data', (chunk) => this.onData(chunk));
      socket.on('error', (e) => this.destroy(new EppConnectionError(`EPP connection error: ${e.message}`)));
      socket.on('close', () => this.destroy(new EppConnectionError('EPP connection closed by the registry')));
    });
    this.greeting = parseGreeting(greetingXml);
    const clTRID = this.o.nextClTRID();
    const res = parseResponse(await this.send(buildLogin(clTRID, this.o.clientId, this.o.password), 'login'));
    if (res.code !== 1000) {
      this.destroy(new EppConnectionError('login refused'));
      throw new EppError(res.code, res.msg, 'login', res.reason, res.svTRID, res.clTRID);
    }
  }

  /** Sends one frame and resolves with the response frame. */
  send(xml: string, command: string, timeoutMs = this.o.commandTimeoutMs): Promise<string> {
    if (!this.alive) return Promise.reject(new EppConnectionError('EPP connection is not open', command));
    if (this.pending) return Promise.reject(new EppConnectionError('EPP connection is busy', command));
    this.lastUsed = Date.now();
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        reject(new EppTimeoutError(command, timeoutMs));
        this.destroy(new EppConnectionError('closed after a command timeout'));
      }, timeoutMs);
      this.pending = { resolve, reject, timer };
      this.o.onFrame?.('out', xml);
      this.socket!.write(encodeFrame(xml));
    });
  }

  async hello(): Promise<void> {
    parseGreeting(await this.send(buildHello(), 'hello'));
  }

  async logout(): Promise<void> {
    if (!this.alive) return;
    try {
      await this.send(buildLogout(this.o.nextClTRID()), 'logout', 2_000);
    } catch { /* closing anyway */ }
    this.destroy(new EppConnectionError('logged out'));
  }

  private onData(chunk: Buffer): void {
    let frames: string[];
    try {
      frames = this.decoder.push(chunk);
    } catch (e) {
      this.destroy(new EppConnectionError((e as Error).message));
      return;
    }
    for (const xml of frames) {
      this.o.onFrame?.('in', xml);
      const w = this.greetingWaiter ?? this.pending;
      if (!w) continue; // unsolicited frame: ignore
      if (this.greetingWaiter) this.greetingWaiter = undefined;
      else this.pending = undefined;
      clearTimeout(w.timer);
      this.lastUsed = Date.now();
      w.resolve(xml);
    }
  }

  destroy(reason: Error): void {
    if (this.closed) return;
    this.closed = true;
    for (const w of [this.greetingWaiter, this.pending]) {
      if (!w) continue;
      clearTimeout(w.timer);
      w.reject(reason);
    }
    this.greetingWaiter = this.pending = undefined;
    this.socket?.destroy();
  }
}
