import { Injectable, Logger } from '@nestjs/common';
import { ActionCodes, JobName, OpenSpendDto } from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { ActionLogRepository } from '../domains/action-log.repository';
import { DomainOpsConfig } from '../domain-ops.config';
import { DomainOpsQueue, orderJobId } from '../jobs/domain-ops.queue';
import { RegisterDomainJob } from '../jobs/register-domain.job';
import { itemKeys } from '../orders/item-keys';
import { OrderItem, RegistrationOrder, RegistrationOrderRepository } from '../orders/registration-order.repository';
import { RegistrationOrderService } from '../orders/registration-order.service';
import { CatalogPort } from '../ports/catalog.port';
import { OrdersPort } from '../ports/orders.port';
import { OperationRepository } from '../operations/operation.repository';
import { operationJobId, OperationService } from '../operations/operation.service';
import { RenewDomainJob } from '../renewal/renew-domain.job';
import { renewalKeys } from '../renewal/renewal-keys';
import { Renewal, RenewalRepository } from '../renewal/renewal.repository';
import { RenewalService } from '../renewal/renewal.service';

export interface MoneyReconcileResult {
  /** orders and renewals given up in "charging" past CHARGING_DEADLINE_S (their charges voided and refunded) */
  abandoned: number;
  /** orders, renewals and bulk operation runs in "processing" with no live job, started again */
  resumed: number;
  /** items still unfinished after a resume, ended as errors and refunded */
  failedItems: number;
  /** spends with neither a delivery nor a refund, refunded now */
  refunded: number;
  /** what could not be settled on this run (the orders service unreachable): tried again on the next */
  open: number;
}

const ENDED = new Set(['error', 'accepted', 'done']);
const LIVE = new Set(['active', 'waiting', 'waiting-children', 'delayed', 'prioritized']);
/** The reconciler's second flow of an order or renewal: other job ids than the first, once. */
const RESUME = '-resume';

/**
 * The money reconciler (docs/payments.md, ADR 0009): run by a job scheduler on the domain-ops queue, so exactly one
 * replica runs each pass. Every yen is keyed per item (`order:{id}:{punycode}:spend|refund`,
 * `renew:{id}:{punycode}:spend|refund`), so each settlement is exactly once however often a pass repeats.
 *
 * 1. Orders and renewals still "charging" past CHARGING_DEADLINE_S: their create call died or hung (a crash, PostgreSQL
 *    or the orders service gone). Given up the same way the purchase path does (status failed first, so a create call
 *    still alive cannot start it; every charge voided at the ledger, refunded once if taken), with an action-log line.
 * 2. Orders, renewals and bulk operation runs in "processing" past PROCESSING_DEADLINE_S with unfinished items and no
 *    live flow job (Redis lost them): started again once (completed); if that flow ends with items still unfinished,
 *    those end as errors (and the money ones are refunded).
 * 3. Spends with no refund whose item was not delivered (its order failed, the item an error, or no order at all): a
 *    charge that ran after its purchase failed, or whose refund was lost. Refunded, with an action-log line.
 */
@Injectable()
export class MoneyReconcilerJob {
  static readonly jobName = JobName.ReconcileMoney;
  private readonly logger = new Logger('MoneyReconciler');

  constructor(
    private readonly config: DomainOpsConfig,
    private readonly orders: RegistrationOrderRepository,
    private readonly orderService: RegistrationOrderService,
    private readonly renewals: RenewalRepository,
    private readonly renewalService: RenewalService,
    private readonly ledger: OrdersPort,
    private readonly catalog: CatalogPort,
    private readonly queue: DomainOpsQueue,
    private readonly register: RegisterDomainJob,
    private readonly renew: RenewDomainJob,
    private readonly actionLog: ActionLogRepository,
    private readonly operations: OperationService,
    private readonly operationRows: OperationRepository,
  ) {}

  async handle(): Promise<MoneyReconcileResult> {
    const r: MoneyReconcileResult = { abandoned: 0, resumed: 0, failedItems: 0, refunded: 0, open: 0 };
    await this.stuckCharging(r);
    await this.stuckProcessing(r);
    await this.openSpends(r);
    if (r.abandoned + r.resumed + r.failedItems + r.refunded + r.open) this.logger.log(`settled: ${JSON.stringify(r)}`);
    return r;
  }

  private async stuckCharging(r: MoneyReconcileResult): Promise<void> {
    for (const order of (await this.orders.stuck('charging', this.config.CHARGING_DEADLINE_S)) as RegistrationOrder[]) {
      if (!(await this.orders.claimStatus(order.id, 'charging', 'failed', M.purchaseAbandoned))) continue;
      r.abandoned++;
      const items = await this.orders.items(order.id);
      r.open += await this.orderService.settleGivenUp(order, items, M.purchaseAbandoned, true);
      for (const item of items.filter((i) => i.isCampaign)) {
        await this.catalog.release(itemKeys(order.id, item.punycode).campaign).catch(() => r.open++);
      }
    }
    for (const renewal of (await this.renewals.stuck('charging', this.config.CHARGING_DEADLINE_S)) as Renewal[]) {
      if (!(await this.renewals.claimStatus(renewal.id, 'charging', 'failed', M.purchaseAbandoned))) continue;
      r.abandoned++;
      r.open += await this.renewalService.settleGivenUp(renewal, await this.renewals.items(renewal.id), M.purchaseAbandoned, true);
    }
  }

  private async stuckProcessing(r: MoneyReconcileResult): Promise<void> {
    for (const order of (await this.orders.stuck('processing', this.config.PROCESSING_DEADLINE_S)) as RegistrationOrder[]) {
      const items = await this.orders.items(order.id);
      const unfinished = items.filter((i) => !ENDED.has(i.status));
      if (!unfinished.length) {
        // every item ended but the parent never closed the order (its job lost)
        await this.orders.claimStatus(order.id, 'processing', 'done');
        continue;
      }
      const outcome = await this.flowOutcome(orderJobId(order.id));
      if (outcome === 'live') continue;
      if (outcome === 'first-ended') {
        await this.queue.enqueueOrder(order.id, unfinished, RESUME);
        r.resumed++;
      } else if (outcome === 'resume-ended') {
        for (const item of unfinished) {
          await this.register.fail(order, item, M.registrationFailed);
          r.failedItems++;
        }
        await this.orders.claimStatus(order.id, 'processing', 'done');
      }
    }
    // bulk operation runs (name servers, lock, AUTHCODE, …): no money, but a run whose jobs were lost never ends
    for (const run of await this.operationRows.stuckRuns(this.config.PROCESSING_DEADLINE_S)) {
      const outcome = await this.flowOutcome(operationJobId(run.id));
      if (outcome === 'live') continue;
      if (outcome === 'first-ended') {
        await this.operations.enqueue(run.id, run.unfinished, RESUME);
        r.resumed++;
      } else {
        for (const domainId of run.unfinished) {
          await this.operationRows.setItem(run.id, domainId, { status: 'error', message: M.operationNotCompleted });
          r.failedItems++;
        }
        await this.operationRows.finishRun(run.id);
      }
    }
    for (const renewal of (await this.renewals.stuck('processing', this.config.PROCESSING_DEADLINE_S)) as Renewal[]) {
      const items = await this.renewals.items(renewal.id);
      const unfinished = items.filter((i) => !ENDED.has(i.status));
      if (!unfinished.length) {
        await this.renewals.claimStatus(renewal.id, 'processing', 'done');
        continue;
      }
      const outcome = await this.flowOutcome(`renewal-${renewal.id}`);
      if (outcome === 'live') continue;
      if (outcome === 'first-ended') {
        await this.queue.enqueueRenewal(renewal.id, unfinished, RESUME);
        r.resumed++;
      } else if (outcome === 'resume-ended') {
        for (const item of unfinished) {
          await this.renew.fail(renewal, item, M.renewFailed);
          r.failedItems++;
        }
        await this.renewals.claimStatus(renewal.id, 'processing', 'done');
      }
    }
  }

  /** Whether the first flow or the reconciler's resumed one is still alive, and which of them has ended (or is gone). */
  private async flowOutcome(parentJobId: string): Promise<'live' | 'first-ended' | 'resume-ended'> {
    const resumed = await this.queue.queue.getJob(parentJobId + RESUME);
    if (resumed) return LIVE.has(await resumed.getState()) ? 'live' : 'resume-ended';
    const first = await this.queue.queue.getJob(parentJobId);
    if (first && LIVE.has(await first.getState())) return 'live';
    return 'first-ended';
  }

  private async openSpends(r: MoneyReconcileResult): Promise<void> {
    for (const prefix of ['order:', 'renew:']) {
      let spends: OpenSpendDto[];
      try {
        spends = await this.ledger.openSpends({ keyPrefix: prefix, olderThanS: this.config.CHARGING_DEADLINE_S, withinDays: this.config.MONEY_RECONCILE_WINDOW_DAYS, limit: 1000 });
      } catch (e) {
        this.logger.warn(`open spends (${prefix}): ${(e as Error)?.message ?? e}`);
        r.open++;
        continue;
      }
      for (const s of spends) {
        try {
          if (prefix === 'order:') r.refunded += await this.settleOrderSpend(s);
          else r.refunded += await this.settleRenewalSpend(s);
        } catch (e) {
          r.open++;
          this.logger.warn(`spend ${s.spendKey}: ${(e as Error)?.message ?? e}`);
        }
      }
    }
  }

  /** A spend of an order item with no refund: refunded unless the item was (or may still be) delivered. */
  private async settleOrderSpend(s: OpenSpendDto): Promise<number> {
    const m = /^order:([0-9a-f-]{36}):(.+):spend$/i.exec(s.spendKey);
    if (!m) return 0;
    const [, orderId, punycode] = m;
    const order = await this.orders.find(orderId);
    const item: OrderItem | undefined = order ? (await this.orders.items(order.id)).find((i) => i.punycode === punycode) : undefined;
    // delivered or still on its way (the passes above settle a stuck one)
    if (order && item && (order.status === 'charging' || order.status === 'processing' && !ENDED.has(item.status) || item.status === 'done' || item.status === 'accepted')) return 0;
    if (order && item && order.status !== 'failed' && item.status !== 'error') return 0;
    const keys = itemKeys(orderId, punycode);
    const v = await this.ledger.voidCharge(s.userId, s.amount, keys.spend, keys.refund, `order:${orderId}`);
    if (!v.refunded || !v.entry || v.entry.replayed) return 0;
    if (item) await this.orders.markRefunded(item.id);
    const name = item?.name ?? punycode;
    await this.actionLog.write({
      userId: s.userId, domainName: name, type: 1, point: s.amount, remainingPoint: v.entry.balanceAfter, subject: 'ドメイン新規登録失敗',
      content: `${name}: ${fmt(M.abandonedRefundedPoints, { point: s.amount, reason: item?.errorMsg ?? order?.error ?? M.purchaseAbandoned })}`,
      dedupeKey: item ? `item:${item.id}:refund` : `spend:${s.spendKey}:refund`, actionId: ActionCodes.RegisterRefund,
    });
    return 1;
  }

  /** A spend of a renewal item with no refund: refunded unless the item was (or may still be) delivered. */
  private async settleRenewalSpend(s: OpenSpendDto): Promise<number> {
    const m = /^renew:([0-9a-f-]{36}):(.+):spend$/i.exec(s.spendKey);
    if (!m) return 0;
    const [, renewalId, punycode] = m;
    const renewal = await this.renewals.find(renewalId);
    const item = renewal ? (await this.renewals.items(renewal.id)).find((i) => i.punycode === punycode) : undefined;
    if (renewal && item && (renewal.status === 'charging' || renewal.status === 'processing' && !ENDED.has(item.status) || item.status === 'done' || item.status === 'accepted')) return 0;
    if (renewal && item && renewal.status !== 'failed' && item.status !== 'error') return 0;
    const keys = renewalKeys(renewalId, punycode);
    const v = await this.ledger.voidCharge(s.userId, s.amount, keys.spend, keys.refund, `renewal:${renewalId}`);
    if (!v.refunded || !v.entry || v.entry.replayed) return 0;
    if (item) await this.renewals.markRefunded(item.id);
    const name = item?.name ?? punycode;
    await this.actionLog.write({
      userId: s.userId, domainId: item?.domainId ?? null, domainName: name, type: 1, point: s.amount, remainingPoint: v.entry.balanceAfter, subject: 'ドメイン更新失敗',
      content: `${name}: ${fmt(M.abandonedRefundedPoints, { point: s.amount, reason: item?.errorMsg ?? renewal?.error ?? M.purchaseAbandoned })}`,
      dedupeKey: item ? `renewal-item:${item.id}:refund` : `spend:${s.spendKey}:refund`,
    });
    return 1;
  }
}
