import { MigrationInterface, QueryRunner } from 'typeorm';

/** The mail schema: one row per mail key, what was sent (or why not) — the log operators and members look at. */
export class MailInit1795900000000 implements MigrationInterface {
  name = 'MailInit1795900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail.sent_mails (
        id          bigserial PRIMARY KEY,
        key         text NOT NULL UNIQUE,
        template    text NOT NULL,
        user_id     bigint,
        recipient   text NOT NULL,
        subject     text NOT NULL,
        body        text NOT NULL,
        status      text NOT NULL CHECK (status IN ('sending','sent','failed')),
        attempts    int NOT NULL DEFAULT 0,
        error       text,
        message_id  text,
        created_at  timestamptz NOT NULL DEFAULT now(),
        sent_at     timestamptz
      )`);
    await q.query(`CREATE INDEX sent_mails_user_idx ON mail.sent_mails (user_id, id DESC)`);
    await q.query(`CREATE INDEX sent_mails_recipient_idx ON mail.sent_mails (recipient, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE mail.sent_mails');
  }
}
