import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rows of an operation run are inserted together (queued) and each is updated once or twice as its domain ends
 * (ADR 0037). Packed full, most of those updates found no room on their page and wrote a new index entry as well (35 %
 * were HOT in the bulk name-server bench); with half of each page left free, each row's new version has room on its page,
 * and the end of a row touches no index. Rows inserted from now on are placed so; the pages already written keep theirs.
 */
export class OperationItemsFillfactor17977100000000 implements MigrationInterface {
  name = 'OperationItemsFillfactor17977100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.operation_items SET (fillfactor = 50)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE domain_ops.operation_items RESET (fillfactor)');
  }
}
