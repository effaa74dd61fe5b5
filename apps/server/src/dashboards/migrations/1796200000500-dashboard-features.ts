import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard issue's read-model columns: `roles` (DASHBOARD_RBAC viewers) on `dashboards`, and
 * `dashboard_favorites` (the fold of the `dashboard-favorites:<id>` streams). Permalinks go to
 * `key_value` under their own resource name. No foreign keys, so a rebuild replays freely.
 */
export class DashboardFeatures1796200000500 implements MigrationInterface {
  name = 'DashboardFeatures1796200000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dashboards ADD COLUMN roles integer[] NOT NULL DEFAULT '{}'`);
    await q.query(
      `CREATE TABLE dashboard_favorites (dashboard_id integer NOT NULL, user_id integer NOT NULL, created_on timestamptz NOT NULL, PRIMARY KEY (dashboard_id, user_id))`,
    );
    await q.query(`CREATE INDEX dashboard_favorites_user ON dashboard_favorites (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE dashboard_favorites`);
    await q.query(`ALTER TABLE dashboards DROP COLUMN roles`);
  }
}
