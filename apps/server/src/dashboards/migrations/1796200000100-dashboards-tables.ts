import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `dashboards`: the read model of the `dashboard:<id>` streams (layout and metadata as JSON, as the spec's
 * Dashboard lists them); `dashboard_slices`: which charts each dashboard's layout holds, for a chart's
 * `dashboards` and the dashboard's charts. No foreign keys, so a rebuild replays freely.
 */
export class DashboardsTables1796200000100 implements MigrationInterface {
  name = 'DashboardsTables1796200000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE dashboards_id_seq`);
    await q.query(`
      CREATE TABLE dashboards (
        id integer PRIMARY KEY,
        dashboard_title varchar(500) NOT NULL,
        slug varchar(255),
        owners integer[] NOT NULL DEFAULT '{}',
        position_json jsonb NOT NULL,
        json_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        css text NOT NULL DEFAULT '',
        published boolean NOT NULL DEFAULT false,
        certified_by text,
        certification_details text,
        created_by_fk integer,
        changed_by_fk integer,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        version integer NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX dashboards_slug_key ON dashboards (slug) WHERE slug IS NOT NULL`);
    await q.query(
      `CREATE TABLE dashboard_slices (dashboard_id integer NOT NULL, slice_id integer NOT NULL, PRIMARY KEY (dashboard_id, slice_id))`,
    );
    await q.query(`CREATE INDEX dashboard_slices_slice ON dashboard_slices (slice_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dashboard_slices`);
    await q.query(`DROP TABLE dashboards`);
    await q.query(`DROP SEQUENCE dashboards_id_seq`);
  }
}
