import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName, RenewDomainJobData } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode, eppClientOptionsFromEnv } from '@registrar/epp';
import { Clock, CLOCK } from '@registrar/infra';
import { fmt, M, registryErrorMessage } from '@registrar/messages';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import type { JobAttempt } from '@registrar/infra';
import { OrdersPort } from '../../shared/ports/orders.port';
import { Renewal, RenewalItem, RenewalRepository } from './renewal.repository';
import { renewalKeys } from './renewal-keys';
import { allThenThrow } from '../../shared/common/chunks';

class PermanentFailure extends Error {}

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);
const isPermanent = (e: unknown) => e instanceof EppError && e.code >= 2000 && !TRANSIENT.has(e.code);

/** The same calendar day (UTC, as the registry compares expiry dates) or later. */
const onOrAfter = (a: Date, b: Date) => a.toISOString().slice(0, 10) >= b.toISOString().slice(0, 10);
export function addYearsUtc(d: Date, years: number): Date {
  const x = new Date(d);
  x.setUTCFullYear(x.getUTCFullYear() + years);
  return x;
}

/**
 * One domain of a renewal, through the registry. Exactly once: the first attempt records the registry expiry it
 * renews from; a later attempt that finds the expiry already at the target (its answer was lost) only records it.
 * A domain in its redemption period is restored first (RGP restore request, then the report; the restore includes one
 * year), then renewed for the rest. A refusal refunds the item's points (one key per item), and so does the last failed
 * attempt when the registry is known not to have renewed it; otherwise the item stays processing and the money
 * reconciler asks the registry (settleLeftover, ADR 0052).
 */
@Injectable()
export class RenewDomainJob {
  static readonly jobName = JobName.RenewDomain;
  private readonly logger = new Logger(RenewDomainJob.name);
  private readonly clientId = eppClientOptionsFromEnv().clientId;

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly repo: RenewalRepository,
    private readonly ledger: OrdersPort,
    private readonly actionLog: ActionLogRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A chunk of the renewal's items (ADR 0037), all at once: each renewed and ended on its own, their reads, starts and
   * ends going together in one statement each (GroupBatcher). A refusal or the last attempt ends that item alone; a
   * transient failure fails the job once the others have ended, and its retry renews only the items not yet ended.
   */
  async handle(data: RenewDomainJobData, attempt: JobAttempt): Promise<{ status: string } | { statuses: Record<string, number> }> {
    if (!data.itemIds) return this.one(Number(data.itemId), attempt);
    const ended = await allThenThrow(data.itemIds, (id) => this.one(Number(id), attempt));
    const statuses: Record<string, number> = {};
    for (const e of ended) statuses[e.status] = (statuses[e.status] ?? 0) + 1;
    return { statuses };
  }

  private async one(itemId: number, attempt: JobAttempt): Promise<{ status: string }> {
    const found = await this.repo.itemToRenew(itemId);
    if (!found) return { status: 'missing' };
    const { item, renewal, domainDue } = found;
    // ended, or answered "accepted" by the registry (the poll reader settles it): a retried chunk leaves it alone
    if (item.status === 'done' || item.status === 'error' || item.status === 'accepted') return { status: item.status };
    // a plain renewal's first attempt records our row's expiry as the one it renews from (the fast path below)
    const fast = !item.restore && !item.fromExpiry && domainDue ? domainDue : null;
    const { claimed, recorded } = await this.repo.start(item.id, fast);
    // notRenewed: the registry is known not to have renewed it (ADR 0052). Every attempt records the expiry it renews
    // from before its first command, so an item without one was never sent; after that, only this attempt's
    // domain:info (expiry short of the target) or a refusal says so, until its next command goes. A failure in any
    // other state may have renewed it (an answer lost): never refunded here, the money reconciler asks the registry.
    // Whether one was recorded is what the start found in the row, not this attempt's earlier read: another run of the
    // job (a stalled one BullMQ started again) may have recorded it and sent its renew in between.
    const progress = { notRenewed: !item.fromExpiry && !recorded };
    try {
      return { status: await this.renew(renewal, item, claimed ? fast : null, progress) };
    } catch (e) {
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      if (!(e instanceof PermanentFailure) && !isPermanent(e) && !last) throw e;
      if (!(e instanceof PermanentFailure) && !isPermanent(e) && !progress.notRenewed) {
        this.logger.error(`renewal of ${item.punycode} (${renewal.id}): the registry may have renewed it and could not be asked: ${(e as Error).message} (left to the money reconciler, not refunded)`);
        throw e;
      }
      // a registry refusal says what it means and what to do, with its code for support
      const reason = e instanceof PermanentFailure ? e.message : e instanceof EppError ? registryErrorMessage(e.code) : M.renewFailed;
      this.logger.warn(`renewal of ${item.punycode} (${renewal.id}) failed for good: ${(e as Error).message}`);
      await this.fail(renewal, item, reason);
      return { status: 'error' };
    }
  }

  private async renew(renewal: Renewal, item: RenewalItem, fastFrom: Date | null, progress: { notRenewed: boolean }): Promise<'done' | 'accepted'> {
    const ctx = { userId: renewal.userId, domainPkid: item.domainId };
    // The first attempt of a plain renewal renews from the expiry our domain row holds, without asking the registry
    // first (one command instead of three): it records that expiry as the one it renews from before sending, and the
    // registry renews only when its expiry is that day (curExpDate). Refused (another expiry, another sponsor, no such
    // name), nothing was renewed by any attempt (none had recorded an expiry), so the registry's own expiry replaces
    // ours and the path below decides; an unknown outcome (timeout) leaves the recorded expiry for the next attempt,
    // which finds the registry at the target when this one went through.
    let refusedFast = false;
    if (fastFrom) {
      progress.notRenewed = false;
      try {
        const r = await this.epp.renew(item.punycode, fastFrom, { value: item.period, unit: 'y' }, ctx);
        if (r.pending) {
          await this.repo.setItem(item.id, { status: 'accepted' });
          return 'accepted';
        }
        if (r.exDate) return this.done(renewal, item, r.exDate);
      } catch (e) {
        if (!(e instanceof EppError) || e.code < 2000 || TRANSIENT.has(e.code)) throw e;
        // refused: nothing renewed (this attempt was the first to record an expiry, so no earlier one sent anything)
        refusedFast = true;
        progress.notRenewed = true;
      }
    }
    let info = await this.epp.info(item.punycode, {}, ctx).catch((e) => {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) throw new PermanentFailure(M.outOfPeriodDomain);
      throw e;
    });
    if (info.clID !== this.clientId) throw new PermanentFailure(M.renewNotManaged);
    if (!info.exDate) throw new Error(`${item.punycode}: the registry gave no expiry`);
    if (refusedFast) await this.repo.resetFromExpiry(item.id, info.exDate);
    const from = await this.repo.setFromExpiry(item.id, info.exDate);
    const target = addYearsUtc(from, item.period);
    if (!onOrAfter(info.exDate, target)) {
      // short of the target, and no restore of ours under way: not renewed (until the next command goes)
      progress.notRenewed = !info.rgpStatuses.includes('pendingRestore') && !info.statuses.includes('pendingRenew');
      if (info.rgpStatuses.includes('redemptionPeriod')) {
        progress.notRenewed = false;
        await this.epp.restore(item.punycode, ctx);
        info = await this.epp.info(item.punycode, {}, ctx);
      }
      if (info.rgpStatuses.includes('pendingRestore')) {
        const now = this.clock.now();
        progress.notRenewed = false;
        await this.epp.restoreReport(item.punycode, {
          preData: `${item.punycode} expired ${from.toISOString()}`, postData: `${item.punycode} restored for member ${renewal.userId}`,
          delTime: from, resTime: now, resReason: 'Registrant requested restoration (renewal).',
          statements: ['This registrar has not restored the Registered Name in order to assume the rights to use or sell it.', 'The information in this report is true to the best of this registrar\'s knowledge.'],
        }, ctx);
        info = await this.epp.info(item.punycode, {}, ctx);
      }
      if (info.rgpStatuses.includes('redemptionPeriod') || info.rgpStatuses.includes('pendingDelete')) throw new PermanentFailure(M.outOfPeriodDomain);
      const cur = info.exDate!;
      const years = target.getUTCFullYear() - cur.getUTCFullYear();
      if (years > 0 && !onOrAfter(cur, target)) {
        progress.notRenewed = false;
        const r = await this.epp.renew(item.punycode, cur, { value: years, unit: 'y' }, ctx);
        // 1001: the registry answers later; the poll reader settles it (done or refunded, docs/transfers.md)
        if (r.pending) {
          await this.repo.setItem(item.id, { status: 'accepted' });
          return 'accepted';
        }
      }
      info = await this.epp.info(item.punycode, {}, ctx);
    }
    return this.done(renewal, item, info.exDate!);
  }

  /** The registry renewed it (to newExpiry): our row, the member's history, the item done. */
  private async done(renewal: Renewal, item: RenewalItem, newExpiry: Date): Promise<'done'> {
    // the balance this item's charge left (kept with the charge); asked of the ledger only for an item without one
    const remaining = item.spentBalanceAfter ?? await this.ledger.balance(renewal.userId).catch(() => null);
    await this.repo.finishRenewed({
      itemId: item.id, domainId: item.domainId, newExpiry, autoUpdateOn: renewal.withAutoUpdate,
      log: {
        userId: renewal.userId, domainName: item.name, point: item.point, remainingPoint: remaining,
        subject: renewal.kind === 'auto' ? 'ドメイン自動更新' : item.restore ? 'ドメイン復旧' : 'ドメイン更新',
        content: `${item.name}（${item.period}年）`, dedupeKey: `renewal-item:${item.id}:done`,
      },
    });
    return 'done';
  }

  /**
   * An item the reconciler found unfinished after its resumed job ended (ADR 0052): the registry decides, as for a
   * registration. Its expiry at the target (the one recorded before the first command, plus the period) → renewed:
   * the new expiry recorded, no refund; a renew of ours pending there → 'accepted' (the poll reader settles it); short
   * of the target, not ours or gone → refunded. Never sent (no expiry recorded) → refunded without asking. The
   * registry unreachable throws: the item stays as it is and the next pass asks again.
   */
  async settleLeftover(renewal: Renewal, item: RenewalItem): Promise<'done' | 'accepted' | 'error'> {
    if (!item.fromExpiry) {
      await this.fail(renewal, item, M.renewFailed);
      return 'error';
    }
    const info = await this.epp.info(item.punycode, {}, { userId: renewal.userId, domainPkid: item.domainId }).catch((e) => {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) return null;
      // a registry refusal to tell (2201: no longer ours, as registries that hide others' domains answer) is its word:
      // asked again it answers the same, so the item would stay open (unrefunded) forever
      if (isPermanent(e)) return e as EppError;
      throw e;
    });
    if (info instanceof EppError) {
      await this.fail(renewal, item, info.code === EppResultCode.AuthorizationError ? M.renewNotManaged : registryErrorMessage(info.code));
      return 'error';
    }
    if (!info || info.clID !== this.clientId) {
      await this.fail(renewal, item, info ? M.renewNotManaged : M.outOfPeriodDomain);
      return 'error';
    }
    if (info.exDate && onOrAfter(info.exDate, addYearsUtc(item.fromExpiry, item.period))) return this.done(renewal, item, info.exDate);
    if (info.statuses.includes('pendingRenew')) {
      await this.repo.setItem(item.id, { status: 'accepted' });
      return 'accepted';
    }
    await this.fail(renewal, item, M.renewFailed);
    return 'error';
  }

  /**
   * A renewal the registry answered "accepted" (1001): done once the registry's expiry reaches the target, refunded
   * when the name is no longer ours; still pending otherwise. Answers whether it ended.
   */
  async settleAccepted(item: RenewalItem): Promise<boolean> {
    const renewal = await this.repo.find(item.renewalId);
    if (!renewal || item.status !== 'accepted') return false;
    const info = await this.epp.info(item.punycode, {}, { userId: renewal.userId, domainPkid: item.domainId }).catch((e) => {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) return null;
      throw e;
    });
    if (info && info.clID === this.clientId && info.exDate && item.fromExpiry && onOrAfter(info.exDate, addYearsUtc(item.fromExpiry, item.period))) {
      await this.repo.renewed(item.domainId, info.exDate, renewal.withAutoUpdate);
      await this.repo.setItem(item.id, { status: 'done', newExpiry: info.exDate });
      return true;
    }
    if (!info || info.clID !== this.clientId || (!info.statuses.includes('pendingRenew'))) {
      await this.fail(renewal, item, M.renewFailed);
      return true;
    }
    return false;
  }

  async fail(renewal: Renewal, item: RenewalItem, reason: string): Promise<void> {
    if (item.spent && item.point > 0) {
      const entry = await this.ledger.refund(renewal.userId, item.point, renewalKeys(renewal.id, item.punycode).refund, `renewal:${renewal.id}`);
      await this.repo.markRefunded(item.id);
      await this.actionLog.write({
        userId: renewal.userId, domainId: item.domainId, domainName: item.name, type: 1, point: item.point, remainingPoint: entry.balanceAfter,
        subject: 'ドメイン更新失敗', content: `${item.name}: ${fmt(M.renewRefundedPoints, { point: item.point, reason })}`, dedupeKey: `renewal-item:${item.id}:refund`,
      });
    } else {
      // nothing was charged: the history still says that it failed, and why
      await this.actionLog.write({
        userId: renewal.userId, domainId: item.domainId, domainName: item.name, type: 2, point: 0, remainingPoint: null,
        subject: 'ドメイン更新失敗', content: `${item.name}: ${reason}`, dedupeKey: `renewal-item:${item.id}:failed`,
      });
    }
    await this.repo.setItem(item.id, { status: 'error', errorMsg: reason });
  }
}
