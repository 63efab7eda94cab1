import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whois_mail schema: every inbound mail to a WHOIS proxy address (002 spec "WHOIS proxy e-mail": type, subject,
 * content, status, is_processing, error_html), tied to its domain, with the raw message kept apart so that lists stay light.
 */
export class WhoisMailInit1795433336517 implements MigrationInterface {
  name = 'WhoisMailInit1795433336517';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE whois_mail.emails (
        id bigserial PRIMARY KEY,
        type smallint NOT NULL DEFAULT 0 CHECK (type BETWEEN 0 AND 6),
        status smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 2),
        is_processing smallint NOT NULL DEFAULT 0 CHECK (is_processing IN (0, 1)),
        subject text NOT NULL DEFAULT '',
        content text NOT NULL DEFAULT '',
        html text NULL,
        error_html text NULL,
        sender text NOT NULL DEFAULT '',
        envelope_from text NOT NULL DEFAULT '',
        recipient text NOT NULL,
        domain_id bigint NULL,
        user_id bigint NULL,
        domain_name text NULL,
        message_id text NULL,
        size integer NOT NULL,
        malformed boolean NOT NULL DEFAULT false,
        attachments jsonb NOT NULL DEFAULT '[]',
        attempts integer NOT NULL DEFAULT 0,
        forwarded_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX emails_type_status_id ON whois_mail.emails (type, status, id DESC)');
    await q.query('CREATE INDEX emails_status_id ON whois_mail.emails (status, id DESC)');
    await q.query('CREATE INDEX emails_processing ON whois_mail.emails (id) WHERE is_processing = 1');
    await q.query(`
      CREATE TABLE whois_mail.raw_messages (
        email_id bigint PRIMARY KEY REFERENCES whois_mail.emails (id) ON DELETE CASCADE,
        raw bytea NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE whois_mail.raw_messages');
    await q.query('DROP TABLE whois_mail.emails');
  }
}
