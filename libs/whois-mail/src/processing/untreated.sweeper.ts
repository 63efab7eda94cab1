import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EmailsRepository } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { WhoisMailQueue } from './whois-mail.queue';

/**
 * Recovery of untreated mails (ADR 0054, n2), at boot and every WHOIS_MAIL_SWEEP_EVERY_MS on each replica: mails still
 * untreated whose lease is over (the replica that stored them died before it processed or queued them; a job lost with
 * Redis) are claimed for another lease (SKIP LOCKED: two replicas' sweeps never take the same rows) and queued as
 * their batch's job. The job id is the batch's, so a batch whose retry job still waits gets no second job.
 */
@Injectable()
export class UntreatedSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(UntreatedSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | null = null;

  constructor(private readonly emails: EmailsRepository, private readonly queue: WhoisMailQueue, private readonly config: WhoisMailConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => { this.sweep().catch((e: Error) => this.logger.warn(`sweep failed: ${e.message}`)); }, this.config.WHOIS_MAIL_SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping?.catch(() => 0);
  }

  /** One sweep (never two at once in a replica); the number of mails queued again. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepOnce().finally(() => { this.sweeping = null; });
    return this.sweeping;
  }

  private async sweepOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const refs = await this.emails.claimUntreated(this.config.WHOIS_MAIL_LEASE_S);
      if (!refs.length) break;
      // by batch, under the batch's job id: a batch whose job is still queued is not queued twice; one whose job
      // has finished (kept by BullMQ) gets a job of its own, or its mails would wait for nothing
      await this.queue.enqueueMany(refs, { swept: true });
      total += refs.length;
      if (refs.length < 1000) break;
    }
    if (total) this.logger.log(`queued ${total} untreated mail(s) whose lease was over`);
    return total;
  }
}
