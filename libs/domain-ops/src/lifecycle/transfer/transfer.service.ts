import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  isOrdersRpcError, OrdersErrorCode, PriceGroupDto, TransferCheckResult, TransferHoldDto, TransferInDto, TransferItemDto, TransferOutAnswer, TransferOutDto,
  TransferRequestResult, TransferRequestRpc,
} from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode, eppClientOptionsFromEnv } from '@registrar/epp';
import { Clock, CLOCK } from '@registrar/infra';
import { M, MK } from '@registrar/messages';
import { parseTransferLines, transferEligibilityError, transferEntryError, transferPrice, transferTldOf } from '@registrar/rules';
import { CatalogPort, normaliseName } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { DefaultSettingsRepository } from '../../portfolio';
import { TransferIn, TransferRepository } from './transfer.repository';
import { TransferSettlement, transferMoneyKeys } from './transfer.settlement';


const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Transfer-in (000 §2, §5, §7, §9): the entry's check (a held list the confirm page shows), the request (points first,
 * a card or wallet only buys the shortfall through a payment session consumed once; one ledger entry per domain,
 * refunded when the registry refuses), and transfer-out answers (approve or reject another registrar's request).
 */
@Injectable()
export class TransferService {
  private readonly logger = new Logger(TransferService.name);
  private readonly clientId = eppClientOptionsFromEnv().clientId;

  constructor(
    private readonly repo: TransferRepository,
    private readonly catalog: CatalogPort,
    private readonly orders: OrdersPort,
    private readonly settlement: TransferSettlement,
    private readonly settings: DefaultSettingsRepository,
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The TLDs a transfer-in accepts (catalog can_transfer), sorted. */
  async tlds(): Promise<string[]> {
    return (await this.catalog.allTlds()).filter((t) => t.can_transfer).map((t) => t.tld_name).sort();
  }

  /** The entry form (POST mypage/transferin/check): refused as a whole on a format error; else each line priced and checked. */
  async check(userId: number, domainNames: string): Promise<TransferCheckResult> {
    const lines = parseTransferLines(domainNames);
    const error = transferEntryError(lines, await this.tlds());
    if (error) return { result: false, errorMessage: error, holdId: null };
    // a domain whose TLD has no WHOIS proxy needs the member's own WHOIS contact first (000 §8)
    const noProxy = await Promise.all(lines.map(async (l) => !(await this.catalog.tld(transferTldOf(l.name)).catch(() => null))?.can_proxy));
    if (noProxy.some(Boolean)) {
      const d = await this.settings.getOrCreate(userId);
      if (!(d.whois_proxy_disabled_reg_record_id ?? d.domain_create_reg_record_id)) return { result: false, errorMessage: M.transferNeedsWhois, holdId: null };
    }
    const seen = new Set<string>();
    const items: TransferItemDto[] = [];
    // a member in a price group (admin custom prices) is quoted the group's transfer price, as request() charges it
    const group = await this.catalog.priceGroup(userId);
    for (const l of lines) {
      const n = normaliseName(l.name);
      const item: TransferItemDto = { domain_name: n?.punycode ?? l.name, idn: n?.name ?? l.name, authcode: l.authcode, point: 0, error_msg: null };
      if (!n) item.error_msg = M.enterDomainCorrectly;
      else if (seen.has(n.punycode)) continue;
      else {
        seen.add(n.punycode);
        const checked = await this.checkOne(userId, n.punycode, l.authcode || undefined, group);
        item.point = checked.point;
        item.error_msg = checked.error;
      }
      items.push(item);
    }
    const holdId = randomUUID();
    await this.repo.saveHold(holdId, userId, items);
    return { result: true, errorMessage: null, holdId };
  }

  /** One name: its price and whether it may move to us now (the registry's dates; the AUTHCODE when given). */
  private async checkOne(userId: number, punycode: string, authInfo: string | undefined, group: PriceGroupDto | null): Promise<{ point: number; error: string | null }> {
    const q = await this.catalog.quote(punycode, group).catch(() => null);
    if (!q || !q.summary.can_transfer) return { point: 0, error: M.notTransferableTld };
    const point = transferPrice(q.tld, q.price);
    if ((await this.repo.heldPunycodes([punycode])).size) return { point, error: M.transferAlreadyOurs };
    if ((await this.repo.openPunycodes([punycode])).size) return { point, error: M.transferInProgress };
    try {
      const info = await this.epp.info(punycode, authInfo ? { authInfo } : {}, { userId });
      if (info.clID === this.clientId) return { point, error: M.transferAlreadyOurs };
      if (info.statuses.includes('pendingTransfer')) return { point, error: M.transferInProgress };
      if (info.statuses.some((s) => s === 'clientTransferProhibited' || s === 'serverTransferProhibited' || s === 'pendingDelete') || info.rgpStatuses.includes('redemptionPeriod')) {
        return { point, error: M.transferProhibited };
      }
      return { point, error: transferEligibilityError({ tld: q.tld, now: this.clock.now(), exDate: info.exDate, crDate: info.crDate, trDate: info.trDate }) };
    } catch (e) {
      if (EppError.is(e, EppResultCode.ObjectDoesNotExist)) return { point, error: M.transferNotRegistered };
      if (EppError.is(e, EppResultCode.InvalidAuthorizationInformation)) return { point, error: M.transferAuthcodeWrong };
      this.logger.warn(`transfer check of ${punycode}: ${(e as Error).message}`);
      return { point, error: M.unexpectedError };
    }
  }

  /**
   * The confirm page's data. AUTHCODEs are never served back (issue 23, finding 8): a line only says whether one is
   * kept; the request uses the kept one when the page sends none.
   */
  async hold(userId: number, holdId: string): Promise<TransferHoldDto | null> {
    const items = await this.repo.hold(userId, String(holdId ?? ''));
    if (!items) return null;
    return { id: holdId, transfers: items.map((i) => ({ ...i, authcode: '', authcode_saved: !!i.authcode })), user: { point: await this.orders.balance(userId) } };
  }

  /** Keeps the AUTHCODEs typed on the confirm page (before the card payment's round trip). */
  async saveHold(userId: number, holdId: string, transfers: unknown): Promise<{ result: boolean }> {
    const items = await this.repo.hold(userId, String(holdId ?? ''));
    if (!items) return { result: false };
    const typed = new Map((Array.isArray(transfers) ? transfers : []).map((t: any) => [String(t?.domain_name ?? ''), String(t?.authcode ?? '').trim().slice(0, 200)]));
    // an empty field keeps the AUTHCODE already kept (the page never receives it back)
    for (const i of items) if (typed.get(i.domain_name)) i.authcode = typed.get(i.domain_name)!;
    return { result: await this.repo.updateHold(userId, holdId, items) };
  }

  async list(userId: number): Promise<TransferInDto[]> {
    return (await this.repo.listByUser(userId)).map((t) => ({
      id: t.id, domain_name: t.name, status: t.status, point: t.point, error_msg: t.errorMsg, requested_at: t.requestedAt.toISOString(), settled_at: iso(t.settledAt),
    }));
  }

  /** POST mypage/transferin/request: each domain requested at the registry as us; money exactly once per domain. */
  async request(req: TransferRequestRpc): Promise<TransferRequestResult> {
    const userId = req.userId;
    const key = typeof req.idempotencyKey === 'string' && req.idempotencyKey.trim() ? req.idempotencyKey.trim().slice(0, 100) : randomUUID();
    const before = await this.repo.byKey(userId, key);
    if (before.length) return this.answer(before, []);
    const rows = Array.isArray(req.transfers) ? req.transfers : [];
    if (!rows.length) return { result: false, domains: [], errors: [M.selectDomain] };
    // AUTHCODEs kept with the hold (typed at entry, or before a card payment's round trip) fill lines sent without one
    const holdId = typeof req.holdId === 'string' ? req.holdId : '';
    const held = holdId ? await this.repo.hold(userId, holdId) : null;
    const keptCode = new Map((held ?? []).filter((i) => i.authcode).map((i) => [i.domain_name, i.authcode]));

    const refused: TransferRequestResult['domains'] = [];
    const accepted: Array<{ name: string; punycode: string; tld: string; authcode: string; point: number }> = [];
    const seen = new Set<string>();
    const tlds = new Set(await this.tlds());
    const group = await this.catalog.priceGroup(userId);
    for (const r of rows) {
      const input = String(r?.domain_name ?? '');
      const n = normaliseName(input);
      if (!n) { refused.push({ domain_name: input, error_msg: M.enterDomainCorrectly }); continue; }
      if (seen.has(n.punycode)) continue;
      seen.add(n.punycode);
      const authcode = String(r?.authcode ?? '').trim() || keptCode.get(n.punycode) || '';
      if (!tlds.has(transferTldOf(n.punycode)) && !tlds.has(n.tld)) { refused.push({ domain_name: n.punycode, error_msg: M.notTransferableTld }); continue; }
      if (!authcode) { refused.push({ domain_name: n.punycode, error_msg: M.authcodeMissing }); continue; }
      const q = await this.catalog.quote(n.punycode, group).catch(() => null);
      if (!q) { refused.push({ domain_name: n.punycode, error_msg: M.notTransferableTld }); continue; }
      accepted.push({ name: n.name, punycode: n.punycode, tld: q.tld, authcode, point: transferPrice(q.tld, q.price) });
    }
    if (!accepted.length) return { result: false, domains: refused, errors: [...new Set(refused.map((r) => r.error_msg!))] };
    const total = accepted.reduce((s, a) => s + a.point, 0);
    if (Number(req.totalPoint) !== total) return { result: false, domains: refused, errors: [M.totalMismatch] };
    const paymentType = req.payment?.type ?? 'point';
    const sessionId = paymentType === 'card' || paymentType === 'wallet' ? (req.payment?.sessionId ?? null) : null;
    if (sessionId) {
      const consumed = await this.orders.consumeSession(userId, sessionId).catch(() => false);
      if (!consumed) return { result: false, domains: refused, errors: [M.cardSessionFailed] };
    }
    // the balance must cover the whole total before anything is requested (nothing half-applied for lack of points)
    if (total > 0 && (await this.orders.balance(userId)) < total) return { result: false, domains: refused, errors: [M.pointsInsufficient] };

    // the request is being sent: the hold keeps no AUTHCODE any more (issue 23, finding 8)
    if (held) await this.repo.updateHold(userId, holdId, held.map((i) => ({ ...i, authcode: '' })));
    const made: TransferIn[] = [];
    for (const a of accepted) {
      const t = await this.repo.create({ userId, requestKey: key, name: a.name, punycode: a.punycode, tld: a.tld, point: a.point, paymentType, now: this.clock.now() });
      if (!t) { refused.push({ domain_name: a.punycode, error_msg: M.transferInProgress }); continue; }
      made.push(t);
      await this.requestOne(t, a.authcode);
    }
    return this.answer(await this.repo.byKey(userId, key), refused);
  }

  private async requestOne(t: TransferIn, authInfo: string): Promise<void> {
    const ctx = { userId: t.userId };
    if (t.point > 0) {
      try {
        await this.orders.spend(t.userId, t.point, transferMoneyKeys(t.id).spend, `transfer:${t.id}`);
        await this.repo.markSpent(t.id);
        t.spent = true;
      } catch (e) {
        const short = isOrdersRpcError(e) && e.code === OrdersErrorCode.InsufficientPoints;
        await this.repo.settle(t.id, 'error', { errorMsg: short ? M.pointsInsufficient : M.unexpectedError, now: this.clock.now() });
        // a charge whose answer was lost (a timeout, the orders service away) may have been taken or still be on its
        // way: voided now, refunded once if taken; if the void fails too, the money reconciler refunds the open spend
        if (!short) {
          const k = transferMoneyKeys(t.id);
          await this.orders.voidCharge(t.userId, t.point, k.spend, k.refund, `transfer:${t.id}`)
            .then((v) => (v.refunded ? this.repo.markRefunded(t.id) : undefined))
            .catch((err: Error) => this.logger.warn(`transfer ${t.id}: void after a failed charge: ${err.message}`));
        }
        return;
      }
    }
    // the send is claimed: the money reconciler gives a transfer-in up only while nobody has claimed it (ADR 0027)
    if (!(await this.repo.claimSend(t.id))) return;
    let reason: string | null = null;
    try {
      const info = await this.epp.info(t.punycode, { authInfo }, ctx);
      if (info.clID === this.clientId) reason = M.transferAlreadyOurs;
      else reason = transferEligibilityError({ tld: t.tld, now: this.clock.now(), exDate: info.exDate, crDate: info.crDate, trDate: info.trDate });
      if (!reason) {
        const r = await this.epp.transfer('request', t.punycode, { authInfo, ...(t.tld === 'jp' || t.tld.endsWith('.jp') ? {} : { period: { value: 1, unit: 'y' as const } }) }, ctx);
        const open = await this.repo.settle(t.id, 'pending', { exDate: r.exDate ?? null });
        if (!open) {
          // the money reconciler ended it meanwhile (this call hung past PROCESSING_DEADLINE_S) and refunded the
          // member: the request it did not see is withdrawn at the registry
          this.logger.warn(`transfer ${t.id} of ${t.punycode}: ended while its request was on its way; cancelling it at the registry`);
          if (r.trStatus === 'pending') await this.epp.transfer('cancel', t.punycode, {}, ctx).catch((e: Error) => this.logger.error(`transfer ${t.id}: cancel: ${e.message}`));
          return;
        }
        if (r.trStatus === 'clientApproved' || r.trStatus === 'serverApproved') await this.settlement.completed((await this.repo.find(t.id))!);
        return;
      }
    } catch (e) {
      reason = EppError.is(e, EppResultCode.InvalidAuthorizationInformation) ? M.transferAuthcodeWrong
        : EppError.is(e, EppResultCode.ObjectDoesNotExist) ? M.transferNotRegistered
          : EppError.is(e, EppResultCode.ObjectPendingTransfer) ? M.transferInProgress
            : EppError.is(e, EppResultCode.ObjectStatusProhibitsOperation) ? M.transferProhibited
              : e instanceof EppError ? M.transferRefused : M.unexpectedError;
      if (!(e instanceof EppError)) this.logger.error(`transfer request of ${t.punycode}: ${(e as Error).message}`);
    }
    await this.settlement.refused(t, reason ?? M.transferRefused, false);
  }

  private answer(items: TransferIn[], refused: TransferRequestResult['domains']): TransferRequestResult {
    const domains = [
      ...items.map((t) => ({ domain_name: t.punycode, error_msg: t.status === 'error' || t.status === 'rejected' || t.status === 'cancelled' ? (t.errorMsg ?? M.transferRefused) : null })),
      ...refused,
    ];
    const ok = domains.some((d) => d.error_msg === null);
    return { result: ok, domains, errors: ok ? [] : [...new Set(domains.map((d) => d.error_msg!))] };
  }

  // ── transfer-out ──

  async outs(userId: number): Promise<TransferOutDto[]> {
    return (await this.repo.outsOf(userId)).map((o) => ({
      id: o.id, domain_id: o.domainId, domain_name: o.name, requested_by: o.requestedBy, requested_at: o.requestedAt.toISOString(), auto_approve_at: o.autoApproveAt.toISOString(),
    }));
  }

  /** The member approves or rejects other registrars' requests for their domains (at the registry, as the sponsor). */
  async answerOuts(userId: number, ids: unknown, approve: boolean): Promise<TransferOutAnswer> {
    const list = (Array.isArray(ids) ? ids : [ids]).map(Number).filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 1000);
    if (!list.length) return { result: false, domainResults: [], errorMessage: M.selectTransferOuts };
    const mine = new Map((await this.repo.outsOf(userId, list)).map((o) => [o.id, o]));
    const results: TransferOutAnswer['domainResults'] = [];
    for (const id of list) {
      const o = mine.get(id);
      if (!o) { results.push({ id, name: '', status: 'error', message: M.transferOutGone }); continue; }
      // an admin-locked domain is not let go (rejecting keeps it, so that stays allowed)
      if (approve && o.adminLock) { results.push({ id, name: o.name, status: 'error', message: M.adminLocked }); continue; }
      // a listed domain is not let go either (docs/market.md)
      if (approve && o.marketListed) { results.push({ id, name: o.name, status: 'error', message: MK.listed }); continue; }
      try {
        await this.epp.transfer(approve ? 'approve' : 'reject', o.punycode, {}, { userId, domainPkid: o.domainId });
      } catch (e) {
        if (!EppError.is(e, EppResultCode.ObjectNotPendingTransfer)) {
          this.logger.warn(`transfer-out ${approve ? 'approve' : 'reject'} of ${o.punycode}: ${(e as Error).message}`);
          results.push({ id, name: o.name, status: 'error', message: M.unexpectedError });
          continue;
        }
        // the registry has no pending transfer any more (approved by itself or cancelled): the poll reader settles it
        results.push({ id, name: o.name, status: 'error', message: M.transferOutGone });
        continue;
      }
      if (approve) await this.settlement.lostOut(o, 'approved');
      else await this.settlement.endOut(o, 'rejected');
      results.push({ id, name: o.name, status: 'success', message: approve ? M.transferOutApproved : M.transferOutRejected });
    }
    const ok = results.some((r) => r.status === 'success');
    return { result: ok, domainResults: results, errorMessage: ok ? null : results[0]?.message ?? M.transferOutGone };
  }

  /** Transfers-in not completed within 7 days: cancelled at the registry (when still pending there) and refunded. */
  async expire(): Promise<{ cancelled: number }> {
    const now = this.clock.now();
    const cutoff = new Date(now.getTime() - 7 * 24 * 3600_000);
    let cancelled = 0;
    for (const t of await this.repo.openBefore(cutoff)) {
      try {
        await this.epp.transfer('cancel', t.punycode, {}, { userId: t.userId });
      } catch (e) {
        if (!(e instanceof EppError)) throw e;
        // no pending transfer at the registry any more: the poll reader may still settle it; an info tells now
        const info = await this.epp.info(t.punycode, {}, { userId: t.userId }).catch(() => null);
        if (info?.clID === this.clientId) { await this.settlement.completed(t); continue; }
      }
      if (await this.settlement.refused(t, M.transferExpired, true, 'cancelled')) cancelled++;
    }
    return { cancelled };
  }
}
