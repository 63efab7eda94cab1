import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-member monthly campaign counters (5 campaign registrations per person per Tokyo month) and the reservations
 * that make taking and giving back a slot idempotent (one key per order item).
 */
export class CampaignCounters1795400000000 implements MigrationInterface {
  name = 'CampaignCounters1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE catalog.campaign_counters (
        user_id bigint NOT NULL,
        month_key char(7) NOT NULL,
        used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, month_key)
      )`);
    await q.query(`
      CREATE TABLE catalog.campaign_reservations (
        key text PRIMARY KEY,
        user_id bigint NOT NULL,
        month_key char(7) NOT NULL,
        released_at timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX campaign_reservations_month ON catalog.campaign_reservations (month_key)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE catalog.campaign_reservations`);
    await q.query(`DROP TABLE catalog.campaign_counters`);
  }
}
