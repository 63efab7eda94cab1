import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { EmailsRepository } from '../emails/emails.repository';
import { WhoisMailQueue } from './whois-mail.queue';

/**
 * At boot, queues again every mail still untreated (stored while the queue was unreachable, or Redis lost its jobs).
 * Job ids are per mail, so a mail whose job is still queued is not queued twice.
 */
@Injectable()
export class UntreatedSweeper implements OnApplicationBootstrap {
  private readonly logger = new Logger(UntreatedSweeper.name);

  constructor(private readonly emails: EmailsRepository, private readonly queue: WhoisMailQueue) {}

  async onApplicationBootstrap(): Promise<void> {
    const ids = await this.emails.untreatedIds();
    for (const id of ids) await this.queue.enqueue(id);
    if (ids.length) this.logger.log(`queued ${ids.length} untreated mail(s) again`);
  }
}
