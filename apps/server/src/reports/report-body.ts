/**
 * Superset's report schedule bodies (REFERENCE.md §4.1; the spec's `/api/v1/report/` calls) at the edge:
 * zod checks the shape, and `toReportFields` turns the API's names (`chart`, `dashboard`, `database`,
 * `recipient_config_json`, `validator_config_json`, `extra.dashboard`) into the domain's fields. The rules
 * on values (cron, time zone, addresses, formats, sizes) are the domain's `checkReportFields`, so a bad
 * value is a ReportFieldError naming the field, not a second copy of the rules here.
 */
import {
  splitAddresses,
  type AlertValidator,
  type DashboardView,
  type Recipient,
  type ReportFields,
} from '@strata/domain';
import { z } from 'zod';
import { recordId } from '../common/ids';

const address = z.string().max(10_000).nullish();

const recipient = z
  .object({
    type: z.string().max(32),
    recipient_config_json: z.object({ target: address, ccTarget: address, bccTarget: address }).strict().default({}),
  })
  .strict();

const nativeFilter = z
  .object({
    nativeFilterId: z.string().max(200),
    filterType: z.string().max(200).nullish(),
    columnName: z.string().max(1000).nullish(),
    filterValues: z.array(z.unknown()).max(10_000),
  })
  .strict();

const extra = z
  .object({
    dashboard: z
      .object({
        activeTabs: z.array(z.string().max(200)).max(1000).default([]),
        anchor: z.string().max(200).nullish(),
        nativeFilters: z.array(nativeFilter).max(1000).default([]),
      })
      .strict()
      .nullish(),
  })
  .strict();

/** Every field a PUT may send; a POST requires a few more (below). Values the domain rules on are loose here. */
const fields = {
  type: z.string().max(32),
  name: z.string().max(1000),
  description: z.string().max(100_000).nullish(),
  active: z.boolean(),
  crontab: z.string().max(1000),
  timezone: z.string().max(100),
  creation_method: z.string().max(32),
  chart: recordId.nullish(),
  dashboard: recordId.nullish(),
  report_format: z.string().max(32),
  recipients: z.array(recipient).max(100),
  owners: z.array(recordId).max(100),
  working_timeout: z.number(),
  grace_period: z.number(),
  log_retention: z.number(),
  custom_width: z.number().nullish(),
  custom_height: z.number().nullish(),
  force_screenshot: z.boolean(),
  extra: extra.nullish(),
  database: recordId.nullish(),
  sql: z.string().max(1_000_000).nullish(),
  validator_type: z.string().max(32).nullish(),
  validator_config_json: z
    .object({ op: z.string().max(8).optional(), threshold: z.number().optional() })
    .strict()
    .nullish(),
};

export const updateReportSchema = z.object(fields).partial().strict();
export type ReportBody = z.output<typeof updateReportSchema>;

export const createReportSchema = updateReportSchema.extend({
  type: fields.type,
  name: fields.name,
  crontab: fields.crontab,
  creation_method: fields.creation_method.default('alerts_reports'),
  recipients: fields.recipients.default([]),
});

/** An API recipient as the domain's: the comma/semicolon separated targets become lists. */
function toRecipient({ type, recipient_config_json: config }: z.output<typeof recipient>): Recipient {
  if (type === 'Webhook') return { type: 'Webhook', url: config.target ?? '' };
  if (type === 'Email')
    return {
      type: 'Email',
      to: splitAddresses(config.target),
      cc: splitAddresses(config.ccTarget),
      bcc: splitAddresses(config.bccTarget),
    };
  // Slack and the rest: the domain refuses them, naming `recipients`.
  return { type } as unknown as Recipient;
}

function toDashboardView(value: NonNullable<ReportBody['extra']>): DashboardView | null {
  const view = value.dashboard;
  if (!view) return null;
  return {
    activeTabs: view.activeTabs,
    anchor: view.anchor ?? null,
    nativeFilters: view.nativeFilters.map((f) => ({
      nativeFilterId: f.nativeFilterId,
      filterType: f.filterType ?? null,
      columnName: f.columnName ?? null,
      filterValues: f.filterValues,
    })),
  };
}

/** The validator a body leaves: what it sends over what the schedule had (a PUT may send only the threshold). */
function toValidator(body: ReportBody, current: AlertValidator | null): AlertValidator | null | undefined {
  if (body.validator_type === undefined && body.validator_config_json === undefined) return undefined;
  const type = body.validator_type === undefined ? (current?.type ?? null) : body.validator_type;
  if (type === null) return null;
  if (type !== 'operator') return { type } as AlertValidator;
  const config = body.validator_config_json ?? {};
  const before = current?.type === 'operator' ? current : undefined;
  return {
    type: 'operator',
    op: config.op ?? before?.op,
    threshold: config.threshold ?? before?.threshold,
  } as AlertValidator;
}

/**
 * The domain fields a body sets (undefined: left as they are). Naming a chart sends that chart instead
 * of a dashboard, and the other way round, so a PUT of `{dashboard: 3}` on a chart's schedule switches it.
 */
export function toReportFields(
  body: ReportBody,
  current: ReportFields | null,
): Partial<Omit<ReportFields, 'created_by'>> {
  const chart = body.chart !== undefined ? body.chart : body.dashboard ? null : undefined;
  const dashboard = body.dashboard !== undefined ? body.dashboard : body.chart ? null : undefined;
  const out: Partial<Omit<ReportFields, 'created_by'>> = {
    type: body.type as ReportFields['type'] | undefined,
    name: body.name,
    description: body.description,
    active: body.active,
    crontab: body.crontab,
    timezone: body.timezone,
    creation_method: body.creation_method as ReportFields['creation_method'] | undefined,
    chart_id: chart,
    dashboard_id: dashboard,
    report_format: body.report_format as ReportFields['report_format'] | undefined,
    recipients: body.recipients?.map(toRecipient),
    owners: body.owners,
    working_timeout: body.working_timeout,
    grace_period: body.grace_period,
    log_retention: body.log_retention,
    custom_width: body.custom_width,
    custom_height: body.custom_height,
    force_screenshot: body.force_screenshot,
    dashboard_view:
      body.extra !== undefined
        ? body.extra && toDashboardView(body.extra)
        : dashboard === null
          ? null // a schedule switched to a chart drops the dashboard's tabs and filter values with it
          : undefined,
    database_id: body.database,
    sql: body.sql,
    validator: toValidator(body, current?.validator ?? null),
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined));
}
