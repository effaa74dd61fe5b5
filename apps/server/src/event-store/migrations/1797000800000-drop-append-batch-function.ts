import type { MigrationInterface, QueryRunner } from 'typeorm';
import { AppendBatchFunction1797000000200 } from './1797000000200-append-batch-function';

/**
 * Appends in flight together are now one set-based statement sent by the combiner (append-combiner.ts
 * BATCH_SQL), at most one per stream: it cost about two thirds of the PL/pgSQL loop of
 * `strata_append_batch` for eight appends, so the function is no longer called.
 */
export class DropAppendBatchFunction1797000800000 implements MigrationInterface {
  name = 'DropAppendBatchFunction1797000800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION IF EXISTS strata_append_batch(jsonb)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await new AppendBatchFunction1797000000200().up(queryRunner);
  }
}
