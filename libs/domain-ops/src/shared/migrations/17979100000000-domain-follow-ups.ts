import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A registration's follow-up (the ROID, and the default lock where `lock`) is marked in a narrow table of its own
 * instead of on the domain's row (ADR 0060). The follow-up's claim (a lease of a minute) and its end changed
 * `domains.follow_up_due`, a column under an index: each was a rewrite of the wide row that could not be HOT, with a
 * new entry in each of the table's indexes (the trigram GIN among them). The claim now moves only this table's row; the
 * end deletes it and writes the ROID and the lock on the domain without touching an indexed column.
 *
 * The marks an older release left on the domain are moved here; `domains.follow_up_*` stay (an older replica still
 * writes them during a rolling upgrade, and a newer run adopts those marks: RegistrationFollowUpJob).
 */
export class DomainFollowUps17979100000000 implements MigrationInterface {
  name = 'DomainFollowUps17979100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE domain_ops.domain_follow_ups (
      domain_id bigint PRIMARY KEY REFERENCES domain_ops.domains(id) ON DELETE CASCADE,
      due timestamptz NOT NULL DEFAULT now(),
      lock boolean NOT NULL,
      attempts smallint NOT NULL DEFAULT 0
    )`);
    await q.query('CREATE INDEX domain_follow_ups_due ON domain_ops.domain_follow_ups (due)');
    await q.query(`INSERT INTO domain_ops.domain_follow_ups (domain_id, due, lock, attempts)
      SELECT id, follow_up_due, coalesce(follow_up_lock, false), follow_up_attempts FROM domain_ops.domains WHERE follow_up_due IS NOT NULL`);
    await q.query('UPDATE domain_ops.domains SET follow_up_due = NULL, follow_up_lock = NULL WHERE follow_up_due IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE domain_ops.domains d SET follow_up_due = f.due, follow_up_lock = f.lock, follow_up_attempts = f.attempts
      FROM domain_ops.domain_follow_ups f WHERE f.domain_id = d.id`);
    await q.query('DROP TABLE domain_ops.domain_follow_ups');
  }
}
