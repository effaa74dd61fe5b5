import { ExploreMessages } from '../controls/constants';
import { processFilters } from './filters';
import { ensureArray, getColumnLabel, getMetricLabel, isAdhocColumn, removeDuplicates } from './labels';
import type {
  FormDataRecord,
  OrderByClause,
  QueryObjectColumn,
  QueryObjectMetric,
  QueryObject,
  QueryObjectFilterClause,
} from './types';

/** Form keys that feed the query's metrics, columns and order (Superset's query field aliases). */
const FIELD_ALIASES: Readonly<Record<string, 'metrics' | 'columns' | 'groupby' | 'orderby'>> = {
  metrics: 'metrics',
  metric: 'metrics',
  metric_2: 'metrics',
  secondary_metric: 'metrics',
  x: 'metrics',
  y: 'metrics',
  size: 'metrics',
  columns: 'columns',
  all_columns: 'columns',
  groupby: 'groupby',
  series: 'groupby',
  order_by_cols: 'orderby',
};

export type QueryMode = 'aggregate' | 'raw';

/** charts-dashboards-reports §3 query modes: the form's query_mode, else raw when raw columns are chosen. */
export function getQueryMode(formData: FormDataRecord): QueryMode {
  if (formData.query_mode === 'raw' || formData.query_mode === 'aggregate') return formData.query_mode;
  return ensureArray(formData.all_columns).length > 0 ? 'raw' : 'aggregate';
}

/** Thrown for form data a query cannot be built from; the message is for the user. */
export class QueryContextError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryContextError';
  }
}

/**
 * Metrics, columns and order from the form (charts-dashboards-reports §5: raw mode ignores group-by and metrics, aggregate mode
 * ignores the raw columns). Duplicates by label are dropped; order-by options are JSON text
 * '["col", true]' or arrays, anything else is 'Found invalid orderby options'.
 */
export function extractQueryFields(formData: FormDataRecord): {
  metrics?: QueryObjectMetric[];
  columns: QueryObjectColumn[];
  orderby?: OrderByClause[];
} {
  const mode = getQueryMode(formData);
  let metrics: QueryObjectMetric[] = [];
  let columns: QueryObjectColumn[] = [];
  let orderby: unknown[] = [];
  for (const [key, value] of Object.entries(formData)) {
    const field = FIELD_ALIASES[key];
    if (!field || value === null || value === undefined) continue;
    if (mode === 'aggregate' && field === 'columns') continue;
    if (mode === 'raw' && (field === 'groupby' || field === 'metrics')) continue;
    if (field === 'metrics') metrics = metrics.concat(ensureArray(value as QueryObjectMetric));
    else if (field === 'orderby') orderby = orderby.concat(ensureArray(value));
    else columns = columns.concat(ensureArray(value as QueryObjectColumn));
  }
  const parsedOrder = orderby.map((item) => {
    let clause = item;
    if (typeof item === 'string') {
      try {
        clause = JSON.parse(item);
      } catch {
        throw new QueryContextError(ExploreMessages.INVALID_ORDERBY);
      }
    }
    if (!Array.isArray(clause) || clause.length !== 2 || typeof clause[1] !== 'boolean')
      throw new QueryContextError(ExploreMessages.INVALID_ORDERBY);
    return clause as OrderByClause;
  });
  return {
    columns: removeDuplicates(
      columns.filter((c) => (typeof c === 'string' ? c !== '' : isAdhocColumn(c))),
      getColumnLabel,
    ),
    metrics:
      mode === 'raw'
        ? undefined
        : removeDuplicates(
            metrics.filter((m) => m !== '' && m !== null),
            getMetricLabel,
          ),
    orderby: parsedOrder.length > 0 ? parsedOrder : undefined,
  };
}

const TIME_EXTRAS = {
  __time_range: 'time_range',
  __time_col: 'granularity',
  __time_grain: 'time_grain_sqla',
  __granularity: 'granularity',
} as const;

/** Dashboard filters (extra_form_data, legacy extra_filters) that apply on top of the chart's own. */
function extraFormData(formData: FormDataRecord) {
  const extra = (formData.extra_form_data ?? {}) as Record<string, unknown>;
  const append = { ...extra, ...((extra.append_form_data ?? {}) as Record<string, unknown>) };
  const override = { ...extra, ...((extra.override_form_data ?? {}) as Record<string, unknown>) };
  return { append, override };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const num = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The query object of a form (charts-dashboards-reports §7 "Chart query payload mapping"): time_range, since, until,
 * granularity, filters, extras (where, having, time_grain_sqla), columns, metrics, orderby,
 * annotation_layers, row_limit, row_offset, series_columns, series_limit, series_limit_metric, order_desc,
 * url_params, custom_params, custom_form_data. Viz types refine it (buildQueryContext).
 */
export function buildQueryObject(formData: FormDataRecord): QueryObject {
  const { metrics, columns, orderby } = extractQueryFields(formData);
  const { append, override } = extraFormData(formData);

  const timeExtras: Record<string, unknown> = {};
  const legacyExtraFilters: QueryObjectFilterClause[] = [];
  for (const f of ensureArray(formData.extra_filters as QueryObjectFilterClause[] | undefined)) {
    const col = typeof f?.col === 'string' ? f.col : '';
    if (col in TIME_EXTRAS) timeExtras[TIME_EXTRAS[col as keyof typeof TIME_EXTRAS]] = f.val;
    else if (f && f.col !== undefined) legacyExtraFilters.push(f);
  }
  const appendedFilters = ensureArray(append.filters as QueryObjectFilterClause[] | undefined);
  const adhoc = [
    ...ensureArray(formData.adhoc_filters as unknown[] | undefined),
    ...ensureArray(append.adhoc_filters as unknown[] | undefined),
  ];
  const { filters, extras } = processFilters(adhoc, [...legacyExtraFilters, ...appendedFilters], str(formData.where));

  const timeGrain = str(override.time_grain_sqla) ?? str(timeExtras.time_grain_sqla) ?? str(formData.time_grain_sqla);
  const query: QueryObject = {
    time_range: str(override.time_range) ?? str(timeExtras.time_range) ?? str(formData.time_range),
    since: str(formData.since),
    until: str(formData.until),
    granularity:
      str(override.granularity_sqla) ??
      str(override.granularity) ??
      str(timeExtras.granularity) ??
      str(formData.granularity) ??
      str(formData.granularity_sqla),
    filters,
    extras: {
      ...extras,
      ...(timeGrain ? { time_grain_sqla: timeGrain } : {}),
      ...(str(override.relative_start) ? { relative_start: str(override.relative_start) } : {}),
      ...(str(override.relative_end) ? { relative_end: str(override.relative_end) } : {}),
    },
    columns,
    metrics,
    orderby,
    annotation_layers: ensureArray(formData.annotation_layers as unknown[] | undefined),
    row_limit: num(formData.row_limit),
    row_offset: num(formData.row_offset),
    series_columns: formData.series_columns as QueryObjectColumn[] | undefined,
    series_limit: num(formData.series_limit) ?? num(formData.limit) ?? 0,
    series_limit_metric: (formData.series_limit_metric ?? formData.timeseries_limit_metric ?? undefined) as
      QueryObjectMetric | undefined,
    order_desc: typeof formData.order_desc === 'boolean' ? formData.order_desc : true,
    url_params: (formData.url_params ?? {}) as Record<string, unknown>,
    custom_params: (formData.custom_params ?? {}) as Record<string, unknown>,
  };
  if (Object.keys(timeExtras).length > 0)
    query.applied_time_extras = Object.fromEntries(
      Object.entries(TIME_EXTRAS)
        .filter(([, k]) => k in timeExtras)
        .map(([name, k]) => [name, timeExtras[k]]),
    );
  if (formData.custom_form_data) query.custom_form_data = formData.custom_form_data as Record<string, unknown>;
  return dropUndefined(query);
}

/** JSON leaves undefined out; so does this, so tests and caches see the object that is sent. */
export function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A valid order: the query's own when its first clause is [metric-or-column, boolean]; else the series
 * limit metric, else the first metric, in the direction order_desc says.
 */
export function normalizeOrderBy(query: QueryObject): QueryObject {
  const first = query.orderby?.[0];
  if (
    Array.isArray(first) &&
    first.length === 2 &&
    typeof first[1] === 'boolean' &&
    first[0] !== undefined &&
    first[0] !== null &&
    first[0] !== ''
  )
    return query;
  const rest: QueryObject = { ...query };
  delete rest.orderby;
  const ascending = query.order_desc === false;
  delete rest.order_desc;
  const limitMetric = query.series_limit_metric;
  if (
    limitMetric !== undefined &&
    limitMetric !== null &&
    limitMetric !== '' &&
    !(Array.isArray(limitMetric) && limitMetric.length === 0)
  ) {
    return { ...rest, orderby: [[limitMetric, ascending]] };
  }
  if (query.metrics && query.metrics.length > 0) return { ...rest, orderby: [[query.metrics[0]!, ascending]] };
  return rest;
}

/**
 * The x-axis as the server's time axis (REFERENCE §2.1 adhoc column with columnType BASE_AXIS and the
 * grain): the x-axis column of the query gets the form's time grain, which then leaves extras. A column
 * the form's temporal_columns_lookup marks as not temporal gets no grain (a categorical bar chart).
 */
export function normalizeTimeColumn(
  formData: FormDataRecord,
  query: QueryObject,
  xAxis: QueryObjectColumn | undefined,
): QueryObject {
  if (xAxis === undefined || !query.columns) return query;
  const label = getColumnLabel(xAxis);
  const idx = query.columns.findIndex((c) => getColumnLabel(c) === label);
  if (idx < 0) return query;
  const grain = query.extras?.time_grain_sqla;
  const lookup = formData.temporal_columns_lookup as Record<string, boolean> | undefined;
  const temporal = !lookup || typeof xAxis !== 'string' || lookup[xAxis] === true;
  const current = query.columns[idx]!;
  const axis = {
    ...(typeof current === 'string'
      ? { sqlExpression: current, label: current, expressionType: 'SQL' as const }
      : current),
    columnType: 'BASE_AXIS' as const,
    ...(grain && temporal ? { timeGrain: grain } : {}),
  };
  const columns = [...query.columns];
  columns[idx] = axis;
  const extras = { ...query.extras };
  delete extras.time_grain_sqla;
  const out: QueryObject = { ...query, columns, extras };
  delete out.is_timeseries;
  return out;
}

/**
 * The time column the time range filters on, for charts whose form has an x-axis but no time column
 * control: the x-axis itself when it is a temporal column (the form's temporal_columns_lookup says so, or,
 * without a lookup, the form has a time grain, which only temporal axes offer). A categorical x-axis
 * never becomes the time column, so 'Last week' cannot turn into a comparison on text.
 */
export function withTimeColumn(
  formData: FormDataRecord,
  query: QueryObject,
  xAxis: QueryObjectColumn | undefined,
): QueryObject {
  if (query.granularity || typeof xAxis !== 'string') return query;
  const lookup = formData.temporal_columns_lookup as Record<string, boolean> | undefined;
  const temporal = lookup
    ? lookup[xAxis] === true
    : typeof formData.time_grain_sqla === 'string' && formData.time_grain_sqla !== '';
  return temporal ? { ...query, granularity: xAxis } : query;
}
