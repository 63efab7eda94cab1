import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WHOIS (issue 13): every proxied domain has its own proxy identity — a registry contact and an e-mail address at the
 * proxy mail domain (docs/whois.md) — kept per domain name so that a retried registration reuses it and mail to the
 * address can be tied to its domain. Domains remember their four contacts (null = the proxy) and the WHOIS
 * processing flag (001 spec §3: 0 none, 1 change waiting for approval, 2 proxy being set) with the pending change.
 */
export class WhoisProxyAndContacts1795533242933 implements MigrationInterface {
  name = 'WhoisProxyAndContacts1795533242933';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.proxy_identities (
        punycode text PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email)),
        registry_contact_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      ALTER TABLE domain_ops.domains
        ADD COLUMN reg_contact_id bigint NULL REFERENCES domain_ops.contacts(id),
        ADD COLUMN adm_contact_id bigint NULL REFERENCES domain_ops.contacts(id),
        ADD COLUMN tec_contact_id bigint NULL REFERENCES domain_ops.contacts(id),
        ADD COLUMN bil_contact_id bigint NULL REFERENCES domain_ops.contacts(id),
        ADD COLUMN whois_processing_flg smallint NOT NULL DEFAULT 0 CHECK (whois_processing_flg IN (0, 1, 2)),
        ADD COLUMN whois_pending jsonb NULL`);
    await q.query('CREATE INDEX domains_whois_processing ON domain_ops.domains (user_id) WHERE whois_processing_flg <> 0');
    await q.query('CREATE INDEX contacts_registry_id ON domain_ops.contacts (registry_contact_id) WHERE registry_contact_id IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX domain_ops.contacts_registry_id');
    await q.query(`ALTER TABLE domain_ops.domains DROP COLUMN reg_contact_id, DROP COLUMN adm_contact_id, DROP COLUMN tec_contact_id, DROP COLUMN bil_contact_id, DROP COLUMN whois_processing_flg, DROP COLUMN whois_pending`);
    await q.query('DROP TABLE domain_ops.proxy_identities');
  }
}
