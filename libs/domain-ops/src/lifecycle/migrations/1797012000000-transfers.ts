import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Transfers (issue 12): the checked transfer-in list held between the entry and the confirm page, each transfer-in
 * (its money and its registry state), other registrars' requests for our domains (transfer-out), and the poll
 * messages already handled (a message is settled once even when its ack was lost).
 */
export class Transfers1797012000000 implements MigrationInterface {
  name = 'Transfers1797012000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.transfer_holds (
        id uuid PRIMARY KEY,
        user_id bigint NOT NULL,
        items jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX transfer_holds_user ON domain_ops.transfer_holds (user_id, created_at)`);
    await q.query(`
      CREATE TABLE domain_ops.transfer_ins (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        request_key text NOT NULL,
        name text NOT NULL,
        punycode text NOT NULL,
        tld text NOT NULL,
        point integer NOT NULL DEFAULT 0,
        payment_type text NOT NULL DEFAULT 'point',
        status text NOT NULL CHECK (status IN ('requesting', 'pending', 'done', 'rejected', 'cancelled', 'error')),
        error_msg text NULL,
        spent boolean NOT NULL DEFAULT false,
        refunded boolean NOT NULL DEFAULT false,
        domain_id bigint NULL,
        ex_date timestamptz NULL,
        requested_at timestamptz NOT NULL,
        settled_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, request_key, punycode)
      )`);
    await q.query(`CREATE UNIQUE INDEX transfer_ins_open ON domain_ops.transfer_ins (punycode) WHERE status IN ('requesting', 'pending')`);
    await q.query(`CREATE INDEX transfer_ins_user ON domain_ops.transfer_ins (user_id, id DESC)`);
    await q.query(`
      CREATE TABLE domain_ops.transfer_outs (
        id bigserial PRIMARY KEY,
        domain_id bigint NOT NULL REFERENCES domain_ops.domains(id) ON DELETE CASCADE,
        user_id bigint NOT NULL,
        punycode text NOT NULL,
        requested_by text NOT NULL,
        requested_at timestamptz NOT NULL,
        auto_approve_at timestamptz NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'cancelled', 'auto_approved')),
        ended_at timestamptz NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX transfer_outs_open ON domain_ops.transfer_outs (punycode) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX transfer_outs_user ON domain_ops.transfer_outs (user_id) WHERE status = 'pending'`);
    await q.query(`
      CREATE TABLE domain_ops.poll_messages (
        msg_id text PRIMARY KEY,
        kind text NOT NULL,
        subject text NULL,
        payload jsonb NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE domain_ops.poll_messages');
    await q.query('DROP TABLE domain_ops.transfer_outs');
    await q.query('DROP TABLE domain_ops.transfer_ins');
    await q.query('DROP TABLE domain_ops.transfer_holds');
  }
}
