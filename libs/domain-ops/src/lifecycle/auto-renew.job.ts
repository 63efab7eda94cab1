import { Inject, Injectable, Logger } from '@nestjs/common';
import { JobName } from '@registrar/contracts';
import { Clock, CLOCK } from '@registrar/infra';
import { MailOutbox } from '@registrar/mail';
import { M } from '@registrar/messages';
import { formatDateJst, renewalPrice, CARD_MINIMUM_YEN } from '@registrar/rules';
import { DomainOpsConfig } from '../domain-ops.config';
import { OrdersPort } from '../ports/orders.port';
import { RenewalRepository } from '../renewal/renewal.repository';
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
 * the renewal's key is `auto:{domainId}:{expiry day}` and the card charge's `autorenew:{domainId}:{expiry day}`, so a
 * rerun on the same day (or a retried job) renews, charges and mails nothing twice.
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
    for (const d of due) byMember.set(d.userId, [...(byMember.get(d.userId) ?? []), d]);
    const queue = [...byMember.values()];
    const worker = async () => {
      for (let list = queue.shift(); list; list = queue.shift()) {
        for (const d of list) {
          try {
            const r = await this.renewOne(d);
            out[r]++;
          } catch (e) {
            this.logger.warn(`auto-renew of ${d.punycode}: ${(e as Error).message}`);
            out.failed++;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.config.AUTO_RENEW_CONCURRENCY) }, worker));
    if (due.length) this.logger.log(`auto-renew ${today}: ${JSON.stringify(out)}`);
    return out;
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
    const r = await this.renewals.renew({ userId: d.userId, domains: [{ name: d.punycode, period }], point: price, idempotencyKey: key, payment: { type: 'point' } }, 'auto');
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
