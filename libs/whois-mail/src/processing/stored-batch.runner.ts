import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ProcessWhoisMailJobData } from '@registrar/contracts';
import { EmailsRepository, StartedEmail, StoredRef } from '../emails/emails.repository';
import { WhoisMailConfig } from '../whois-mail.config';
import { ProcessWhoisMailJob } from './process-whois-mail.job';
import { WhoisMailQueue } from './whois-mail.queue';

/** The mails one statement stored, grouped as their job would be (batch and receipt stamp). */
export function batchesOf(refs: readonly StoredRef[]): Array<{ batch: number; stamp: string; ids: number[] }> {
  const out = new Map<string, { batch: number; stamp: string; ids: number[] }>();
  for (const r of refs) {
    const k = `${r.batch}-${r.stamp}`;
    const b = out.get(k) ?? { batch: r.batch, stamp: r.stamp, ids: [] };
    b.ids.push(r.id);
    out.set(k, b);
  }
  return [...out.values()];
}

/**
 * Processes a stored batch where it was stored, right after its commit, with no BullMQ job (ADR 0054, n2): the same
 * handler a job runs (ProcessWhoisMailJob), as the batch's first attempt. A job is queued only
 * - for a retry: the mails still open, on the batch's job id, with the attempts that remain and the first backoff;
 * - when this replica already runs WHOIS_MAIL_CONCURRENCY batches (the queue takes the overflow, and any replica its jobs),
 *   or is shutting down.
 * The stored rows carry a lease (WHOIS_MAIL_LEASE_S, renewed by each attempt's start): a replica that dies before it
 * has processed or queued its batch leaves the mails untreated, and a sweep (UntreatedSweeper) queues them once the
 * lease is over. The 250 never waits for any of this (the mails are safe once committed).
 */
@Injectable()
export class StoredBatchRunner implements OnModuleDestroy {
  private readonly logger = new Logger('whois-mail-processing');
  private readonly running = new Set<Promise<void>>();
  private closing = false;

  constructor(
    private readonly job: ProcessWhoisMailJob,
    private readonly queue: WhoisMailQueue,
    private readonly config: WhoisMailConfig,
    private readonly emails: EmailsRepository,
  ) {}

  /**
   * Whether a batch stored now would run here (not closing, fewer than WHOIS_MAIL_CONCURRENCY in hand): its store may
   * then mark its first attempt's start (ADR 0059). Nothing else starts a batch here between this and run().
   */
  get hasRoom(): boolean {
    return !this.closing && this.running.size < this.config.WHOIS_MAIL_CONCURRENCY;
  }

  /**
   * Starts the processing of stored mails (never throws; what cannot run here is queued, or left to the sweep).
   * `started`: the mails whose store marked their first attempt's start, as stored (no statement to start them).
   */
  run(refs: readonly StoredRef[], started?: ReadonlyMap<number, StartedEmail>): void {
    const spill: StoredRef[] = [];
    for (const b of batchesOf(refs)) {
      if (this.closing || this.running.size >= this.config.WHOIS_MAIL_CONCURRENCY) {
        spill.push(...refs.filter((r) => r.batch === b.batch && r.stamp === b.stamp));
        continue;
      }
      const mails = started && b.ids.every((id) => started.has(id)) ? b.ids.map((id) => started.get(id)!) : undefined;
      const p = this.runOne(b, mails).finally(() => this.running.delete(p));
      this.running.add(p);
    }
    if (spill.length) {
      this.queue.enqueueMany(spill).catch((e: Error) => this.logger.warn(`queueing mails ${spill.map((r) => r.id).join(',')} failed (the sweep takes them after their lease): ${e.message}`));
    }
  }

  /** Batches being processed here now. */
  get inFlight(): number {
    return this.running.size;
  }

  private async runOne(b: { batch: number; stamp: string; ids: number[] }, started?: StartedEmail[]): Promise<void> {
    let data: ProcessWhoisMailJobData = b.ids.length === 1 && b.ids[0] === b.batch ? { emailId: b.batch } : { emailIds: b.ids };
    // the lease is renewed while the attempt runs (r3), as BullMQ renews a job's lock: an attempt that outlives one
    // lease (slow links, a slow outbox) is never taken by a sweep and run a second time beside it (a link followed twice)
    const leaseS = this.config.WHOIS_MAIL_LEASE_S;
    const beat = setInterval(() => {
      this.emails.renewLease(b.ids, leaseS).catch((e: Error) => this.logger.warn(`renewing the lease of mails ${b.ids.join(',')} failed: ${e.message}`));
    }, Math.max(250, (leaseS * 1000) / 3));
    beat.unref();
    try {
      await this.job.handle(data, { attemptsMade: 0, attempts: this.config.WHOIS_MAIL_ATTEMPTS }, { updateData: async (d: ProcessWhoisMailJobData) => { data = d; } } as never, started);
    } catch (e) {
      // the handler kept each mail's outcome (done, ended for good, or open with its error); the open ones get a retry
      if (this.config.WHOIS_MAIL_ATTEMPTS <= 1) return;
      try {
        await this.queue.retry(b, data, 1);
      } catch (q) {
        this.logger.warn(`queueing the retry of mails ${b.ids.join(',')} failed (the sweep takes them after their lease): ${(q as Error).message}`);
      }
      this.logger.log(`mails ${b.ids.join(',')}: first attempt failed (${(e as Error).message}); retry queued`);
    } finally {
      clearInterval(beat);
    }
  }

  /** Lets the batches in hand finish (their links time out); new ones go to the queue meanwhile. */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.running]);
  }
}
