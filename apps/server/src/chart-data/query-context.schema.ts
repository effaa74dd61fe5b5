/**
 * The chart data request (REFERENCE §2.1): a query context with one or more query objects. Validated
 * here; anything else in the body (form_data and friends) passes through untouched.
 */
import { z } from 'zod';
import { annotationLayerSchema } from '@strata/domain';
import { coercedRecordId } from '../common/ids';

const label = z.string().max(1000);
const sqlText = z.string().max(20_000);

/** A dimension: a dataset column's name or an adhoc column (SQL expression, possibly the time axis). */
export const adhocColumnSchema = z.object({
  label: label.nullish(),
  sqlExpression: sqlText,
  columnType: z.enum(['BASE_AXIS', 'SERIES']).nullish(),
  timeGrain: z.string().max(64).nullish(),
  expressionType: z.literal('SQL').nullish(),
});
export const columnRefSchema = z.union([z.string().min(1).max(500), adhocColumnSchema]);
export type ColumnRef = z.output<typeof columnRefSchema>;

export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;

/** A saved metric's name, or an adhoc metric (charts-dashboards-reports §3 Adhoc metric). */
export const adhocMetricSchema = z.object({
  expressionType: z.enum(['SIMPLE', 'SQL']),
  aggregate: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(AGGREGATES))
    .nullish(),
  column: z
    .union([z.object({ column_name: z.string().min(1).max(500) }).loose(), z.string().min(1).max(500)])
    .nullish(),
  sqlExpression: sqlText.nullish(),
  label: label.nullish(),
  hasCustomLabel: z.boolean().nullish(),
  optionName: z.string().max(200).nullish(),
});
export const metricRefSchema = z.union([z.string().min(1).max(500), adhocMetricSchema]);
export type MetricRef = z.output<typeof metricRefSchema>;
export type AdhocMetric = z.output<typeof adhocMetricSchema>;

/**
 * Filter operators: the query object's symbols (REFERENCE §2.1) and the spec's operator names (§3), which
 * the client's adhoc filters carry.
 */
export const OPERATOR_ALIASES: Record<string, string> = {
  EQUALS: '==',
  '=': '==',
  NOT_EQUALS: '!=',
  '<>': '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  NOT_IN: 'NOT IN',
  NOT_LIKE: 'NOT LIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
};
export const OPERATORS = [
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'IN',
  'NOT IN',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
  'IS TRUE',
  'IS FALSE',
  'REGEX',
  'TEMPORAL_RANGE',
  'LATEST_PARTITION',
] as const;
export type Operator = (typeof OPERATORS)[number];

const scalar = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

export const filterSchema = z.object({
  col: columnRefSchema,
  op: z
    .string()
    .max(32)
    .transform((v) => {
      const upper = v.trim().toUpperCase().replace(/\s+/g, ' ');
      return OPERATOR_ALIASES[upper] ?? upper;
    })
    .pipe(z.enum(OPERATORS)),
  val: z.union([scalar, z.array(scalar).max(10_000)]).optional(),
  grain: z.string().max(64).nullish(),
  isExtra: z.boolean().nullish(),
});
export type QueryFilter = z.output<typeof filterSchema>;

const orderByItem = z.tuple([z.union([z.string().min(1).max(500), adhocMetricSchema, adhocColumnSchema]), z.boolean()]);

/** A post-processing step; its options are checked by the domain's applyPostProcessing. */
export const postProcessingSchema = z
  .object({ operation: z.string().min(1).max(64), options: z.record(z.string(), z.unknown()).nullish() })
  .loose();

export const queryObjectSchema = z
  .object({
    columns: z.array(columnRefSchema).max(500).default([]),
    /** Deprecated alias of columns in aggregate mode. */
    groupby: z.array(columnRefSchema).max(500).nullish(),
    metrics: z.array(metricRefSchema).max(500).nullish(),
    filters: z.array(filterSchema).max(1000).default([]),
    extras: z
      .object({
        where: sqlText.nullish(),
        having: sqlText.nullish(),
        time_grain_sqla: z.string().max(64).nullish(),
        relative_start: z.string().max(64).nullish(),
        relative_end: z.string().max(64).nullish(),
      })
      .loose()
      .default({}),
    granularity: z.string().max(500).nullish(),
    granularity_sqla: z.string().max(500).nullish(),
    time_range: z.string().max(500).nullish(),
    is_timeseries: z.boolean().nullish(),
    orderby: z.array(orderByItem).max(500).default([]),
    order_desc: z.boolean().default(true),
    row_limit: z.number().int().min(0).nullish(),
    row_offset: z.number().int().min(0).max(1_000_000_000).default(0),
    series_columns: z.array(columnRefSchema).max(500).nullish(),
    series_limit: z.number().int().min(0).max(100_000).default(0),
    series_limit_metric: metricRefSchema.nullish(),
    timeseries_limit: z.number().int().min(0).max(100_000).nullish(),
    timeseries_limit_metric: metricRefSchema.nullish(),
    time_offsets: z.array(z.string().min(1).max(100)).max(50).default([]),
    post_processing: z.array(postProcessingSchema.nullable()).max(50).default([]),
    result_type: z.string().nullish(),
    is_rowcount: z.boolean().nullish(),
    annotation_layers: z.array(annotationLayerSchema).max(100).nullish(),
    url_params: z.record(z.string(), z.unknown()).nullish(),
    applied_time_extras: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type QueryObject = z.output<typeof queryObjectSchema>;

export const RESULT_TYPES = [
  'full',
  'query',
  'results',
  'samples',
  'columns',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

export const queryContextSchema = z
  .object({
    datasource: z.object({ id: coercedRecordId, type: z.string().max(32).default('table') }),
    queries: z.array(queryObjectSchema).min(1).max(20),
    force: z.boolean().default(false),
    result_type: z.enum(RESULT_TYPES).default('full'),
    result_format: z.enum(RESULT_FORMATS).default('json'),
    custom_cache_timeout: z.number().int().min(0).nullish(),
    form_data: z.record(z.string(), z.unknown()).nullish(),
  })
  .loose();
export type QueryContext = z.output<typeof queryContextSchema>;
