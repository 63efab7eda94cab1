import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { ClientProxy } from '@nestjs/microservices';
import { DNS_CLIENT, DnssecApplyRequest, DnssecApplyResult, DnssecPatterns, DomainOperationJobData, JobName } from '@registrar/contracts';
import { CommandContext, DomainStatus, EPP_CLIENT, EppClientPool, EppError, EppResultCode, HostAddr } from '@registrar/epp';
import { CLOCK, Clock, JobAttempt, rpc } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { fmt, M, MK, registryErrorMessage } from '@registrar/messages';
import { MOVE_REQUEST_DAYS, OUR_NAME_SERVERS } from '@registrar/rules';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { DnsZoneEvents } from '../../shared/queue/dns-zone.events';
import { allThenThrow } from '../../shared/common/chunks';
import { MoveRepository } from './move.repository';
import { OperationRepository, OpDomain, OpItem, OpRun } from './operation.repository';

/** The statuses a registrar lock sets at the registry (transfer and delete; update stays possible for name servers). */
export const LOCK_STATUSES: DomainStatus[] = ['clientTransferProhibited', 'clientDeleteProhibited'];

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);
const isTransient = (e: unknown) => !(e instanceof EppError) || TRANSIENT.has(e.code);

/** A refusal of this domain that no retry changes (the row ends in error with this message). */
class Refused extends Error {}

type Outcome = {
  status: 'success' | 'accepted'; message: string; secret?: string | null; params?: Record<string, unknown>;
  /** the domain's name servers, replaced in the statement that ends the row (one write per domain) */
  nameServers?: string[];
  /** run once the row's end is committed (the dns service's event: it reads what was committed) */
  afterEnd?: () => Promise<void>;
};

/**
 * One domain of an operation run (a child of the run's CompleteOperation flow). Safe to retry: a finished row is
 * never applied again; registry changes are computed from the registry's own state (domain:info), so a retry after
 * a lost answer sends only what is still missing; local changes are set, not toggled. Every registry command goes to
 * the registrar log (EPP pool), and the row's outcome to the action log once (its key is the run and the domain).
 */
@Injectable()
export class DomainOperationJob {
  static readonly jobName = JobName.DomainOperation;
  private readonly logger = new Logger(DomainOperationJob.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly ops: OperationRepository,
    private readonly moves: MoveRepository,
    private readonly actionLog: ActionLogRepository,
    private readonly dns: DnsZoneEvents,
    private readonly mail: MailOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DNS_CLIENT) private readonly dnsRpc: ClientProxy,
  ) {}

  /**
   * A chunk of the run's domains (ADR 0037), all at once: each its own row, outcome and action-log line, their reads
   * and row ends going together in one statement each (GroupBatcher). A domain refused or out of attempts ends in
   * error without holding up the others; a transient failure puts its row back in the queue and, once every other
   * domain of the chunk has ended, fails the job, whose retry runs only the rows still queued.
   */
  async handle(data: DomainOperationJobData, attempt: JobAttempt): Promise<{ status: string } | { statuses: Record<string, number> }> {
    if (!data.domainIds) return this.one(data.runId, Number(data.domainId), attempt);
    const ended = await allThenThrow(data.domainIds, (id) => this.one(data.runId, Number(id), attempt));
    const statuses: Record<string, number> = {};
    for (const e of ended) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
    return { statuses };
  }

  private async one(runId: string, domainId: number, attempt: JobAttempt): Promise<{ status: string }> {
    const [found, run] = await Promise.all([this.ops.itemWithDomain(runId, domainId), this.runOf(runId)]);
    if (!found) return { status: 'missing' };
    const { item, domain: d } = found;
    if (item.status !== 'queued' && item.status !== 'processing') return { status: item.status };
    if (!run || !d || d.userId !== run.userId) return this.finish(run, item, d, { error: M.domainNotFound });
    try {
      if (d.adminLock !== 0) throw new Refused(M.adminLocked);
      // listed on the market since the request was accepted (docs/market.md)
      if (d.marketListingId !== null && (run.kind === 'move' || run.kind === 'authcode' || (run.kind === 'trash' && run.params?.flag === 1))) throw new Refused(MK.listed);
      // a WHOIS change may have started after the request was accepted: it blocks everything but the memo
      // (AUTHCODE answers its own message, see authcode())
      if (d.whoisFlag !== 0 && run.kind !== 'memo' && run.kind !== 'authcode') throw new Refused(M.whoisProcessing);
      // the first attempt trusts our own record of the domain; a retry (an answer may have been lost) asks the registry
      const fresh = attempt.attemptsMade === 0 && item.status === 'queued';
      const out = await this.apply(run, item, d, fresh);
      const ended = await this.finish(run, item, d, out);
      await out.afterEnd?.();
      return ended;
    } catch (e) {
      if (e instanceof Refused) return this.finish(run, item, d, { error: e.message });
      if (e instanceof EppError && !isTransient(e)) return this.finish(run, item, d, { error: registryErrorMessage(e.code) });
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      this.logger.warn(`${run.kind} ${d.punycode} (run ${run.id}) attempt ${attempt.attemptsMade + 1}/${attempt.attempts}: ${(e as Error).message}`);
      if (last) return this.finish(run, item, d, { error: M.operationRetryFailed });
      await this.ops.setItem(run.id, d.id, { status: 'queued', message: null });
      throw e;
    }
  }

  /** Runs never change once written: a few recent ones are kept in memory (one query fewer per child). */
  private readonly runs = new Map<string, Promise<OpRun | null>>();
  private runOf(id: string): Promise<OpRun | null> {
    let r = this.runs.get(id);
    if (!r) {
      r = this.ops.run(id);
      this.runs.set(id, r);
      r.then((x) => { if (!x) this.runs.delete(id); }, () => this.runs.delete(id));
      if (this.runs.size > 200) this.runs.delete(this.runs.keys().next().value!);
    }
    return r;
  }

  private async finish(run: OpRun | null, item: OpItem, d: OpDomain | null, out: Outcome | { error: string }): Promise<{ status: string }> {
    const error = 'error' in out;
    const status = error ? 'error' : out.status;
    const message = error ? out.error : out.message;
    const name = d?.name ?? item.name;
    await this.ops.endItem(item.runId, item.domainId, { status, message, ...(error ? {} : { secret: out.secret, params: out.params, nameServers: out.nameServers }) }, {
      userId: run?.userId ?? d?.userId ?? 0,
      // a moved domain's history goes with it: the sender's line keeps only the name
      domainId: run?.kind === 'move' ? null : item.domainId,
      domainName: name, subject: SUBJECT[run?.kind ?? ''] ?? run?.kind ?? '', content: `${name}: ${message}`, dedupeKey: `op:${item.runId}:${item.domainId}`,
    });
    return { status };
  }

  private ctx(run: OpRun, d: OpDomain): CommandContext {
    return { userId: run.userId, domainPkid: d.id };
  }

  private async apply(run: OpRun, item: OpItem, d: OpDomain, fresh: boolean): Promise<Outcome> {
    const p = run.params;
    switch (run.kind) {
      case 'nameserver':
        return this.nameServers(run, d, p.nameServers as string[], (p.addrs ?? {}) as Record<string, string[]>, fresh);
      case 'lock':
        return this.lock(run, d, p.flag === 1);
      case 'autoupdate':
        await this.ops.setFlags(d.id, { autoUpdate: p.flag === 1 });
        return { status: 'success', message: p.flag === 1 ? M.autoRenewOn : M.autoRenewOff };
      case 'memo': {
        const content = String(item.params?.content ?? '');
        await this.ops.setFlags(d.id, { memo: content || null });
        return { status: 'success', message: content ? M.memoSaved : M.memoDeleted, params: { content } };
      }
      case 'trash':
        await this.ops.setFlags(d.id, p.flag === 1 ? { trash: true, autoUpdate: false } : { trash: false });
        return { status: 'success', message: p.flag === 1 ? M.trashIn : M.trashOut };
      case 'authcode':
        return this.authcode(run, item, d);
      case 'move':
        return this.move(run, d);
      case 'dnssec':
        return this.dnssec(run, d);
      default:
        throw new Refused(M.errorOccurred);
    }
  }

  /** host names known to exist at the registry (hosts are never deleted by this service): no host:check for them */
  private readonly knownHosts = new Set<string>();

  /**
   * Host objects first (an in-bailiwick host with its glue addresses), then one domain:update with what differs. The
   * first attempt computes the difference from our record (one command per domain in the usual case); a retry, or a
   * registry that refuses that difference, computes it from domain:info.
   */
  private async nameServers(run: OpRun, d: OpDomain, wanted: string[], addrs: Record<string, string[]>, fresh: boolean): Promise<Outcome> {
    const ctx = this.ctx(run, d);
    const diff = (current: string[]) => ({ add: wanted.filter((n) => !current.includes(n)), rem: current.filter((n) => !wanted.includes(n)) });
    let current = fresh && d.nameServers.length ? d.nameServers.map((n) => n.toLowerCase()) : (await this.epp.info(d.punycode, {}, ctx)).ns.map((n) => n.toLowerCase());
    let { add, rem } = diff(current);
    await this.ensureHosts(add, addrs, ctx);
    const send = () => (add.length || rem.length ? this.epp.update({ name: d.punycode, ...(add.length ? { add: { ns: add } } : {}), ...(rem.length ? { rem: { ns: rem } } : {}) }, ctx) : Promise.resolve());
    try {
      await send();
    } catch (e) {
      if (!fresh || !(e instanceof EppError) || isTransient(e)) throw e;
      // our record was not the registry's: take the registry's and try once more
      current = (await this.epp.info(d.punycode, {}, ctx)).ns.map((n) => n.toLowerCase());
      ({ add, rem } = diff(current));
      await this.ensureHosts(add, addrs, ctx);
      await send();
    }
    // our record of the name servers is replaced with the row's end (one statement); the zone depends on whether the
    // domain is on our name servers: the dns service is told, once that is committed, only when that may change
    const zone = [...current, ...wanted].some((n) => OUR_NAME_SERVERS.includes(n));
    return { status: 'success', message: M.nsUpdated, nameServers: wanted, ...(zone ? { afterEnd: () => this.dns.changed(d.punycode) } : {}) };
  }

  /** host checks under way: the children of a bulk run starting together wait for one check instead of each sending its own */
  private readonly hostChecks = new Map<string, Promise<void>>();

  private async ensureHosts(names: string[], addrs: Record<string, string[]>, ctx: CommandContext): Promise<void> {
    const unknown = names.filter((n) => !this.knownHosts.has(n));
    if (!unknown.length) return;
    const key = JSON.stringify([unknown, unknown.map((n) => addrs[n] ?? [])]);
    let check = this.hostChecks.get(key);
    if (!check) {
      check = this.createHosts(unknown, addrs, ctx).finally(() => this.hostChecks.delete(key));
      this.hostChecks.set(key, check);
    }
    await check;
  }

  private async createHosts(unknown: string[], addrs: Record<string, string[]>, ctx: CommandContext): Promise<void> {
    const checked = await this.epp.hostCheck(unknown, ctx);
    for (const h of checked) {
      if (!h.avail) {
        this.knownHosts.add(h.id);
        continue;
      }
      const ips: HostAddr[] = (addrs[h.id] ?? []).map((a) => ({ ip: a.includes(':') ? 'v6' : 'v4', address: a }));
      try {
        await this.epp.hostCreate(h.id, ips, ctx);
      } catch (e) {
        if (e instanceof EppError && e.code === EppResultCode.ObjectExists) continue; // another child created it meanwhile
        if (e instanceof EppError && e.code === EppResultCode.RequiredParameterMissing) throw new Refused(fmt(M.nsGlueRequired, { ns: h.id }));
        throw e;
      }
      this.knownHosts.add(h.id);
    }
  }

  private async lock(run: OpRun, d: OpDomain, on: boolean): Promise<Outcome> {
    if (run.params.cannotLock?.includes?.(d.tld)) throw new Refused(M.lockUnsupported);
    const ctx = this.ctx(run, d);
    const info = await this.epp.info(d.punycode, { hosts: 'none' }, ctx);
    const has = new Set(info.statuses);
    const add = on ? LOCK_STATUSES.filter((s) => !has.has(s)) : [];
    const rem = on ? [] : LOCK_STATUSES.filter((s) => has.has(s));
    if (add.length || rem.length) await this.epp.update({ name: d.punycode, ...(add.length ? { add: { statuses: add } } : {}), ...(rem.length ? { rem: { statuses: rem } } : {}) }, ctx);
    await this.ops.setFlags(d.id, { lock: on });
    return { status: 'success', message: on ? M.lockOn : M.lockOff };
  }

  /** A fresh authInfo set at the registry; kept on the row (not in any log) until the modal has shown it once. */
  private async authcode(run: OpRun, item: OpItem, d: OpDomain): Promise<Outcome> {
    if (d.lock) throw new Refused(M.authcodeUnlockFirst);
    if (d.proxy || d.whoisFlag !== 0) throw new Refused(M.authcodeProxyOffFirst);
    let code = item.secret;
    if (!code) {
      code = newAuthCode();
      await this.ops.setItem(run.id, d.id, { status: 'processing', secret: code }); // a retry sets the same code
    }
    await this.epp.update({ name: d.punycode, chg: { authInfo: code } }, this.ctx(run, d));
    await this.ops.ds.query('UPDATE domain_ops.domains SET authcode_obtained_at = now() WHERE id = $1', [d.id]);
    return { status: 'success', message: M.authcodeDone, secret: code };
  }

  /** DNSSEC of one domain: the dns service does it (PowerDNS keys, the registry's DS) and keeps its state (docs/dns.md "DNSSEC"). */
  private async dnssec(run: OpRun, d: OpDomain): Promise<Outcome> {
    const p = run.params.dnssec as { action: DnssecApplyRequest['action']; ds?: DnssecApplyRequest['ds'] };
    const r = await rpc<DnssecApplyResult>(this.dnsRpc, DnssecPatterns.Apply, {
      userId: run.userId, domainPkId: d.id, punycode: d.punycode, nameServers: d.nameServers, action: p.action, ds: p.ds, runId: run.id,
    } satisfies DnssecApplyRequest, 60_000);
    if (!r.ok) throw new Refused(r.message);
    return { status: 'success', message: r.message };
  }

  private async move(run: OpRun, d: OpDomain): Promise<Outcome> {
    const m = run.params.move as { toUserId?: number | null; toEmail?: string | null; autoUpdate: boolean; fromAccount: string; acceptUrl?: string };
    const now = this.clock.now();
    if (m.toUserId) {
      const moved = await this.moves.ds.transaction((q) => this.moves.moveDomain(q, d.id, run.userId, m.toUserId!, m.autoUpdate, now));
      if (!moved) throw new Refused(M.domainNotFound);
      await this.actionLog.write({ userId: m.toUserId, domainId: d.id, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: '移動（受け取り）', content: `${d.name}: ラッコID ${run.userId} から移動されました`, dedupeKey: `op:${run.id}:${d.id}:in` });
      return { status: 'success', message: M.moveDone };
    }
    const req = await this.moves.request(d.id, run.userId, m.toEmail!, m.autoUpdate, now);
    if (!req) throw new Refused(M.movePending);
    // mails to both (once per request: the keys make a retried child send nothing more)
    await this.mail.send({ template: 'domain.move-requested', params: { names: [d.name], fromAccount: m.fromAccount, link: m.acceptUrl ?? '/mypage/localTransferIn' }, to: m.toEmail!, key: `move:${req.id}:to` });
    await this.mail.send({ template: 'domain.move-request-sent', params: { name: d.name, toEmail: m.toEmail!, days: MOVE_REQUEST_DAYS }, userId: run.userId, key: `move:${req.id}:from` });
    return { status: 'accepted', message: M.moveAccepted };
  }
}

const SUBJECT: Record<string, string> = {
  nameserver: 'ネームサーバー変更', lock: 'ドメインロック変更', autoupdate: '自動更新設定変更', memo: 'メモ変更', trash: 'ゴミ箱', authcode: 'AUTHCODE取得', move: '他ユーザーへの移動', dnssec: 'DNSSEC設定',
};

/** 16 characters of letters, digits and symbols a registry accepts (6+ characters, mixed classes). */
export function newAuthCode(): string {
  const raw = randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '');
  return `${raw.slice(0, 12)}-${raw.slice(12, 14) || 'Zz'}9a`;
}
