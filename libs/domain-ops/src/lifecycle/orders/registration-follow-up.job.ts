import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActionCodes, JobName } from '@registrar/contracts';
import { DomainInfo, EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { M, registryErrorMessage } from '@registrar/messages';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';
import { DomainOpsConfig } from '../../shared/domain-ops.config';
import { LifecycleQueue } from '../lifecycle.queue';

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);

/** Domains a follow-up takes per round, and the registry commands it has running at once (the rest of the EPP pool stays for the members' creates). */
const FOLLOW_UP_BATCH = 25;
const FOLLOW_UP_PARALLEL = 2;
/** How long a taken domain is this run's (a replica that dies leaves it to another run after that). */
const LEASE = "interval '60 seconds'";

interface Due {
  id: string;
  user_id: string;
  name: string;
  punycode: string;
  lock_state: string | null;
  follow_up_lock: boolean | null;
  follow_up_attempts: number;
}

/** A follow-up the registry answered: ended with its batch. */
interface Ended {
  id: string;
  roid: string;
  exDate: Date | null;
  lock: boolean;
}

/**
 * What follows a registration once the member's item has ended (docs/purchase.md, ADR 0041): the registry's ROID (and
 * expiry, should the create's answer have had none) and, where `follow_up_lock`, the default lock
 * (clientTransferProhibited). The domains to follow up are marked in the database (`domain_follow_ups`, by the record):
 * one run takes the due ones a batch at a time (`FOR UPDATE SKIP LOCKED` and a lease, so replicas share them and a dead
 * one's are taken again), with two registry commands at a time, and runs again for domains recorded meanwhile. A
 * transient failure is due again after the registration's backoff (a delayed run is added); the last attempt or a
 * refusal ends it. The domain shows its lock as 設定中 (lock_state 'applying') until the registry has it; a lock that
 * cannot be set ends as 'failed' with the reason, on the domain and in the member's history. A retry after a lost
 * answer finds the status already there (info first) and sends nothing twice.
 */
@Injectable()
export class RegistrationFollowUpJob {
  static readonly jobName = JobName.RegistrationFollowUp;
  private readonly logger = new Logger(RegistrationFollowUpJob.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    private readonly actionLog: ActionLogRepository,
    private readonly config: DomainOpsConfig,
    private readonly queue: LifecycleQueue,
  ) {}

  async handle(): Promise<{ done: number }> {
    let done = 0;
    let retryAt = Infinity;
    // marks an older release left on the domain's row (a rolling upgrade, ADR 0060): moved to the follow-ups' table
    // once due (a mark under an older run's lease is that run's), so that they are run here too
    await this.ds.query(
      // (the marks read before they are cleared: an UPDATE's RETURNING would answer the cleared values)
      `WITH old AS (
         SELECT id, coalesce(follow_up_lock, false) AS lock, follow_up_attempts FROM domain_ops.domains WHERE follow_up_due <= now() FOR UPDATE SKIP LOCKED
       ), moved AS (
         UPDATE domain_ops.domains d SET follow_up_due = NULL, follow_up_lock = NULL FROM old WHERE d.id = old.id
       )
       INSERT INTO domain_ops.domain_follow_ups (domain_id, lock, attempts) SELECT id, lock, follow_up_attempts FROM old ON CONFLICT (domain_id) DO NOTHING`,
    );
    for (;;) {
      // the due follow-ups, a batch at a time: only their narrow rows are moved (the lease), not the domains' (ADR 0060)
      const due: Due[] = await this.ds.query(
        `WITH claimed AS (
           UPDATE domain_ops.domain_follow_ups f SET due = now() + ${LEASE}, attempts = f.attempts + 1
           FROM (SELECT domain_id FROM domain_ops.domain_follow_ups WHERE due <= now() ORDER BY due LIMIT ${FOLLOW_UP_BATCH} FOR UPDATE SKIP LOCKED) t
           WHERE f.domain_id = t.domain_id
           RETURNING f.domain_id, f.lock, f.attempts
         )
         SELECT d.id, d.user_id, d.name, d.punycode, d.lock_state, c.lock AS follow_up_lock, c.attempts AS follow_up_attempts
           FROM claimed c JOIN domain_ops.domains d ON d.id = c.domain_id`,
      );
      if (!due.length) break;
      let next = 0;
      const ended: Ended[] = [];
      await Promise.all(Array.from({ length: Math.min(FOLLOW_UP_PARALLEL, due.length) }, async () => {
        for (let i = next++; i < due.length; i = next++) {
          const r = await this.one(due[i]!);
          if (typeof r === 'number') retryAt = Math.min(retryAt, r);
          else {
            if (r) ended.push(r);
            done++;
          }
        }
      }));
      await this.end(ended);
    }
    // the transient failures: a run when the first is due again (the schedule is the backstop)
    if (retryAt < Infinity) await this.queue.kickFollowUps(Math.max(0, retryAt - Date.now()));
    return { done };
  }

  /**
   * The batch's follow-ups that the registry answered, ended in one statement (ADR 0060): each domain's ROID (and the
   * expiry if the create had none), the lock on where it was applied, its follow-up row gone, and the ROID on its order
   * item. The domain's row changes no indexed column. The item is found by the domain's order_item_id, which the record
   * wrote before the follow-up was marked: the item's own end may come after this (its domain_pk_id then still empty),
   * and keeps the ROID. The item's updated_at stays the time it ended (the admin dashboard counts registrations by it).
   * A death before this statement leaves the rows leased: they are taken again after the lease, and the registry's
   * answer (the status already there) keeps the lock from being sent twice.
   */
  private async end(ended: Ended[]): Promise<void> {
    if (!ended.length) return;
    await this.ds.query(
      `WITH x AS (SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::boolean[]) AS x(id, roid, ex, lock)),
       gone AS (DELETE FROM domain_ops.domain_follow_ups f USING x WHERE f.domain_id = x.id),
       dom AS (
         UPDATE domain_ops.domains d SET registry_domain_id = coalesce(d.registry_domain_id, x.roid), due_date = coalesce(d.due_date, x.ex),
           is_domain_lock_enabled = CASE WHEN x.lock AND d.lock_state = 'applying' THEN true ELSE d.is_domain_lock_enabled END,
           lock_state = CASE WHEN x.lock AND d.lock_state = 'applying' THEN NULL ELSE d.lock_state END,
           lock_error = CASE WHEN x.lock AND d.lock_state = 'applying' THEN NULL ELSE d.lock_error END, updated_at = now()
           FROM x WHERE d.id = x.id RETURNING d.order_item_id, x.roid
       )
       UPDATE domain_ops.registration_order_items i SET registry_domain_id = dom.roid FROM dom WHERE i.id = dom.order_item_id AND i.registry_domain_id IS NULL`,
      [ended.map((e) => e.id), ended.map((e) => e.roid), ended.map((e) => e.exDate), ended.map((e) => e.lock)],
    );
  }

  /**
   * One domain's follow-up: what the registry answered, to be ended with the batch (`end`); the time it is due again
   * after a transient failure; or null once it has ended here (a failure for good).
   */
  private async one(d: Due): Promise<Ended | number | null> {
    const ctx = { userId: Number(d.user_id), domainPkid: Number(d.id) };
    const lock = !!d.follow_up_lock && d.lock_state === 'applying';
    let info: DomainInfo | null = null;
    try {
      info = await this.epp.info(d.punycode, {}, ctx);
      // only while the lock is still ours to apply (the member may have changed it meanwhile: their change wins)
      if (lock && !info.statuses.includes('clientTransferProhibited')) {
        await this.epp.update({ name: d.punycode, add: { statuses: ['clientTransferProhibited'] } }, ctx);
      }
      return { id: d.id, roid: info.roid, exDate: info.exDate ?? null, lock };
    } catch (e) {
      // the lock failed after the info answered: the ROID is kept all the same
      if (info) await this.recordRoid(Number(d.id), info).catch((w) => this.logger.warn(`ROID of ${d.punycode}: ${(w as Error).message}`));
      const permanent = e instanceof EppError && !TRANSIENT.has(e.code);
      if (!permanent && d.follow_up_attempts < this.config.REGISTER_ATTEMPTS) {
        const delay = this.config.REGISTER_BACKOFF_MS * 2 ** (d.follow_up_attempts - 1);
        this.logger.warn(`follow-up of ${d.punycode} attempt ${d.follow_up_attempts} failed: ${(e as Error).message}`);
        await this.ds.query(`UPDATE domain_ops.domain_follow_ups SET due = now() + make_interval(secs => $2::float8 / 1000) WHERE domain_id = $1`, [d.id, delay]);
        return Date.now() + delay;
      }
      const reason = e instanceof EppError ? registryErrorMessage(e.code) : M.registrationFailed;
      this.logger.warn(`follow-up of ${d.punycode} failed for good: ${(e as Error).message}`);
      const ended = await this.ds.query(
        `WITH gone AS (DELETE FROM domain_ops.domain_follow_ups WHERE domain_id = $1), ended AS (
           UPDATE domain_ops.domains SET lock_state = CASE WHEN lock_state = 'applying' THEN 'failed' ELSE lock_state END,
             lock_error = CASE WHEN lock_state = 'applying' THEN $2 ELSE lock_error END, updated_at = now()
           WHERE id = $1 RETURNING lock_state
         ) SELECT * FROM ended`,
        [d.id, reason],
      );
      if (lock && ended[0]?.lock_state === 'failed') {
        await this.actionLog.write({
          userId: ctx.userId, domainId: ctx.domainPkid, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインロック設定失敗',
          content: `${d.name}: ${M.lockApplyFailed}（${reason}）`, dedupeKey: `domain:${d.id}:default-lock`, actionId: ActionCodes.Lock,
        });
      }
      return null;
    }
  }

  /** The ROID (and the expiry if the create had none) on the domain and on its order item, found as above. */
  private async recordRoid(domainId: number, info: DomainInfo): Promise<void> {
    await this.ds.query(
      `WITH dom AS (
         UPDATE domain_ops.domains SET registry_domain_id = coalesce(registry_domain_id, $2), due_date = coalesce(due_date, $3), updated_at = now()
          WHERE id = $1 AND (registry_domain_id IS NULL OR due_date IS NULL)
       )
       UPDATE domain_ops.registration_order_items SET registry_domain_id = $2
        WHERE id = (SELECT order_item_id FROM domain_ops.domains WHERE id = $1) AND registry_domain_id IS NULL`,
      [domainId, info.roid, info.exDate ?? null],
    );
  }
}
