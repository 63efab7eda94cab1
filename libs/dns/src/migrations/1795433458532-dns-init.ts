import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dns schema. Two halves written in the same transactions:
 *  - our records (zones, zone_records: the 001 spec's fields, DS included), whatever the domain's state;
 *  - PowerDNS's own tables (domains, records, …, as in pdns-backend-pgsql's schema.pgsql.sql of PowerDNS 4.7), which
 *    hold exactly the zones we serve. PowerDNS reads them through gpgsql with search_path=dns (scripts/dev/infra.ts).
 */
export class DnsInit1795433458532 implements MigrationInterface {
  name = 'DnsInit1795433458532';

  async up(q: QueryRunner): Promise<void> {
    // ---- PowerDNS (gpgsql) tables
    await q.query(`
      CREATE TABLE dns.domains (
        id SERIAL PRIMARY KEY,
        name VARCHAR(255) NOT NULL,
        master VARCHAR(128) DEFAULT NULL,
        last_check INT DEFAULT NULL,
        type TEXT NOT NULL,
        notified_serial BIGINT DEFAULT NULL,
        account VARCHAR(40) DEFAULT NULL,
        options TEXT DEFAULT NULL,
        catalog TEXT DEFAULT NULL,
        CONSTRAINT c_lowercase_name CHECK (((name)::TEXT = LOWER((name)::TEXT)))
      )`);
    await q.query('CREATE UNIQUE INDEX name_index ON dns.domains(name)');
    await q.query('CREATE INDEX catalog_idx ON dns.domains(catalog)');
    await q.query(`
      CREATE TABLE dns.records (
        id BIGSERIAL PRIMARY KEY,
        domain_id INT DEFAULT NULL,
        name VARCHAR(255) DEFAULT NULL,
        type VARCHAR(10) DEFAULT NULL,
        content VARCHAR(65535) DEFAULT NULL,
        ttl INT DEFAULT NULL,
        prio INT DEFAULT NULL,
        disabled BOOL DEFAULT 'f',
        ordername VARCHAR(255),
        auth BOOL DEFAULT 't',
        CONSTRAINT domain_exists FOREIGN KEY(domain_id) REFERENCES dns.domains(id) ON DELETE CASCADE,
        CONSTRAINT c_lowercase_name CHECK (((name)::TEXT = LOWER((name)::TEXT)))
      )`);
    await q.query('CREATE INDEX rec_name_index ON dns.records(name)');
    await q.query('CREATE INDEX nametype_index ON dns.records(name,type)');
    await q.query('CREATE INDEX domain_id ON dns.records(domain_id)');
    await q.query('CREATE INDEX recordorder ON dns.records (domain_id, ordername text_pattern_ops)');
    await q.query(`CREATE TABLE dns.supermasters (ip INET NOT NULL, nameserver VARCHAR(255) NOT NULL, account VARCHAR(40) NOT NULL, PRIMARY KEY(ip, nameserver))`);
    await q.query(`
      CREATE TABLE dns.comments (
        id SERIAL PRIMARY KEY,
        domain_id INT NOT NULL,
        name VARCHAR(255) NOT NULL,
        type VARCHAR(10) NOT NULL,
        modified_at INT NOT NULL,
        account VARCHAR(40) DEFAULT NULL,
        comment VARCHAR(65535) NOT NULL,
        CONSTRAINT domain_exists FOREIGN KEY(domain_id) REFERENCES dns.domains(id) ON DELETE CASCADE,
        CONSTRAINT c_lowercase_name CHECK (((name)::TEXT = LOWER((name)::TEXT)))
      )`);
    await q.query('CREATE INDEX comments_domain_id_idx ON dns.comments (domain_id)');
    await q.query(`CREATE TABLE dns.domainmetadata (id SERIAL PRIMARY KEY, domain_id INT REFERENCES dns.domains(id) ON DELETE CASCADE, kind VARCHAR(32), content TEXT)`);
    await q.query('CREATE INDEX domainidmetaindex ON dns.domainmetadata(domain_id)');
    await q.query(`CREATE TABLE dns.cryptokeys (id SERIAL PRIMARY KEY, domain_id INT REFERENCES dns.domains(id) ON DELETE CASCADE, flags INT NOT NULL, active BOOL, published BOOL DEFAULT TRUE, content TEXT)`);
    await q.query('CREATE INDEX domainidindex ON dns.cryptokeys(domain_id)');
    await q.query(`
      CREATE TABLE dns.tsigkeys (
        id SERIAL PRIMARY KEY, name VARCHAR(255), algorithm VARCHAR(50), secret VARCHAR(255),
        CONSTRAINT c_lowercase_name CHECK (((name)::TEXT = LOWER((name)::TEXT)))
      )`);
    await q.query('CREATE UNIQUE INDEX namealgoindex ON dns.tsigkeys(name, algorithm)');

    // ---- ours
    await q.query(`
      CREATE TABLE dns.zones (
        domain_pk_id bigint PRIMARY KEY,
        punycode text NOT NULL UNIQUE,
        served boolean NOT NULL DEFAULT false,
        serial bigint NOT NULL DEFAULT 0,
        ds jsonb NOT NULL DEFAULT '[]',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE dns.zone_records (
        id bigserial PRIMARY KEY,
        domain_pk_id bigint NOT NULL REFERENCES dns.zones(domain_pk_id) ON DELETE CASCADE,
        position integer NOT NULL,
        host_name text NOT NULL,
        recode_type smallint NOT NULL,
        ttl integer NOT NULL,
        record text NOT NULL,
        priority integer NULL,
        weight integer NULL,
        port integer NULL,
        service_name text NULL,
        protocol text NULL,
        alg smallint NULL,
        digest text NULL,
        digest_type smallint NULL,
        key_tag integer NULL
      )`);
    await q.query('CREATE INDEX zone_records_domain ON dns.zone_records (domain_pk_id, position)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['zone_records', 'zones', 'tsigkeys', 'cryptokeys', 'domainmetadata', 'comments', 'supermasters', 'records', 'domains']) await q.query(`DROP TABLE IF EXISTS dns.${t}`);
  }
}
