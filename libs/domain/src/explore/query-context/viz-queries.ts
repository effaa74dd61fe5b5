import type { PostProcessingRule } from '../post-processing/data-frame';
import {
  buildQueryObject,
  getQueryMode,
  normalizeOrderBy,
  normalizeTimeColumn,
  withTimeColumn,
} from './build-query-object';
import { DTTM_ALIAS, ensureArray, getColumnLabel, getMetricLabel, getXAxisColumn, removeDuplicates } from './labels';
import {
  boxplotOperator,
  contributionOperator,
  flattenOperator,
  histogramOperator,
  isTimeComparison,
  pivotOperator,
  renameOperator,
  resampleOperator,
  rollingWindowOperator,
  sortOperator,
  timeCompareOperator,
  timeOffsets,
} from './operators';
import type { FormDataRecord, QueryObjectColumn, QueryObjectMetric, QueryObject } from './types';

/** Per-request state the form does not hold: the table's page when it pages on the server. */
export interface BuildOptions {
  ownState?: { currentPage?: number; pageSize?: number };
}

export type VizQueryBuilder = (formData: FormDataRecord, options: BuildOptions) => QueryObject[];

const steps = (...rules: (PostProcessingRule | undefined)[]): PostProcessingRule[] =>
  rules.filter((r): r is PostProcessingRule => r !== undefined);

/**
 * Line, bar, area and scatter (REFERENCE §2.4 ECharts time-series family): the x-axis and group-by as
 * columns, series limited by series_limit / series_limit_metric, then pivot → rolling or cumulative →
 * time comparison → resample → rename → contribution → sort → flatten.
 */
export const timeseriesQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const xAxis = getXAxisColumn(formData);
  const groupby = ensureArray(formData.groupby as QueryObjectColumn[] | undefined);
  const query: QueryObject = {
    ...base,
    columns: removeDuplicates([...(xAxis !== undefined ? [xAxis] : []), ...groupby], getColumnLabel),
    series_columns: groupby,
    time_offsets: isTimeComparison(formData) ? timeOffsets(formData) : [],
  };
  if (xAxis === undefined) query.is_timeseries = true;
  query.post_processing = steps(
    pivotOperator(formData, query),
    rollingWindowOperator(formData, query),
    timeCompareOperator(formData, query),
    resampleOperator(formData),
    renameOperator(formData, query),
    contributionOperator(formData),
    sortOperator(formData),
    flattenOperator(),
  );
  return [normalizeTimeColumn(formData, withTimeColumn(formData, normalizeOrderBy(query), xAxis), xAxis)];
};

/**
 * The table (REFERENCE §2.4 'table'): raw rows of all_columns with order_by_cols, or aggregates of the
 * group-by ordered by the sort metric (default: the first metric, descending), percentage metrics as
 * contribution shares ('%metric'), a totals query when show_totals, and server paging with a row count
 * query when server_pagination.
 */
export const tableQuery: VizQueryBuilder = (formData, { ownState = {} }) => {
  const mode = getQueryMode(formData);
  const base = buildQueryObject(mode === 'raw' ? { ...formData, include_time: false } : formData);
  let { metrics = [], orderby = [] } = base;
  let postProcessing: PostProcessingRule[] = [];
  if (mode === 'aggregate') {
    const sortBy = ensureArray(formData.timeseries_limit_metric ?? formData.series_limit_metric)[0] as
      QueryObjectMetric | undefined;
    const orderDesc = formData.order_desc === undefined ? true : !!formData.order_desc;
    if (sortBy) orderby = [[sortBy, !orderDesc]];
    else if (metrics.length > 0) orderby = [[metrics[0]!, false]];
    const percent = ensureArray(formData.percent_metrics as QueryObjectMetric[] | undefined);
    if (percent.length > 0) {
      const labels = removeDuplicates(percent.map(getMetricLabel), (l) => l);
      metrics = removeDuplicates([...metrics, ...percent], getMetricLabel);
      postProcessing = [
        { operation: 'contribution', options: { columns: labels, rename_columns: labels.map((l) => `%${l}`) } },
      ];
    }
  }
  const query: QueryObject = {
    ...base,
    metrics: mode === 'raw' ? undefined : metrics,
    orderby,
    post_processing: postProcessing,
  };
  if (mode === 'raw') delete query.metrics;
  // The raw table shows rows as they are: no ordering by a metric, no series limit.
  if (mode === 'raw') delete query.series_limit_metric;
  if (formData.server_pagination) {
    const pageSize = ownState.pageSize ?? (Number(formData.server_page_length) || 10);
    query.row_limit = pageSize;
    query.row_offset = (ownState.currentPage ?? 0) * pageSize;
  }
  const queries: QueryObject[] = [query];
  if (formData.server_pagination)
    queries.push({ ...query, row_limit: 0, row_offset: 0, post_processing: [], is_rowcount: true });
  if (mode === 'aggregate' && metrics.length > 0 && formData.show_totals) {
    // REFERENCE §2.2: the first query with metrics, no columns and no post-processing is the totals
    // query; the server also takes contribution totals from it.
    const totals: QueryObject = { ...query, columns: [], row_limit: 0, row_offset: 0, post_processing: [] };
    delete totals.orderby;
    delete totals.order_desc;
    queries.push(totals);
  }
  return queries;
};

/** Big number: the metric over the whole time range. */
export const bigNumberTotalQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  return [{ ...base, columns: [], post_processing: [] }];
};

/** Big number with trendline: the metric per time grain along the x-axis, with rolling and resample. */
export const bigNumberQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const xAxis = getXAxisColumn(formData) ?? DTTM_ALIAS;
  const withAxis = { ...formData, x_axis: xAxis };
  const query: QueryObject = { ...base, columns: [xAxis] };
  query.post_processing = steps(
    pivotOperator(withAxis, query),
    rollingWindowOperator(withAxis, query),
    resampleOperator(withAxis),
    flattenOperator(),
  );
  return [normalizeTimeColumn(withAxis, withTimeColumn(withAxis, query, xAxis), xAxis)];
};

/** Pie, funnel, gauge and treemap: the metric by group-by, largest first when sort_by_metric. */
export const categoricalQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const metric = ensureArray(base.metrics)[0];
  const sort = formData.sort_by_metric === undefined ? true : !!formData.sort_by_metric;
  return [{ ...base, ...(sort && metric !== undefined ? { orderby: [[metric, false]] } : {}) }];
};

/** Pivot table: rows and columns group-bys as columns (the client pivots), ordered by the sort metric. */
export const pivotTableQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const grain = base.extras?.time_grain_sqla;
  const lookup = formData.temporal_columns_lookup as Record<string, boolean> | undefined;
  const columns = removeDuplicates(
    [
      ...ensureArray(formData.groupbyColumns as QueryObjectColumn[]),
      ...ensureArray(formData.groupbyRows as QueryObjectColumn[]),
    ],
    getColumnLabel,
  ).map((col): QueryObjectColumn =>
    typeof col === 'string' && grain && (lookup?.[col] || formData.granularity_sqla === col)
      ? { timeGrain: grain, columnType: 'BASE_AXIS', sqlExpression: col, label: col, expressionType: 'SQL' }
      : col,
  );
  const desc = base.order_desc !== false;
  const orderBy = base.series_limit_metric ?? ensureArray(base.metrics)[0];
  return [{ ...base, columns, ...(orderBy !== undefined ? { orderby: [[orderBy, !desc]] } : {}) }];
};

/** Histogram: raw values of the column (and group-by), binned by the histogram step. */
export const histogramQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const column = formData.column as QueryObjectColumn;
  const query: QueryObject = {
    ...base,
    columns: removeDuplicates([...ensureArray(formData.groupby as QueryObjectColumn[]), column], getColumnLabel),
    post_processing: [histogramOperator(formData)],
  };
  delete query.metrics;
  delete query.orderby;
  return [query];
};

/** Box plot: metrics per distribution column (and series), summarised by the boxplot step. */
export const boxPlotQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const distribute = ensureArray(formData.columns as QueryObjectColumn[]);
  const series = ensureArray(formData.groupby as QueryObjectColumn[]);
  const distribution =
    distribute.length === 0 && typeof formData.granularity_sqla === 'string' ? [formData.granularity_sqla] : distribute;
  const query: QueryObject = {
    ...base,
    columns: removeDuplicates([...distribution, ...series], getColumnLabel),
    series_columns: series,
  };
  query.post_processing = [boxplotOperator(formData, query)];
  return [query];
};

/** Heatmap: the metric by x-axis and y (group-by), sorted as asked, ranked for the colour scale. */
export const heatmapQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const xAxis = getXAxisColumn(formData);
  const columns = removeDuplicates(
    [...(xAxis !== undefined ? [xAxis] : []), ...ensureArray(formData.groupby as QueryObjectColumn[])],
    getColumnLabel,
  );
  const metric = getMetricLabel(ensureArray(base.metrics)[0] ?? '');
  const orderby: [QueryObjectColumn | QueryObjectMetric, boolean][] = [];
  const sortX = formData.sort_x_axis;
  const sortY = formData.sort_y_axis;
  if (typeof sortX === 'string' && columns[0] !== undefined)
    orderby.push([sortX.includes('value') ? metric : columns[0], sortX.includes('asc')]);
  if (typeof sortY === 'string' && columns[1] !== undefined)
    orderby.push([sortY.includes('value') ? metric : columns[1], sortY.includes('asc')]);
  const across = formData.normalize_across;
  const groupBy =
    across === 'x' && columns[0] !== undefined
      ? getColumnLabel(columns[0])
      : across === 'y' && columns[1] !== undefined
        ? getColumnLabel(columns[1])
        : undefined;
  const query: QueryObject = {
    ...base,
    columns,
    orderby: orderby.length > 0 ? orderby : base.orderby,
    post_processing: [{ operation: 'rank', options: { metric, ...(groupBy ? { group_by: groupBy } : {}) } }],
  };
  if (!query.orderby) delete query.orderby;
  return [normalizeTimeColumn(formData, withTimeColumn(formData, query, xAxis), xAxis)];
};

/** Waterfall: the metric along the x-axis (and breakdown), in x order. */
export const waterfallQuery: VizQueryBuilder = (formData) => {
  const base = buildQueryObject(formData);
  const xAxis = getXAxisColumn(formData);
  const columns = removeDuplicates(
    [...(xAxis !== undefined ? [xAxis] : []), ...ensureArray(formData.groupby as QueryObjectColumn[])],
    getColumnLabel,
  );
  const query: QueryObject = { ...base, columns, orderby: columns.map((c) => [c, true]), post_processing: [] };
  return [normalizeTimeColumn(formData, withTimeColumn(formData, query, xAxis), xAxis)];
};

/** Keys of the second query of the mixed chart end in '_b' (metrics_b, groupby_b, rolling_type_b ...). */
function secondQueryForm(formData: FormDataRecord): FormDataRecord {
  const second: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(formData)) if (!key.endsWith('_b')) second[key] = value;
  // The second query's own values replace the first's; an absent one means 'none', not the first's.
  for (const key of [
    'metrics',
    'groupby',
    'adhoc_filters',
    'series_limit',
    'limit',
    'series_limit_metric',
    'timeseries_limit_metric',
    'order_desc',
    'row_limit',
  ])
    delete second[key];
  for (const [key, value] of Object.entries(formData)) if (key.endsWith('_b')) second[key.slice(0, -2)] = value;
  return second;
}

/** Mixed time-series: two time-series queries on one x-axis (REFERENCE §2.4 mixed_timeseries). */
export const mixedTimeseriesQuery: VizQueryBuilder = (formData, options) => [
  ...timeseriesQuery(formData, options),
  ...timeseriesQuery(secondQueryForm(formData), options),
];

/** REFERENCE §2.4 viz types of issue 4 and the short names the API accepts for them. */
export const VIZ_QUERY_BUILDERS: Readonly<Record<string, VizQueryBuilder>> = {
  table: tableQuery,
  big_number_total: bigNumberTotalQuery,
  big_number: bigNumberQuery,
  echarts_timeseries: timeseriesQuery,
  echarts_timeseries_line: timeseriesQuery,
  echarts_timeseries_smooth: timeseriesQuery,
  echarts_timeseries_step: timeseriesQuery,
  echarts_timeseries_bar: timeseriesQuery,
  echarts_area: timeseriesQuery,
  echarts_timeseries_scatter: timeseriesQuery,
  line: timeseriesQuery,
  bar: timeseriesQuery,
  area: timeseriesQuery,
  scatter: timeseriesQuery,
  mixed_timeseries: mixedTimeseriesQuery,
  pie: categoricalQuery,
  funnel: categoricalQuery,
  gauge_chart: categoricalQuery,
  treemap_v2: categoricalQuery,
  pivot_table_v2: pivotTableQuery,
  histogram_v2: histogramQuery,
  histogram: histogramQuery,
  box_plot: boxPlotQuery,
  heatmap_v2: heatmapQuery,
  heatmap: heatmapQuery,
  waterfall: waterfallQuery,
};
