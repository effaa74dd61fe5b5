/**
 * What a report schedule is (charts-dashboards-reports §3 Report; Superset's `report_schedule`, see
 * REFERENCE.md §4.1): a Report sends a chart or dashboard on a cron; an Alert first runs its SQL and sends
 * only when the validator says the value is worth it.
 */

export const REPORT_TYPES = ['Report', 'Alert'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Where the schedule was made: a chart's menu, a dashboard's menu, or the Alerts & Reports list. */
export const CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export type CreationMethod = (typeof CREATION_METHODS)[number];

export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** Formats made from a chart's data rows: a dashboard has no single table of rows (REFERENCE.md §4.3). */
export const CHART_ONLY_FORMATS: readonly ReportFormat[] = ['CSV', 'XLSX', 'TEXT'];

export const ALERT_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** When an alert's value triggers it (Superset's validator_type and validator_config_json). */
export type AlertValidator = { type: 'not null' } | { type: 'operator'; op: AlertOperator; threshold: number };

/** A mail's addresses, each a list (the API's comma-separated `target`, `ccTarget`, `bccTarget`). */
export interface EmailRecipient {
  type: 'Email';
  to: string[];
  cc: string[];
  bcc: string[];
}
export interface WebhookRecipient {
  type: 'Webhook';
  url: string;
}
export type Recipient = EmailRecipient | WebhookRecipient;

/** A native filter's values applied to the dashboard before the screenshot (Superset's extra.dashboard). */
export interface ReportFilterValue {
  nativeFilterId: string;
  filterType: string | null;
  columnName: string | null;
  filterValues: unknown[];
}

/** How a dashboard is shown when it is sent: which tabs are open, where it scrolls, which filter values. */
export interface DashboardView {
  activeTabs: string[];
  anchor: string | null;
  nativeFilters: ReportFilterValue[];
}

export interface ReportFields {
  type: ReportType;
  name: string;
  description: string | null;
  active: boolean;
  /** Five fields (minute hour day-of-month month day-of-week), read in `timezone`. */
  crontab: string;
  /** An IANA name ('America/New_York'). */
  timezone: string;
  creation_method: CreationMethod;
  /** Exactly one of chart_id and dashboard_id is set. */
  chart_id: number | null;
  dashboard_id: number | null;
  report_format: ReportFormat;
  recipients: Recipient[];
  owners: number[];
  /** Seconds a run may stay Working before it is an Error. */
  working_timeout: number;
  /** Seconds after a sent alert during which it is not sent again, and between two error notices. */
  grace_period: number;
  /** Days the execution log keeps its rows. */
  log_retention: number;
  /** Screenshot size in px, each null (the default) or 600 to 2400. */
  custom_width: number | null;
  custom_height: number | null;
  /** Take a new screenshot rather than a cached one. */
  force_screenshot: boolean;
  /** Only for a dashboard; null shows it as it opens. */
  dashboard_view: DashboardView | null;
  /** Alerts only: the query and the database it runs on, and when its value triggers the alert. */
  database_id: number | null;
  sql: string | null;
  validator: AlertValidator | null;
  created_by: number;
}

/** Superset's defaults (REFERENCE.md §4.1). */
export const REPORT_DEFAULTS = {
  timezone: 'UTC',
  report_format: 'PNG',
  working_timeout: 3600,
  grace_period: 14_400,
  log_retention: 90,
} as const satisfies Partial<ReportFields>;

export const SCREENSHOT_SIZE = { min: 600, max: 2400 } as const;
export const MAX_REPORT_NAME = 150;
