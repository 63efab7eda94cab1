import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName, WhoisChangeJobData } from '@registrar/contracts';

/** A process asks for a refill of the proxy reserve at most this often (the schedule runs every PROXY_RESERVE_EVERY_S). */
export const REFILL_ASK_EVERY_MS = 1000;

/** WHOIS's producer side of QueueName.DomainOpsWhois. */
@Injectable()
export class WhoisQueue {
  constructor(@InjectQueue(QueueName.DomainOpsWhois) readonly queue: Queue) {}

  /** when this process last asked for a refill (0: never, or its add failed) */
  private refillAskedAt = 0;

  /**
   * Tops up the reserve of proxy contacts now (one waiting refill at a time: the same job id; the schedule
   * `proxy-reserve-refill` catches up what a running one missed). Asked at most once per `REFILL_ASK_EVERY_MS` by a
   * process (ADR 0061): a registration that finds the reserve under half asks, and during a burst every one of them
   * did, each add finding the same job waiting or running (a BullMQ script and a `duplicated` event, nothing added).
   */
  async refillReserve(): Promise<void> {
    const now = Date.now();
    if (now - this.refillAskedAt < REFILL_ASK_EVERY_MS) return;
    this.refillAskedAt = now;
    await this.queue.add(JobName.ProxyReserveRefill, {}, { jobId: 'proxy-reserve-refill-now', attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: true, removeOnFail: true }).catch((e) => {
      this.refillAskedAt = 0;
      throw e;
    });
  }

  /** One domain's WHOIS change (a job id per request: a retried dispatch adds nothing). */
  async enqueueChange(domainId: number, token: string): Promise<void> {
    await this.queue.add(JobName.WhoisChange, { domainId, token } satisfies WhoisChangeJobData, {
      jobId: `whois-${domainId}-${token}`, attempts: 5, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
    });
  }
}
