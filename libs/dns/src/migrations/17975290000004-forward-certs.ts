import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Automatic certificates of forwarded hosts (ACME, ADR 0030, docs/forwarding.md "HTTPS"): the state and the
 * certificate of each forwarded name (its private key encrypted), the HTTP-01 challenges every forwarder replica answers,
 * and the ACME account of each directory (its key encrypted).
 */
export class ForwardCerts17975290000004 implements MigrationInterface {
  name = 'ForwardCerts17975290000004';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dns.forward_certs (
        fqdn TEXT PRIMARY KEY,
        state TEXT NOT NULL CHECK (state IN ('pending', 'valid', 'failed')),
        reason TEXT,
        not_after TIMESTAMPTZ,
        cert_pem TEXT,
        key_enc TEXT,
        issued_at TIMESTAMPTZ,
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX forward_certs_due ON dns.forward_certs (not_after)');
    await q.query(`
      CREATE TABLE dns.acme_challenges (
        token TEXT PRIMARY KEY,
        fqdn TEXT NOT NULL,
        key_authorization TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE dns.acme_accounts (
        directory_url TEXT PRIMARY KEY,
        key_enc TEXT NOT NULL,
        account_url TEXT,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dns.acme_accounts');
    await q.query('DROP TABLE dns.acme_challenges');
    await q.query('DROP TABLE dns.forward_certs');
  }
}
