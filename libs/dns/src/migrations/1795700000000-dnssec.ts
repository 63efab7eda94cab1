import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * DNSSEC of a domain (docs/dns.md "DNSSEC"): one row per domain that ever had it. The keys themselves are PowerDNS's
 * (dns.cryptokeys, created through its API); this row holds what the registry has (the DS set confirmed by domain:info),
 * the state the panel shows, and the due time of a rollover's or a disabling's second step (any replica finishes it).
 */
export class Dnssec1795700000000 implements MigrationInterface {
  name = 'Dnssec1795700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dns.dnssec (
        domain_pk_id bigint PRIMARY KEY,
        punycode text NOT NULL,
        mode text NOT NULL DEFAULT 'off' CHECK (mode IN ('off', 'managed', 'manual')),
        status text NOT NULL DEFAULT 'off' CHECK (status IN ('off', 'signing', 'ds_pending', 'active', 'rolling', 'removing', 'manual')),
        registry_ds jsonb NOT NULL DEFAULT '[]',
        -- rolling: the PowerDNS id of the key being retired; removing/rolling: when the second step is due
        old_key_id integer NULL,
        due_at timestamptz NULL,
        last_error text NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX dnssec_due ON dns.dnssec (due_at) WHERE due_at IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS dns.dnssec');
  }
}
