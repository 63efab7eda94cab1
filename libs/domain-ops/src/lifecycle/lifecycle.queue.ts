import { Injectable } from '@nestjs/common';
import { InjectFlowProducer, InjectQueue } from '@nestjs/bullmq';
import { FlowProducer, Queue } from 'bullmq';
import { CompleteRenewalJobData, JobName, QueueName, RegisterDomainJobData, RenewDomainJobData } from '@registrar/contracts';
import { chunks } from '../shared/common/chunks';
import { DomainOpsConfig } from '../shared/domain-ops.config';
import { DOMAIN_OPS_FLOWS } from '../shared/queue/domain-ops.queue';
import type { OrderItem } from './orders/registration-order.repository';
import type { RenewalItem } from './renewal/renewal.repository';

/** BullMQ job ids may not contain ':'; the id keeps one job per order item (and per order: an older release's flow parent). */
export const orderJobId = (orderId: string) => `order-${orderId}`;
/** A registration's follow-up runs at the end of its time slot (ADR 0061): at most one run per slot, whatever the registrations. */
export const FOLLOW_UP_SLOT_MS = 500;
export const registerJobId = (orderId: string, punycode: string) => `register-${orderId}-${punycode}`;

/**
 * The lifecycle's producer side of QueueName.DomainOpsLifecycle: an order is one RegisterDomain job per domain (the
 * last to end closes the order); a renewal is a BullMQ flow, the CompleteRenewal parent with its RenewDomain children,
 * which run in parallel on any replica (the parent runs once they all have ended).
 */
@Injectable()
export class LifecycleQueue {
  constructor(
    private readonly config: DomainOpsConfig,
    @InjectQueue(QueueName.DomainOpsLifecycle) readonly queue: Queue,
    @InjectFlowProducer(DOMAIN_OPS_FLOWS) readonly flows: FlowProducer,
  ) {}

  /**
   * Starts the order: one RegisterDomain job per item, no parent (docs/purchase.md, ADR 0047): the item's job ends the
   * order when it is the last to end. Adding it again (a retried call) adds nothing, the job ids being the same. The
   * money reconciler resumes an order whose jobs were lost with `suffix` ('-resume'): new job ids, the same items (a
   * RegisterDomain job leaves an ended item alone and checks the registry before creating).
   */
  async enqueueOrder(orderId: string, items: OrderItem[], suffix = ''): Promise<void> {
    const jobs = items.map((i) => ({
      name: JobName.RegisterDomain as string,
      data: { orderId, itemId: i.id } satisfies RegisterDomainJobData,
      opts: {
        jobId: registerJobId(orderId, i.punycode) + suffix,
        attempts: this.config.REGISTER_ATTEMPTS,
        backoff: { type: 'exponential', delay: this.config.REGISTER_BACKOFF_MS },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      },
    }));
    if (jobs.length === 1) await this.queue.add(jobs[0]!.name, jobs[0]!.data, jobs[0]!.opts);
    else await this.queue.addBulk(jobs);
  }

  /**
   * Runs the registrations' follow-ups (docs/purchase.md): the domains are marked in the database, so one run takes
   * every due one. At a lower priority than registrations, so members waiting for their order go first. `delayMs` for
   * a retry.
   *
   * A registration's kick (ADR 0061) asks for the run of its time slot: one job per `FOLLOW_UP_SLOT_MS`, delayed to the
   * slot's end (its id names the slot, so replicas asking for the same slot add one). The caller's mark is committed
   * before it asks, and the slot's run cannot start before the slot ends, so it takes that mark; a process that has
   * added its slot's run sends nothing for the other registrations of the slot. Before, every registration added the
   * same waiting job again (a BullMQ script and a `duplicated` event per domain, nothing added).
   */
  async kickFollowUps(delayMs = 0): Promise<void> {
    if (delayMs <= 0) return this.kickSlot();
    const at = Math.ceil((Date.now() + delayMs) / 500);
    await this.queue.add(JobName.RegistrationFollowUp, {}, {
      jobId: `registration-follow-ups-at-${at}`,
      delay: delayMs,
      priority: 10,
      removeOnComplete: true,
      removeOnFail: true,
    });
  }

  /** the slot whose run this process has added (answered by Redis) */
  private slotAdded = 0;

  private async kickSlot(): Promise<void> {
    const now = Date.now();
    const slot = Math.floor(now / FOLLOW_UP_SLOT_MS) + 1;
    if (slot === this.slotAdded) return;
    await this.queue.add(JobName.RegistrationFollowUp, {}, {
      jobId: `registration-follow-ups-slot-${slot}`,
      delay: slot * FOLLOW_UP_SLOT_MS - now,
      priority: 10,
      removeOnComplete: true,
      removeOnFail: true,
    });
    this.slotAdded = Math.max(this.slotAdded, slot);
  }

  /**
   * Starts a renewal's flow: CompleteRenewal parent, one RenewDomain child per DOMAINS_PER_JOB items (ADR 0037; each
   * item still renewed and ended on its own; job ids per renewal and the chunk's first domain).
   */
  async enqueueRenewal(renewalId: string, items: RenewalItem[], suffix = ''): Promise<void> {
    await this.flows.add({
      name: JobName.CompleteRenewal,
      queueName: QueueName.DomainOpsLifecycle,
      data: { renewalId } satisfies CompleteRenewalJobData,
      opts: { jobId: `renewal-${renewalId}${suffix}`, attempts: 3, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 } },
      children: chunks(items, this.config.DOMAINS_PER_JOB).map((part) => ({
        name: JobName.RenewDomain,
        queueName: QueueName.DomainOpsLifecycle,
        data: { renewalId, itemIds: part.map((i) => i.id) } satisfies RenewDomainJobData,
        opts: {
          jobId: `renew-${renewalId}-${part[0]!.punycode}${suffix}`,
          attempts: this.config.REGISTER_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.config.REGISTER_BACKOFF_MS },
          ignoreDependencyOnFailure: true,
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      })),
    });
  }
}
