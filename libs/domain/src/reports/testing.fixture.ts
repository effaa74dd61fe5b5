/** Sample schedules and commands for the reports specs. */
import type { CreateReport } from './report.commands';
import type { ReportEvent } from './report.events';
import type { ReportFields } from './report.fields';

export const dashboardReport: ReportFields = {
  type: 'Report',
  name: 'Weekly delays',
  description: null,
  active: true,
  crontab: '0 9 * * 1',
  timezone: 'Europe/Paris',
  creation_method: 'dashboards',
  chart_id: null,
  dashboard_id: 7,
  report_format: 'PNG',
  recipients: [{ type: 'Email', to: ['ops@example.com'], cc: [], bcc: [] }],
  owners: [2],
  working_timeout: 3600,
  grace_period: 14_400,
  log_retention: 90,
  custom_width: null,
  custom_height: null,
  force_screenshot: false,
  dashboard_view: null,
  database_id: null,
  sql: null,
  validator: null,
  created_by: 2,
};

export const delayAlert: ReportFields = {
  ...dashboardReport,
  type: 'Alert',
  name: 'Many delays',
  crontab: '*/10 * * * *',
  timezone: 'UTC',
  creation_method: 'alerts_reports',
  database_id: 1,
  sql: 'SELECT count(*) FROM flights WHERE delay > 100',
  validator: { type: 'operator', op: '>', threshold: 10 },
};

export const created = (fields: ReportFields, id = 4): ReportEvent => ({
  type: 'report/reportCreated',
  data: { id, ...fields },
});

/** The command that creates `fields` (as `created(fields)`), with some fields replaced. */
export function createCommand(fields: ReportFields, over: Partial<CreateReport['data']> = {}): CreateReport {
  const { created_by, owners, ...rest } = fields;
  return { type: 'CreateReport', data: { ...rest, id: 4, owner_id: created_by, owners, ...over } };
}
