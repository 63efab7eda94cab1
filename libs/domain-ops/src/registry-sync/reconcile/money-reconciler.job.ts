import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { ActionCodes, JobName, OpenSpendDto, QueueName } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppConnectionError, EppError, EppResultCode, EppTimeoutError, eppClientOptionsFromEnv } from '@registrar/epp';
import { CLOCK, Clock } from '@registrar/infra';
import { fmt, M } from '@registrar/messages';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { DomainOpsConfig } from '../../shared/domain-ops.config';
import { CompleteOrderJob, CompleteRenewalJob, itemKeys, LifecycleQueue, orderJobId, registerJobId, OrderItem, RegisterDomainJob, RegistrationOrder, RegistrationOrderRepository, RegistrationOrderService, Renewal, type RenewalItem, renewalKeys, RenewalRepository, RenewalService, RenewDomainJob, type StuckCursor, TransferIn, TransferRepository, TransferSettlement, transferMoneyKeys } from '../../lifecycle';
import { OperationRepository, operationJobId, OperationService } from '../../portfolio';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';

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
 * Every stuck row, a page at a time (review r3): a pass goes on past the rows it leaves open (an item whose registry
 * does not answer stays open, ADR 0050/0052), so a hundred of them never hide a newer stuck order or renewal.
 */
async function* everyStuck<T>(page: (after: StuckCursor | null) => Promise<{ rows: unknown[]; next: StuckCursor | null }>): AsyncGenerator<T> {
  let after: StuckCursor | null = null;
  for (;;) {
    const { rows, next }: { rows: unknown[]; next: StuckCursor | null } = await page(after);
    for (const row of rows) yield row as T;
    if (!next) return;
    after = next;
  }
}

/** Registry questions a pass has in flight at once (settleLeftover's domain:info, a transfer-in's info and query). */
export const RECONCILE_REGISTRY_PARALLEL = 2;

/** The registry gave no answer (a command timed out, a session could not be had or was lost): it may hang. */
function unanswered(e: unknown): boolean {
  return e instanceof EppTimeoutError || e instanceof EppConnectionError;
}

/**
 * The registry's questions of one pass (ADR 0057): gathered from every kind of leftover (orders', renewals' items,
 * transfers-in), then asked a few at a time (RECONCILE_REGISTRY_PARALLEL) in an order drawn afresh each pass, and none
 * more once one of them went unanswered, so a registry that hangs rather than refuses costs a pass about one EPP
 * timeout, not one per open item. What a pass does not ask is left open for the next pass, as an unanswered question
 * already is. The order is random, not oldest first: one item the registry never answers (or two, one per lane) would
 * otherwise be asked first by every pass and stop it before the others, which then stayed open (unsettled, the
 * member's money held) for good (review r2).
 */
class RegistryAsks {
  /** why the rest of the pass asks the registry nothing (its first unanswered question) */
  away: Error | null = null;
  /** items the pass left open without asking (the registry away) */
  skipped = 0;
  private readonly pending: Array<() => Promise<void>> = [];

  constructor(private readonly logger: Logger) {}

  /** Adds a question per item; asked by `run`. */
  add<T>(items: T[], ask: (item: T) => Promise<void>): void {
    for (const item of items) this.pending.push(() => ask(item));
  }

  /** Asks every question added, a few at a time, in a random order; one met once the registry is away is skipped. */
  async run(): Promise<void> {
    const queue = this.pending.splice(0);
    for (let i = queue.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [queue[i], queue[j]] = [queue[j]!, queue[i]!];
    }
    await Promise.all(Array.from({ length: Math.min(RECONCILE_REGISTRY_PARALLEL, queue.length) }, async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        if (this.away) {
          this.skipped++;
          continue;
        }
        await next();
      }
    }));
  }

  /** An ask failed: if the registry did not answer, the rest of the pass asks nothing. */
  failed(e: unknown): void {
    if (!this.away && unanswered(e)) {
      this.away = e as Error;
      this.logger.warn(`the registry did not answer (${this.away.message}): this pass asks it nothing more, the items left are asked on the next`);
    }
  }
}

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
 *    those end as errors (and the money ones are refunded). An order's or a renewal's item is first asked of the
 *    registry (RegisterDomainJob / RenewDomainJob.settleLeftover): held by us (renewed to its target), it is recorded
 *    as the member's; no answer, it waits for a pass.
 * 3. Spends with no refund whose item was not delivered (its order failed, the item an error, or no order at all): a
 *    charge that ran after its purchase failed, or whose refund was lost. Refunded, with an action-log line.
 * 4. Transfers-in (`transfer:{id}:spend|refund`) still "requesting" past CHARGING_DEADLINE_S (ADR 0027): one whose
 *    send to the registry was never claimed is given up (its charge voided, refunded once if taken, a history line and
 *    the mail); one whose send was claimed more than PROCESSING_DEADLINE_S ago is settled by what the registry says —
 *    ours (completed), pending for us (left to the poll reader), or neither (refunded). Spends of transfers-in that
 *    ended without a domain and without a refund are refunded in pass 3.
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
    private readonly queue: LifecycleQueue,
    private readonly register: RegisterDomainJob,
    private readonly completion: CompleteOrderJob,
    private readonly renew: RenewDomainJob,
    private readonly completeRenewal: CompleteRenewalJob,
    private readonly actionLog: ActionLogRepository,
    private readonly operations: OperationService,
    private readonly operationRows: OperationRepository,
    private readonly transfers: TransferRepository,
    private readonly transferSettlement: TransferSettlement,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
    /** the queue of before ADR 0036: a flow an older release started may still live there while it drains */
    @InjectQueue(QueueName.DomainOps) private readonly oldQueue: Queue,
  ) {}

  private readonly clientId = eppClientOptionsFromEnv().clientId;

  async handle(): Promise<MoneyReconcileResult> {
    const r: MoneyReconcileResult = { abandoned: 0, resumed: 0, failedItems: 0, refunded: 0, open: 0 };
    const asks = new RegistryAsks(this.logger);
    await this.stuckCharging(r);
    const closing = await this.stuckProcessing(r, asks);
    await this.stuckTransfers(r, asks);
    // the registry's questions of every kind in one draw: an item it never answers keeps none of the others unasked
    await asks.run();
    // orders and renewals whose leftovers were asked: closed (and mailed) once every item has ended
    for (const close of closing) await close();
    await this.openSpends(r);
    r.open += asks.skipped;
    if (r.abandoned + r.resumed + r.failedItems + r.refunded + r.open) this.logger.log(`settled: ${JSON.stringify(r)}`);
    return r;
  }

  private async stuckCharging(r: MoneyReconcileResult): Promise<void> {
    for await (const order of everyStuck<RegistrationOrder>((after) => this.orders.stuck('charging', this.config.CHARGING_DEADLINE_S, after))) {
      if (!(await this.orders.claimStatus(order.id, 'charging', 'failed', M.purchaseAbandoned))) continue;
      r.abandoned++;
      const items = await this.orders.items(order.id);
      r.open += await this.orderService.settleGivenUp(order, items, M.purchaseAbandoned, true);
      for (const item of items.filter((i) => i.isCampaign)) {
        await this.catalog.release(itemKeys(order.id, item.punycode).campaign).catch(() => r.open++);
      }
    }
    for await (const renewal of everyStuck<Renewal>((after) => this.renewals.stuck('charging', this.config.CHARGING_DEADLINE_S, after))) {
      if (!(await this.renewals.claimStatus(renewal.id, 'charging', 'failed', M.purchaseAbandoned))) continue;
      r.abandoned++;
      r.open += await this.renewalService.settleGivenUp(renewal, await this.renewals.items(renewal.id), M.purchaseAbandoned, true);
    }
  }

  /** Resumes or settles what is stuck in processing; answers the closing of those whose leftovers `asks` will ask. */
  private async stuckProcessing(r: MoneyReconcileResult, asks: RegistryAsks): Promise<Array<() => Promise<void>>> {
    /** orders whose resumed flow ended with items unfinished: their items are asked of the registry after the paging */
    const leftOrders: RegistrationOrder[] = [];
    for await (const order of everyStuck<RegistrationOrder>((after) => this.orders.stuck('processing', this.config.PROCESSING_DEADLINE_S, after))) {
      const items = await this.orders.items(order.id);
      const unfinished = items.filter((i) => !ENDED.has(i.status));
      if (!unfinished.length) {
        // every item ended but the order was never closed (the last item's job died before it could)
        await this.completion.completeIfEnded(order.id);
        continue;
      }
      const outcome = await this.orderOutcome(order.id, unfinished);
      if (outcome === 'live') continue;
      if (outcome === 'first-ended') {
        await this.queue.enqueueOrder(order.id, unfinished, RESUME);
        r.resumed++;
      } else if (outcome === 'resume-ended') {
        leftOrders.push(order);
      }
    }
    // the items read again now that no job of theirs is alive: one whose job ended between the first read and the
    // look at the jobs (registered, or refunded already) has its end now and is left alone. The rest are settled by
    // what the registry says (a create of theirs may have reached it): ours → recorded as the member's; not there or
    // another's → refunded; no answer → left for the next pass, never refunded on a guess. Asked with the pass's other
    // questions (RegistryAsks.run: a few at a time, in a random order, none more once one went unanswered; ADR 0057)
    const leftItems: Array<{ order: RegistrationOrder; item: OrderItem }> = [];
    for (const order of leftOrders) {
      for (const item of (await this.orders.items(order.id)).filter((i) => !ENDED.has(i.status))) leftItems.push({ order, item });
    }
    asks.add(leftItems, async ({ order, item }) => {
      try {
        if ((await this.register.settleLeftover(order, item)) === 'error') r.failedItems++;
        else r.resumed++;
      } catch (e) {
        r.open++;
        asks.failed(e);
        this.logger.warn(`order ${order.id} ${item.punycode}: the registry could not be asked, left for the next pass: ${(e as Error)?.message ?? e}`);
      }
    });
    // bulk operation runs (name servers, lock, AUTHCODE, …): no money, but a run whose jobs were lost never ends
    for (const run of await this.operationRows.stuckRuns(this.config.PROCESSING_DEADLINE_S)) {
      const outcome = await this.flowOutcome(this.operations.queue, operationJobId(run.id));
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
    const leftRenewals: Renewal[] = [];
    for await (const renewal of everyStuck<Renewal>((after) => this.renewals.stuck('processing', this.config.PROCESSING_DEADLINE_S, after))) {
      const items = await this.renewals.items(renewal.id);
      const unfinished = items.filter((i) => !ENDED.has(i.status));
      if (!unfinished.length) {
        // every item ended but the renewal was never closed (its parent job died before it could): closed and mailed
        await this.completeRenewal.handle({ renewalId: renewal.id });
        continue;
      }
      const outcome = await this.flowOutcome(this.queue.queue, `renewal-${renewal.id}`);
      if (outcome === 'live') continue;
      if (outcome === 'first-ended') {
        await this.queue.enqueueRenewal(renewal.id, unfinished, RESUME);
        r.resumed++;
      } else if (outcome === 'resume-ended') {
        leftRenewals.push(renewal);
      }
    }
    // read again, as for an order: an item whose job ended meanwhile keeps its end. The rest are settled by what the
    // registry says (a renew of theirs may have gone through, its answer lost; ADR 0052): renewed → recorded; not
    // renewed → refunded; no answer → left for the next pass, never refunded on a guess (asked as an order's items are)
    const leftRenewalItems: Array<{ renewal: Renewal; item: RenewalItem }> = [];
    for (const renewal of leftRenewals) {
      for (const item of (await this.renewals.items(renewal.id)).filter((i) => !ENDED.has(i.status))) leftRenewalItems.push({ renewal, item });
    }
    asks.add(leftRenewalItems, async ({ renewal, item }) => {
      try {
        if ((await this.renew.settleLeftover(renewal, item)) === 'error') r.failedItems++;
        else r.resumed++;
      } catch (e) {
        r.open++;
        asks.failed(e);
        this.logger.warn(`renewal ${renewal.id} ${item.punycode}: the registry could not be asked, left for the next pass: ${(e as Error)?.message ?? e}`);
      }
    });
    return [
      ...leftOrders.map((order) => async () => { await this.completion.completeIfEnded(order.id); }),
      // closed (and mailed) once every item has ended
      ...leftRenewals.map((renewal) => async () => { await this.completeRenewal.handle({ renewalId: renewal.id }); }),
    ];
  }

  private async stuckTransfers(r: MoneyReconcileResult, asks: RegistryAsks): Promise<void> {
    const sentBefore = this.clock.now().getTime() - this.config.PROCESSING_DEADLINE_S * 1000;
    /** transfers-in whose send was claimed long enough ago: settled by what the registry says (a few at a time) */
    const sent: TransferIn[] = [];
    for (const t of await this.transfers.stuckRequesting(this.config.CHARGING_DEADLINE_S)) {
      try {
        if (!t.sendClaimedAt) {
          // never sent: whoever wins the row decides; a request path still alive finds it ended and sends nothing
          if (!(await this.transfers.giveUpUnsent(t.id, M.transferAbandoned, this.clock.now()))) continue;
          r.abandoned++;
          if (await this.transferSettlement.abandonedUnsent(t, M.transferAbandoned)) r.refunded++;
          continue;
        }
        // sent (or being sent): the registry knows whether it arrived, once the request call has surely ended
        if (t.sendClaimedAt.getTime() <= sentBefore) sent.push(t);
      } catch (e) {
        r.open++;
        this.logger.warn(`transfer-in ${t.id} (${t.punycode}): ${(e as Error)?.message ?? e}`);
      }
    }
    asks.add(sent, async (t) => {
      try {
        const at = await this.atRegistry(t);
        if (at === 'ours') {
          await this.transferSettlement.completed(t);
          r.resumed++;
        } else if (at === 'pending') {
          await this.transfers.settle(t.id, 'pending');
          r.resumed++;
        } else if (await this.transferSettlement.refused(t, M.transferAbandoned, true)) {
          r.abandoned++;
          if (t.point > 0) r.refunded++;
        }
      } catch (e) {
        r.open++;
        asks.failed(e);
        this.logger.warn(`transfer-in ${t.id} (${t.punycode}): ${(e as Error)?.message ?? e}`);
      }
    });
  }

  /** What the registry says of a transfer-in whose request was sent: the name is ours, our request is pending, or neither. */
  private async atRegistry(t: TransferIn): Promise<'ours' | 'pending' | 'none'> {
    const ctx = { userId: t.userId };
    const info = await this.epp.info(t.punycode, {}, ctx).catch((e) => {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) return null;
      throw e;
    });
    if (info?.clID === this.clientId) return 'ours';
    if (!info) return 'none';
    try {
      const q = await this.epp.transfer('query', t.punycode, {}, ctx);
      return q.trStatus === 'pending' && q.reID === this.clientId ? 'pending' : 'none';
    } catch (e) {
      // not the requester of the registry's last transfer of this name, or no transfer known: ours never arrived
      if (EppError.is(e, EppResultCode.AuthorizationError) || EppError.is(e, EppResultCode.ObjectNotPendingTransfer)) return 'none';
      throw e;
    }
  }

  /**
   * Whether an order's jobs (its items', or an older release's flow) or the reconciler's resumed ones are still alive,
   * and which of them have ended (or are gone), looked for as flowOutcome does.
   */
  private async orderOutcome(orderId: string, unfinished: OrderItem[]): Promise<'live' | 'first-ended' | 'resume-ended'> {
    // an order's jobs are one per item (ADR 0047); an older release started a flow with a parent per order
    const ids = [orderJobId(orderId), ...unfinished.map((i) => registerJobId(orderId, i.punycode))];
    const find = async (id: string) => (await this.queue.queue.getJob(id)) ?? (await this.oldQueue.getJob(id));
    const states = await Promise.all(ids.flatMap((id) => [id, id + RESUME]).map(async (id) => {
      const job = await find(id);
      return { resume: id.endsWith(RESUME), state: job ? await job.getState() : null };
    }));
    if (states.some((s) => s.state && LIVE.has(s.state))) return 'live';
    return states.some((s) => s.resume && s.state) ? 'resume-ended' : 'first-ended';
  }

  /**
   * Whether the first flow or the reconciler's resumed one is still alive, and which of them has ended (or is gone):
   * looked for on the feature's queue, then on the old queue (a flow an older release started, ADR 0036).
   */
  private async flowOutcome(queue: Queue, parentJobId: string): Promise<'live' | 'first-ended' | 'resume-ended'> {
    const find = async (id: string) => (await queue.getJob(id)) ?? (await this.oldQueue.getJob(id));
    const resumed = await find(parentJobId + RESUME);
    if (resumed) return LIVE.has(await resumed.getState()) ? 'live' : 'resume-ended';
    const first = await find(parentJobId);
    if (first && LIVE.has(await first.getState())) return 'live';
    return 'first-ended';
  }

  private async openSpends(r: MoneyReconcileResult): Promise<void> {
    for (const prefix of ['order:', 'renew:', 'transfer:']) {
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
          else if (prefix === 'renew:') r.refunded += await this.settleRenewalSpend(s);
          else r.refunded += await this.settleTransferSpend(s);
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

  /** A spend of a transfer-in with no refund: refunded when the transfer-in ended without the domain (or is gone). */
  private async settleTransferSpend(s: OpenSpendDto): Promise<number> {
    const m = /^transfer:(\d+):spend$/.exec(s.spendKey);
    if (!m) return 0;
    const t = await this.transfers.find(Number(m[1]));
    // done, or still on its way (pass 4 settles one stuck in requesting; the poll reader and the 7-day sweep a pending one)
    if (t && (t.status === 'done' || t.status === 'requesting' || t.status === 'pending')) return 0;
    const keys = transferMoneyKeys(Number(m[1]));
    const v = await this.ledger.voidCharge(s.userId, s.amount, keys.spend, keys.refund, `transfer:${m[1]}`);
    if (!v.refunded || !v.entry || v.entry.replayed) return 0;
    if (t) await this.transfers.markRefunded(t.id);
    const name = t?.name ?? `transfer ${m[1]}`;
    const reason = t?.errorMsg ?? M.transferAbandoned;
    await this.actionLog.write({
      userId: s.userId, domainName: name, type: 1, point: s.amount, remainingPoint: v.entry.balanceAfter, subject: '他社からの移管失敗',
      content: `${name}: ${fmt(M.transferRefundedPoints, { point: s.amount, reason })}`, dedupeKey: `transfer:${m[1]}:refund`, actionId: ActionCodes.TransferResult,
      result: { domain: name, status: t?.status ?? 'error', reason },
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
