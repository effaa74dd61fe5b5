/**
 * The rules each field of a report schedule keeps, checked on the whole schedule as a save would leave it
 * (so a rule across fields, such as CSV only for a chart, holds whichever field a save changes). Every
 * refusal is a ReportFieldError naming the field.
 */
import { checkCrontab, checkTimezone } from './cron';
import { ReportFieldError } from './report-field-error';
import {
  ALERT_OPERATORS,
  CHART_ONLY_FORMATS,
  CREATION_METHODS,
  MAX_REPORT_NAME,
  REPORT_FORMATS,
  REPORT_TYPES,
  SCREENSHOT_SIZE,
  type AlertValidator,
  type DashboardView,
  type Recipient,
  type ReportFields,
} from './report.fields';

// One address: no spaces, no list separators, a dot in the domain (Superset's check, REFERENCE.md §4.1).
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?::\d+)?(?:[/?#]\S*)?$/i;

/** The addresses of an API `target` ("a@x.com, b@y.com; c@z.com"), without empty entries. */
export function splitAddresses(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isWhole = (value: unknown, min: number) => Number.isInteger(value) && (value as number) >= min;

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T))
    throw new ReportFieldError(field, `${JSON.stringify(value)} is not one of ${allowed.join(', ')}.`);
  return value as T;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '' || name.trim().length > MAX_REPORT_NAME)
    throw new ReportFieldError('name', `A report schedule needs a name of at most ${MAX_REPORT_NAME} characters.`);
  return name.trim();
}

function checkAddresses(index: number, part: 'to' | 'cc' | 'bcc', list: unknown): string[] {
  if (!Array.isArray(list) || list.some((a) => typeof a !== 'string'))
    throw new ReportFieldError('recipients', `Recipient ${index + 1}: ${part} must be a list of addresses.`);
  const bad = list.find((a) => !EMAIL.test(a));
  if (bad !== undefined) throw new ReportFieldError('recipients', `'${bad}' is not an e-mail address.`);
  return list as string[];
}

function checkRecipient(recipient: Recipient, index: number): Recipient {
  switch (recipient?.type) {
    case 'Email': {
      const to = checkAddresses(index, 'to', recipient.to);
      if (to.length === 0)
        throw new ReportFieldError('recipients', `Recipient ${index + 1}: an e-mail needs an address to send to.`);
      return {
        type: 'Email',
        to,
        cc: checkAddresses(index, 'cc', recipient.cc ?? []),
        bcc: checkAddresses(index, 'bcc', recipient.bcc ?? []),
      };
    }
    case 'Webhook':
      if (typeof recipient.url !== 'string' || !HTTP_URL.test(recipient.url.trim()))
        throw new ReportFieldError('recipients', `${JSON.stringify(recipient.url)} is not an http(s) URL.`);
      return { type: 'Webhook', url: recipient.url.trim() };
    default:
      throw new ReportFieldError('recipients', `Recipient ${index + 1} is neither Email nor Webhook.`);
  }
}

function checkRecipients(recipients: unknown): Recipient[] {
  if (!Array.isArray(recipients) || recipients.length === 0)
    throw new ReportFieldError('recipients', 'A report schedule needs at least one recipient.');
  return recipients.map(checkRecipient);
}

function checkOwners(owners: unknown): number[] {
  if (!Array.isArray(owners) || owners.length === 0 || !owners.every(isId))
    throw new ReportFieldError('owners', 'A report schedule needs at least one owner (user ids).');
  return [...new Set(owners as number[])];
}

function checkSize(field: 'custom_width' | 'custom_height', size: unknown): number | null {
  if (size === null) return null;
  if (!Number.isInteger(size) || (size as number) < SCREENSHOT_SIZE.min || (size as number) > SCREENSHOT_SIZE.max)
    throw new ReportFieldError(
      field,
      `The screenshot size must be from ${SCREENSHOT_SIZE.min} to ${SCREENSHOT_SIZE.max} px.`,
    );
  return size as number;
}

function checkDashboardView(view: DashboardView | null, dashboardId: number | null): DashboardView | null {
  if (view === null) return null;
  if (dashboardId === null)
    throw new ReportFieldError('dashboard_view', 'Tabs, anchor and filter values only apply to a dashboard.');
  const strings = (list: unknown) => Array.isArray(list) && list.every((s) => typeof s === 'string');
  if (!strings(view.activeTabs) || (view.anchor !== null && typeof view.anchor !== 'string'))
    throw new ReportFieldError('dashboard_view', 'Active tabs are a list of tab ids and the anchor is an id.');
  const filters = view.nativeFilters;
  if (
    !Array.isArray(filters) ||
    !filters.every((f) => typeof f?.nativeFilterId === 'string' && Array.isArray(f.filterValues))
  )
    throw new ReportFieldError(
      'dashboard_view',
      'Each native filter value names its filter and holds a list of values.',
    );
  return view;
}

function checkValidator(validator: AlertValidator | null): AlertValidator {
  if (validator?.type === 'not null') return { type: 'not null' };
  if (validator?.type === 'operator') {
    const op = oneOf('validator', validator.op, ALERT_OPERATORS);
    if (typeof validator.threshold !== 'number' || !Number.isFinite(validator.threshold))
      throw new ReportFieldError('validator', 'An operator needs a numeric threshold.');
    return { type: 'operator', op, threshold: validator.threshold };
  }
  throw new ReportFieldError('validator', "An alert triggers on 'not null' or on an operator with a threshold.");
}

/** The alert's query and validator, or none for a report (a report never reads a database). */
function checkAlert(fields: ReportFields): Pick<ReportFields, 'database_id' | 'sql' | 'validator'> {
  if (fields.type === 'Report') {
    for (const field of ['database_id', 'sql', 'validator'] as const)
      if (fields[field] !== null) throw new ReportFieldError(field, 'Only an alert has a query and a validator.');
    return { database_id: null, sql: null, validator: null };
  }
  if (!isId(fields.database_id))
    throw new ReportFieldError('database_id', 'An alert needs the database its SQL runs on.');
  if (typeof fields.sql !== 'string' || fields.sql.trim() === '')
    throw new ReportFieldError('sql', 'An alert needs a SQL query.');
  return { database_id: fields.database_id, sql: fields.sql, validator: checkValidator(fields.validator) };
}

/** What it sends: one chart or one dashboard, matching where it was made and what the format needs. */
function checkContent(fields: ReportFields): void {
  const { chart_id, dashboard_id, creation_method, report_format } = fields;
  if ((chart_id === null) === (dashboard_id === null))
    throw new ReportFieldError(
      'chart_id',
      'A report schedule sends exactly one of a chart (chart_id) or a dashboard (dashboard_id).',
    );
  if (chart_id !== null && !isId(chart_id)) throw new ReportFieldError('chart_id', 'Not a chart id.');
  if (dashboard_id !== null && !isId(dashboard_id)) throw new ReportFieldError('dashboard_id', 'Not a dashboard id.');
  if (creation_method === 'charts' && chart_id === null)
    throw new ReportFieldError('chart_id', "A schedule made from a chart's menu sends that chart.");
  if (creation_method === 'dashboards' && dashboard_id === null)
    throw new ReportFieldError('dashboard_id', "A schedule made from a dashboard's menu sends that dashboard.");
  if (CHART_ONLY_FORMATS.includes(report_format) && chart_id === null)
    throw new ReportFieldError(
      'report_format',
      `${report_format} is made from a chart's data: a dashboard is sent as PNG or PDF.`,
    );
}

/** The schedule's fields as stored: every rule checked, names and addresses trimmed. */
export function checkReportFields(fields: ReportFields): ReportFields {
  oneOf('type', fields.type, REPORT_TYPES);
  oneOf('creation_method', fields.creation_method, CREATION_METHODS);
  oneOf('report_format', fields.report_format, REPORT_FORMATS);
  if (typeof fields.active !== 'boolean') throw new ReportFieldError('active', 'Active is true or false.');
  if (typeof fields.force_screenshot !== 'boolean')
    throw new ReportFieldError('force_screenshot', 'Force screenshot is true or false.');
  if (fields.description !== null && typeof fields.description !== 'string')
    throw new ReportFieldError('description', 'A description is text.');
  if (!isWhole(fields.working_timeout, 1)) throw new ReportFieldError('working_timeout', 'Whole seconds, at least 1.');
  if (!isWhole(fields.grace_period, 1)) throw new ReportFieldError('grace_period', 'Whole seconds, at least 1.');
  if (!isWhole(fields.log_retention, 1)) throw new ReportFieldError('log_retention', 'Whole days, at least 1.');
  checkContent(fields);
  return {
    ...fields,
    name: checkName(fields.name),
    crontab: checkCrontab(fields.crontab),
    timezone: checkTimezone(fields.timezone),
    recipients: checkRecipients(fields.recipients),
    owners: checkOwners(fields.owners),
    custom_width: checkSize('custom_width', fields.custom_width),
    custom_height: checkSize('custom_height', fields.custom_height),
    dashboard_view: checkDashboardView(fields.dashboard_view, fields.dashboard_id),
    ...checkAlert(fields),
  };
}
