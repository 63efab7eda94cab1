import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  PriceGroupDto,
  isOrdersRpcError, OrdersErrorCode, PendingRenewalsResult, RenewQuoteDto, RenewReadyResult, RenewResult, RenewResultRow, RenewRpcRequest, RenewStatusResult,
} from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { fmt, M } from '@registrar/messages';
import { formatDateJst, isExpired, renewalCountError, renewalPeriodOptions, renewalPrice, renewalWindow } from '@registrar/rules';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { LifecycleQueue } from '../lifecycle.queue';
import { CatalogPort, normaliseName } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { renewalKeys } from './renewal-keys';
import { NewRenewalItem, RenewableDomain, Renewal, RenewalItem, RenewalRepository } from './renewal.repository';

/** POST mypage/domain/renew waits this long for the registry before answering 'accepted' rows (code 1). */
export const renewAnswerWaitMs = () => Number(process.env.RENEW_ANSWER_WAIT_MS ?? 20_000);


const ENDED = new Set(['error', 'accepted', 'done']);

/**
 * Renewal: the modal's quote (POST mypage/domain/ready), POST mypage/domain/renew and the pending lookup.
 * Pays as purchase does (points first; a card or wallet only buys the shortfall as points through a payment session,
 * consumed once), one ledger entry per domain keyed by the renewal, refunded when the registry refuses.
 */
@Injectable()
export class RenewalService {
  private readonly logger = new Logger(RenewalService.name);

  constructor(
    private readonly repo: RenewalRepository,
    private readonly catalog: CatalogPort,
    private readonly orders: OrdersPort,
    private readonly queue: LifecycleQueue,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly actionLog: ActionLogRepository,
  ) {}

  /** The price and options of one owned domain today. */
  async quote(d: RenewableDomain, pending: boolean, group?: PriceGroupDto | null): Promise<RenewQuoteDto> {
    const now = this.clock.now();
    // the member's price group (custom prices): given by a caller quoting many domains, else asked here
    const g = group !== undefined ? group : await this.catalog.priceGroup(d.userId);
    const q = await this.catalog.quote(d.punycode, g).catch(() => null);
    const expired = d.dueDate ? isExpired(d.dueDate, now) : false;
    const base = {
      id: d.id, name: d.name, punycode: d.punycode, due_date: d.dueDate ? formatDateJst(d.dueDate) : null, expired, pending,
      is_auto_update_enabled_flg: (d.autoUpdate ? 1 : 0) as 0 | 1,
    };
    if (!q || !d.dueDate) {
      return { ...base, window: 'out', renew: 0, restore: 0, minimum_years: 1, registration_unit: 1, period_options: [], error: d.adminLock ? M.adminLocked : fmt(M.priceFetchFailed, { domain: d.name }) };
    }
    const window = renewalWindow({ name: d.name, dueDate: d.dueDate, now, gracePeriod: q.summary.grace_period, restorePeriod: q.summary.restore_period });
    const restorable = window !== 'restore' || (q.price.restore ?? 0) > 0;
    // an operator's admin lock refuses renewal first (the modal, the submit and auto-renew, which skips the domain)
    const error = d.adminLock ? M.adminLocked
      : d.status === 'provisional' ? M.provisionalCannotRenew
        : d.status === 'pending' ? M.renewAccepted
          : pending ? M.renewAccepted
            : window === 'out' || !restorable ? M.outOfPeriodDomain : null;
    return {
      ...base, window: restorable ? window : 'out', renew: q.price.renew ?? 0, restore: q.price.restore ?? 0,
      minimum_years: q.summary.minimum_years, registration_unit: q.summary.registration_unit,
      period_options: renewalPeriodOptions(d.name, q.summary, expired), error,
      tld_price: { tld_id: q.summary.tld_id, tld_name: q.summary.tld_name, renew: q.price.renew ?? 0, restore: q.price.restore ?? 0, grace_period: q.summary.grace_period, restore_period: q.summary.restore_period },
    };
  }

  async ready(userId: number, domainIds: number[]): Promise<RenewReadyResult> {
    const domains = await this.repo.domainsById(userId, domainIds.slice(0, 1000));
    const pending = new Set(await this.repo.pendingDomainIds(domains.map((d) => d.id)));
    const group = await this.catalog.priceGroup(userId);
    const [point, quotes] = await Promise.all([this.orders.balance(userId), Promise.all(domains.map((d) => this.quote(d, pending.has(d.id), group)))]);
    const tldPrices = [...new Map(quotes.flatMap((d) => (d.tld_price ? [[d.tld_price.tld_id, d.tld_price] as const] : []))).values()];
    return { user: { point }, tldPrices, domains: quotes };
  }

  async pending(userId: number, domainIds: number[]): Promise<PendingRenewalsResult> {
    const mine = await this.repo.domainsById(userId, domainIds.slice(0, 1000));
    return (await this.repo.pendingDomainIds(mine.map((d) => d.id))).map((domain_id) => ({ domain_id }));
  }

  /**
   * POST mypage/domain/renew, and the daily auto-renew with `kind` 'auto': then `opts.group` is the member's price
   * group the sweep has already asked for, and `opts.autoDue` each domain's Tokyo expiry day, recorded on its item
   * (unique per domain and day: the repository throws AutoRenewTaken when another renewal holds one).
   */
  async renew(req: RenewRpcRequest, kind: 'manual' | 'auto' = 'manual', opts: { group?: PriceGroupDto | null; autoDue?: ReadonlyMap<number, string> } = {}): Promise<RenewResult> {
    const userId = req.userId;
    const key = typeof req.idempotencyKey === 'string' && req.idempotencyKey.trim() ? req.idempotencyKey.trim().slice(0, 100) : randomUUID();
    const rows = Array.isArray(req.domains) ? req.domains : [];
    if (!rows.length) return refused([M.selectDomain]);
    // at most MAX_DOMAINS_PER_RENEWAL (libs/rules; the modal says so before pay is pressed)
    const tooMany = renewalCountError(rows.length);
    if (tooMany) return refused([tooMany]);

    const wait = kind === 'manual' && !req.answerNow ? renewAnswerWaitMs() : 0;
    const existing = await this.repo.findByKey(userId, key);
    if (existing) return this.answer(existing, [], wait);

    const names = rows.map((r) => normaliseName(String(r?.name ?? '')));
    const owned = new Map((await this.repo.domainsByName(userId, names.filter((n) => n).map((n) => n!.punycode))).map((d) => [d.punycode, d]));
    const pending = new Set(await this.repo.pendingDomainIds([...owned.values()].map((d) => d.id)));
    const refusedRows: RenewResultRow[] = [];
    const items: NewRenewalItem[] = [];
    const group = opts.group !== undefined ? opts.group : await this.catalog.priceGroup(userId);
    const seen = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const input = String(row?.name ?? '');
      const period = Number(row?.period);
      const d = names[i] ? owned.get(names[i]!.punycode) : undefined;
      const no = (msg: string) => refusedRows.push(errorRow(d?.id ?? null, d?.name ?? input, period, msg));
      if (!d) { no(fmt(M.renewDomainNotFound, { domain: input })); continue; }
      if (seen.has(d.punycode)) continue;
      seen.add(d.punycode);
      const q = await this.quote(d, pending.has(d.id), group);
      if (q.error) { no(q.pending ? fmt(M.renewInProgress, { domain: d.name }) : q.error); continue; }
      if (!q.period_options.includes(period)) { no(fmt(M.renewPeriodInvalid, { domain: d.name })); continue; }
      items.push({ position: i, domainId: d.id, name: d.name, punycode: d.punycode, period, point: renewalPrice(q.window, q, period), restore: q.window === 'restore', autoDueDay: kind === 'auto' ? (opts.autoDue?.get(d.id) ?? null) : null });
    }
    if (!items.length) {
      // the same submit sent twice at once: the other one may have created the renewal after our first look (its
      // domains then read as in progress here), so it is answered, as a retry after it would be
      const raced = await this.repo.findByKey(userId, key);
      if (raced) return this.answer(raced, [], wait);
      return { result: false, renewalId: null, data: refusedRows, errors: [...new Set(refusedRows.map((r) => r.error_msg!))] };
    }
    const total = items.reduce((s, i) => s + i.point, 0);
    // point: the points shown as used (at most the total; a card or wallet bought the rest first); totalFee when sent must be the total
    const point = Number(req.point);
    const totalFee = req.totalFee == null ? total : Number(req.totalFee);
    if (!Number.isInteger(point) || point < 0 || point > total || totalFee !== total) return { result: false, renewalId: null, data: refusedRows, errors: [M.totalMismatch] };
    const paymentType = req.payment?.type ?? 'point';
    const sessionId = paymentType === 'card' || paymentType === 'wallet' ? (req.payment?.sessionId ?? null) : null;
    const withAutoUpdate = req.withAutoUpdate === true || Number(req.withAutoUpdate) === 1;

    const made = await this.repo.create({ id: randomUUID(), userId, idempotencyKey: key, kind, total, paymentType, paymentSessionId: sessionId, withAutoUpdate }, items);
    if (!made) return this.answer((await this.repo.findByKey(userId, key))!, refusedRows, wait);
    const { renewal } = made;
    if (sessionId) {
      const consumed = await this.orders.consumeSession(userId, sessionId).catch(() => false);
      if (!consumed) return this.abort(renewal, made.items, refusedRows, [M.cardSessionFailed]);
    }
    // every charge in one message to the ledger (each its own key and entry), in the items' order
    const charged = made.items.filter((i) => i.point > 0);
    if (charged.length) {
      let refusal: string | null = null;
      try {
        const r = await this.orders.spendMany(userId, charged.map((i) => ({ amount: i.point, idempotencyKey: renewalKeys(renewal.id, i.punycode).spend, reference: `renewal:${renewal.id}` })));
        const taken = charged.slice(0, r.entries.length);
        await this.repo.markSpentMany(taken.map((i, k) => ({ itemId: i.id, balanceAfter: r.entries[k]!.balanceAfter })));
        for (const i of taken) i.spent = true;
        if (r.refused) refusal = r.refused.code === OrdersErrorCode.InsufficientPoints ? M.pointsInsufficient : M.unexpectedError;
      } catch (e) {
        if (!isOrdersRpcError(e)) this.logger.error(`spend for renewal ${renewal.id}: ${(e as Error)?.message ?? e}`);
        refusal = isOrdersRpcError(e) && e.code === OrdersErrorCode.InsufficientPoints ? M.pointsInsufficient : M.unexpectedError;
      }
      if (refusal) return this.abort(renewal, made.items, refusedRows, [refusal]);
    }
    // it starts only if still charging: the money reconciler may have given it up meanwhile (charges voided, refunded)
    if (!(await this.repo.claimStatus(renewal.id, 'charging', 'processing'))) return this.answer(renewal, refusedRows);
    await this.queue.enqueueRenewal(renewal.id, made.items);
    return this.answer(renewal, refusedRows, wait);
  }

  /** Gives the renewal up before it started: failed first (only by whoever moves it out of charging), then every charge voided. */
  private async abort(renewal: Renewal, items: RenewalItem[], refusedRows: RenewResultRow[], errors: string[]): Promise<RenewResult> {
    if (!(await this.repo.claimStatus(renewal.id, 'charging', 'failed', errors.join('\n')))) return this.answer(renewal, refusedRows);
    await this.settleGivenUp(renewal, items, errors[0], false);
    return { result: false, renewalId: renewal.id, data: [...items.map((i) => errorRow(i.domainId, i.name, i.period, errors[0])), ...refusedRows], errors };
  }

  /**
   * The items of a renewal that was given up: each charge voided at the ledger (refunded once if it had been taken),
   * each item an error. A refund the purchase did not know of and, with `logAll`, every refund gets an action-log line.
   * Returns how many could not be settled now (the reconciler settles them later).
   */
  async settleGivenUp(renewal: Renewal, items: RenewalItem[], reason: string, logAll: boolean): Promise<number> {
    let open = 0;
    for (const item of items) {
      if (item.point > 0 && !item.refunded) {
        const keys = renewalKeys(renewal.id, item.punycode);
        try {
          const r = await this.orders.voidCharge(renewal.userId, item.point, keys.spend, keys.refund, `renewal:${renewal.id}`);
          if (r.refunded) {
            await this.repo.markRefunded(item.id);
            item.refunded = true;
            if (r.entry && (logAll || !item.spent)) {
              await this.actionLog.write({
                userId: renewal.userId, domainId: item.domainId, domainName: item.name, type: 1, point: item.point, remainingPoint: r.entry.balanceAfter,
                subject: 'ドメイン更新失敗', content: `${item.name}: ${fmt(M.abandonedRefundedPoints, { point: item.point, reason })}`, dedupeKey: `renewal-item:${item.id}:refund`,
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

  /** The renewal's rows, after waiting up to `waitMs` for the registry: done 0, still running or pending 1, error 2. */
  async answer(renewal: Renewal, refusedRows: RenewResultRow[], waitMs = 0, known?: RenewalItem[]): Promise<RenewResult> {
    const until = Date.now() + waitMs;
    let items = known ?? (await this.repo.items(renewal.id));
    while (waitMs > 0 && !items.every((i) => ENDED.has(i.status)) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      items = await this.repo.items(renewal.id);
    }
    const fresh = await this.repo.find(renewal.id);
    if (fresh?.status === 'failed') return { result: false, renewalId: renewal.id, data: [...items.map((i) => toRow(i, fresh)), ...refusedRows], errors: (fresh.error ?? M.unexpectedError).split('\n') };
    return { result: true, renewalId: renewal.id, data: [...items.map((i) => toRow(i, fresh ?? renewal)), ...refusedRows], errors: [] };
  }

  async status(userId: number, renewalId: string): Promise<RenewStatusResult | null> {
    const r = await this.repo.find(renewalId);
    if (!r || r.userId !== userId) return null;
    // one read of the items for both the rows and `finished`: read twice, an item finishing in between was answered
    // as still running in a finished job (API v1 showed the renewal 'accepted' instead of 'success')
    const items = await this.repo.items(renewalId);
    const answer = await this.answer(r, [], 0, items);
    return { ...answer, finished: items.every((i) => ENDED.has(i.status)) };
  }
}

function refused(errors: string[]): RenewResult {
  return { result: false, renewalId: null, data: [], errors };
}

function errorRow(id: number | null, name: string, years: number, msg: string): RenewResultRow {
  return { id, domain_id: null, name, years: Number.isFinite(years) ? years : 0, available_period: null, code: 2, error_msg: msg, restore: false, point: 0, auto_renew: null };
}

function toRow(i: RenewalItem, r: Renewal): RenewResultRow {
  const code = i.status === 'done' ? 0 : i.status === 'error' ? 2 : 1;
  return {
    id: i.domainId, domain_id: null, name: i.name, years: i.period, available_period: i.newExpiry ? formatDateJst(i.newExpiry) : null,
    code, error_msg: code === 2 ? (i.errorMsg ?? M.renewFailed) : code === 1 ? M.renewAccepted : null, restore: i.restore, point: i.point,
    auto_renew: r.withAutoUpdate ? code !== 2 : null,
  };
}
