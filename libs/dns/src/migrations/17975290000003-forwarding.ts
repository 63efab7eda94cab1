import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * URL forwarding and mail forwarding (issue 29, docs/forwarding.md): the member's rules, kept next to the zone they add
 * records to. The forwarder reads url_forwards by fqdn; the inbound SMTP asks the dns service for mail_forwards.
 */
export class Forwarding17975290000003 implements MigrationInterface {
  name = 'Forwarding17975290000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dns.url_forwards (
        id BIGSERIAL PRIMARY KEY,
        domain_pk_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        punycode TEXT NOT NULL,
        host TEXT NOT NULL,
        fqdn TEXT NOT NULL UNIQUE,
        target TEXT NOT NULL,
        status SMALLINT NOT NULL CHECK (status IN (301, 302)),
        keep_path BOOLEAN NOT NULL DEFAULT true,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX url_forwards_domain ON dns.url_forwards (domain_pk_id)');
    await q.query('CREATE INDEX url_forwards_zone ON dns.url_forwards (punycode)');
    await q.query(`
      CREATE TABLE dns.mail_forwards (
        id BIGSERIAL PRIMARY KEY,
        domain_pk_id BIGINT NOT NULL,
        user_id BIGINT NOT NULL,
        punycode TEXT NOT NULL,
        local_part TEXT NOT NULL,
        target TEXT NOT NULL,
        created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
        UNIQUE (punycode, local_part)
      )`);
    await q.query('CREATE INDEX mail_forwards_domain ON dns.mail_forwards (domain_pk_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE dns.mail_forwards');
    await q.query('DROP TABLE dns.url_forwards');
  }
}
