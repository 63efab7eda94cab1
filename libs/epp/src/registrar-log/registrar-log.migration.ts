import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The registrar log table in the domain_ops schema (owned by the domain-ops service, which includes this migration
 * in its schemaTypeOrmModule). Also usable with openSchema({ schema: 'domain_ops', migrations: [CreateRegistrarLog1795000000000] }).
 */
export class CreateRegistrarLog1795000000000 implements MigrationInterface {
  name = 'CreateRegistrarLog1795000000000';

  async up(q: QueryRunner): Promise<void> {
    const schema = q.connection.driver.schema ?? 'domain_ops';
    await q.query(`
      CREATE TABLE IF NOT EXISTS "${schema}"."registrar_log" (
        id bigserial PRIMARY KEY,
        user_id bigint NULL,
        domain_pkid bigint NULL,
        domain_name text NULL,
        action_type varchar(64) NOT NULL,
        result_code integer NOT NULL,
        result varchar(16) NOT NULL CHECK (result IN ('success', 'pending', 'failed')),
        spec_result_code integer NOT NULL,
        success_parameter jsonb NOT NULL,
        onamae_response jsonb NOT NULL,
        duration_ms integer NOT NULL,
        cl_trid varchar(64) NOT NULL,
        sv_trid varchar(64) NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS registrar_log_created_at_idx ON "${schema}"."registrar_log" (created_at DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS registrar_log_domain_name_idx ON "${schema}"."registrar_log" (domain_name, created_at DESC)`);
    await q.query(`CREATE INDEX IF NOT EXISTS registrar_log_user_id_idx ON "${schema}"."registrar_log" (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const schema = q.connection.driver.schema ?? 'domain_ops';
    await q.query(`DROP TABLE IF EXISTS "${schema}"."registrar_log"`);
  }
}
