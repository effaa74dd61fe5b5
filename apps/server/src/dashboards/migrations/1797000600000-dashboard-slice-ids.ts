import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The charts a dashboard's layout holds become a column of its `dashboards` row (`slice_ids`, ascending),
 * so the read model is one row per dashboard folded from its events (dashboards/dashboard.projection.ts):
 * a created copy or a published layout sets the whole set, which a table with a row per chart could not
 * take as a per-row fold. `dashboard_slices` stays, as a view with the same columns, for the queries that
 * join it.
 */
export class DashboardSliceIds1797000600000 implements MigrationInterface {
  name = 'DashboardSliceIds1797000600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dashboards ADD COLUMN slice_ids integer[] NOT NULL DEFAULT '{}'`);
    await q.query(
      `UPDATE dashboards d SET slice_ids = ARRAY(SELECT s.slice_id FROM dashboard_slices s WHERE s.dashboard_id = d.id ORDER BY s.slice_id)`,
    );
    await q.query(`DROP TABLE dashboard_slices`);
    await q.query(
      `CREATE VIEW dashboard_slices AS SELECT d.id AS dashboard_id, s.slice_id FROM dashboards d CROSS JOIN LATERAL unnest(d.slice_ids) AS s(slice_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW dashboard_slices`);
    await q.query(
      `CREATE TABLE dashboard_slices (dashboard_id integer NOT NULL, slice_id integer NOT NULL, PRIMARY KEY (dashboard_id, slice_id))`,
    );
    await q.query(`CREATE INDEX dashboard_slices_slice ON dashboard_slices (slice_id)`);
    await q.query(
      `INSERT INTO dashboard_slices (dashboard_id, slice_id) SELECT d.id, unnest(d.slice_ids) FROM dashboards d`,
    );
    await q.query(`ALTER TABLE dashboards DROP COLUMN slice_ids`);
  }
}
