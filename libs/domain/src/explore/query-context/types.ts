import type { AdhocMetric } from '../controls/types';
import type { PostProcessingRule } from '../post-processing/data-frame';

/**
 * The chart data request of REFERENCE §2.1 (POST /api/v1/chart/data), as the client builds it from form
 * data. Field names are the wire names.
 */

/** An adhoc column: a SQL expression with a label; the x-axis carries columnType BASE_AXIS and its grain. */
export interface AdhocColumn {
  label: string;
  sqlExpression: string;
  columnType?: 'BASE_AXIS' | 'SERIES';
  timeGrain?: string;
  expressionType?: 'SQL';
}

/** A dataset column by name, or an adhoc column. */
export type QueryObjectColumn = string | AdhocColumn;
/** A saved metric by name, or an adhoc metric (SIMPLE aggregate of a column, or SQL). */
export type QueryObjectMetric = string | AdhocMetric;

/** REFERENCE §2.1 FilterOperator: the `op` of a query filter. */
export const QUERY_FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
  'IN',
  'NOT IN',
  'REGEX',
  'IS TRUE',
  'IS FALSE',
  'TEMPORAL_RANGE',
  'LATEST_PARTITION',
] as const;
export type QueryFilterOperator = (typeof QUERY_FILTER_OPERATORS)[number];

export type FilterValue = string | number | boolean | null;

/** REFERENCE §2.1 filters[]: `{col, op, val, grain?, isExtra?}`. */
export interface QueryObjectFilterClause {
  col: QueryObjectColumn;
  op: QueryFilterOperator;
  val?: FilterValue | FilterValue[];
  grain?: string;
  isExtra?: boolean;
}

export interface QueryObjectExtras {
  where?: string;
  having?: string;
  time_grain_sqla?: string;
  relative_start?: string;
  relative_end?: string;
}

export type OrderByClause = [QueryObjectColumn | QueryObjectMetric, boolean];

export const RESULT_TYPES = [
  'full',
  'samples',
  'query',
  'results',
  'columns',
  'timegrains',
  'post_processed',
  'drill_detail',
] as const;
export type ResultType = (typeof RESULT_TYPES)[number];
export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

/** REFERENCE §2.1 QueryObject. Absent fields take the server's defaults. */
export interface QueryObject {
  datasource?: { id: number; type: string };
  result_type?: ResultType;
  columns?: QueryObjectColumn[];
  metrics?: QueryObjectMetric[];
  filters?: QueryObjectFilterClause[];
  extras?: QueryObjectExtras;
  granularity?: string;
  time_range?: string;
  since?: string;
  until?: string;
  orderby?: OrderByClause[];
  order_desc?: boolean;
  row_limit?: number;
  row_offset?: number;
  series_columns?: QueryObjectColumn[];
  series_limit?: number;
  series_limit_metric?: QueryObjectMetric;
  is_timeseries?: boolean;
  is_rowcount?: boolean;
  time_offsets?: string[];
  time_shift?: string;
  post_processing?: PostProcessingRule[];
  annotation_layers?: unknown[];
  applied_time_extras?: Record<string, unknown>;
  apply_fetch_values_predicate?: boolean;
  url_params?: Record<string, unknown>;
  custom_params?: Record<string, unknown>;
  custom_form_data?: Record<string, unknown>;
}

/** REFERENCE §2.1 top level of the request. */
export interface QueryContext {
  datasource: { id: number; type: string };
  queries: QueryObject[];
  force?: boolean;
  result_type?: ResultType;
  result_format?: ResultFormat;
  custom_cache_timeout?: number;
  form_data?: Record<string, unknown>;
}

/** Form data as it arrives: control values by name (charts-dashboards-reports §3 Chart form_data). */
export type FormDataRecord = Readonly<Record<string, unknown>>;
