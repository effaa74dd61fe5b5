/**
 * The shapes Explore's form data is made of (charts-dashboards-reports §3): adhoc metrics and filters, the datasource a
 * chart reads, and the form data itself. Wire-compatible with Superset's form_data so saved charts and
 * API clients read the same keys.
 */

/** charts-dashboards-reports §3 Adhoc metric aggregates. */
export const AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export interface AdhocMetricSimple {
  expressionType: 'SIMPLE';
  column: { column_name: string; type?: string | null };
  aggregate: Aggregate;
  label: string;
  hasCustomLabel?: boolean;
  /** Stable id of the metric while it is edited: a rename keeps it, so per-metric settings follow. */
  optionName?: string;
}

export interface AdhocMetricSql {
  expressionType: 'SQL';
  sqlExpression: string;
  label: string;
  hasCustomLabel?: boolean;
  optionName?: string;
}

export type AdhocMetric = AdhocMetricSimple | AdhocMetricSql;
/** A saved metric of the dataset by name, or an adhoc one. */
export type Metric = string | AdhocMetric;

/** charts-dashboards-reports §3 Filter operators, with the symbol the query object uses (REFERENCE §2.1). */
export const FILTER_OPERATORS = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN: '>',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  LIKE: 'LIKE',
  ILIKE: 'ILIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  LATEST_PARTITION: 'LATEST PARTITION',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
  TEMPORAL_RANGE: 'TEMPORAL_RANGE',
} as const;
export type FilterOperatorId = keyof typeof FILTER_OPERATORS;
export type FilterOperatorSymbol = (typeof FILTER_OPERATORS)[FilterOperatorId];
export const FILTER_OPERATOR_IDS = Object.keys(FILTER_OPERATORS) as FilterOperatorId[];

/** Operators that take no comparator. */
export const UNARY_OPERATORS: ReadonlySet<FilterOperatorId> = new Set([
  'IS_NOT_NULL',
  'IS_NULL',
  'LATEST_PARTITION',
  'IS_TRUE',
  'IS_FALSE',
]);
/** Operators whose comparator is a list. */
export const MULTI_OPERATORS: ReadonlySet<FilterOperatorId> = new Set(['IN', 'NOT_IN']);

export type FilterClause = 'WHERE' | 'HAVING';

export interface AdhocFilterSimple {
  expressionType: 'SIMPLE';
  subject: string;
  operatorId: FilterOperatorId;
  operator: FilterOperatorSymbol;
  comparator: string | number | boolean | null | (string | number)[];
  clause: FilterClause;
  isExtra?: boolean;
  filterOptionName?: string;
}

export interface AdhocFilterSql {
  expressionType: 'SQL';
  sqlExpression: string;
  clause: FilterClause;
  label?: string;
  isExtra?: boolean;
  filterOptionName?: string;
}

export type AdhocFilter = AdhocFilterSimple | AdhocFilterSql;

/** charts-dashboards-reports §3 Column, as Explore needs it. type_generic: Numeric 0, String 1, Temporal 2, Boolean 3. */
export interface DatasourceColumn {
  column_name: string;
  verbose_name?: string | null;
  type?: string | null;
  type_generic?: number | null;
  is_dttm?: boolean;
  groupby?: boolean;
  filterable?: boolean;
  expression?: string | null;
  description?: string | null;
}

export interface DatasourceMetric {
  metric_name: string;
  verbose_name?: string | null;
  expression: string;
  description?: string | null;
}

/** charts-dashboards-reports §3 Datasource: what Explore knows of the dataset a chart reads. */
export interface DatasourceMeta {
  id: number;
  type: string;
  datasource_name: string;
  columns: DatasourceColumn[];
  metrics: DatasourceMetric[];
  main_dttm_col: string | null;
  verbose_map?: Record<string, string>;
  column_formats?: Record<string, string>;
  currency_formats?: Record<string, unknown>;
  description?: string | null;
  database?: { id: number; database_name?: string | null; backend?: string } | null;
  /** The dataset editor's default time grain (ISO duration): a new chart's time_grain_sqla. */
  default_time_grain?: string | null;
}

export const GenericDataType = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

/** charts-dashboards-reports §3 Datasource key '{id}__{type}'. */
export function datasourceKeyOf(ds: { id: number; type: string }): string {
  return `${ds.id}__${ds.type}`;
}

export function parseDatasourceKey(key: string): { id: number; type: string } | null {
  const match = /^(\d+)__([a-z_]+)$/.exec(key);
  return match ? { id: Number(match[1]), type: match[2]! } : null;
}

/** Form data: control values keyed by control name, plus datasource and viz_type (charts-dashboards-reports §3 Chart). */
export type FormData = Readonly<Record<string, unknown>> & { readonly datasource: string; readonly viz_type: string };

export function isTemporalColumn(column: DatasourceColumn): boolean {
  return column.is_dttm === true || column.type_generic === GenericDataType.TEMPORAL;
}

export function isNumericColumn(column: DatasourceColumn): boolean {
  return column.type_generic === GenericDataType.NUMERIC;
}
