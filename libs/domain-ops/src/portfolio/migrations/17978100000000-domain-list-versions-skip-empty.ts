import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The domain list's version triggers (17970265000001) return at once when their statement changed no row. PostgreSQL
 * fires statement-level triggers for every statement, rows or none, and `INSERT … ON CONFLICT DO UPDATE` fires the
 * UPDATE ones as well as the INSERT ones: recording a registered domain (one statement: its row, its name servers, a
 * retry's extra name servers deleted) fired five of them, three with empty transition tables, each then running its
 * bump (for name servers a join with domains) over no rows. The bump is unchanged for a statement that changed rows,
 * so every version moves exactly as before (docs/domain-list.md "Counts").
 */
const bump = (from: string) => `INSERT INTO domain_ops.domain_list_versions AS v (user_id, version)
        SELECT DISTINCT u, 1 FROM (${from}) x(u) WHERE u IS NOT NULL ORDER BY u
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1 WHERE v.xmin <> pg_current_xact_id()::xid`;

// an UPDATE's transition tables hold as many rows each, so new_rows tells for both
const skipEmpty = `IF TG_OP = 'DELETE' THEN PERFORM FROM old_rows LIMIT 1; ELSE PERFORM FROM new_rows LIMIT 1; END IF;
        IF NOT FOUND THEN RETURN NULL; END IF;`;

const functions = (skip: boolean) => [
  `CREATE OR REPLACE FUNCTION domain_ops.domain_list_bump_domains() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${skip ? skipEmpty : ''}
        IF TG_OP = 'INSERT' THEN ${bump('SELECT user_id FROM new_rows')};
        ELSIF TG_OP = 'DELETE' THEN ${bump('SELECT user_id FROM old_rows')};
        ELSE ${bump('SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows')};
        END IF;
        RETURN NULL;
      END $$`,
  `CREATE OR REPLACE FUNCTION domain_ops.domain_list_bump_name_servers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${skip ? skipEmpty : ''}
        IF TG_OP = 'INSERT' THEN ${bump('SELECT d.user_id FROM new_rows n JOIN domain_ops.domains d ON d.id = n.domain_id')};
        ELSIF TG_OP = 'DELETE' THEN ${bump('SELECT d.user_id FROM old_rows o JOIN domain_ops.domains d ON d.id = o.domain_id')};
        ELSE ${bump('SELECT d.user_id FROM (SELECT domain_id FROM new_rows UNION SELECT domain_id FROM old_rows) n JOIN domain_ops.domains d ON d.id = n.domain_id')};
        END IF;
        RETURN NULL;
      END $$`,
];

export class DomainListVersionsSkipEmpty17978100000000 implements MigrationInterface {
  name = 'DomainListVersionsSkipEmpty17978100000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of functions(true)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of functions(false)) await q.query(sql);
  }
}
