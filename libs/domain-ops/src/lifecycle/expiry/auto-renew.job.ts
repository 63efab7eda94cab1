import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { M } from '@registrar/messages';
import { PriceGroupDto } from '@registrar/contracts';
import { formatDateJst, renewalPrice, CARD_MINIMUM_YEN, MAX_DOMAINS_PER_RENEWAL } from '@registrar/rules';
import { DomainOpsConfig } from '../../shared/domain-ops.config';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { AutoRenewTaken, RenewalRepository } from '../renewal/renewal.repository';
import { RenewalService } from '../renewal/renewal.service';
import { DueDomain, LifecycleRepository } from './lifecycle.repository';

export interface AutoRenewSweepResult {
  today: string;
  due: number;
  renewed: number;
  skipped: number;
  failed: number;
}

/**
 * Daily (AUTO_RENEW_CRON, Asia/Tokyo): every domain with auto-renew on whose expiry is within AUTO_RENEW_DAYS_BEFORE
 * days is renewed for its minimum period, paid from points, else by an off-session charge of the member's card for the
 * shortfall (at least 50 yen), else the member gets the auto-renew failure mail. Idempotent per domain and expiry:
 * each renewal item records the Tokyo expiry day it renews from, unique per domain (a domain is tried once per expiry
 * day), and the card charge's key is `autorenew:{domainId}:{expiry day}`, so a rerun on the same day (or a retried
 * job, or a second sweep at once) renews, charges and mails nothing twice.
 *
 * Batched per member (ADR 0028): one look-up of what was tried, of the domains and of the price group and balance
 * per member; the domains the points cover go as renewals of up to MAX_DOMAINS_PER_RENEWAL items each (one INSERT of
 * the items, one ledger message for their charges, one job flow), keyed `auto:{first domain id}:{its expiry day}`;
 * the rest go one by one, each reading the balance its predecessor left, so the card pays only what the points no
 * longer cover.
 */
@Injectable()
export class AutoRenewSweepJob {
  static readonly jobName = JobName.AutoRenewSweep;
  private readonly logger = new Logger(AutoRenewSweepJob.name);

  constructor(
    private readonly lifecycle: LifecycleRepository,
    private readonly renewals: RenewalService,
    private readonly renewalRepo: RenewalRepository,
    private readonly orders: OrdersPort,
    private readonly catalog: CatalogPort,
    private readonly mail: MailOutbox,
    private readonly config: DomainOpsConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(): Promise<AutoRenewSweepResult> {
    const today = formatDateJst(this.clock.now());
    const due = await this.lifecycle.autoRenewDue(today, this.config.AUTO_RENEW_DAYS_BEFORE);
    const out: AutoRenewSweepResult = { today, due: due.length, renewed: 0, skipped: 0, failed: 0 };
    // members in parallel (AUTO_RENEW_CONCURRENCY at a time), one member's domains in order: each reads the balance
    // its predecessor left, so the card pays only what the points no longer cover
    const byMember = new Map<number, DueDomain[]>();
    for (const d of due) {
      const list = byMember.get(d.userId);
      if (list) list.push(d);
      else byMember.set(d.userId, [d]);
    }
    const queue = [...byMember.values()];
    const worker = async () => {
      for (let list = queue.shift(); list; list = queue.shift()) {
        try {
          await this.renewMember(list, out);
        } catch (e) {
          this.logger.warn(`auto-renew of member ${list[0]!.userId}: ${(e as Error).message}`);
          out.failed += list.length;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.config.AUTO_RENEW_CONCURRENCY) }, worker));
    if (due.length) this.logger.log(`auto-renew ${today}: ${JSON.stringify(out)}`);
    return out;
  }

  /** One member's due domains: what the points cover in batches, the rest one by one (card for the shortfall). */
  private async renewMember(list: DueDomain[], out: AutoRenewSweepResult): Promise<void> {
    const userId = list[0]!.userId;
    const tried = await this.renewalRepo.autoTried(list.map((d) => ({ domainId: d.id, dueDay: d.dueDay })));
    const keyed = await this.renewalRepo.keysTaken(userId, list.map((d) => `auto:${d.id}:${d.dueDay}`));
    const fresh = list.filter((d) => !tried.has(d.id) && !keyed.has(`auto:${d.id}:${d.dueDay}`));
    out.skipped += list.length - fresh.length;
    if (!fresh.length) return;
    const domains = new Map((await this.renewalRepo.domainsById(userId, fresh.map((d) => d.id))).map((d) => [d.id, d]));
    const pending = new Set(await this.renewalRepo.pendingDomainIds(fresh.map((d) => d.id)));
    const group = await this.catalog.priceGroup(userId);
    const ready: Array<{ d: DueDomain; period: number; price: number }> = [];
    for (const d of fresh) {
      const domain = domains.get(d.id);
      const q = domain ? await this.renewals.quote(domain, pending.has(d.id), group) : null;
      if (!q || pending.has(d.id) || q.window !== 'renew' || q.error) {
        out.skipped++;
        continue;
      }
      const period = q.period_options[0]!;
      ready.push({ d, period, price: renewalPrice('renew', q, period) });
    }
    if (!ready.length) return;
    // the first domains, in order, as far as the points reach: in batches
    const balance = await this.orders.balance(userId);
    let covered = 0;
    for (let sum = 0; covered < ready.length && sum + ready[covered]!.price <= balance; covered++) sum += ready[covered]!.price;
    for (let i = 0; i < covered; i += MAX_DOMAINS_PER_RENEWAL) await this.renewBatch(userId, ready.slice(i, i + MAX_DOMAINS_PER_RENEWAL), group, out);
    for (const { d } of ready.slice(covered)) {
      try {
        out[await this.renewOne(d)]++;
      } catch (e) {
        this.logger.warn(`auto-renew of ${d.punycode}: ${(e as Error).message}`);
        out.failed++;
      }
    }
  }

  private async renewBatch(userId: number, batch: Array<{ d: DueDomain; period: number; price: number }>, group: PriceGroupDto | null, out: AutoRenewSweepResult): Promise<void> {
    const first = batch[0]!.d;
    const total = batch.reduce((s, b) => s + b.price, 0);
    let r;
    try {
      r = await this.renewals.renew(
        { userId, domains: batch.map((b) => ({ name: b.d.punycode, period: b.period })), point: total, idempotencyKey: `auto:${first.id}:${first.dueDay}`, payment: { type: 'point' } },
        'auto', { group, autoDue: new Map(batch.map((b) => [b.d.id, b.d.dueDay])) },
      );
    } catch (e) {
      // another sweep holds one of these domains for its expiry day: it renews them, this one leaves them
      if (e instanceof AutoRenewTaken) {
        out.skipped += batch.length;
        return;
      }
      throw e;
    }
    const byName = new Map(batch.map((b) => [b.d.name, b.d]));
    if (!r.result) {
      for (const b of batch) await this.failed(b.d, r.errors[0] ?? M.renewFailed);
      out.failed += batch.length;
      return;
    }
    for (const row of r.data) {
      const d = byName.get(row.name);
      if (row.code === 2) {
        out.failed++;
        if (d) await this.failed(d, row.error_msg ?? M.renewFailed);
      } else out.renewed++;
    }
  }

  private async renewOne(d: DueDomain): Promise<'renewed' | 'skipped' | 'failed'> {
    const key = `auto:${d.id}:${d.dueDay}`;
    const earlier = await this.renewalRepo.findByKey(d.userId, key);
    if (earlier) return 'skipped';
    const domain = await this.renewalRepo.domain(d.id);
    if (!domain) return 'skipped';
    const pending = (await this.renewalRepo.pendingDomainIds([d.id])).length > 0;
    const q = await this.renewals.quote(domain, pending);
    if (pending || q.window !== 'renew' || q.error) return 'skipped';
    const period = q.period_options[0];
    const price = renewalPrice('renew', q, period);
    const balance = await this.orders.balance(d.userId);
    if (balance < price) {
      const amount = Math.max(price - balance, CARD_MINIMUM_YEN);
      const charge = await this.orders.chargeOffSession(d.userId, amount, `autorenew:${d.id}:${d.dueDay}`, `autorenew:${d.punycode}`);
      if (!charge.result) {
        await this.failed(d, charge.errorCode === 100 ? `${M.pointsInsufficient}（${charge.error ?? 'カード情報を登録してください'}）` : `${M.pointsInsufficient}（${charge.error ?? M.unexpectedError}）`);
        return 'failed';
      }
    }
    let r;
    try {
      r = await this.renewals.renew({ userId: d.userId, domains: [{ name: d.punycode, period }], point: price, idempotencyKey: key, payment: { type: 'point' } }, 'auto', { autoDue: new Map([[d.id, d.dueDay]]) });
    } catch (e) {
      if (e instanceof AutoRenewTaken) return 'skipped';
      throw e;
    }
    if (!r.result) {
      await this.failed(d, r.errors[0] ?? M.renewFailed);
      return 'failed';
    }
    return 'renewed';
  }

  private async failed(d: DueDomain, reason: string): Promise<void> {
    await this.mail.send({ template: 'domain.auto-renew-failed', userId: d.userId, key: `autorenew-failed:${d.id}:${d.dueDay}`, params: { name: d.name, expiry: d.dueDay, reason } });
  }
}
