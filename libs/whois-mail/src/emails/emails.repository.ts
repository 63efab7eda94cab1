import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  WhoisEmailCountResult, WhoisEmailDetailDto, WhoisEmailDto, WhoisMailAttachmentDto, WhoisMailStatus, WhoisMailType,
} from '@registrar/contracts';
import { WHOIS_MAIL_SCHEMA } from '../migrations';

/** A mail as the inbound server stores it. */
export interface NewEmail {
  type: WhoisMailType;
  subject: string;
  content: string;
  html: string | null;
  sender: string;
  envelopeFrom: string;
  recipient: string;
  domainId: number | null;
  userId: number | null;
  domainName: string | null;
  messageId: string | null;
  size: number;
  malformed: boolean;
  attachments: WhoisMailAttachmentDto[];
  raw: Buffer;
}

/** What a processing job needs. */
export interface StoredEmail {
  id: number;
  type: WhoisMailType;
  status: WhoisMailStatus;
  subject: string;
  content: string;
  html: string | null;
  sender: string;
  /** the SMTP envelope's MAIL FROM */
  envelopeFrom: string;
  recipient: string;
  domainId: number | null;
  userId: number | null;
  domainName: string | null;
  forwardedAt: Date | null;
  createdAt: Date;
}

const TS = (col: string) => `to_char(${col} AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI:SS')`;
/** the list sends the start of the content only (the inbox shows 50 characters) */
const LIST_COLUMNS = `id, type, status, is_processing, subject, left(content, 200) AS content, error_html, ${TS('created_at')} AS created_at, ${TS('updated_at')} AS updated_at`;

type Row = Record<string, any>;
const toDto = (r: Row): WhoisEmailDto => ({
  id: Number(r.id),
  type: Number(r.type) as WhoisMailType,
  subject: r.subject,
  content: r.content,
  status: Number(r.status) as WhoisMailStatus,
  is_processing: Number(r.is_processing) === 1 ? 1 : 0,
  error_html: r.error_html ?? null,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export const PAGE_SIZE = 20;

/**
 * A stored mail's id, receipt stamp (epoch ms of created_at) and batch (the first id of the statement that stored it;
 * the mails of one batch share one processing job, named by the batch and the stamp).
 */
export interface StoredRef {
  id: number;
  stamp: string;
  batch: number;
}

/** A mail of a processing attempt, as its start answers it (with its raw message when the attempt needs it). */
export type StartedEmail = StoredEmail & { raw: Buffer | null };
const STORED_COLUMNS = 'id, type, status, subject, content, html, sender, envelope_from, recipient, domain_id, user_id, domain_name, forwarded_at, created_at';
const toStored = (r: any): StoredEmail => ({
  id: Number(r.id), type: Number(r.type), status: Number(r.status), subject: r.subject, content: r.content, html: r.html, sender: r.sender, envelopeFrom: r.envelope_from ?? '', recipient: r.recipient,
  domainId: r.domain_id == null ? null : Number(r.domain_id), userId: r.user_id == null ? null : Number(r.user_id), domainName: r.domain_name,
  forwardedAt: r.forwarded_at, createdAt: r.created_at,
});

const STAMP = "floor(extract(epoch from created_at) * 1000)::bigint";

/** Rows an UPDATE … RETURNING gave back (TypeORM answers [rows, count] for UPDATE on PostgreSQL). */
const returned = (res: any): number => (Array.isArray(res?.[0]) ? res[0].length : Array.isArray(res) ? res.length : 0);

/** Storage of inbound WHOIS proxy mail (whois_mail.emails and raw_messages). */
@Injectable()
export class EmailsRepository {
  constructor(@InjectDataSource(WHOIS_MAIL_SCHEMA) private readonly ds: DataSource) {}

  /**
   * Stores mails (one per accepted recipient) with their raw message, each row and its raw copy in ONE statement (a
   * data-modifying CTE: atomic on its own, one round trip). Answers their ids and receipt stamps (epoch ms of
   * created_at, which with the id names the mail's job even if ids ever start again), in the order given.
   */
  insert(mails: NewEmail[]): Promise<StoredRef[]> {
    return this.insertMany([mails]).then((r) => r[0]!);
  }

  /**
   * Stores the mails of several messages in one statement (group commit of concurrent SMTP sessions): every row of
   * every message, or none. One array per column (unnest), ids taken from the sequence first so that each row's raw
   * copy and each message's answer are matched by id, not by the order the rows come back in. Every row keeps the
   * statement's first id as its batch (its processing job is the batch's).
   *
   * With `started`, the rows are stored as the start of their first attempt (run state 1, one attempt, the lease from
   * now: what startMany would mark a moment later), for the replica that processes them where it stored them (ADR
   * 0059): that attempt then needs no statement of its own to start.
   */
  async insertMany(messages: NewEmail[][], leaseS = 180, started = false): Promise<StoredRef[][]> {
    const rows = messages.flat();
    if (!rows.length) return messages.map(() => []);
    const col = <T>(f: (e: NewEmail) => T) => rows.map(f);
    const stored: Array<{ ord: string; id: string; stamp: string; batch_id: string }> = await this.ds.query(
      `WITH v AS MATERIALIZED (
         SELECT nextval('whois_mail.emails_id_seq') AS id, x.*
         FROM unnest($1::smallint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bigint[], $9::bigint[], $10::text[],
                     $11::text[], $12::int[], $13::boolean[], $14::jsonb[], $15::bytea[])
           WITH ORDINALITY AS x(type, subject, content, html, sender, envelope_from, recipient, domain_id, user_id, domain_name, message_id, size, malformed, attachments, raw, ord)
       ), e AS (
         INSERT INTO whois_mail.emails (id, type, subject, content, html, sender, envelope_from, recipient, domain_id, user_id, domain_name, message_id, size, malformed, attachments, batch_id, lease_until,
                                        is_processing, attempts)
         SELECT id, type, subject, content, html, sender, envelope_from, recipient, domain_id, user_id, domain_name, message_id, size, malformed, attachments, (SELECT min(id) FROM v),
                now() + $16 * interval '1 second', CASE WHEN $17::boolean THEN 1 ELSE 0 END, CASE WHEN $17::boolean THEN 1 ELSE 0 END FROM v
         RETURNING id, ${STAMP} AS stamp, batch_id
       ), r AS (INSERT INTO whois_mail.raw_messages (email_id, raw) SELECT id, raw FROM v)
       SELECT v.ord, e.id, e.stamp, e.batch_id FROM v JOIN e USING (id) ORDER BY v.ord`,
      [col((e) => e.type), col((e) => e.subject), col((e) => e.content), col((e) => e.html), col((e) => e.sender), col((e) => e.envelopeFrom), col((e) => e.recipient),
        col((e) => e.domainId), col((e) => e.userId), col((e) => e.domainName), col((e) => e.messageId), col((e) => e.size), col((e) => e.malformed),
        col((e) => JSON.stringify(e.attachments)), col((e) => e.raw), leaseS, started],
    );
    if (stored.length !== rows.length) throw new Error(`stored ${stored.length} of ${rows.length} mails`);
    let k = 0;
    return messages.map((m) => m.map(() => {
      const r = stored[k++]!;
      return { id: Number(r.id), stamp: String(r.stamp), batch: Number(r.batch_id) };
    }));
  }

  async list(filter: { type: number | null; status: number | null; page: number }): Promise<{ data: WhoisEmailDto[]; total: number }> {
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.type != null) { args.push(filter.type); where.push(`type = $${args.length}`); }
    if (filter.status != null) { args.push(filter.status); where.push(`status = $${args.length}`); }
    const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }] = await this.ds.query(`SELECT count(*)::int AS total FROM whois_mail.emails ${w}`, args);
    const rows = await this.ds.query(
      `SELECT ${LIST_COLUMNS} FROM whois_mail.emails ${w} ORDER BY id DESC LIMIT ${PAGE_SIZE} OFFSET $${args.length + 1}`,
      [...args, (filter.page - 1) * PAGE_SIZE],
    );
    return { data: rows.map(toDto), total: Number(total) };
  }

  async counts(): Promise<WhoisEmailCountResult> {
    const types = await this.ds.query('SELECT type, count(*)::int AS count FROM whois_mail.emails GROUP BY type');
    const statuses = await this.ds.query('SELECT status, count(*)::int AS count FROM whois_mail.emails GROUP BY status');
    const [{ n }] = await this.ds.query('SELECT count(*)::int AS n FROM whois_mail.emails WHERE is_processing = 1');
    const byType = new Map<number, number>(types.map((r: Row) => [Number(r.type), Number(r.count)]));
    const byStatus = new Map<number, number>(statuses.map((r: Row) => [Number(r.status), Number(r.count)]));
    return {
      typeCnt: [0, 1, 2, 3, 4, 5, 6].map((t) => ({ type: t as WhoisMailType, count: byType.get(t) ?? 0 })),
      statusCnt: [0, 1, 2].map((s) => ({ status: s as WhoisMailStatus, count: byStatus.get(s) ?? 0 })),
      processingCnt: Number(n),
    };
  }

  async detail(id: number): Promise<WhoisEmailDetailDto | null> {
    const rows = await this.ds.query(
      `SELECT id, type, status, is_processing, subject, content, error_html, ${TS('created_at')} AS created_at, ${TS('updated_at')} AS updated_at,
              sender, recipient, domain_name, html, attachments, size, malformed
       FROM whois_mail.emails WHERE id = $1`, [id]);
    if (!rows.length) return null;
    const r = rows[0];
    return { ...toDto(r), sender: r.sender, recipient: r.recipient, domain_name: r.domain_name ?? null, html: r.html ?? null, attachments: r.attachments ?? [], size: Number(r.size), malformed: Boolean(r.malformed) };
  }

  async row(id: number): Promise<WhoisEmailDto | null> {
    const rows = await this.ds.query(`SELECT ${LIST_COLUMNS} FROM whois_mail.emails WHERE id = $1`, [id]);
    return rows.length ? toDto(rows[0]) : null;
  }

  /**
   * The start of an attempt in one round trip: marks it (run state 1, one more attempt) unless the mail already
   * succeeded, and answers the mail as stored, with its raw message when its type is one of `rawFor` (a link the
   * registry signs in a header). Null when there is no such mail; a successful mail comes back untouched.
   */
  async start(id: number, rawFor: readonly number[]): Promise<(StoredEmail & { raw: Buffer | null }) | null> {
    return (await this.startMany([id], rawFor))[0] ?? null;
  }

  /** start() of several mails (a batch's job) in one statement; the mails that exist, in id order. */
  async startMany(ids: readonly number[], rawFor: readonly number[], leaseS = 180): Promise<StartedEmail[]> {
    const rows = await this.ds.query(
      `WITH u AS (
         UPDATE whois_mail.emails SET is_processing = 1, attempts = attempts + 1, updated_at = now(), lease_until = now() + $3 * interval '1 second'
         WHERE id = ANY($1::bigint[]) AND status <> 1
         RETURNING ${STORED_COLUMNS}
       ), m AS (SELECT * FROM u UNION ALL SELECT ${STORED_COLUMNS} FROM whois_mail.emails WHERE id = ANY($1::bigint[]) AND status = 1)
       SELECT m.*, CASE WHEN m.type = ANY($2::smallint[]) THEN (SELECT raw FROM whois_mail.raw_messages WHERE email_id = m.id) END AS raw FROM m ORDER BY m.id`,
      [ids, rawFor, leaseS],
    );
    return rows.map((r: Row) => ({ ...toStored(r), raw: r.raw ?? null }));
  }

  /** Keeps the lease of mails an attempt still has in hand (its own ones, untreated) from running out meanwhile. */
  async renewLease(ids: readonly number[], leaseS: number): Promise<void> {
    await this.ds.query(`UPDATE whois_mail.emails SET lease_until = now() + $2 * interval '1 second' WHERE id = ANY($1::bigint[]) AND status = 0`, [ids, leaseS]);
  }

  /** Status 1; with `forwarded`, also the moment it was forwarded (kept when already set), in the same statement. */
  async succeeded(id: number, forwarded = false): Promise<void> {
    await this.succeededMany([{ id, forwarded }]);
  }

  /** succeeded() of several mails (a batch's job) in one statement. */
  async succeededMany(mails: ReadonlyArray<{ id: number; forwarded: boolean }>): Promise<void> {
    if (!mails.length) return;
    await this.ds.query(
      `UPDATE whois_mail.emails e SET status = 1, is_processing = 0, error_html = NULL, updated_at = now(),
         forwarded_at = CASE WHEN x.forwarded THEN coalesce(e.forwarded_at, now()) ELSE e.forwarded_at END
       FROM unnest($1::bigint[], $2::boolean[]) AS x(id, forwarded) WHERE e.id = x.id`,
      [mails.map((m) => m.id), mails.map((m) => m.forwarded)]);
  }

  /** The final failure, with what went wrong kept as error_html. */
  async failed(id: number, errorHtml: string): Promise<void> {
    await this.ds.query('UPDATE whois_mail.emails SET status = 2, is_processing = 0, error_html = $2, updated_at = now() WHERE id = $1', [id, errorHtml]);
  }

  /** A failed attempt that will be retried: the error is kept, the run state stays 1 until the last attempt. */
  async attemptFailed(id: number, errorHtml: string): Promise<void> {
    await this.ds.query('UPDATE whois_mail.emails SET error_html = $2, updated_at = now() WHERE id = $1', [id, errorHtml]);
  }

  /** Reclassifies a mail; a mail not yet successful goes back to untreated (it is processed again). Answers false when busy. */
  async updateType(id: number, type: WhoisMailType, leaseS = 180): Promise<'ok' | 'busy' | 'missing'> {
    // a mail untreated again is leased to the job the type change queues (ADR 0054, r3): with the lease of its first
    // store long over, a sweep in between would queue a second run of it (an approval link followed twice)
    const rows = await this.ds.query(
      `UPDATE whois_mail.emails SET type = $2, status = CASE WHEN status = 1 THEN 1 ELSE 0 END, updated_at = now(),
         lease_until = CASE WHEN status = 1 THEN lease_until ELSE now() + $3 * interval '1 second' END
       WHERE id = $1 AND is_processing = 0 RETURNING id`, [id, type, leaseS]);
    if (returned(rows)) return 'ok';
    const exists = await this.ds.query('SELECT 1 FROM whois_mail.emails WHERE id = $1', [id]);
    return exists.length ? 'busy' : 'missing';
  }

  /** An operator marks a mail done; refused while it is processing or when its type changed meanwhile. */
  async markSuccess(id: number, expectedType: WhoisMailType): Promise<'ok' | 'busy' | 'missing' | 'type-changed' | 'already'> {
    const rows = await this.ds.query('SELECT type, status, is_processing FROM whois_mail.emails WHERE id = $1', [id]);
    if (!rows.length) return 'missing';
    if (Number(rows[0].type) !== expectedType) return 'type-changed';
    if (Number(rows[0].status) === WhoisMailStatus.Success) return 'already';
    const upd = await this.ds.query(
      'UPDATE whois_mail.emails SET status = 1, updated_at = now() WHERE id = $1 AND is_processing = 0 AND type = $2 AND status <> 1 RETURNING id', [id, expectedType]);
    return returned(upd) ? 'ok' : 'busy';
  }

  /**
   * Untreated mails whose lease is over (their replica died before processing them, or their job was lost), claimed
   * for another lease in one statement: each replica's sweep takes rows no other sweep holds (SKIP LOCKED) and no
   * replica holds (the lease), so a batch being processed where it was stored is never taken from under it. Mails
   * stored by releases before the lease count from their updated_at.
   */
  async claimUntreated(leaseS: number, limit = 1000): Promise<StoredRef[]> {
    const rows = await this.ds.query(
      `WITH c AS (
         SELECT id FROM whois_mail.emails
         WHERE status = 0 AND coalesce(lease_until, updated_at + $1 * interval '1 second') < now()
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED
       )
       UPDATE whois_mail.emails e SET lease_until = now() + $1 * interval '1 second' FROM c WHERE e.id = c.id
       RETURNING e.id, ${STAMP.replace('created_at', 'e.created_at')} AS stamp, coalesce(e.batch_id, e.id) AS batch`,
      [leaseS, limit]);
    const list: Row[] = Array.isArray(rows?.[0]) ? rows[0] : rows;
    return list.map((r: Row) => ({ id: Number(r.id), stamp: String(r.stamp), batch: Number(r.batch) })).sort((a, b) => a.id - b.id);
  }
}
