/**
 * What a dashboard lets its viewers query under DASHBOARD_RBAC, when the dataset is not theirs to read
 * (REFERENCE §6.2). The grant covers what the dashboard shows and nothing the request adds:
 * - a chart's data: the query the server builds from the SAVED chart (the domain's buildQueryContext, as
 *   the page builds it), with only the dashboard's filter constraints added from the request
 *   (extra_form_data: value clauses on columns the dashboard filters by, a time range, time column, grain).
 *   The request's own columns, metrics, SQL, row limits and result types beyond the chart's are never run.
 * - a native filter's values: a distinct-values query of one column a native filter of the dashboard
 *   targets on that dataset, narrowed by its cascade parents' clauses, at most FILTER_VALUES_ROW_LIMIT rows.
 * Pure: the caller loads the chart, the dashboard's filters and the dataset; anything else is a
 * DashboardScopeError (403).
 */
import { buildQueryContext, GenericDataType, getColumnLabel, isAdhocColumn, QueryContextError } from './explore-domain';
import {
  queryContextSchema,
  queryObjectSchema,
  type QueryContext,
  type QueryFilter,
  type ResultType,
} from './query-context.schema';

/** Why a request reaches beyond what the dashboard shows; the message is for the user. */
export class DashboardScopeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DashboardScopeError';
  }
}

export interface ScopeDataset {
  id: number;
  columns: readonly { column_name: string; is_dttm?: boolean; type_generic?: number | null }[];
}

export interface SavedChart {
  id: number;
  viz_type: string;
  params: Record<string, unknown>;
}

/** NATIVE_FILTER_DEFAULT_ROW_LIMIT (REFERENCE §1.4): what a select filter may list. */
const FILTER_VALUES_ROW_LIMIT = 1000;
const FILTER_VALUES_COUNT_LABEL = '__filter_value_count';

/** What the page's chart requests use: the chart, its table view, its SQL and its csv. */
const CHART_RESULT_TYPES: readonly ResultType[] = ['full', 'post_processed', 'results', 'query'];
/** The clauses a filter value or a cross-filter turns into (the domain's filterValueExtraFormData). */
const FILTER_OPERATORS = ['IN', 'NOT IN', '>=', '<='];
const EXTRA_KEYS = ['filters', 'adhoc_filters', 'time_range', 'granularity_sqla', 'time_grain_sqla'];

const isTemporal = (dataset: ScopeDataset, name: string) =>
  dataset.columns.some(
    (c) => c.column_name === name && (c.is_dttm === true || c.type_generic === GenericDataType.TEMPORAL),
  );

/**
 * The value clauses a request may add: on the columns the dashboard filters by (its native filters'
 * columns and its charts' dimensions, which cross-filters use), with the filter bar's operators only. A
 * clause on a column the dataset lacks is the query's rejected filter, as for any chart.
 */
function valueClauses(raw: unknown, filterColumns: ReadonlySet<string>): { col: string; op: string; val?: unknown }[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new DashboardScopeError('Dashboard filters must be a list of clauses.');
  return raw.map((clause: unknown) => {
    const c = (typeof clause === 'object' && clause !== null ? clause : {}) as Record<string, unknown>;
    const op = typeof c.op === 'string' ? c.op.trim().toUpperCase() : '';
    if (typeof c.col !== 'string' || !filterColumns.has(c.col)) {
      throw new DashboardScopeError(
        `The dashboard does not filter by ${typeof c.col === 'string' ? c.col : 'this column'}.`,
      );
    }
    if (!FILTER_OPERATORS.includes(op))
      throw new DashboardScopeError(`A dashboard filter cannot use the operator ${String(c.op)}.`);
    return { col: c.col, op, val: c.val };
  });
}

/** The request's extra_form_data reduced to what the dashboard's filters can produce; anything else is refused. */
function dashboardExtraFormData(
  raw: unknown,
  dataset: ScopeDataset,
  filterColumns: ReadonlySet<string>,
): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw new DashboardScopeError('extra_form_data must be an object.');
  const extra = raw as Record<string, unknown>;
  const unknown = Object.keys(extra).filter((k) => !EXTRA_KEYS.includes(k));
  if (unknown.length > 0)
    throw new DashboardScopeError(`A dashboard chart's request cannot set ${unknown.join(', ')}.`);
  if (Array.isArray(extra.adhoc_filters) ? extra.adhoc_filters.length > 0 : extra.adhoc_filters != null) {
    throw new DashboardScopeError("A dashboard chart's request cannot add custom filters.");
  }
  const out: Record<string, unknown> = {};
  const filters = valueClauses(extra.filters, filterColumns);
  if (filters.length > 0) out.filters = filters;
  for (const key of ['time_range', 'time_grain_sqla'] as const) {
    if (extra[key] === undefined || extra[key] === null) continue;
    if (typeof extra[key] !== 'string') throw new DashboardScopeError(`${key} must be text.`);
    out[key] = extra[key];
  }
  if (extra.granularity_sqla !== undefined && extra.granularity_sqla !== null) {
    if (typeof extra.granularity_sqla !== 'string' || !isTemporal(dataset, extra.granularity_sqla)) {
      throw new DashboardScopeError(
        `The time column ${String(extra.granularity_sqla)} is not a temporal column of the dataset.`,
      );
    }
    out.granularity_sqla = extra.granularity_sqla;
  }
  return out;
}

/**
 * The columns a chart's query groups by (by name, or the x-axis made of a name): a cross-filter from
 * that chart filters by one of these.
 */
export function chartDimensions(chart: SavedChart): string[] {
  let queries: { columns?: unknown[]; groupby?: unknown[] | null }[];
  try {
    queries = buildQueryContext({ ...chart.params, viz_type: chart.viz_type }, { id: 0, type: 'table' }).queries;
  } catch (error) {
    if (error instanceof QueryContextError) return [];
    throw error;
  }
  const used = queries.flatMap((q) => [...(q.columns ?? []), ...(q.groupby ?? [])]);
  const names = used.map((c) =>
    typeof c === 'string' ? c : isAdhocColumn(c) && c.label === c.sqlExpression ? c.sqlExpression : null,
  );
  return [...new Set(names.filter((c): c is string => c !== null))];
}

/**
 * A chart's data as the dashboard shows it: rebuilt from the saved chart and the request's filter
 * constraints. The request keeps its force flag, result type and format (the page's View query, View as
 * table and csv download of the same query).
 */
export function scopeChartQuery(
  request: QueryContext,
  chart: SavedChart,
  dataset: ScopeDataset,
  dashboardId: number,
  filterColumns: ReadonlySet<string>,
): QueryContext {
  if (!CHART_RESULT_TYPES.includes(request.result_type))
    throw new DashboardScopeError(`A dashboard chart's data cannot be read as ${request.result_type}.`);
  const formData: Record<string, unknown> = {
    ...chart.params,
    viz_type: chart.viz_type,
    slice_id: chart.id,
    datasource: `${dataset.id}__table`,
    dashboardId,
    extra_form_data: dashboardExtraFormData(request.form_data?.extra_form_data, dataset, filterColumns),
  };
  let built;
  try {
    built = buildQueryContext(formData, { id: dataset.id, type: 'table', columns: dataset.columns });
  } catch (error) {
    if (error instanceof QueryContextError)
      throw new DashboardScopeError(`The saved chart ${chart.id} has no query to run: ${error.message}`);
    throw error;
  }
  return queryContextSchema.parse({
    ...built,
    force: request.force,
    result_type: request.result_type,
    result_format: request.result_format,
    form_data: formData,
  });
}

/**
 * A native filter's values: one column that a filter of the dashboard targets on this dataset (`targets`),
 * grouped, ordered by itself, narrowed only by clauses on the dashboard's filter columns (its cascade
 * parents') and a time range.
 */
export function scopeFilterValuesQuery(
  request: QueryContext,
  dataset: ScopeDataset,
  targets: ReadonlySet<string>,
  filterColumns: ReadonlySet<string>,
): QueryContext {
  const q = request.queries[0];
  if (request.queries.length !== 1 || !q)
    throw new DashboardScopeError('A dashboard filter reads its values with one query.');
  if (request.result_type !== 'full' || request.result_format !== 'json')
    throw new DashboardScopeError("A dashboard filter's values are read as json rows.");
  const labels = [
    ...new Set(
      [...q.columns, ...(q.groupby ?? [])].map((c) => (typeof c === 'string' ? c : getColumnLabel(c as never))),
    ),
  ];
  const column = labels[0];
  const plain = [...q.columns, ...(q.groupby ?? [])].every((c) => typeof c === 'string');
  if (labels.length !== 1 || column === undefined || !plain || !targets.has(column)) {
    throw new DashboardScopeError(
      `No native filter of the dashboard lists the values of ${labels.join(', ') || 'no column'}.`,
    );
  }
  const filters: QueryFilter[] = valueClauses(q.filters, filterColumns).map((f) => ({
    col: f.col,
    op: f.op as QueryFilter['op'],
    val: f.val as QueryFilter['val'],
  }));
  const granularity = q.granularity ?? null;
  if (granularity !== null && !isTemporal(dataset, granularity))
    throw new DashboardScopeError(`The time column ${granularity} is not a temporal column of the dataset.`);
  const [first] = q.orderby;
  const ascending = first && first[0] === column ? first[1] : true;
  const query = queryObjectSchema.parse({
    columns: [column],
    metrics: [
      {
        expressionType: 'SIMPLE',
        aggregate: 'COUNT',
        column: { column_name: column },
        label: FILTER_VALUES_COUNT_LABEL,
      },
    ],
    filters,
    orderby: [[column, ascending]],
    row_limit: Math.min(q.row_limit || FILTER_VALUES_ROW_LIMIT, FILTER_VALUES_ROW_LIMIT),
    time_range: q.time_range ?? null,
    granularity,
  });
  return { ...request, queries: [query] };
}
