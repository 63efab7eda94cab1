import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { SentMailRow } from './mail.types';

export const MAIL_SCHEMA = 'mail';

/** An attempt to send one mail, as the log records it. */
export interface NewAttempt {
  key: string;
  template: string;
  userId: number | null;
  to: string;
  subject: string;
  body: string;
}

/** How long a job's claim on a key holds while it is neither sent nor failed for good (its worker may have died). */
export const CLAIM_LEASE_S = 600;
/** A live job renews the claims of its keys still to send at least this often (each mail's log write renews them too). */
export const CLAIM_RENEW_S = CLAIM_LEASE_S / 4;
/** A claim renewed this recently is not written again by a log write's renewal. */
export const CLAIM_RENEW_FRESH_S = 30;

/** A job's claims to keep: its owner (queue and job id) and the keys it has yet to send. */
export interface ClaimHold {
  owner: string;
  keys: string[];
}

const cols = `id::int AS "id", key, template, user_id::int AS "userId", recipient AS "to", subject, status, attempts, error,
  message_id AS "messageId", created_at AS "createdAt", sent_at AS "sentAt"`;

/** mail.sent_mails: one row per mail key, written by the worker before and after it talks to SMTP. */
@Injectable()
export class MailLogRepository {
  constructor(@InjectDataSource(MAIL_SCHEMA) private readonly ds: DataSource) {}

  async find(key: string): Promise<SentMailRow | null> {
    const rows = await this.ds.query(`SELECT ${cols} FROM mail.sent_mails WHERE key = $1`, [key]);
    return rows[0] ?? null;
  }

  /**
   * The attempts of several mails, each claimed by `owner` (a job) in ONE statement: a key is claimed (row inserted,
   * or one more attempt) unless it is sent, or another job holds it (claimed, not failed for good, for less than
   * CLAIM_LEASE_S: a worker that died mid-send lets it go then). The same owner claims again (its retry). Answers each
   * key's outcome: `claimed` (send it now), `sent` (sent before: never again), `held` (another job is sending it).
   */
  async claimMany(mails: readonly NewAttempt[], owner: string): Promise<Map<string, 'claimed' | 'sent' | 'held'>> {
    if (!mails.length) return new Map();
    const col = <T>(f: (m: NewAttempt) => T) => mails.map(f);
    const rows: Array<{ key: string; claimed: boolean; status: string | null }> = await this.ds.query(
      `WITH x AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[]) AS x(key, template, user_id, recipient, subject, body)
       ), c AS (
         INSERT INTO mail.sent_mails AS s (key, template, user_id, recipient, subject, body, status, attempts, claimed_by, claimed_at)
         SELECT key, template, user_id, recipient, subject, body, 'sending', 1, $7, now() FROM x
         ON CONFLICT (key) DO UPDATE SET attempts = s.attempts + 1, status = 'sending', claimed_by = EXCLUDED.claimed_by, claimed_at = now()
           WHERE s.status <> 'sent'
             AND (s.claimed_by IS NULL OR s.claimed_by = EXCLUDED.claimed_by OR s.status = 'failed' OR s.claimed_at < now() - make_interval(secs => $8))
         RETURNING key
       )
       SELECT x.key, c.key IS NOT NULL AS claimed, before.status FROM x LEFT JOIN c USING (key) LEFT JOIN mail.sent_mails before ON before.key = x.key`,
      [col((m) => m.key), col((m) => m.template), col((m) => m.userId), col((m) => m.to), col((m) => m.subject), col((m) => m.body), owner, CLAIM_LEASE_S],
    );
    return new Map(rows.map((r) => [r.key, r.claimed ? 'claimed' : r.status === 'sent' ? 'sent' : 'held']));
  }

  /**
   * The mail went. With `hold`, the same statement renews the lease of the job's other keys still to send (ADR 0050):
   * a job that is alive keeps its claims however long its batch takes, so a claim is only taken over from a job that
   * died. Answers the keys of `hold` the job still holds (one taken over meanwhile, or sent by another, is not among
   * them: the job must not send it).
   */
  async sent(key: string, messageId: string | null, hold?: ClaimHold): Promise<Set<string>> {
    return this.withRenewal(`UPDATE mail.sent_mails SET status = 'sent', sent_at = now(), message_id = $1, error = NULL, claimed_by = NULL WHERE key = $2`, [messageId, key], hold);
  }

  /** The mail failed (for good when `final`); with `hold`, as `sent`. */
  async failed(key: string, error: string, final: boolean, hold?: ClaimHold): Promise<Set<string>> {
    return this.withRenewal(`UPDATE mail.sent_mails SET error = $1, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE key = $2 AND status <> 'sent'`, [error.slice(0, 2000), key, final], hold);
  }

  /**
   * Renews the job's claims on these keys (their lease starts again now) where it still holds them: not sent, not
   * failed for good, claimed by this owner. Answers the keys it holds.
   */
  async renew(hold: ClaimHold): Promise<Set<string>> {
    return this.withRenewal(null, [], hold);
  }

  /** One statement: the write (its parameters first), then the renewal of `hold`'s keys; the keys still held. */
  private async withRenewal(write: string | null, args: unknown[], hold?: ClaimHold): Promise<Set<string>> {
    if (!hold?.keys.length) {
      if (write) await this.ds.query(write, args);
      return new Set();
    }
    const n = args.length;
    // a claim renewed less than CLAIM_RENEW_FRESH_S ago is not written again (a batch of N mails would otherwise
    // rewrite its remaining rows with every mail: N²/2 row versions); which keys are held is read all the same
    const rows: Array<{ key: string }> = await this.ds.query(
      `WITH ${write ? `w AS (${write} RETURNING key), ` : ''}r AS (
         UPDATE mail.sent_mails SET claimed_at = now()
         WHERE key = ANY($${n + 1}::text[]) AND claimed_by = $${n + 2} AND status = 'sending'
           AND claimed_at < now() - make_interval(secs => $${n + 3})${write ? ' AND key NOT IN (SELECT key FROM w)' : ''}
         RETURNING key
       )
       SELECT key FROM mail.sent_mails WHERE key = ANY($${n + 1}::text[]) AND claimed_by = $${n + 2} AND status = 'sending'`,
      [...args, hold.keys, hold.owner, CLAIM_RENEW_FRESH_S],
    );
    return new Set(rows.map((r) => r.key));
  }

  /** The log, newest first (operators; a member's own mail with userId). */
  async list(o: { userId?: number; to?: string; limit?: number; offset?: number } = {}): Promise<SentMailRow[]> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (o.userId != null) { args.push(o.userId); where.push(`user_id = $${args.length}`); }
    if (o.to) { args.push(o.to); where.push(`recipient = $${args.length}`); }
    args.push(Math.min(o.limit ?? 50, 500), o.offset ?? 0);
    return this.ds.query(
      `SELECT ${cols} FROM mail.sent_mails ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${args.length - 1} OFFSET $${args.length}`,
      args,
    );
  }
}
