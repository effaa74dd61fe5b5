import {
  CHART_ONLY_FORMATS,
  REPORT_FORMATS,
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
}

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
  };
}

/**
 * The body Save sends. The server judges every value (400 naming the field, 422 for a taken name): the
 * form sends what was typed, so its answer points at the field to fix.
 */
export function bodyOf(form: ReportForm, type: ReportType, creationMethod: CreationMethod): ReportBody {
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
  };
  if (type !== 'Alert') return body;
  return {
    ...body,
    ...(form.databaseId === '' ? {} : { database: Number(form.databaseId) }),
    sql: form.sql,
    validator_type: form.validatorType,
    validator_config_json:
      form.validatorType === 'operator' ? { op: form.op, threshold: Number(form.threshold.trim() || NaN) } : {},
  };
}
