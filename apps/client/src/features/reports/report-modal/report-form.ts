import {
  CHART_ONLY_FORMATS,
  REPORT_DEFAULTS,
  REPORT_FORMATS,
  type DashboardView,
  type AlertOperator,
  type CreationMethod,
  type RecipientJson,
  type ReportBody,
  type ReportFormat,
  type ReportJson,
  type ReportType,
} from '@strata/domain';
import { browserTimeZone, DEFAULT_CRONTAB } from './schedule';

/** Where a new report comes from: the chart's or dashboard's menu, or the report and alert lists. */
export interface ReportTargetProp {
  chartId?: number;
  dashboardId?: number;
  creationMethod: CreationMethod;
  /** The chart's or dashboard's name, for the default report name. */
  name?: string;
}

/** What the user is typing: kept as typed (strings) until Save, and kept after a refusal. */
export interface ReportForm {
  name: string;
  description: string;
  active: boolean;
  crontab: string;
  timezone: string;
  format: ReportFormat;
  contentType: 'chart' | 'dashboard';
  /** The chart's or dashboard's id as the select holds it ('' none chosen yet). */
  contentId: string;
  to: string;
  cc: string;
  bcc: string;
  webhook: string;
  databaseId: string;
  sql: string;
  validatorType: 'not null' | 'operator';
  op: AlertOperator;
  threshold: string;
  /** User ids (the creator is one anyway); names for the chips by id. */
  owners: number[];
  ownerNames: Record<number, string>;
  /** Days, one of LOG_RETENTION_DAYS (or what the schedule had). */
  logRetention: string;
  /** Seconds. */
  workingTimeout: string;
  gracePeriod: string;
  /** Screenshot width in px ('' the default), PNG/PDF only. */
  customWidth: string;
  forceScreenshot: boolean;
  /** A dashboard's tab to send ('' the first) and where it sits (its parent tabs first, then it). */
  tabPath: string[];
  /** Native filter values to apply: the filter and its values as typed (comma separated). */
  nativeFilters: NativeFilterRow[];
}

export interface NativeFilterRow {
  nativeFilterId: string;
  filterType: string | null;
  columnName: string | null;
  values: string;
}

/** Superset's AlertReportModal log retention choices, in days. */
export const LOG_RETENTION_DAYS = [1, 7, 14, 30, 60, 90] as const;

/** Formats sent as a screenshot: the width applies to these only. */
export const SCREENSHOT_FORMATS: ReportFormat[] = ['PNG', 'PDF'];

const advancedDefaults = {
  owners: [],
  ownerNames: {},
  logRetention: String(REPORT_DEFAULTS.log_retention),
  workingTimeout: String(REPORT_DEFAULTS.working_timeout),
  gracePeriod: String(REPORT_DEFAULTS.grace_period),
  customWidth: '',
  forceScreenshot: false,
  tabPath: [],
  nativeFilters: [],
} satisfies Partial<ReportForm>;

/** CSV, XLSX and TEXT send a chart's data: offered for charts only (the domain's rule). */
export const formatsFor = (contentType: ReportForm['contentType']): ReportFormat[] =>
  REPORT_FORMATS.filter((f) => contentType === 'chart' || !CHART_ONLY_FORMATS.includes(f));

export function newForm(type: ReportType, target?: ReportTargetProp): ReportForm {
  const contentType = target?.dashboardId !== undefined ? 'dashboard' : 'chart';
  const id = target?.chartId ?? target?.dashboardId;
  return {
    name: target?.name ? `${type === 'Alert' ? 'Alert' : 'Weekly Report'} for ${target.name}` : '',
    description: '',
    active: true,
    crontab: DEFAULT_CRONTAB,
    timezone: browserTimeZone(),
    format: 'PNG',
    contentType,
    contentId: id === undefined ? '' : String(id),
    to: '',
    cc: '',
    bcc: '',
    webhook: '',
    databaseId: '',
    sql: '',
    validatorType: 'operator',
    op: '>',
    threshold: '',
    ...advancedDefaults,
  };
}

export function formOf(report: ReportJson): ReportForm {
  const email = report.recipients.find((r) => r.type === 'Email');
  const webhook = report.recipients.find((r) => r.type === 'Webhook');
  const config = email?.type === 'Email' ? email.recipient_config_json : null;
  return {
    name: report.name,
    description: report.description ?? '',
    active: report.active,
    crontab: report.crontab,
    timezone: report.timezone,
    format: report.report_format,
    contentType: report.dashboard_id !== null ? 'dashboard' : 'chart',
    contentId: String(report.chart_id ?? report.dashboard_id ?? ''),
    to: config?.target ?? '',
    cc: config?.ccTarget ?? '',
    bcc: config?.bccTarget ?? '',
    webhook: webhook?.recipient_config_json.target ?? '',
    databaseId: report.database ? String(report.database.id) : '',
    sql: report.sql ?? '',
    validatorType: report.validator_type === 'not null' ? 'not null' : 'operator',
    op: report.validator_config_json?.op ?? '>',
    threshold:
      report.validator_config_json?.threshold === undefined ? '' : String(report.validator_config_json.threshold),
    owners: (report.owners ?? []).map((o) => o.id),
    ownerNames: Object.fromEntries(
      (report.owners ?? []).map((o) => [o.id, `${o.first_name} ${o.last_name}`.trim() || `User #${o.id}`]),
    ),
    logRetention: String(report.log_retention ?? advancedDefaults.logRetention),
    workingTimeout: String(report.working_timeout ?? advancedDefaults.workingTimeout),
    gracePeriod: String(report.grace_period ?? advancedDefaults.gracePeriod),
    customWidth: report.custom_width ? String(report.custom_width) : '',
    forceScreenshot: report.force_screenshot ?? false,
    ...viewForm(report.extra?.dashboard ?? null),
  };
}

/** The dashboard view as the form holds it: the tab sent with its parents, the filter values as text. */
function viewForm(view: DashboardView | null): Pick<ReportForm, 'tabPath' | 'nativeFilters'> {
  if (!view) return { tabPath: [], nativeFilters: [] };
  const tabPath =
    view.anchor && !view.activeTabs.includes(view.anchor) ? [...view.activeTabs, view.anchor] : view.activeTabs;
  return {
    tabPath,
    nativeFilters: view.nativeFilters.map((f) => ({
      nativeFilterId: f.nativeFilterId,
      filterType: f.filterType,
      columnName: f.columnName,
      values: f.filterValues.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', '),
    })),
  };
}

/** A number as typed; blank or not a number is sent as null, so the server's 400 names the field. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The view a dashboard's report sends: `{}` for none (which also clears one set before). */
function extraOf(form: ReportForm): ReportBody['extra'] {
  const filters = form.nativeFilters.filter((f) => f.nativeFilterId !== '');
  if (form.tabPath.length === 0 && filters.length === 0) return {};
  return {
    dashboard: {
      activeTabs: form.tabPath,
      anchor: form.tabPath.at(-1) ?? null,
      nativeFilters: filters.map((f) => ({
        nativeFilterId: f.nativeFilterId,
        filterType: f.filterType,
        columnName: f.columnName,
        filterValues: f.values
          .split(',')
          .map((v) => v.trim())
          .filter(Boolean),
      })),
    },
  };
}

/**
 * The body Save sends. The server judges every value (400 naming the field, 422 for a taken name): the
 * form sends what was typed, so its answer points at the field to fix.
 */
export function bodyOf(
  form: ReportForm,
  type: ReportType,
  creationMethod: CreationMethod,
  editing = false,
): ReportBody {
  const recipients: RecipientJson[] = [];
  if (form.to.trim() || form.cc.trim() || form.bcc.trim() || !form.webhook.trim())
    recipients.push({
      type: 'Email',
      recipient_config_json: { target: form.to.trim(), ccTarget: form.cc.trim(), bccTarget: form.bcc.trim() },
    });
  if (form.webhook.trim()) recipients.push({ type: 'Webhook', recipient_config_json: { target: form.webhook.trim() } });
  const content = form.contentId === '' ? {} : { [form.contentType]: Number(form.contentId) };
  const body: ReportBody = {
    type,
    name: form.name,
    ...(form.description.trim() ? { description: form.description } : {}),
    active: form.active,
    crontab: form.crontab.trim(),
    timezone: form.timezone,
    creation_method: creationMethod,
    ...content,
    report_format: form.format,
    recipients,
    // A new schedule's creator is an owner anyway: the others only. An edit sends the full list.
    ...(editing || form.owners.length > 0 ? { owners: form.owners } : {}),
    log_retention: numberOf(form.logRetention),
    working_timeout: numberOf(form.workingTimeout),
    custom_width:
      SCREENSHOT_FORMATS.includes(form.format) && form.customWidth.trim() !== '' ? numberOf(form.customWidth) : null,
    force_screenshot: form.forceScreenshot,
    ...(form.contentType === 'dashboard' && form.contentId !== '' ? { extra: extraOf(form) } : {}),
  };
  if (type !== 'Alert') return body;
  return {
    ...body,
    ...(form.databaseId === '' ? {} : { database: Number(form.databaseId) }),
    sql: form.sql,
    grace_period: numberOf(form.gracePeriod),
    validator_type: form.validatorType,
    validator_config_json:
      form.validatorType === 'operator' ? { op: form.op, threshold: Number(form.threshold.trim() || NaN) } : {},
  };
}
