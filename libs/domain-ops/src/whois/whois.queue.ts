import { Injectable } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { Queue } from 'bullmq';
import { JobName, QueueName, WhoisChangeJobData } from '@registrar/contracts';

/** WHOIS's producer side of QueueName.DomainOpsWhois. */
@Injectable()
export class WhoisQueue {
  constructor(@InjectQueue(QueueName.DomainOpsWhois) readonly queue: Queue) {}

  /**
   * Tops up the reserve of proxy contacts now (one waiting refill at a time: the same job id; the schedule
   * `proxy-reserve-refill` catches up what a running one missed).
   */
  async refillReserve(): Promise<void> {
    await this.queue.add(JobName.ProxyReserveRefill, {}, { jobId: 'proxy-reserve-refill-now', attempts: 3, backoff: { type: 'exponential', delay: 5_000 }, removeOnComplete: true, removeOnFail: true });
  }

  /** One domain's WHOIS change (a job id per request: a retried dispatch adds nothing). */
  async enqueueChange(domainId: number, token: string): Promise<void> {
    await this.queue.add(JobName.WhoisChange, { domainId, token } satisfies WhoisChangeJobData, {
      jobId: `whois-${domainId}-${token}`, attempts: 5, backoff: { type: 'exponential', delay: 2_000 }, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 7 * 24 * 3600 },
    });
  }
}
