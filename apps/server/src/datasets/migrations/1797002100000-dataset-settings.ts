import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dataset editor's settings (issue 15 item 2): cache timeout (seconds; null the default) and the default
 * time grain of new charts. Null for datasets created before them, as their events lack the fields.
 */
export class DatasetSettings1797002100000 implements MigrationInterface {
  name = 'DatasetSettings1797002100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE datasets ADD COLUMN cache_timeout integer, ADD COLUMN default_time_grain varchar(32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE datasets DROP COLUMN cache_timeout, DROP COLUMN default_time_grain`);
  }
}
