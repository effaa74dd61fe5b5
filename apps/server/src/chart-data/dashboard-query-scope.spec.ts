import { buildQueryContext } from '@strata/domain';
import {
  chartDimensions,
  DashboardScopeError,
  scopeChartQuery,
  scopeFilterValuesQuery,
  type SavedChart,
  type ScopeDataset,
} from './dashboard-query-scope';
import { queryContextSchema, type QueryContext } from './query-context.schema';

const dataset: ScopeDataset = {
  id: 7,
  columns: [
    { column_name: 'origin', type_generic: 1 },
    { column_name: 'name', type_generic: 1 },
    { column_name: 'year', is_dttm: true, type_generic: 2 },
  ],
};
const chart: SavedChart = {
  id: 3,
  viz_type: 'table',
  params: { metrics: ['count'], groupby: ['origin'], row_limit: 10 },
};
const filterColumns = new Set(['origin']);

const request = (over: Record<string, unknown> = {}): QueryContext =>
  queryContextSchema.parse({
    datasource: { id: 7, type: 'table' },
    queries: [{ columns: ['name'], metrics: [], row_limit: 100_000 }],
    form_data: { slice_id: 3, dashboardId: 1 },
    ...over,
  });

describe("a chart's query through a dashboard", () => {
  it("is the saved chart's query as the page builds it, whatever the request asked for", () => {
    const scoped = scopeChartQuery(request(), chart, dataset, 1, filterColumns);
    const page = buildQueryContext(
      { ...chart.params, viz_type: 'table', slice_id: 3, datasource: '7__table', dashboardId: 1, extra_form_data: {} },
      { id: 7, type: 'table', columns: dataset.columns },
    );
    expect(scoped.queries).toEqual(queryContextSchema.parse(page).queries);
    expect(scoped.queries[0]).toMatchObject({ columns: ['origin'], metrics: ['count'], row_limit: 10 });
  });

  it("adds the dashboard's filter clauses, time range, time column and grain", () => {
    const extra = {
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
      time_range: 'Last year',
      granularity_sqla: 'year',
      time_grain_sqla: 'P1M',
    };
    const [q] = scopeChartQuery(
      request({ form_data: { slice_id: 3, dashboardId: 1, extra_form_data: extra } }),
      chart,
      dataset,
      1,
      filterColumns,
    ).queries;
    expect(q).toMatchObject({
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
      time_range: 'Last year',
      granularity: 'year',
    });
  });

  it.each([
    ['a clause on a column the dashboard does not filter by', { filters: [{ col: 'name', op: 'IN', val: ['x'] }] }],
    ['an operator no filter produces', { filters: [{ col: 'origin', op: 'LIKE', val: 'J%' }] }],
    ['custom SQL filters', { adhoc_filters: [{ expressionType: 'SQL', sqlExpression: '1=1' }] }],
    ['a key the filters never send', { where: 'true' }],
    ['a time column that is not temporal', { granularity_sqla: 'name' }],
  ])('refuses %s', (_name, extra) => {
    expect(() =>
      scopeChartQuery(
        request({ form_data: { slice_id: 3, dashboardId: 1, extra_form_data: extra } }),
        chart,
        dataset,
        1,
        filterColumns,
      ),
    ).toThrow(DashboardScopeError);
  });

  it('keeps the View query, table and csv result types, but not raw samples', () => {
    expect(scopeChartQuery(request({ result_type: 'query' }), chart, dataset, 1, filterColumns).result_type).toBe(
      'query',
    );
    expect(() => scopeChartQuery(request({ result_type: 'samples' }), chart, dataset, 1, filterColumns)).toThrow(
      DashboardScopeError,
    );
  });

  it("names the columns a chart's cross-filters filter by", () => {
    expect(
      chartDimensions({
        id: 4,
        viz_type: 'echarts_timeseries_bar',
        params: { x_axis: 'year', groupby: ['origin'], metrics: ['count'] },
      }),
    ).toEqual(['year', 'origin']);
  });
});

describe("a native filter's values through a dashboard", () => {
  const values = (query: Record<string, unknown>) => request({ queries: [query], form_data: { dashboardId: 1 } });

  it('are the distinct values of the targeted column, at most 1000, whatever else the request asked for', () => {
    const [q] = scopeFilterValuesQuery(
      values({
        columns: ['origin'],
        metrics: [],
        row_limit: 100_000,
        extras: { where: 'true' },
        orderby: [['origin', false]],
      }),
      dataset,
      new Set(['origin']),
      filterColumns,
    ).queries;
    expect(q).toMatchObject({ columns: ['origin'], row_limit: 1000, orderby: [['origin', false]], extras: {} });
    expect(q!.metrics).toEqual([
      {
        expressionType: 'SIMPLE',
        aggregate: 'COUNT',
        column: { column_name: 'origin' },
        label: '__filter_value_count',
      },
    ]);
  });

  it.each([
    ['another column', { columns: ['name'] }],
    ['two columns', { columns: ['origin', 'name'] }],
    ['an expression labelled as the column', { columns: [{ label: 'origin', sqlExpression: 'name' }] }],
    ['a clause on another column', { columns: ['origin'], filters: [{ col: 'name', op: 'IN', val: ['x'] }] }],
  ])('refuse %s', (_name, query) => {
    expect(() => scopeFilterValuesQuery(values(query), dataset, new Set(['origin']), filterColumns)).toThrow(
      DashboardScopeError,
    );
  });
});
