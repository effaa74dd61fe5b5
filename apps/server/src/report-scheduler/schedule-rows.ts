/** What the scheduler reads of `report_schedule` (the reports read model, reports/CONTEXT.md). */
import type { ReportRuns } from '@strata/domain';
import type { DataSource } from 'typeorm';
import type { ScheduleTimes } from './due-run';

export interface ScheduleRow {
  id: number;
  active: boolean;
  crontab: string;
  timezone: string;
  working_timeout: number;
  log_retention: number;
  created_on: Date;
  runs: ReportRuns;
}

const COLUMNS = 'id, active, crontab, timezone, working_timeout, log_retention, created_on, runs';

export const activeSchedules = (db: DataSource) =>
  db.query(`SELECT ${COLUMNS} FROM report_schedule WHERE active ORDER BY id`) as Promise<ScheduleRow[]>;

export const scheduleById = async (db: DataSource, id: number) =>
  ((await db.query(`SELECT ${COLUMNS} FROM report_schedule WHERE id = $1`, [id])) as ScheduleRow[])[0] ?? null;

/** Schedules with a run in progress, active or not: a deactivated schedule's stuck run still ends. */
export const schedulesWorking = (db: DataSource) =>
  db.query(`SELECT ${COLUMNS} FROM report_schedule WHERE runs->'working' <> 'null'::jsonb ORDER BY id`) as Promise<
    ScheduleRow[]
  >;

export const timesOf = (row: ScheduleRow): ScheduleTimes => ({
  crontab: row.crontab,
  timezone: row.timezone,
  createdOn: new Date(row.created_on).toISOString(),
  lastScheduledAt: row.runs.recentScheduledAt.at(-1) ?? null,
});

/** Schedules with runs that ended more than a day past their log_retention at `now`. */
export const schedulesToPrune = (db: DataSource, now: Date) =>
  db.query(
    `SELECT s.id FROM report_schedule s
      WHERE EXISTS (SELECT 1 FROM report_execution_log l
                     WHERE l.report_schedule_id = s.id
                       AND l.end_dttm < $1::timestamptz - make_interval(days => s.log_retention + 1))
      ORDER BY s.id`,
    [now.toISOString()],
  ) as Promise<{ id: number }[]>;
