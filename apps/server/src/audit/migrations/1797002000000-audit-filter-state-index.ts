import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A dashboard's filter state events (issue 16, `dashboard_filter_state:<key>`) are about the dashboard
 * their data names (`dashboardId`), not their stream, so the audit's dashboard filter finds them by that
 * key (audit-filter.ts), as it finds user-log entries by `dashboard_id`: a partial index per source keeps
 * the filter a BitmapOr of index scans instead of a walk of the whole log. The types are written out here
 * (not imported) so this migration says what it did the day it ran.
 */
export class AuditFilterStateIndex1797002000000 implements MigrationInterface {
  name = 'AuditFilterStateIndex1797002000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX events_filter_state_dashboard_idx ON events ((data->>'dashboardId'), position)
        WHERE type IN ('dashboard/filterStateCreated', 'dashboard/filterStateChanged')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX events_filter_state_dashboard_idx`);
  }
}
