import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * DASHBOARD_RBAC viewers are role names: users' roles are stored by name (`user_roles.role`) and there is
 * no role table whose ids could be referenced. No event ever carried role ids (the flag was off and the
 * save rules dropped them), so the integer column holds only empty arrays.
 */
export class DashboardRoleNames1796200000600 implements MigrationInterface {
  name = 'DashboardRoleNames1796200000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles DROP DEFAULT`);
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles TYPE text[] USING roles::text[]`);
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles SET DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles DROP DEFAULT`);
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles TYPE integer[] USING '{}'::integer[]`);
    await q.query(`ALTER TABLE dashboards ALTER COLUMN roles SET DEFAULT '{}'`);
  }
}
