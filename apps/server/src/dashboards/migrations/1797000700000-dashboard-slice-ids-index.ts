import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Which dashboards show this chart" (every chart the API answers lists them) looks inside
 * `dashboards.slice_ids`: a GIN index keeps that a lookup, as the `(slice_id)` index of the former
 * `dashboard_slices` table did, instead of a scan of every dashboard.
 */
export class DashboardSliceIdsIndex1797000700000 implements MigrationInterface {
  name = 'DashboardSliceIdsIndex1797000700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX dashboards_slice_ids ON dashboards USING gin (slice_ids)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX dashboards_slice_ids`);
  }
}
