import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API settings (001 spec §3 "User (API settings)"; docs/whois.md "API key"): one row per member with the switches,
 * the allowed IPs and the API key's SHA-256 hash (the key itself is shown once and never stored). Domains keep the
 * .co.jp WHOIS (organisation form) as last set, so the form shows it again.
 */
export class ApiSettingsAndJpContacts1795534000000 implements MigrationInterface {
  name = 'ApiSettingsAndJpContacts1795534000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.api_settings (
        user_id bigint PRIMARY KEY,
        is_api_enabled boolean NOT NULL DEFAULT false,
        is_ip_restriction boolean NOT NULL DEFAULT false,
        allowed_ips text[] NOT NULL DEFAULT '{}',
        key_hash text NULL UNIQUE,
        key_prefix text NULL,
        key_created_at timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('ALTER TABLE domain_ops.domains ADD COLUMN jp_contacts jsonb NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.domains DROP COLUMN jp_contacts');
    await q.query('DROP TABLE domain_ops.api_settings');
  }
}
