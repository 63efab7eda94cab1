import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { ActionCodes, JobName, QueueName } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode, PollMessage, eppClientOptionsFromEnv } from '@registrar/epp';
import { fmt, M } from '@registrar/messages';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { DnsZoneEvents } from '../../shared/queue/dns-zone.events';
import { itemKeys } from '../orders/item-keys';
import { RegistrationOrderRepository } from '../orders/registration-order.repository';
import { CatalogPort } from '../../shared/ports/catalog.port';
import { OrdersPort } from '../../shared/ports/orders.port';
import { RenewDomainJob } from '../renewal/renew-domain.job';
import { RenewalRepository } from '../renewal/renewal.repository';
import { TransferRepository, updatedRows } from './transfer.repository';
import { TransferSettlement } from './transfer.settlement';
import { TransferService } from './transfer.service';

/**
 * A run reads until the queue is empty, for at most this long; a longer backlog (a day of auto-renewal notices for a
 * large portfolio) goes on in a follow-up run queued at once, so a transfer's answer behind it waits seconds, not
 * scheduler periods, and no single job holds a worker for long.
 */
export const POLL_RUN_BUDGET_MS = 30_000;

export interface DrainSummary {
  read: number;
  transfersIn: number;
  transfersOut: number;
  registrations: number;
  renewals: number;
  other: number;
  /** messages still queued when the run's time was up (a follow-up run was queued) */
  left: number;
}

/**
 * JobName.DrainPollMessages (a job scheduler, every POLL_EVERY_S): reads the registry's message queue as our
 * registrar and settles what each message tells — our transfers-in (approved → the domain joins the member's list with
 * their default settings; rejected or cancelled → refund and mail), other registrars' requests for our domains
 * (shown on the list until answered; approved → the domain leaves the list), and registrations the registry answered
 * "accepted" (then an info tells whether they exist). A message is recorded as handled before its ack, so a lost ack
 * never settles twice.
 */
@Injectable()
export class DrainPollMessagesJob {
  static readonly jobName = JobName.DrainPollMessages;
  private readonly logger = new Logger(DrainPollMessagesJob.name);
  private readonly clientId = eppClientOptionsFromEnv().clientId;

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    private readonly repo: TransferRepository,
    private readonly settlement: TransferSettlement,
    private readonly orders: RegistrationOrderRepository,
    private readonly ledger: OrdersPort,
    private readonly actionLog: ActionLogRepository,
    private readonly dnsZones: DnsZoneEvents,
    private readonly renewals: RenewalRepository,
    private readonly catalog: CatalogPort,
    private readonly renewJob: RenewDomainJob,
    @InjectQueue(QueueName.DomainOpsLifecycle) private readonly queue: Queue,
  ) {}

  /** `budgetMs` (job data) shortens the run's time, as an operator may for a run started by hand. */
  async handle(data: { budgetMs?: number } = {}): Promise<DrainSummary> {
    const budgetMs = data?.budgetMs ?? POLL_RUN_BUDGET_MS;
    const s: DrainSummary = { read: 0, transfersIn: 0, transfersOut: 0, registrations: 0, renewals: 0, other: 0, left: 0 };
    const until = Date.now() + budgetMs;
    let lastId = '';
    for (;;) {
      const r = await this.epp.poll();
      const m = r.message;
      if (!m) break;
      if (s.read > 0 && Date.now() > until) {
        s.left = r.count;
        break;
      }
      s.read++;
      lastId = m.id;
      if (!(await this.repo.isHandled(m.id))) {
        try {
          await this.apply(m, s);
        } catch (e) {
          // not acknowledged: the next run reads it again
          this.logger.error(`poll message ${m.id} (${m.msg ?? ''}): ${(e as Error).message}`);
          throw e;
        }
        await this.repo.markHandled(m.id, m.transfer ? 'transfer' : m.pendingAction ? 'pending-action' : m.domain ? 'domain' : 'other', m.transfer?.name ?? m.pendingAction?.name ?? m.domain?.name ?? null,
          { msg: m.msg ?? null, transfer: m.transfer ?? null, pendingAction: m.pendingAction ?? null });
      }
      await this.epp.pollAck(m.id);
    }
    if (s.left > 0) {
      this.logger.log(`${s.read} poll messages read, ${s.left} left: a follow-up run continues`);
      await this.queue.add(JobName.DrainPollMessages, {}, { jobId: `poll-drain-after-${lastId}`, removeOnComplete: 20, removeOnFail: 50 });
    }
    s.registrations += await this.settleAcceptedRegistrations();
    for (const item of await this.renewals.acceptedItems()) if (await this.renewJob.settleAccepted(item)) s.renewals++;
    return s;
  }

  private async apply(m: PollMessage, s: DrainSummary): Promise<void> {
    const t = m.transfer;
    if (t) {
      if (t.reID === this.clientId) {
        s.transfersIn++;
        const mine = await this.repo.openByPunycode(t.name);
        if (!mine) return;
        if (t.trStatus === 'clientApproved' || t.trStatus === 'serverApproved') await this.settlement.completed({ ...mine, exDate: t.exDate ?? mine.exDate });
        else if (t.trStatus === 'clientRejected') await this.settlement.refused(mine, M.transferRejectedByLosing, true, 'rejected');
        else if (t.trStatus === 'clientCancelled' || t.trStatus === 'serverCancelled') await this.settlement.refused(mine, M.transferCancelledByRegistry, true, 'cancelled');
        return;
      }
      if (t.acID === this.clientId) {
        s.transfersOut++;
        if (t.trStatus === 'pending') return this.settlement.requestedOut(t.name, t.reID, t.reDate, t.acDate);
        const open = await this.repo.openOut(t.name);
        if (t.trStatus === 'clientApproved' || t.trStatus === 'serverApproved') return this.settlement.lostOut(open, t.trStatus === 'serverApproved' ? 'auto_approved' : 'approved', t.name);
        if (open) await this.settlement.endOut(open, t.trStatus === 'clientRejected' ? 'rejected' : 'cancelled');
        return;
      }
    }
    if (m.pendingAction) {
      s.registrations += await this.settleAcceptedRegistrations(m.pendingAction.name);
      return;
    }
    if (m.domain) {
      // an auto-renewal or deletion notice: a renewal of that name the registry had accepted may have ended
      for (const item of (await this.renewals.acceptedItems()).filter((i) => i.punycode === m.domain!.name)) if (await this.renewJob.settleAccepted(item)) s.renewals++;
      return;
    }
    s.other++;
  }

  /**
   * Registrations the registry answered "accepted" (1001, pendingCreate): an info tells whether the name is now ours
   * (done: the domain becomes active) or was refused (the item is refunded and the pending row removed).
   */
  async settleAcceptedRegistrations(punycode?: string): Promise<number> {
    const rows: Array<Record<string, any>> = await this.repo.ds.query(
      `SELECT i.id, i.order_id, i.punycode, i.name, i.point, i.spent, i.refunded, i.is_campaign, o.user_id FROM domain_ops.registration_order_items i
       JOIN domain_ops.registration_orders o ON o.id = i.order_id WHERE i.status = 'accepted' ${punycode ? 'AND i.punycode = $1' : ''} ORDER BY i.id LIMIT 200`,
      punycode ? [punycode] : [],
    );
    let settled = 0;
    for (const r of rows) {
      const ctx = { userId: Number(r.user_id) };
      let info: Awaited<ReturnType<EppClientPool['info']>> | null = null;
      try {
        info = await this.epp.info(r.punycode, {}, ctx);
      } catch (e) {
        if (!EppError.is(e, EppResultCode.ObjectDoesNotExist)) throw e;
      }
      if (info && info.clID === this.clientId && !info.statuses.includes('pendingCreate')) {
        const upd = updatedRows(await this.repo.ds.query(
          `UPDATE domain_ops.domains SET status = 'active', registry_domain_id = coalesce(registry_domain_id, $2), due_date = coalesce($3, due_date), updated_at = now()
           WHERE punycode = $1 AND status = 'pending' RETURNING id`, [r.punycode, info.roid, info.exDate ?? null]));
        const row = upd[0] ?? (await this.repo.ds.query('SELECT id FROM domain_ops.domains WHERE punycode = $1', [r.punycode]))[0];
        await this.orders.setItem(Number(r.id), { status: 'done', domainPkId: row ? Number(row.id) : null, registryDomainId: info.roid });
        await this.dnsZones.changed(r.punycode);
        settled++;
      } else if (!info || info.clID !== this.clientId) {
        if (r.spent && Number(r.point) > 0 && !r.refunded) {
          const keys = itemKeys(r.order_id, r.punycode);
          const entry = await this.ledger.refund(Number(r.user_id), Number(r.point), keys.refund, `order:${r.order_id}`);
          await this.orders.markRefunded(Number(r.id));
          await this.actionLog.write({
            userId: Number(r.user_id), domainName: r.name, type: 1, point: Number(r.point), remainingPoint: entry.balanceAfter, subject: 'ドメイン新規登録失敗',
            content: `${r.name}: ${fmt(M.refundedPoints, { point: Number(r.point), reason: M.registrationFailed })}`, dedupeKey: `item:${r.id}:refund`, actionId: ActionCodes.RegisterRefund,
          });
        }
        if (r.is_campaign) await this.catalog.release(itemKeys(r.order_id, r.punycode).campaign).catch(() => false);
        await this.repo.ds.query(`DELETE FROM domain_ops.domains WHERE punycode = $1 AND status = 'pending'`, [r.punycode]);
        await this.orders.setItem(Number(r.id), { status: 'error', errorMsg: M.registrationFailed });
        settled++;
      }
    }
    return settled;
  }
}

/** JobName.ExpireTransfers (scheduled): transfers-in not completed within 7 days are cancelled and refunded. */
@Injectable()
export class ExpireTransfersJob {
  static readonly jobName = JobName.ExpireTransfers;
  constructor(private readonly transfers: TransferService) {}
  handle(): Promise<{ cancelled: number }> {
    return this.transfers.expire();
  }
}
