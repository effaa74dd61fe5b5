import type { AlertOperator, CreationMethod, DashboardView, ReportFormat, ReportType } from '../report.fields';

/**
 * A report schedule as `/api/v1/report/` answers it (apps/server/src/reports/report-json.ts): Superset's
 * fields plus `chart_id`/`dashboard_id`, which the client state of charts-dashboards-reports §3 Report
 * reads. The client only reads it; every change goes back through the API.
 */
export interface ReportJson {
  id: number;
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: CreationMethod;
  chart_id: number | null;
  dashboard_id: number | null;
  chart?: { id: number; slice_name: string; viz_type: string } | null;
  dashboard?: { id: number; dashboard_title: string } | null;
  database?: { id: number; database_name: string } | null;
  report_format: ReportFormat;
  recipients: RecipientJson[];
  owners?: { id: number; first_name: string; last_name: string }[];
  working_timeout?: number;
  grace_period?: number;
  log_retention?: number;
  custom_width?: number | null;
  custom_height?: number | null;
  force_screenshot?: boolean;
  /** `{}`, or a dashboard's open tabs, anchor and native filter values. */
  extra?: { dashboard?: DashboardView | null };
  sql?: string | null;
  validator_type?: 'not null' | 'operator' | null;
  validator_config_json?: { op?: AlertOperator; threshold?: number };
  last_state?: string;
  last_eval_dttm?: string | null;
  last_value?: number | null;
  created_by?: { id: number; first_name: string; last_name: string } | null;
  created_on?: string;
  changed_on?: string;
  changed_on_delta_humanized?: string;
}

export type RecipientJson =
  | { type: 'Email'; recipient_config_json: { target: string; ccTarget?: string; bccTarget?: string } }
  | { type: 'Webhook'; recipient_config_json: { target: string } };

/** The body of `POST /api/v1/report/` and of a full `PUT /api/v1/report/{id}` (Superset's schema). */
export interface ReportBody {
  type: ReportType;
  name: string;
  description?: string;
  active: boolean;
  crontab: string;
  timezone: string;
  creation_method: CreationMethod;
  chart?: number;
  dashboard?: number;
  report_format: ReportFormat;
  recipients: RecipientJson[];
  /** User ids; the creator is always one (the server adds them). */
  owners?: number[];
  /** Seconds a run may stay Working before it is an Error. */
  working_timeout?: number;
  /** Seconds an alert that sent stays quiet (On Grace). */
  grace_period?: number;
  /** Days the execution log keeps a run. */
  log_retention?: number;
  /** The screenshot's width in px (PNG/PDF), null for the default. */
  custom_width?: number | null;
  force_screenshot?: boolean;
  /** A dashboard's open tab and native filter values; `{}` for none. */
  extra?: { dashboard?: DashboardView };
  database?: number;
  sql?: string;
  validator_type?: 'not null' | 'operator';
  validator_config_json?: { op: AlertOperator; threshold: number } | Record<string, never>;
}

/** Where a report is filed in the client state: its creation method, then its chart's or dashboard's id. */
export interface ReportTarget {
  creationMethod: CreationMethod;
  /** The chart's id when it sends a chart, otherwise the dashboard's. */
  targetId: number;
}

export function targetOf(
  report: Pick<ReportJson, 'creation_method' | 'chart_id' | 'dashboard_id'>,
): ReportTarget | null {
  const targetId = report.chart_id ?? report.dashboard_id;
  return targetId === null || targetId === undefined ? null : { creationMethod: report.creation_method, targetId };
}
