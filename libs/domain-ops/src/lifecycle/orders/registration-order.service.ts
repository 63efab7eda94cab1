import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  ActionCodes, CreateDomainsResult, CreateDomainsRpcRequest, DomainOpsErrorCode, isOrdersRpcError, OrderItemResult, OrderStatusResult, OrdersErrorCode,
} from '@registrar/contracts';
import { fmt, M } from '@registrar/messages';
import { MAX_DOMAINS_PER_PURCHASE, needsPrereq, readDomainName, needsWhoisContact, registrationPeriodOptions, registrationTotal } from '@registrar/rules';
import { DomainOpsException } from '../../shared/common/domain-ops.exception';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { LifecycleQueue } from '../lifecycle.queue';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { DefaultSettingsRepository, EstimateService, PrereqRepository } from '../../portfolio';
import { NewOrderItem, OrderItem, RegistrationOrder, RegistrationOrderRepository } from './registration-order.repository';

import { itemKeys } from './item-keys';

export { itemKeys };

const ENDED = new Set(['error', 'accepted', 'done']);

/**
 * POST mypage/domain/create: validates every row against the member's own quote, takes the campaign slots and the
 * points (one ledger entry per item, keyed by the order), consumes the payment session once, and starts the
 * registration flow; it answers at once. GET …/create/status reads the items as the jobs move them.
 */
@Injectable()
export class RegistrationOrderService {
  private readonly logger = new Logger(RegistrationOrderService.name);

  constructor(
    private readonly repo: RegistrationOrderRepository,
    private readonly estimate: EstimateService,
    private readonly catalog: CatalogPort,
    private readonly orders: OrdersPort,
    private readonly prereqs: PrereqRepository,
    private readonly settings: DefaultSettingsRepository,
    private readonly queue: LifecycleQueue,
    private readonly actionLog: ActionLogRepository,
  ) {}

  async create(req: CreateDomainsRpcRequest): Promise<CreateDomainsResult> {
    const userId = req.userId;
    const key = typeof req.idempotencyKey === 'string' ? req.idempotencyKey.trim() : '';
    if (!key || key.length > 100) throw new DomainOpsException(DomainOpsErrorCode.Invalid, 'idempotencyKey (1-100 characters) is required');
    const rows = Array.isArray(req.domains) ? req.domains : [];
    if (!rows.length) return refused([M.enterDomain]);
    if (rows.length > MAX_DOMAINS_PER_PURCHASE) return refused([fmt(M.tooManyDomains, { max: MAX_DOMAINS_PER_PURCHASE })]);

    // prices for this member now (campaign slots counted in row order) and the member's defaults, asked while we look
    // for the order a retried submit made already (three waits in one; a retry answers even when these fail)
    const pricing = this.estimate.price(userId, rows.map((r) => String(r?.name ?? '')));
    const defaulting = this.settings.getOrCreate(userId);
    pricing.catch(() => undefined);
    defaulting.catch(() => undefined);
    const existing = await this.repo.findByKey(userId, key);
    if (existing) return this.answer(existing);
    const priced = await pricing;
    const defaults = await defaulting;
    const errors: string[] = [];
    /** rows refused only because their price moved since the request's quote */
    let moved = 0;
    const items: NewOrderItem[] = [];
    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const p = priced[i];
      const q = p.quote;
      if (!readDomainName(String(row?.name ?? ''))) { errors.push(fmt(M.invalidDomainName, { domain: String(row?.name ?? '').slice(0, 300) })); continue; }
      if (!q) { errors.push(fmt(M.priceFetchFailed, { domain: String(row?.name ?? '') })); continue; }
      if (seen.has(q.punycode)) continue;
      seen.add(q.punycode);
      const period = Number(row.period);
      if (!registrationPeriodOptions(q.name, q.summary).includes(period)) { errors.push(fmt(M.periodInvalid, { domain: q.name })); continue; }
      const total = registrationTotal(p.registerPrice, q.price.renew!, period);
      if (Number(row.point) !== total) { errors.push(fmt(M.priceChanged, { domain: q.name })); moved++; continue; }
      let prereqId: number | null = null;
      if (needsPrereq(q.name)) {
        const pr = await this.prereqs.find(userId, q.punycode);
        if (!pr) { errors.push(fmt(M.prereqRequired, { domain: q.name })); continue; }
        prereqId = pr.id;
      }
      const proxy = q.summary.can_proxy && defaults.domain_create_is_whois_proxy_enabled_flg === 1;
      if (needsWhoisContact(q.name, q.summary.can_proxy) && !defaults.whois_proxy_disabled_reg_record_id && !defaults.domain_create_reg_record_id) {
        errors.push(M.transferNeedsWhois);
        continue;
      }
      items.push({ position: i, name: q.name, punycode: q.punycode, tld: q.tld, period, point: total, isCampaign: p.isCampaign, whoisProxy: proxy, prereqId });
    }
    if (errors.length) {
      // the same submit sent twice at once: the other one may have made the order since our first look (a campaign
      // slot it took then reads as a changed price here), so it is answered, as a retry after it would be
      const raced = await this.repo.findByKey(userId, key);
      if (raced) return this.answer(raced);
      // nothing was made or taken: a caller that quotes for itself (the public API) may quote again and resend
      return { ...refused([...new Set(errors)]), ...(moved === errors.length ? { stalePrice: true } : {}) };
    }
    const totalFee = items.reduce((s, i) => s + i.point, 0);
    if (Number(req.totalFee) !== totalFee || !Number.isInteger(Number(req.point)) || Number(req.point) < 0 || Number(req.point) > totalFee) {
      return refused([M.totalMismatch]);
    }
    const paymentType = req.payment?.type ?? 'point';
    const sessionId = paymentType === 'card' || paymentType === 'wallet' ? (req.payment?.sessionId ?? null) : null;

    const made = await this.repo.create({ id: randomUUID(), userId, idempotencyKey: key, total: totalFee, paymentType, paymentSessionId: sessionId }, items);
    if (!made) return this.answer((await this.repo.findByKey(userId, key))!);
    const { order } = made;

    // the campaign slots (two tabs at once cannot get a sixth) and the payment session (used once) are asked at once,
    // then the points (one ledger entry per item, all in one message, in the items' order). The points come after: an
    // order that lost its slot or its session never holds points, even for a moment, that the member's other orders
    // racing it could have used. A refusal of any undoes them all (abort: every charge of the order voided and refunded
    // once if taken, every slot asked for released: one whose answer was lost may have been taken).
    const refusals: string[] = [];
    const reserving = Promise.all(made.items.filter((i) => i.isCampaign).map(async (item) => {
      const k = itemKeys(order.id, item.punycode).campaign;
      const r = await this.catalog.reserve(userId, k).catch((e) => {
        this.logger.warn(`campaign slot ${k}: ${(e as Error)?.message ?? e}`);
        return null;
      });
      if (!r) refusals.push(M.unexpectedError);
      else if (!r.reserved) refusals.push(fmt(M.priceChanged, { domain: item.name }));
    }));
    const consuming = sessionId ? this.orders.consumeSession(userId, sessionId).catch(() => false) : Promise.resolve(true);
    const [, consumed] = await Promise.all([reserving, consuming]);
    if (!consumed) refusals.push(M.cardSessionFailed);
    if (refusals.length) return this.abort(order, made.items, [refusals[0]!]);
    const charged = made.items.filter((i) => i.point > 0);
    const spent = charged.length ? await this.spend(userId, order.id, charged) : { taken: [], refusal: null };
    if (spent.refusal) {
      await this.repo.markSpentMany(spent.taken);
      return this.abort(order, made.items, [spent.refusal]);
    }
    // the order starts only if it is still charging: the money reconciler may have given it up meanwhile (its charges
    // then voided and refunded), and what it decided is the answer; the charges are marked in the same statement
    if (!(await this.repo.startCharged(order.id, spent.taken))) return this.answer((await this.repo.find(order.id)) ?? order);
    await this.queue.enqueueOrder(order.id, made.items);
    this.orders.removeFromCart(userId, made.items.map((i) => i.name)).catch((e) => this.logger.warn(`cart: ${(e as Error).message}`));
    return { result: true, orderId: order.id, domains: made.items.map((i) => toResult({ ...i, status: 'processing' })), errors: [] };
  }

  /**
   * The points of the charged items, in one message to the ledger: which items were charged (with the balance each
   * charge left; marked on the items' objects too) and the refusal, if the ledger refused one (it stops there).
   */
  private async spend(userId: number, orderId: string, charged: OrderItem[]): Promise<{ taken: Array<{ itemId: number; balanceAfter: number }>; refusal: string | null }> {
    try {
      const r = await this.orders.spendMany(userId, charged.map((i) => ({ amount: i.point, idempotencyKey: itemKeys(orderId, i.punycode).spend, reference: `order:${orderId}` })));
      const taken = charged.slice(0, r.entries.length).map((i, k) => {
        i.spent = true;
        i.spentBalanceAfter = r.entries[k]!.balanceAfter;
        return { itemId: i.id, balanceAfter: r.entries[k]!.balanceAfter };
      });
      const refusal = !r.refused ? null : r.refused.code === OrdersErrorCode.InsufficientPoints ? M.pointsInsufficient : M.unexpectedError;
      return { taken, refusal };
    } catch (e) {
      if (!isOrdersRpcError(e)) this.logger.error(`spend for order ${orderId}: ${(e as Error)?.message ?? e}`);
      return { taken: [], refusal: isOrdersRpcError(e) && e.code === OrdersErrorCode.InsufficientPoints ? M.pointsInsufficient : M.unexpectedError };
    }
  }

  /**
   * Undoes what an order took before it could start. The order is marked failed first, and only by whoever moves it out
   * of "charging" (this call or the money reconciler): from then on every charge of it is voided at the ledger, so one
   * still on its way (a timed-out call, a backed-up orders service) is refused when it arrives, or refunded if it
   * already ran. Campaign slots go back; the member is answered with the reason.
   */
  private async abort(order: RegistrationOrder, items: OrderItem[], errors: string[]): Promise<CreateDomainsResult> {
    if (!(await this.repo.claimStatus(order.id, 'charging', 'failed', errors.join('\n')))) return this.answer((await this.repo.find(order.id)) ?? order);
    await this.settleGivenUp(order, items, errors[0], false);
    const slots = items.filter((i) => i.isCampaign).map((i) => itemKeys(order.id, i.punycode).campaign);
    for (const k of slots) await this.catalog.release(k).catch((e) => this.logger.warn(`campaign slot ${k}: ${(e as Error).message} (the reconciler releases it)`));
    return { result: false, orderId: order.id, domains: [], errors };
  }

  /**
   * The items of an order that was given up (status failed): each charge voided at the ledger (refunded once if it had
   * been taken), each item an error with the reason. A refund the purchase did not know of (a charge whose answer was
   * lost, refunded now) and, with `logAll`, every refund gets a line in the member's action log. Returns how many items
   * could not be settled now (the orders service unreachable); the money reconciler settles them on a later run.
   */
  async settleGivenUp(order: RegistrationOrder, items: OrderItem[], reason: string, logAll: boolean): Promise<number> {
    let open = 0;
    for (const item of items) {
      if (item.point > 0 && !item.refunded) {
        const keys = itemKeys(order.id, item.punycode);
        try {
          const r = await this.orders.voidCharge(order.userId, item.point, keys.spend, keys.refund, `order:${order.id}`);
          if (r.refunded) {
            await this.repo.markRefunded(item.id);
            item.refunded = true;
            if (r.entry && (logAll || !item.spent)) {
              await this.actionLog.write({
                userId: order.userId, domainName: item.name, type: 1, point: item.point, remainingPoint: r.entry.balanceAfter, subject: 'ドメイン新規登録失敗',
                content: `${item.name}: ${fmt(M.abandonedRefundedPoints, { point: item.point, reason })}`, dedupeKey: `item:${item.id}:refund`, actionId: ActionCodes.RegisterRefund,
              });
            }
          }
        } catch (e) {
          open++;
          this.logger.warn(`void of ${keys.spend}: ${(e as Error)?.message ?? e} (the money reconciler settles it)`);
        }
      }
      if (item.status !== 'error') await this.repo.setItem(item.id, { status: 'error', errorMsg: reason });
    }
    return open;
  }

  private async answer(order: RegistrationOrder): Promise<CreateDomainsResult> {
    const items = await this.repo.items(order.id);
    if (order.status === 'failed') return { result: false, orderId: order.id, domains: [], errors: (order.error ?? M.unexpectedError).split('\n') };
    return { result: true, orderId: order.id, domains: items.map(toResult), errors: [] };
  }

  async status(userId: number, orderId: string): Promise<OrderStatusResult> {
    const found = await this.repo.withItems(String(orderId ?? ''));
    if (!found || found.order.userId !== userId) throw new DomainOpsException(DomainOpsErrorCode.NotFound, 'order not found');
    const { order, items } = found;
    const done = order.status === 'failed' || items.every((i) => ENDED.has(i.status));
    // while the order runs (the page polls every 1.5 s) the balance is the one its last charge left (the items are
    // charged in their order, in one message), kept with the item; the ledger is asked once it is done (refunds included) or for an item charged before that was kept
    const left = items.filter((i) => i.spent).map((i) => i.spentBalanceAfter);
    const balance = !done && left.length && left.every((b) => b != null) ? left[left.length - 1]! : await this.orders.balance(userId);
    return {
      orderId: order.id,
      done,
      domains: items.map(toResult),
      pointsCharged: items.filter((i) => i.spent).reduce((s, i) => s + i.point, 0),
      pointsRefunded: items.filter((i) => i.refunded).reduce((s, i) => s + i.point, 0),
      balance,
    };
  }
}

function refused(errors: string[]): CreateDomainsResult {
  return { result: false, orderId: null, domains: [], errors };
}

function toResult(i: OrderItem): OrderItemResult {
  const status = i.status === 'queued' ? 'processing' : i.status;
  return { domain_name: i.name, domain_id: i.registryDomainId, domain_pk_id: i.domainPkId, status, error_msg: i.errorMsg, info: i.info };
}
