import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `report_schedule` and `report_execution_log`: read models of the `report:<id>` streams (no foreign keys:
 * rebuilds replay freely). The unique index on `name_key` keeps a name unique per type across schedules,
 * the one rule the decider cannot see (libs/domain reports/report-names.ts).
 */
export class ReportTables1797001700000 implements MigrationInterface {
  name = 'ReportTables1797001700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE report_schedule_id_seq`);
    await q.query(`
      CREATE TABLE report_schedule (
        id integer PRIMARY KEY,
        type varchar(16) NOT NULL,
        name varchar(150) NOT NULL,
        name_key text NOT NULL,
        description text,
        active boolean NOT NULL,
        crontab varchar(1000) NOT NULL,
        timezone varchar(100) NOT NULL,
        creation_method varchar(32) NOT NULL,
        chart_id integer,
        dashboard_id integer,
        report_format varchar(16) NOT NULL,
        recipients jsonb NOT NULL,
        owners integer[] NOT NULL DEFAULT '{}',
        working_timeout integer NOT NULL,
        grace_period integer NOT NULL,
        log_retention integer NOT NULL,
        custom_width integer,
        custom_height integer,
        force_screenshot boolean NOT NULL,
        dashboard_view jsonb,
        database_id integer,
        sql text,
        validator jsonb,
        created_by integer NOT NULL,
        changed_by_fk integer,
        created_on timestamptz NOT NULL,
        changed_on timestamptz NOT NULL,
        runs jsonb NOT NULL,
        last_state varchar(32),
        last_eval_dttm timestamptz,
        last_value double precision,
        version integer NOT NULL
      )`);
    await q.query(`CREATE UNIQUE INDEX report_schedule_name_key ON report_schedule (name_key)`);
    await q.query(`CREATE INDEX report_schedule_chart ON report_schedule (chart_id) WHERE chart_id IS NOT NULL`);
    await q.query(
      `CREATE INDEX report_schedule_dashboard ON report_schedule (dashboard_id) WHERE dashboard_id IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE report_execution_log (
        report_schedule_id integer NOT NULL,
        uuid text NOT NULL,
        id bigint NOT NULL,
        scheduled_dttm timestamptz NOT NULL,
        start_dttm timestamptz,
        end_dttm timestamptz,
        value double precision,
        state varchar(32) NOT NULL,
        error_message text,
        PRIMARY KEY (report_schedule_id, uuid)
      )`);
    await q.query(
      `CREATE INDEX report_execution_log_newest ON report_execution_log (report_schedule_id, start_dttm DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE report_execution_log`);
    await q.query(`DROP TABLE report_schedule`);
    await q.query(`DROP SEQUENCE report_schedule_id_seq`);
  }
}
