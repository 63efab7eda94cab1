import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainOperationJobData, JobName } from '@registrar/contracts';
import { CommandContext, DomainStatus, EPP_CLIENT, EppClientPool, EppError, EppResultCode, HostAddr } from '@registrar/epp';
import { CLOCK, Clock, JobAttempt } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { fmt, M } from '@registrar/messages';
import { MOVE_REQUEST_DAYS } from '@registrar/rules';
import { ActionLogRepository } from '../domains/action-log.repository';
import { DnsZoneEvents } from '../jobs/dns-zone.events';
import { MoveRepository } from './move.repository';
import { OperationRepository, OpDomain, OpItem, OpRun } from './operation.repository';

/** The statuses a registrar lock sets at the registry (transfer and delete; update stays possible for name servers). */
export const LOCK_STATUSES: DomainStatus[] = ['clientTransferProhibited', 'clientDeleteProhibited'];

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);
const isTransient = (e: unknown) => !(e instanceof EppError) || TRANSIENT.has(e.code);

/** A refusal of this domain that no retry changes (the row ends in error with this message). */
class Refused extends Error {}

type Outcome = { status: 'success' | 'accepted'; message: string; secret?: string | null; params?: Record<string, unknown> };

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
  ) {}

  async handle(data: DomainOperationJobData, attempt: JobAttempt): Promise<{ status: string }> {
    const item = await this.ops.item(data.runId, data.domainId);
    if (!item) return { status: 'missing' };
    if (item.status !== 'queued' && item.status !== 'processing') return { status: item.status };
    const run = await this.ops.run(data.runId);
    const d = await this.ops.domain(data.domainId);
    if (!run || !d || d.userId !== run.userId) return this.finish(run, item, d, { error: M.domainNotFound });
    await this.ops.setItem(run.id, d.id, { status: 'processing' });
    try {
      if (d.adminLock !== 0) throw new Refused(M.adminLocked);
      const out = await this.apply(run, item, d);
      return this.finish(run, item, d, out);
    } catch (e) {
      if (e instanceof Refused) return this.finish(run, item, d, { error: e.message });
      if (e instanceof EppError && !isTransient(e)) return this.finish(run, item, d, { error: fmt(M.registryRefused, { reason: e.registryMessage }) });
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      this.logger.warn(`${run.kind} ${d.punycode} (run ${run.id}) attempt ${attempt.attemptsMade + 1}/${attempt.attempts}: ${(e as Error).message}`);
      if (last) return this.finish(run, item, d, { error: M.operationRetryFailed });
      await this.ops.setItem(run.id, d.id, { status: 'queued', message: null });
      throw e;
    }
  }

  private async finish(run: OpRun | null, item: OpItem, d: OpDomain | null, out: Outcome | { error: string }): Promise<{ status: string }> {
    const error = 'error' in out;
    const status = error ? 'error' : out.status;
    const message = error ? out.error : out.message;
    await this.ops.setItem(item.runId, item.domainId, { status, message, ...(error ? {} : { secret: out.secret, params: out.params }) });
    if (run) {
      await this.actionLog.write({
        userId: run.userId,
        // a moved domain's history goes with it: the sender's line keeps only the name
        domainId: run.kind === 'move' ? null : item.domainId, domainName: d?.name ?? item.name, type: 2, point: 0, remainingPoint: null,
        subject: SUBJECT[run.kind] ?? run.kind, content: `${d?.name ?? item.name}: ${message}`, dedupeKey: `op:${run.id}:${item.domainId}`,
      });
    }
    return { status };
  }

  private ctx(run: OpRun, d: OpDomain): CommandContext {
    return { userId: run.userId, domainPkid: d.id };
  }

  private async apply(run: OpRun, item: OpItem, d: OpDomain): Promise<Outcome> {
    const p = run.params;
    switch (run.kind) {
      case 'nameserver':
        return this.nameServers(run, d, p.nameServers as string[], (p.addrs ?? {}) as Record<string, string[]>);
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
      default:
        throw new Refused(M.errorOccurred);
    }
  }

  /** Host objects first (an in-bailiwick host with its glue addresses), then one domain:update with what differs. */
  private async nameServers(run: OpRun, d: OpDomain, wanted: string[], addrs: Record<string, string[]>): Promise<Outcome> {
    const ctx = this.ctx(run, d);
    const info = await this.epp.info(d.punycode, {}, ctx);
    const current = info.ns.map((n) => n.toLowerCase());
    const add = wanted.filter((n) => !current.includes(n));
    const rem = current.filter((n) => !wanted.includes(n));
    if (add.length) {
      const checked = await this.epp.hostCheck(add, ctx);
      for (const h of checked.filter((c) => c.avail)) {
        const ips: HostAddr[] = (addrs[h.id] ?? []).map((a) => ({ ip: a.includes(':') ? 'v6' : 'v4', address: a }));
        try {
          await this.epp.hostCreate(h.id, ips, ctx);
        } catch (e) {
          if (e instanceof EppError && e.code === EppResultCode.ObjectExists) continue; // another child created it meanwhile
          if (e instanceof EppError && e.code === EppResultCode.RequiredParameterMissing) throw new Refused(fmt(M.nsGlueRequired, { ns: h.id }));
          throw e;
        }
      }
    }
    if (add.length || rem.length) await this.epp.update({ name: d.punycode, ...(add.length ? { add: { ns: add } } : {}), ...(rem.length ? { rem: { ns: rem } } : {}) }, ctx);
    await this.ops.setNameServers(d.id, wanted);
    await this.dns.changed(d.punycode);
    return { status: 'success', message: M.nsUpdated };
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
  nameserver: 'ネームサーバー変更', lock: 'ドメインロック変更', autoupdate: '自動更新設定変更', memo: 'メモ変更', trash: 'ゴミ箱', authcode: 'AUTHCODE取得', move: '他ユーザーへの移動',
};

/** 16 characters of letters, digits and symbols a registry accepts (6+ characters, mixed classes). */
export function newAuthCode(): string {
  const raw = randomBytes(12).toString('base64').replace(/[^A-Za-z0-9]/g, '');
  return `${raw.slice(0, 12)}-${raw.slice(12, 14) || 'Zz'}9a`;
}
