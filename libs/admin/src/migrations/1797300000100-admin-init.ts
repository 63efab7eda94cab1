import { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin service's own records: import runs, the command console's history, the daily statistics snapshots. */
export class AdminInit1797300000100 implements MigrationInterface {
  name = 'AdminInit1797300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin.import_runs (
        id bigserial PRIMARY KEY,
        admin_id bigint NULL,
        user_id bigint NOT NULL,
        domain_names jsonb NOT NULL,
        results jsonb NOT NULL,
        errors jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE admin.console_history (
        id bigserial PRIMARY KEY,
        admin_id bigint NULL,
        command text NOT NULL,
        params jsonb NOT NULL,
        error text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX console_history_created ON admin.console_history (created_at DESC, id DESC)');
    await q.query(`
      CREATE TABLE admin.stats_snapshots (
        taken_on date PRIMARY KEY,
        year integer NOT NULL,
        rows jsonb NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE admin.stats_snapshots');
    await q.query('DROP TABLE admin.console_history');
    await q.query('DROP TABLE admin.import_runs');
  }
}
