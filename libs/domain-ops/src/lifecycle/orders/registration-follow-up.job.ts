import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActionCodes, JobName, RegistrationFollowUpJobData } from '@registrar/contracts';
import { EPP_CLIENT, EppClientPool, EppError, EppResultCode } from '@registrar/epp';
import { M, registryErrorMessage } from '@registrar/messages';
import type { JobAttempt } from '@registrar/infra';
import { DOMAIN_OPS_SCHEMA } from '../../shared/contacts/contacts.repository';
import { ActionLogRepository } from '../../shared/domains/action-log.repository';

const TRANSIENT = new Set<number>([EppResultCode.CommandFailed, EppResultCode.CommandFailedServerClosingConnection, EppResultCode.AuthenticationErrorServerClosingConnection, EppResultCode.SessionLimitExceededServerClosingConnection]);

/**
 * What follows a registration once the member's item has ended (docs/purchase.md, ADR 0041): the registry's ROID (and
 * expiry, should the create's answer have had none) and, with `lock`, the default lock (clientTransferProhibited). The
 * domain shows its lock as 設定中 (lock_state 'applying') until the registry has it; a lock refused by the registry or
 * still failing at the last attempt ends as 'failed' with the reason, shown on the domain and in the member's history.
 * Retried like a registration; a retry after a lost answer finds the status already there (info first).
 */
@Injectable()
export class RegistrationFollowUpJob {
  static readonly jobName = JobName.RegistrationFollowUp;
  private readonly logger = new Logger(RegistrationFollowUpJob.name);

  constructor(
    @Inject(EPP_CLIENT) private readonly epp: EppClientPool,
    @InjectDataSource(DOMAIN_OPS_SCHEMA) private readonly ds: DataSource,
    private readonly actionLog: ActionLogRepository,
  ) {}

  async handle(data: RegistrationFollowUpJobData, attempt: JobAttempt): Promise<{ status: string }> {
    const rows = await this.ds.query('SELECT id, user_id, name, punycode, lock_state FROM domain_ops.domains WHERE id = $1', [data.domainId]);
    const d = rows[0];
    // gone (deleted, moved on) or another domain's row
    if (!d || d.punycode !== data.punycode) return { status: 'missing' };
    const ctx = { userId: Number(d.user_id), domainPkid: Number(d.id) };
    try {
      const info = await this.epp.info(data.punycode, {}, ctx);
      await this.ds.query(
        `UPDATE domain_ops.domains SET registry_domain_id = coalesce(registry_domain_id, $2), due_date = coalesce(due_date, $3), updated_at = now()
         WHERE id = $1 AND (registry_domain_id IS NULL OR due_date IS NULL)`,
        [d.id, info.roid, info.exDate ?? null],
      );
      await this.ds.query('UPDATE domain_ops.registration_order_items SET registry_domain_id = $2, updated_at = now() WHERE domain_pk_id = $1 AND registry_domain_id IS NULL', [d.id, info.roid]);
      // only while the lock is still ours to apply (the member may have changed it meanwhile: their change wins)
      if (!data.lock || d.lock_state !== 'applying') return { status: 'recorded' };
      if (!info.statuses.includes('clientTransferProhibited')) {
        await this.epp.update({ name: data.punycode, add: { statuses: ['clientTransferProhibited'] } }, ctx);
      }
      await this.ds.query(
        `UPDATE domain_ops.domains SET is_domain_lock_enabled = true, lock_state = NULL, lock_error = NULL, updated_at = now() WHERE id = $1 AND lock_state = 'applying'`,
        [d.id],
      );
      return { status: 'locked' };
    } catch (e) {
      const last = attempt.attemptsMade + 1 >= attempt.attempts;
      const permanent = e instanceof EppError && !TRANSIENT.has(e.code);
      if (!permanent && !last) throw e;
      if (!data.lock || d.lock_state !== 'applying') throw e;
      const reason = e instanceof EppError ? registryErrorMessage(e.code) : M.registrationFailed;
      this.logger.warn(`default lock of ${data.punycode} failed for good: ${(e as Error).message}`);
      const ended = await this.ds.query(
        `UPDATE domain_ops.domains SET lock_state = 'failed', lock_error = $2, updated_at = now() WHERE id = $1 AND lock_state = 'applying' RETURNING id`,
        [d.id, reason],
      );
      if (ended.length) {
        await this.actionLog.write({
          userId: ctx.userId, domainId: ctx.domainPkid, domainName: d.name, type: 2, point: 0, remainingPoint: null, subject: 'ドメインロック設定失敗',
          content: `${d.name}: ${M.lockApplyFailed}（${reason}）`, dedupeKey: `domain:${d.id}:default-lock`, actionId: ActionCodes.Lock,
        });
      }
      return { status: 'lock-failed' };
    }
  }
}
