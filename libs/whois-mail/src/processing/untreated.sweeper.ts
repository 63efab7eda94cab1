import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EmailsRepository } from '../emails/emails.repository';
import { WhoisMailQueue } from './whois-mail.queue';

/**
 * At boot, queues again every mail still untreated (stored while the queue was unreachable, or Redis lost its jobs).
 * Job ids are per batch (its first id and receipt stamp), so a mail whose job is still queued is not queued twice.
 */
@Injectable()
export class UntreatedSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(UntreatedSweeper.name);

  constructor(private readonly emails: EmailsRepository, private readonly queue: WhoisMailQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    const refs = await this.emails.untreated();
    // by batch, under the batch's job id: a batch whose job is still queued is not queued twice
    await this.queue.enqueueMany(refs);
    if (refs.length) this.logger.log(`queued ${refs.length} untreated mail(s) again`);
  }
}
