import type { SystemClock } from '@registrar/infra';
import type { RegistryPolicy } from '../policy/registry-policy';
import { SWEEP_BATCH, type RegistryRepository } from '../persistence/registry.repository';
import type { DomainService } from '../domain/domain.service';
import { addDays, addYears } from '../domain/dates';

export interface SweepReport {
  transfersApproved: number;
  autoRenewed: number;
  expiredToRedemption: number;
  toPendingDelete: number;
  purged: number;
  provisionalExpired: number;
}

/**
 * Time-driven registry events, run by a timer and after every move of the test clock: automatic transfer approval,
 * auto-renewal or expiry, redemption → pendingDelete → purge, lapsed provisional registrations. Each sends its poll messages.
 */
export class LifecycleService {
  constructor(
    private readonly repo: RegistryRepository,
    private readonly policy: RegistryPolicy,
    private readonly domains: DomainService,
    private readonly clock: SystemClock,
  ) {}

  /** Runs batches until nothing is due: a clock moved by years can leave more than one batch of names due. */
  async sweep(): Promise<SweepReport> {
    const now = this.clock.now();
    const r: SweepReport = { transfersApproved: 0, autoRenewed: 0, expiredToRedemption: 0, toPendingDelete: 0, purged: 0, provisionalExpired: 0 };
    while (await this.sweepBatch(now, r)) { /* a phase filled its batch: more may be due */ }
    return r;
  }

  /** one transaction over at most SWEEP_BATCH names per phase; true when a phase was full */
  private async sweepBatch(now: Date, r: SweepReport): Promise<boolean> {
    return this.repo.transaction(async (q) => {
      const transfers = await this.repo.dueTransfers(q, now);
      for (const d of transfers) {
        const acDate = new Date(d.transfer!.acDate);
        const t = await this.domains.completeTransfer(q, d, this.policy.forTld(d.tld), 'serverApproved', acDate);
        const payload = { kind: 'transfer' as const, transfer: { ...t, name: d.name } };
        await this.repo.enqueuePoll(q, t.reID, acDate, 'Transfer approved by the registry (no answer within the period).', payload);
        await this.repo.enqueuePoll(q, t.acID, acDate, 'Transfer approved by the registry (no answer within the period).', payload);
        r.transfersApproved++;
      }
      const expiries = await this.repo.dueExpiries(q, now);
      for (const d of expiries) {
        const p = this.policy.forTld(d.tld);
        if (d.provisionalUntil) {
          await this.repo.deleteDomain(q, d.name);
          await this.repo.enqueuePoll(q, d.clId, d.exDate, `Provisional registration of ${d.name} lapsed without completion; the name was released.`, null);
          r.provisionalExpired++;
        } else if (p.onExpiry === 'autoRenew' && !d.statuses.includes('clientRenewProhibited') && !d.statuses.includes('serverRenewProhibited')) {
          const exDate = addYears(d.exDate, 1);
          await this.repo.updateDomain(q, d.name, { exDate, autoRenewGraceUntil: p.autoRenewGraceDays ? addDays(d.exDate, p.autoRenewGraceDays) : null });
          await this.repo.enqueuePoll(q, d.clId, d.exDate, `Domain ${d.name} auto-renewed.`, { kind: 'renewal', name: d.name, exDate: exDate.toISOString() });
          r.autoRenewed++;
        } else {
          const until = addDays(d.exDate, p.redemptionDays);
          await this.repo.updateDomain(q, d.name, { rgpState: 'redemptionPeriod', rgpUntil: until, redemptionUntil: until, deletedAt: d.exDate, deleteTrid: { svTRID: `EXPIRY-${d.roid}` } });
          await this.repo.enqueuePoll(q, d.clId, d.exDate, `Domain ${d.name} expired and entered its redemption period.`, null);
          r.expiredToRedemption++;
        }
      }
      const rgp = await this.repo.dueRgp(q, now);
      for (const d of rgp) {
        const p = this.policy.forTld(d.tld);
        if (d.rgpState === 'pendingRestore' && d.redemptionUntil && d.redemptionUntil > now) {
          // no report in time: back to the redemption period
          await this.repo.updateDomain(q, d.name, { rgpState: 'redemptionPeriod', rgpUntil: d.redemptionUntil });
        } else if (d.rgpState === 'redemptionPeriod' || d.rgpState === 'pendingRestore') {
          await this.repo.updateDomain(q, d.name, { rgpState: 'pendingDelete', rgpUntil: addDays(d.rgpUntil!, p.pendingDeleteDays) });
          r.toPendingDelete++;
        } else {
          for (const h of await this.repo.hostsUnder(q, d.name)) await this.repo.deleteHost(q, h);
          await this.repo.deleteDomain(q, d.name);
          await this.repo.enqueuePoll(q, d.clId, d.rgpUntil!, `Domain ${d.name} was purged.`, {
            kind: 'pendingAction', name: d.name, paResult: true, paTRID: d.deleteTrid ?? { svTRID: `PURGE-${d.roid}` }, paDate: d.rgpUntil!.toISOString(),
          });
          r.purged++;
        }
      }
      return [transfers, expiries, rgp].some((rows) => rows.length >= SWEEP_BATCH);
    });
  }
}
