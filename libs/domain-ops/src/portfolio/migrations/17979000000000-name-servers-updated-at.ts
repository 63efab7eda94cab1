import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a domain's name servers last changed, on the name-server rows themselves (ADR 0058): a bulk name-server run
 * ends each domain without rewriting its `domains` row (a wide row under 15 indexes, a trigram GIN among them) only to
 * move its `updated_at`; public WHOIS shows the later of the two. Rows already there read -infinity (the domain's own
 * `updated_at` stays what WHOIS shows for them); rows written from now on get the time they were written.
 */
export class NameServersUpdatedAt17979000000000 implements MigrationInterface {
  name = 'NameServersUpdatedAt17979000000000';

  async up(q: QueryRunner): Promise<void> {
    // a constant default fills the existing rows without rewriting the table; new rows take now()
    await q.query(`ALTER TABLE domain_ops.domain_name_servers ADD COLUMN updated_at timestamptz NOT NULL DEFAULT '-infinity'`);
    await q.query('ALTER TABLE domain_ops.domain_name_servers ALTER COLUMN updated_at SET DEFAULT now()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.domain_name_servers DROP COLUMN updated_at');
  }
}
