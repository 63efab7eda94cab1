import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { JobName, QueueName, SyncZoneJobData } from '@registrar/contracts';

/**
 * Tells the dns service that a domain changed in a way its zone depends on (registered, name servers changed, moved
 * away, deleted, expired): a SyncZone job on QueueName.Dns, which serves, refreshes or removes the zone.
 * Call `changed(punycode)` after the change is committed.
 */
@Injectable()
export class DnsZoneEvents {
  private readonly logger = new Logger(DnsZoneEvents.name);

  constructor(@InjectQueue(QueueName.Dns) private readonly queue: Queue) {}

  async changed(punycode: string): Promise<void> {
    try {
      await this.queue.add(JobName.SyncZone, { punycode } satisfies SyncZoneJobData, {
        attempts: 8, backoff: { type: 'exponential', delay: 1_000 }, removeOnComplete: { count: 1000 }, removeOnFail: { age: 7 * 24 * 3600 },
      });
    } catch (e) {
      // the periodic reconciliation of the dns service catches a lost event
      this.logger.warn(`SyncZone for ${punycode} not queued: ${(e as Error).message}`);
    }
  }
}
