import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (types 1-4) with per-member read marks, and header announcements (categories 1-6, reDisplayPeriod)
 * (002 spec §3, §4; issues 16 and 17). Closing an announcement is remembered by the browser (docs/notifications.md).
 */
export class Notifications1797000000000 implements MigrationInterface {
  name = 'Notifications1797000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE identity.notifications (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
        type smallint NOT NULL CHECK (type BETWEEN 1 AND 4),
        release_date timestamptz NOT NULL,
        description text NOT NULL,
        created_by bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX notifications_release ON identity.notifications (release_date DESC, id DESC)');
    await q.query(`
      CREATE TABLE identity.notification_reads (
        user_id bigint NOT NULL,
        notification_id bigint NOT NULL REFERENCES identity.notifications(id) ON DELETE CASCADE,
        read_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, notification_id)
      )`);
    await q.query(`
      CREATE TABLE identity.header_announcements (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        category_id smallint NOT NULL CHECK (category_id BETWEEN 1 AND 6),
        content text NOT NULL,
        re_display_period integer NULL CHECK (re_display_period BETWEEN 1 AND 365),
        start_at timestamptz NULL,
        end_at timestamptz NULL,
        created_by bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE identity.header_announcements');
    await q.query('DROP TABLE identity.notification_reads');
    await q.query('DROP TABLE identity.notifications');
  }
}
