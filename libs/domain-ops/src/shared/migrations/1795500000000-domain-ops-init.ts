import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domain-ops schema: owned domains and their name servers, contacts (WHOIS records, 001 spec §3), default
 * settings, .co.jp WHOIS registrations made before purchase (prereqs), registration orders and their items (the
 * status resource of the result step), and the action log (001 spec: account id, points, remaining points, subject,
 * content).
 */
export class DomainOpsInit1795500000000 implements MigrationInterface {
  name = 'DomainOpsInit1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE domain_ops.contacts (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        email text NOT NULL,
        first_name text NOT NULL,
        last_name text NOT NULL,
        first_name_jp text NULL,
        last_name_jp text NULL,
        role smallint NOT NULL CHECK (role IN (1, 2)),
        organization text NULL,
        organization_jp text NULL,
        cc char(2) NOT NULL DEFAULT 'JP',
        pc text NOT NULL,
        sp text NOT NULL,
        city text NOT NULL,
        city_jp text NULL,
        street1 text NOT NULL,
        street1_jp text NULL,
        street2 text NULL,
        street2_jp text NULL,
        phone_country_code text NOT NULL DEFAULT '81',
        phone text NOT NULL,
        fax_country_code text NULL,
        fax text NULL,
        extra jsonb NULL,
        registry_contact_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX contacts_user ON domain_ops.contacts (user_id)');
    await q.query(`
      CREATE TABLE domain_ops.default_settings (
        user_id bigint PRIMARY KEY,
        lock_enabled boolean NOT NULL DEFAULT true,
        auto_update_enabled boolean NOT NULL DEFAULT true,
        whois_proxy_enabled boolean NOT NULL DEFAULT true,
        reg_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        adm_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        tec_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        bil_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        name_servers text[] NOT NULL,
        np_reg_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        np_adm_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        np_tec_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        np_bil_contact_id bigint NULL REFERENCES domain_ops.contacts(id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE domain_ops.domains (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        name text NOT NULL,
        idn text NOT NULL,
        punycode text NOT NULL UNIQUE,
        tld text NOT NULL,
        registry_domain_id text NULL,
        due_date timestamptz NULL,
        status text NOT NULL CHECK (status IN ('active', 'pending', 'provisional')),
        is_auto_update_enabled boolean NOT NULL DEFAULT true,
        is_whois_proxy_enabled boolean NOT NULL DEFAULT true,
        is_domain_lock_enabled boolean NOT NULL DEFAULT false,
        is_trash boolean NOT NULL DEFAULT false,
        memo text NULL,
        order_item_id bigint NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX domains_user ON domain_ops.domains (user_id)');
    await q.query(`
      CREATE TABLE domain_ops.domain_name_servers (
        domain_id bigint NOT NULL REFERENCES domain_ops.domains(id) ON DELETE CASCADE,
        priority smallint NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (domain_id, priority)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.prereqs (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        punycode text NOT NULL,
        pre_register boolean NOT NULL,
        contact jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, punycode)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.registration_orders (
        id uuid PRIMARY KEY,
        user_id bigint NOT NULL,
        idempotency_key text NOT NULL,
        total integer NOT NULL,
        payment_type text NOT NULL,
        payment_session_id text NULL,
        status text NOT NULL CHECK (status IN ('charging', 'processing', 'done', 'failed')),
        error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz NULL,
        UNIQUE (user_id, idempotency_key)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.registration_order_items (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES domain_ops.registration_orders(id),
        position smallint NOT NULL,
        name text NOT NULL,
        punycode text NOT NULL,
        tld text NOT NULL,
        period integer NOT NULL,
        point integer NOT NULL,
        is_campaign boolean NOT NULL,
        whois_proxy boolean NOT NULL,
        prereq_id bigint NULL,
        status text NOT NULL CHECK (status IN ('queued', 'processing', 'error', 'accepted', 'done')),
        error_msg text NULL,
        info text NULL,
        domain_pk_id bigint NULL,
        registry_domain_id text NULL,
        spent boolean NOT NULL DEFAULT false,
        refunded boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, punycode)
      )`);
    await q.query(`
      CREATE TABLE domain_ops.action_logs (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL,
        domain_id bigint NULL,
        domain_name text NULL,
        type smallint NOT NULL,
        point integer NOT NULL,
        remaining_point integer NULL,
        subject text NOT NULL,
        content text NOT NULL,
        dedupe_key text NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX action_logs_user ON domain_ops.action_logs (user_id, id DESC)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['action_logs', 'registration_order_items', 'registration_orders', 'prereqs', 'domain_name_servers', 'domains', 'default_settings', 'contacts']) {
      await q.query(`DROP TABLE domain_ops.${t}`);
    }
  }
}
