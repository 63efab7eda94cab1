import { randomBytes } from 'node:crypto';
import * as B from '../commands/command.builder';
import * as P from '../commands/response.parser';
import type { EppResponse } from '../commands/response.parser';
import { EppConnectionError, EppError, EppTimeoutError, normalizeResult, specResultCode } from '../epp.errors';
import type {
  CheckResult, CommandContext, ContactCreateInput, ContactInfo, ContactUpdateInput, DomainCreateInput, DomainCreateResult, DomainInfo,
  DomainRenewResult, DomainTransferResult, DomainUpdateInput, HostAddr, HostInfo, HostUpdateInput, ObjectCheckResult, Period, PollResult,
  RestoreReport, TransferOp,
} from '../epp.types';
import { EppConnection } from '../transport/epp-connection';
import { maskSecrets, maskSecretsShared, type RegistrarLogSink } from '../registrar-log/registrar-log.types';
import type { EppClientOptions } from './epp-client.config';

const OK_CODES = new Set([1000, 1001, 1300, 1301, 1500]);

interface Exec {
  action: string;
  build: (clTRID: string) => string;
  ctx?: CommandContext;
  subject?: string | null;
  params: Record<string, unknown>;
  /** safe to send again after a lost connection (queries only) */
  idempotent?: boolean;
}

/**
 * A pool of logged-in EPP sessions with typed commands. Sessions open on demand (up to poolSize), are kept alive with
 * <hello>, replaced when they drop, and every command carries a clTRID, a timeout and a registrar-log record.
 * Errors: EppError (a 2xxx result, with its code), EppTimeoutError, EppConnectionError.
 */
export class EppClientPool {
  private readonly all = new Set<EppConnection>();
  private readonly idle: EppConnection[] = [];
  private readonly waiters: Array<{ resolve: (c: EppConnection) => void; reject: (e: Error) => void }> = [];
  private opening = 0;
  private running = 0;
  private seq = 0;
  private readonly trIdBase: string;
  private keepAlive?: NodeJS.Timeout;
  private closed = false;

  constructor(readonly options: EppClientOptions, private readonly sink?: RegistrarLogSink) {
    this.trIdBase = `${options.trIdPrefix ?? options.clientId.slice(0, 8)}-${randomBytes(3).toString('hex')}`;
    this.keepAlive = setInterval(() => void this.pingIdle(), Math.max(1_000, Math.floor(options.keepAliveMs / 2)));
    this.keepAlive.unref();
  }

  get size(): number {
    return this.all.size;
  }

  /** Commands of this process sent or waiting for a session, whose answers are not yet handed to their callers. */
  get inFlight(): number {
    return this.running;
  }

  nextClTRID(): string {
    this.seq = (this.seq + 1) % 1e12;
    return `${this.trIdBase}-${Date.now().toString(36)}-${this.seq.toString(36)}`;
  }

  /** Opens `n` sessions now (instead of on first use). */
  async warmUp(n = this.options.poolSize): Promise<void> {
    const conns = await Promise.all(Array.from({ length: Math.min(n, this.options.poolSize) - this.all.size }, () => this.acquire()));
    for (const c of conns) this.release(c);
  }

  // ── domain ──

  /** One domain:check command with these names (the registry refuses more than its limit with 2306). */
  async check(names: string[], ctx?: CommandContext): Promise<CheckResult[]> {
    const res = await this.exec({ action: 'domain:check', build: (t) => B.buildDomainCheck(t, names), ctx, subject: names.join(' '), params: { names }, idempotent: true });
    return P.parseDomainCheck(res);
  }

  /** Any number of names: grouped by TLD, split into commands of at most `batch` names, sent in parallel through the pool. */
  async checkBatch(names: string[], ctx?: CommandContext, batch = this.options.checkBatch): Promise<CheckResult[]> {
    const byTld = new Map<string, string[]>();
    for (const n of names) {
      const tld = n.slice(n.indexOf('.') + 1).toLowerCase();
      const list = byTld.get(tld) ?? [];
      list.push(n);
      byTld.set(tld, list);
    }
    const chunks: string[][] = [];
    for (const list of byTld.values()) for (let i = 0; i < list.length; i += batch) chunks.push(list.slice(i, i + batch));
    const results = await Promise.all(chunks.map((c) => this.check(c, ctx)));
    const byName = new Map(results.flat().map((r) => [r.name.toLowerCase(), r]));
    return names.map((n) => byName.get(n.toLowerCase()) ?? { name: n, avail: false, kind: 'unavailable' as const, reason: 'no answer' });
  }

  async create(input: DomainCreateInput, ctx?: CommandContext): Promise<DomainCreateResult> {
    const res = await this.exec({ action: 'domain:create', build: (t) => B.buildDomainCreate(t, input), ctx, subject: input.name, params: { ...input } });
    const d = res.resData?.creData;
    return { name: d?.name ?? input.name, crDate: new Date(d?.crDate), exDate: d?.exDate ? new Date(d.exDate) : undefined, pending: res.code === 1001 };
  }

  async info(name: string, opts: { authInfo?: string; hosts?: 'all' | 'del' | 'sub' | 'none' } = {}, ctx?: CommandContext): Promise<DomainInfo> {
    const res = await this.exec({ action: 'domain:info', build: (t) => B.buildDomainInfo(t, name, opts), ctx, subject: name, params: { name, ...opts }, idempotent: true });
    return P.parseDomainInfo(res);
  }

  async renew(name: string, curExpDate: Date, period?: Period, ctx?: CommandContext): Promise<DomainRenewResult> {
    const res = await this.exec({ action: 'domain:renew', build: (t) => B.buildDomainRenew(t, name, curExpDate, period), ctx, subject: name, params: { name, curExpDate: B.ymd(curExpDate), period } });
    const d = res.resData?.renData;
    return { name, exDate: d?.exDate ? new Date(d.exDate) : undefined, pending: res.code === 1001 };
  }

  async transfer(op: TransferOp, name: string, opts: { authInfo?: string; period?: Period } = {}, ctx?: CommandContext): Promise<DomainTransferResult> {
    const res = await this.exec({ action: `domain:transfer:${op}`, build: (t) => B.buildDomainTransfer(t, op, name, opts), ctx, subject: name, params: { op, name, ...opts }, idempotent: op === 'query' });
    const t = res.resData?.trnData;
    if (!t) throw new EppError(res.code, 'transfer answer without trnData', `domain:transfer:${op}`);
    return { ...P.parseTransferData(t), pending: res.code === 1001 };
  }

  async update(input: DomainUpdateInput, ctx?: CommandContext): Promise<{ pending: boolean }> {
    const res = await this.exec({ action: 'domain:update', build: (t) => B.buildDomainUpdate(t, input), ctx, subject: input.name, params: { ...input } });
    return { pending: res.code === 1001 };
  }

  async delete(name: string, ctx?: CommandContext): Promise<{ pending: boolean }> {
    const res = await this.exec({ action: 'domain:delete', build: (t) => B.buildDomainDelete(t, name), ctx, subject: name, params: { name } });
    return { pending: res.code === 1001 };
  }

  /** RGP restore request (RFC 3915); the registry then waits for the report. */
  async restore(name: string, ctx?: CommandContext): Promise<{ pending: boolean; rgpStatuses: string[] }> {
    const res = await this.exec({ action: 'domain:restore:request', build: (t) => B.buildDomainRestore(t, name), ctx, subject: name, params: { name } });
    return { pending: res.code === 1001, rgpStatuses: rgpOf(res) };
  }

  async restoreReport(name: string, report: RestoreReport, ctx?: CommandContext): Promise<{ pending: boolean }> {
    const res = await this.exec({ action: 'domain:restore:report', build: (t) => B.buildDomainRestore(t, name, report), ctx, subject: name, params: { name, report } });
    return { pending: res.code === 1001 };
  }

  // ── poll ──

  async poll(ctx?: CommandContext): Promise<PollResult> {
    const res = await this.exec({ action: 'poll:req', build: (t) => B.buildPoll(t, 'req'), ctx, params: {}, idempotent: true });
    if (res.code === 1300) return { empty: true, count: 0 };
    const message = P.parsePollMessage(res);
    return { empty: false, count: message?.count ?? 0, message };
  }

  async pollAck(msgID: string, ctx?: CommandContext): Promise<{ count: number }> {
    const res = await this.exec({ action: 'poll:ack', build: (t) => B.buildPoll(t, 'ack', msgID), ctx, params: { msgID } });
    return { count: res.msgQ?.count ?? 0 };
  }

  // ── host ──

  async hostCheck(names: string[], ctx?: CommandContext): Promise<ObjectCheckResult[]> {
    const res = await this.exec({ action: 'host:check', build: (t) => B.buildHostCheck(t, names), ctx, subject: names.join(' '), params: { names }, idempotent: true });
    return P.parseObjectCheck(res, 'name');
  }

  async hostCreate(name: string, addrs: HostAddr[] = [], ctx?: CommandContext): Promise<{ name: string }> {
    await this.exec({ action: 'host:create', build: (t) => B.buildHostCreate(t, name, addrs), ctx, subject: name, params: { name, addrs } });
    return { name };
  }

  async hostInfo(name: string, ctx?: CommandContext): Promise<HostInfo> {
    return P.parseHostInfo(await this.exec({ action: 'host:info', build: (t) => B.buildHostInfo(t, name), ctx, subject: name, params: { name }, idempotent: true }));
  }

  async hostUpdate(input: HostUpdateInput, ctx?: CommandContext): Promise<void> {
    await this.exec({ action: 'host:update', build: (t) => B.buildHostUpdate(t, input), ctx, subject: input.name, params: { ...input } });
  }

  async hostDelete(name: string, ctx?: CommandContext): Promise<void> {
    await this.exec({ action: 'host:delete', build: (t) => B.buildHostDelete(t, name), ctx, subject: name, params: { name } });
  }

  // ── contact ──

  async contactCheck(ids: string[], ctx?: CommandContext): Promise<ObjectCheckResult[]> {
    const res = await this.exec({ action: 'contact:check', build: (t) => B.buildContactCheck(t, ids), ctx, subject: ids.join(' '), params: { ids }, idempotent: true });
    return P.parseObjectCheck(res, 'id');
  }

  async contactCreate(input: ContactCreateInput, ctx?: CommandContext): Promise<{ id: string }> {
    await this.exec({ action: 'contact:create', build: (t) => B.buildContactCreate(t, input), ctx, subject: input.id, params: { ...input } });
    return { id: input.id };
  }

  async contactInfo(id: string, authInfo?: string, ctx?: CommandContext): Promise<ContactInfo> {
    return P.parseContactInfo(await this.exec({ action: 'contact:info', build: (t) => B.buildContactInfo(t, id, authInfo), ctx, subject: id, params: { id, authInfo }, idempotent: true }));
  }

  async contactUpdate(input: ContactUpdateInput, ctx?: CommandContext): Promise<void> {
    await this.exec({ action: 'contact:update', build: (t) => B.buildContactUpdate(t, input), ctx, subject: input.id, params: { ...input } });
  }

  async contactDelete(id: string, ctx?: CommandContext): Promise<void> {
    await this.exec({ action: 'contact:delete', build: (t) => B.buildContactDelete(t, id), ctx, subject: id, params: { id } });
  }

  /** Logs out every session and stops the keep-alive. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.keepAlive) clearInterval(this.keepAlive);
    for (const w of this.waiters.splice(0)) w.reject(new EppConnectionError('EPP client closed'));
    await Promise.all([...this.all].map((c) => c.logout()));
    this.all.clear();
    this.idle.length = 0;
  }

  // ── machinery ──

  private async exec(x: Exec): Promise<EppResponse> {
    const started = performance.now();
    const clTRID = this.nextClTRID();
    let res: EppResponse | undefined;
    let failure: Error | undefined;
    this.running++;
    try {
      // built before a connection is taken: a connection handed over on release writes at once
      const xml = x.build(clTRID);
      for (let attempt = 0; ; attempt++) {
        let frame: string;
        try {
          frame = await this.sendOnPool(xml, x.action);
        } catch (e) {
          // a lost session is replaced; a query is sent once more on the new one
          if (e instanceof EppConnectionError && x.idempotent && attempt === 0 && !this.closed) continue;
          throw e;
        }
        res = P.parseResponse(frame);
        break;
      }
      if (res.code === 2500 || res.code === 2501 || res.code === 2502) this.dropIdle();
      if (!OK_CODES.has(res.code)) throw new EppError(res.code, res.msg, x.action, res.reason, res.svTRID, res.clTRID);
      return res;
    } catch (e) {
      failure = e as Error;
      throw e;
    } finally {
      this.running--;
      this.log(x, clTRID, started, res, failure);
    }
  }

  private log(x: Exec, clTRID: string, started: number, res?: EppResponse, failure?: Error): void {
    if (!this.sink) return;
    const code = res?.code ?? 0;
    const result = res ? normalizeResult(code) : 'failed';
    try {
      this.sink.record({
        userId: x.ctx?.userId ?? null,
        domainPkid: x.ctx?.domainPkid ?? null,
        domainName: x.subject ?? null,
        actionType: x.action,
        resultCode: code,
        result,
        specResultCode: specResultCode(result),
        params: maskSecrets(x.params),
        response: maskSecretsShared(res ? { code: res.code, msg: res.msg, reason: res.reason, resData: res.resData, extension: res.extension, msgQ: res.msgQ } : { error: failure?.name, message: failure?.message, timeout: failure instanceof EppTimeoutError }),
        durationMs: Math.round(performance.now() - started),
        clTRID,
        svTRID: res?.svTRID ?? null,
        createdAt: new Date(),
      });
    } catch { /* the log never fails a command */ }
  }

  /**
   * Sends a built frame on a free session, or on the first one freed, and resolves with the answer's frame. The session
   * goes back to the pool as soon as its answer is in, before the caller's own code runs: a command waiting for a session
   * is written at once, before this answer is parsed and logged (still one command in flight per session, RFC 5734).
   */
  private sendOnPool(xml: string, action: string): Promise<string> {
    if (this.closed) return Promise.reject(new EppConnectionError('EPP client closed', action));
    while (this.idle.length) {
      const c = this.idle.pop()!;
      if (c.alive) return this.sendOn(c, xml, action);
      this.all.delete(c);
    }
    return new Promise<string>((resolve, reject) => {
      this.waiters.push({ resolve: (c) => void this.sendOn(c, xml, action).then(resolve, reject), reject });
      if (this.all.size + this.opening < this.options.poolSize) void this.openOne();
    });
  }

  private sendOn(c: EppConnection, xml: string, action: string): Promise<string> {
    c.busy = true;
    const answer = c.send(xml, action);
    // registered before the caller's reaction, so it runs first: the session is handed on before the answer is parsed
    answer.then(() => this.release(c), () => this.release(c));
    return answer;
  }

  private acquire(): Promise<EppConnection> {
    if (this.closed) return Promise.reject(new EppConnectionError('EPP client closed'));
    while (this.idle.length) {
      const c = this.idle.pop()!;
      if (c.alive) { c.busy = true; return Promise.resolve(c); }
      this.all.delete(c);
    }
    const p = new Promise<EppConnection>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (this.all.size + this.opening < this.options.poolSize) void this.openOne();
    return p;
  }

  private async openOne(): Promise<void> {
    this.opening++;
    const c = new EppConnection({
      host: this.options.host,
      port: this.options.port,
      clientId: this.options.clientId,
      password: this.options.password,
      rejectUnauthorized: this.options.rejectUnauthorized,
      ca: this.options.ca,
      connectTimeoutMs: this.options.connectTimeoutMs,
      commandTimeoutMs: this.options.commandTimeoutMs,
      onFrame: this.options.onFrame,
      nextClTRID: () => this.nextClTRID(),
    });
    try {
      await c.open();
      this.opening--;
      if (this.closed) { void c.logout(); return; }
      this.all.add(c);
      this.release(c);
    } catch (e) {
      this.opening--;
      // nobody else will open a session for the waiting callers: fail the oldest one with the reason
      const w = this.waiters.shift();
      w?.reject(e as Error);
      if (this.waiters.length && this.all.size + this.opening < this.options.poolSize) void this.openOne();
    }
  }

  private release(c: EppConnection): void {
    c.busy = false;
    if (!c.alive) {
      this.all.delete(c);
      if (this.waiters.length && this.all.size + this.opening < this.options.poolSize) void this.openOne();
      return;
    }
    const w = this.waiters.shift();
    if (w) { c.busy = true; w.resolve(c); return; }
    this.idle.push(c);
  }

  private dropIdle(): void {
    for (const c of this.idle.splice(0)) { c.destroy(new EppConnectionError('server closing connection')); this.all.delete(c); }
  }

  private async pingIdle(): Promise<void> {
    const now = Date.now();
    for (const c of [...this.idle]) {
      if (now - c.lastUsed < this.options.keepAliveMs / 2) continue;
      const i = this.idle.indexOf(c);
      if (i < 0) continue;
      this.idle.splice(i, 1);
      c.busy = true;
      try { await c.hello(); } catch { /* a dead session is dropped on release */ }
      this.release(c);
    }
  }
}

function rgpOf(res: EppResponse): string[] {
  const up = res.extension?.upData?.rgpStatus;
  return (Array.isArray(up) ? up : up ? [up] : []).map((s: any) => s['@s']);
}
