/**
 * A report schedule as the API answers it: Superset's fields (REFERENCE.md §4.1: `owners` as people,
 * `recipients` with `recipient_config_json`, `validator_type`/`validator_config_json`, `extra`,
 * `last_state`, `last_eval_dttm`, `created_by`, `changed_on`...) plus `chart_id`/`dashboard_id`, which the
 * client state of charts-dashboards-reports §3 Report reads.
 */
import type { AlertValidator, DashboardView, Recipient, ReportFields, RunState } from '@strata/domain';
import { humanizeAgo } from '../charts/humanize';

const person = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name)`;

export const REPORT_SELECT = `SELECT r.*,
    (SELECT coalesce(json_agg(${person('u')} ORDER BY u.id), '[]'::json) FROM users u WHERE u.id = ANY(r.owners)) AS owner_users,
    (SELECT ${person('u')} FROM users u WHERE u.id = r.created_by) AS creator,
    (SELECT ${person('u')} FROM users u WHERE u.id = r.changed_by_fk) AS changer,
    (SELECT json_build_object('id', c.id, 'slice_name', c.slice_name, 'viz_type', c.viz_type) FROM charts c WHERE c.id = r.chart_id) AS chart,
    (SELECT json_build_object('id', d.id, 'dashboard_title', d.dashboard_title) FROM dashboards d WHERE d.id = r.dashboard_id) AS dashboard,
    (SELECT json_build_object('id', db.id, 'database_name', db.database_name) FROM databases db WHERE db.id = r.database_id) AS database
  FROM report_schedule r`;

type Person = { id: number; first_name: string; last_name: string };

/** A row of REPORT_SELECT (pg gives timestamptz as Date, jsonb as values). */
export type ReportRow = Omit<ReportFields, 'recipients' | 'dashboard_view' | 'validator'> & {
  id: number;
  recipients: Recipient[];
  dashboard_view: DashboardView | null;
  validator: AlertValidator | null;
  created_on: Date;
  changed_on: Date;
  last_state: RunState | null;
  last_eval_dttm: Date | null;
  last_value: number | null;
  owner_users: Person[];
  creator: Person | null;
  changer: Person | null;
  chart: { id: number; slice_name: string; viz_type: string } | null;
  dashboard: { id: number; dashboard_title: string } | null;
  database: { id: number; database_name: string } | null;
};

/** The API's recipient: addresses joined back into Superset's comma-separated targets. */
function recipientJson(recipient: Recipient) {
  if (recipient.type === 'Webhook') return { type: 'Webhook', recipient_config_json: { target: recipient.url } };
  return {
    type: 'Email',
    recipient_config_json: {
      target: recipient.to.join(','),
      ccTarget: recipient.cc.join(','),
      bccTarget: recipient.bcc.join(','),
    },
  };
}

export function reportJson(row: ReportRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    active: row.active,
    crontab: row.crontab,
    timezone: row.timezone,
    creation_method: row.creation_method,
    chart_id: row.chart_id,
    dashboard_id: row.dashboard_id,
    chart: row.chart,
    dashboard: row.dashboard,
    database: row.database,
    report_format: row.report_format,
    recipients: row.recipients.map(recipientJson),
    owners: row.owner_users,
    working_timeout: row.working_timeout,
    grace_period: row.grace_period,
    log_retention: row.log_retention,
    custom_width: row.custom_width,
    custom_height: row.custom_height,
    force_screenshot: row.force_screenshot,
    extra: row.dashboard_view ? { dashboard: row.dashboard_view } : {},
    sql: row.sql,
    validator_type: row.validator?.type ?? null,
    validator_config_json:
      row.validator?.type === 'operator' ? { op: row.validator.op, threshold: row.validator.threshold } : {},
    last_state: row.last_state ?? 'Not triggered',
    last_eval_dttm: row.last_eval_dttm?.toISOString() ?? null,
    last_value: row.last_value,
    created_by: row.creator,
    changed_by: row.changer,
    created_on: row.created_on.toISOString(),
    changed_on: row.changed_on.toISOString(),
    changed_on_delta_humanized: humanizeAgo(row.changed_on),
  };
}
export type ReportJson = ReturnType<typeof reportJson>;
