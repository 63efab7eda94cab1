import { Inject, Injectable, Logger } from '@nestjs/common';
import { IncomingMove, JobName, MoveAnswer, OutgoingMove } from '@registrar/contracts';
import { CLOCK, Clock } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { M } from '@registrar/messages';
import { BULK_LIMIT, MOVE_REQUEST_DAYS } from '@registrar/rules';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { MoveRepository } from './move.repository';

const ids = (v: unknown): number[] =>
  [...new Set((Array.isArray(v) ? v : []).map((x) => Number(typeof x === 'object' && x ? (x as { id?: unknown }).id : x)).filter((n) => Number.isSafeInteger(n) && n > 0))];

/**
 * Moves by e-mail (001 §2, §4): the recipient accepts (`/mypage/localTransferIn`), the sender may cancel
 * (`/mypage/localTransferOut`), and requests not accepted within 7 days are cancelled by a scheduled job.
 * Accepting moves ownership, contacts and the action log in one transaction; auto-renew is as the sender chose (off
 * unless an admin chose on).
 */
@Injectable()
export class MoveService {
  private readonly logger = new Logger(MoveService.name);

  constructor(
    private readonly moves: MoveRepository,
    private readonly actionLog: ActionLogRepository,
    private readonly mail: MailOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  incoming(email: string): Promise<IncomingMove[]> {
    return this.moves.incoming(email);
  }

  outgoing(userId: number): Promise<OutgoingMove[]> {
    return this.moves.outgoing(userId);
  }

  counts(userId: number, email: string | null): Promise<{ incoming: number; outgoing: number }> {
    return this.moves.counts(userId, email);
  }

  async accept(userId: number, email: string, requestIds: unknown): Promise<MoveAnswer> {
    const list = ids(requestIds);
    if (!list.length) return { result: false, domainResults: [], errorMessage: M.selectDomainsToReceive };
    if (list.length > BULK_LIMIT) return { result: false, domainResults: [], errorMessage: M.bulkLimit1000 };
    const now = this.clock.now();
    const results: MoveAnswer['domainResults'] = [];
    for (const id of list) {
      const r = await this.moves.ds.transaction(async (m) => {
        const req = await this.moves.lockPending(m, id);
        if (!req || req.toEmail !== email.trim().toLowerCase()) return null;
        if (req.fromUserId === userId) return null;
        const rows = await m.query('SELECT name, admin_lock_status FROM domain_ops.domains WHERE id = $1', [req.domainId]);
        // admin-locked since the request was made: it waits (the operator may lift the lock before it expires)
        if (Number(rows[0]?.admin_lock_status ?? 0) !== 0) return { locked: true as const, name: rows[0].name as string };
        const moved = await this.moves.moveDomain(m, req.domainId, req.fromUserId, userId, req.autoUpdate, now);
        if (!moved) return null;
        await this.moves.end(m, req.id, 'accepted', now, userId);
        return { req, name: rows[0]?.name as string };
      });
      if (!r) {
        results.push({ id, name: '', status: 'error', message: M.moveRequestGone });
        continue;
      }
      if ('locked' in r) {
        results.push({ id, name: r.name, status: 'error', message: M.adminLocked });
        continue;
      }
      await this.actionLog.write({ userId, domainId: r.req.domainId, domainName: r.name, type: 2, point: 0, remainingPoint: null, subject: '移動（受け取り）', content: `${r.name}: ラッコID ${r.req.fromUserId} から受け取りました`, dedupeKey: `move:${r.req.id}:accepted:in` });
      await this.actionLog.write({ userId: r.req.fromUserId, domainId: null, domainName: r.name, type: 2, point: 0, remainingPoint: null, subject: '他ユーザーへの移動', content: `${r.name}: ${r.req.toEmail} が受け取りました`, dedupeKey: `move:${r.req.id}:accepted:out` });
      results.push({ id, name: r.name, status: 'success', message: M.moveReceived });
    }
    const ok = results.some((x) => x.status === 'success');
    return { result: ok, domainResults: results, errorMessage: ok ? null : results[0]?.message ?? M.moveRequestGone };
  }

  async cancel(userId: number, requestIds: unknown): Promise<MoveAnswer> {
    const list = ids(requestIds);
    if (!list.length) return { result: false, domainResults: [], errorMessage: M.selectMoveRequests };
    const results: MoveAnswer['domainResults'] = [];
    for (const id of list) {
      const r = await this.end(id, 'cancelled', userId);
      results.push(r ? { id, name: r, status: 'success', message: M.moveCancelled } : { id, name: '', status: 'error', message: M.moveRequestGone });
    }
    const ok = results.some((x) => x.status === 'success');
    return { result: ok, domainResults: results, errorMessage: ok ? null : M.moveRequestGone };
  }

  /** Ends a pending request (the sender's cancel, or the 7-day expiry); the name of its domain, or null. */
  private async end(id: number, how: 'cancelled' | 'expired', byUserId: number | null): Promise<string | null> {
    const now = this.clock.now();
    const r = await this.moves.ds.transaction(async (m) => {
      const req = await this.moves.lockPending(m, id);
      if (!req || (byUserId !== null && req.fromUserId !== byUserId)) return null;
      await this.moves.end(m, req.id, how, now);
      const rows = await m.query('SELECT name FROM domain_ops.domains WHERE id = $1', [req.domainId]);
      return { req, name: rows[0]?.name as string };
    });
    if (!r) return null;
    const reason = how === 'expired' ? `${MOVE_REQUEST_DAYS}日以内に受け取りが承認されなかったため` : '移動元により取り消されました';
    await this.actionLog.write({ userId: r.req.fromUserId, domainId: r.req.domainId, domainName: r.name, type: 2, point: 0, remainingPoint: null, subject: '他ユーザーへの移動', content: `${r.name}: ${M.moveCancelled}（${reason}）`, dedupeKey: `move:${r.req.id}:${how}` });
    await this.mail.send({ template: 'domain.move-cancelled', params: { name: r.name, reason }, userId: r.req.fromUserId, key: `move:${r.req.id}:${how}:from` });
    await this.mail.send({ template: 'domain.move-cancelled', params: { name: r.name, reason }, to: r.req.toEmail, key: `move:${r.req.id}:${how}:to` });
    return r.name;
  }

  /** Cancels every request not accepted within 7 days (by the service clock). */
  async expire(): Promise<{ expired: number }> {
    const cutoff = new Date(this.clock.now().getTime() - MOVE_REQUEST_DAYS * 24 * 3600_000);
    let expired = 0;
    for (const id of await this.moves.expiredBefore(cutoff)) if (await this.end(id, 'expired', null)) expired++;
    if (expired) this.logger.log(`move requests cancelled after ${MOVE_REQUEST_DAYS} days: ${expired}`);
    return { expired };
  }
}

/** JobName.ExpireMoveRequests (scheduled): the 7-day auto-cancel of move requests by e-mail. */
@Injectable()
export class ExpireMoveRequestsJob {
  static readonly jobName = JobName.ExpireMoveRequests;
  constructor(private readonly moves: MoveService) {}
  handle(): Promise<{ expired: number }> {
    return this.moves.expire();
  }
}
