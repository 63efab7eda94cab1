import { MigrationInterface, QueryRunner } from 'typeorm';

/** The simulator's own schema `registry`: domains, hosts, contacts and the poll queue. */
export class CreateRegistry1795000000001 implements MigrationInterface {
  name = 'CreateRegistry1795000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registry.domain (
        name text PRIMARY KEY,
        roid text NOT NULL UNIQUE,
        tld text NOT NULL,
        cl_id text NOT NULL,
        cr_id text NOT NULL,
        cr_date timestamptz NOT NULL,
        up_id text NULL,
        up_date timestamptz NULL,
        ex_date timestamptz NOT NULL,
        tr_date timestamptz NULL,
        auth_info text NOT NULL,
        registrant text NULL,
        contacts jsonb NOT NULL DEFAULT '[]',
        ns text[] NOT NULL DEFAULT '{}',
        statuses text[] NOT NULL DEFAULT '{}',
        secdns jsonb NULL,
        add_grace_until timestamptz NULL,
        renew_grace_until timestamptz NULL,
        auto_renew_grace_until timestamptz NULL,
        transfer_grace_until timestamptz NULL,
        rgp_state text NULL,
        rgp_until timestamptz NULL,
        redemption_until timestamptz NULL,
        deleted_at timestamptz NULL,
        delete_trid jsonb NULL,
        transfer jsonb NULL,
        provisional_until timestamptz NULL,
        org_key text NULL
      )`);
    await q.query(`CREATE INDEX domain_ex_date_idx ON registry.domain (ex_date) WHERE rgp_state IS NULL`);
    await q.query(`CREATE INDEX domain_rgp_idx ON registry.domain (rgp_until) WHERE rgp_state IS NOT NULL`);
    await q.query(`CREATE INDEX domain_transfer_idx ON registry.domain (name) WHERE transfer->>'status' = 'pending'`);
    await q.query(`CREATE INDEX domain_org_idx ON registry.domain (org_key) WHERE org_key IS NOT NULL`);
    await q.query(`
      CREATE TABLE registry.host (
        name text PRIMARY KEY,
        roid text NOT NULL UNIQUE,
        cl_id text NOT NULL,
        cr_id text NOT NULL,
        cr_date timestamptz NOT NULL,
        up_id text NULL,
        up_date timestamptz NULL,
        addrs jsonb NOT NULL DEFAULT '[]',
        statuses text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`
      CREATE TABLE registry.contact (
        id text PRIMARY KEY,
        roid text NOT NULL UNIQUE,
        cl_id text NOT NULL,
        cr_id text NOT NULL,
        cr_date timestamptz NOT NULL,
        up_id text NULL,
        up_date timestamptz NULL,
        auth_info text NOT NULL,
        data jsonb NOT NULL,
        statuses text[] NOT NULL DEFAULT '{}'
      )`);
    await q.query(`
      CREATE TABLE registry.poll_message (
        id bigserial PRIMARY KEY,
        cl_id text NOT NULL,
        q_date timestamptz NOT NULL,
        msg text NOT NULL,
        payload jsonb NULL,
        acked_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX poll_message_queue_idx ON registry.poll_message (cl_id, id) WHERE acked_at IS NULL`);
    await q.query(`CREATE SEQUENCE registry.roid_seq`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['poll_message', 'contact', 'host', 'domain']) await q.query(`DROP TABLE registry.${t}`);
    await q.query(`DROP SEQUENCE registry.roid_seq`);
  }
}

/** Simulator state that survives restarts: the test clock's offset (time never goes backwards across a restart). */
export class CreateSimState1795000000002 implements MigrationInterface {
  name = 'CreateSimState1795000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE registry.sim_state (key text PRIMARY KEY, value jsonb NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE registry.sim_state`);
  }
}

/** Registrant changes waiting for the current registrant's approval (gTLD Change of Registrant, docs/epp.md). */
export class CreateRegistrantChange1795533300000 implements MigrationInterface {
  name = 'CreateRegistrantChange1795533300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE registry.registrant_change (
        token text PRIMARY KEY,
        domain text NOT NULL REFERENCES registry.domain(name) ON DELETE CASCADE,
        cl_id text NOT NULL,
        old_registrant text NULL,
        new_registrant text NOT NULL,
        approver_email text NOT NULL,
        fields jsonb NOT NULL,
        tr_id jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'cancelled')),
        requested_at timestamptz NOT NULL,
        decided_at timestamptz NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX registrant_change_pending ON registry.registrant_change (domain) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE registry.registrant_change');
  }
}
