import { applyPostProcessing } from '../post-processing/apply';
import { buildQueryContext } from './build-query-context';
import { buildQueryObject } from './build-query-object';

const DS = { id: 7, type: 'table' as const };
const AVG_HP = {
  expressionType: 'SIMPLE' as const,
  aggregate: 'AVG' as const,
  column: { column_name: 'horsepower' },
  label: 'AVG(horsepower)',
};
const COUNT = { expressionType: 'SQL' as const, sqlExpression: 'COUNT(*)', label: 'count' };
const build = (formData: Record<string, unknown>, options = {}) =>
  buildQueryContext({ datasource: '7__table', ...formData }, DS, options);
const only = (formData: Record<string, unknown>) => {
  const ctx = build(formData);
  expect(ctx.queries).toHaveLength(1);
  return ctx.queries[0]!;
};

describe('buildQueryObject (charts-dashboards-reports §7 chart query payload mapping)', () => {
  it('maps time range, time column, grain, limits, series limit and order', () => {
    const q = buildQueryObject({
      viz_type: 'table',
      time_range: 'Last week',
      granularity_sqla: 'date',
      time_grain_sqla: 'P1W',
      groupby: ['origin'],
      metrics: [AVG_HP, AVG_HP],
      row_limit: '100',
      row_offset: 20,
      limit: 5,
      timeseries_limit_metric: COUNT,
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          subject: 'origin',
          operatorId: 'IN',
          operator: 'IN',
          comparator: ['USA'],
          clause: 'WHERE',
        },
      ],
    });
    expect(q).toEqual({
      time_range: 'Last week',
      granularity: 'date',
      filters: [{ col: 'origin', op: 'IN', val: ['USA'] }],
      extras: { where: '', having: '', time_grain_sqla: 'P1W' },
      columns: ['origin'],
      metrics: [AVG_HP],
      annotation_layers: [],
      row_limit: 100,
      row_offset: 20,
      series_limit: 5,
      series_limit_metric: COUNT,
      order_desc: true,
      url_params: {},
      custom_params: {},
    });
  });

  it('charts-dashboards-reports §5: raw mode ignores group-by and metrics, aggregate mode ignores the raw columns', () => {
    const raw = buildQueryObject({
      query_mode: 'raw',
      all_columns: ['name', 'year'],
      groupby: ['origin'],
      metrics: [COUNT],
      order_by_cols: ['["year", false]'],
    });
    expect(raw.columns).toEqual(['name', 'year']);
    expect(raw.metrics).toBeUndefined();
    expect(raw.orderby).toEqual([['year', false]]);
    const agg = buildQueryObject({
      query_mode: 'aggregate',
      all_columns: ['name'],
      groupby: ['origin'],
      metrics: [COUNT],
    });
    expect(agg.columns).toEqual(['origin']);
    expect(agg.metrics).toEqual([COUNT]);
  });

  it("charts-dashboards-reports §5: invalid order-by options are 'Found invalid orderby options'", () => {
    expect(() => buildQueryObject({ query_mode: 'raw', all_columns: ['a'], order_by_cols: ['not json'] })).toThrow(
      'Found invalid orderby options',
    );
    expect(() => buildQueryObject({ query_mode: 'raw', all_columns: ['a'], order_by_cols: ['["a"]'] })).toThrow(
      'Found invalid orderby options',
    );
  });

  it('dashboard filters (extra_form_data) are appended and override the time range', () => {
    const q = buildQueryObject({
      metrics: [COUNT],
      time_range: 'No filter',
      extra_form_data: {
        filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
        time_range: 'Last year',
        time_grain_sqla: 'P1M',
      },
    });
    expect(q.filters).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    expect(q.time_range).toBe('Last year');
    expect(q.extras!.time_grain_sqla).toBe('P1M');
  });
});

describe('buildQueryContext per viz type (issue 4 §5)', () => {
  it('the envelope: datasource, force, result type and format, the form itself', () => {
    const ctx = build({ viz_type: 'table', metrics: [COUNT], result_format: 'csv', force: true });
    expect(ctx.datasource).toEqual(DS);
    expect(ctx).toMatchObject({ force: true, result_format: 'csv', result_type: 'full' });
    expect(ctx.form_data).toMatchObject({ viz_type: 'table', result_format: 'csv' });
    expect(build({ metrics: [COUNT] }).queries[0]!.orderby).toEqual([[COUNT, false]]); // charts-dashboards-reports §9: table by default
    expect(() => build({ viz_type: 'sankey_v2' })).toThrow('The chart type sankey_v2 has no data query');
  });

  it('table aggregate: ordered by the first metric descending, or by the sort metric in the chosen direction', () => {
    expect(only({ viz_type: 'table', groupby: ['origin'], metrics: [AVG_HP] }).orderby).toEqual([[AVG_HP, false]]);
    expect(
      only({
        viz_type: 'table',
        groupby: ['origin'],
        metrics: [AVG_HP],
        timeseries_limit_metric: COUNT,
        order_desc: false,
      }).orderby,
    ).toEqual([[COUNT, true]]);
  });

  it('table percentage metrics: shares computed by contribution; show_totals adds the totals query', () => {
    const ctx = build({
      viz_type: 'table',
      groupby: ['origin'],
      metrics: [AVG_HP],
      percent_metrics: [COUNT],
      row_limit: 10,
      show_totals: true,
    });
    expect(ctx.queries[0]!.metrics).toEqual([AVG_HP, COUNT]);
    expect(ctx.queries[0]!.post_processing).toEqual([
      { operation: 'contribution', options: { columns: ['count'], rename_columns: ['%count'] } },
    ]);
    expect(ctx.queries[1]).toMatchObject({ columns: [], metrics: [AVG_HP, COUNT], row_limit: 0, post_processing: [] });
    expect(ctx.queries[1]!.orderby).toBeUndefined();
    expect(
      build({ viz_type: 'table', groupby: ['origin'], metrics: [AVG_HP], percent_metrics: [COUNT] }).queries,
    ).toHaveLength(1);
  });

  it('table raw records with server paging: page rows plus a row count query', () => {
    const ctx = build(
      { viz_type: 'table', query_mode: 'raw', all_columns: ['name'], server_pagination: true, server_page_length: 20 },
      { ownState: { currentPage: 2, pageSize: 50 } },
    );
    expect(ctx.queries).toHaveLength(2);
    expect(ctx.queries[0]).toMatchObject({ columns: ['name'], row_limit: 50, row_offset: 100 });
    expect(ctx.queries[0]!.metrics).toBeUndefined();
    expect(ctx.queries[1]).toMatchObject({ is_rowcount: true, row_limit: 0, row_offset: 0 });
  });

  it('big number: the metric over the range; with trendline, per grain along the time axis', () => {
    expect(only({ viz_type: 'big_number_total', metric: COUNT, time_range: 'Last year' })).toMatchObject({
      metrics: [COUNT],
      columns: [],
      time_range: 'Last year',
      post_processing: [],
    });
    const trend = only({
      viz_type: 'big_number',
      metric: COUNT,
      x_axis: 'date',
      time_grain_sqla: 'P1D',
      rolling_type: 'mean',
      rolling_periods: 7,
      min_periods: 7,
    });
    expect(trend.columns).toEqual([
      { sqlExpression: 'date', label: 'date', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
    ]);
    expect(trend.extras!.time_grain_sqla).toBeUndefined();
    expect(trend.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['date'],
          columns: [],
          aggregates: { count: { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      {
        operation: 'rolling',
        options: { rolling_type: 'mean', window: 7, min_periods: 7, columns: { count: 'count' } },
      },
      { operation: 'flatten' },
    ]);
  });

  it('line chart: x-axis + group-by, series limit, pivot → rolling → rename → flatten', () => {
    const q = only({
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      time_grain_sqla: 'P1D',
      metrics: [COUNT],
      groupby: ['origin'],
      series_limit: 5,
      series_limit_metric: COUNT,
      rolling_type: 'cumsum',
      row_limit: 10000,
    });
    expect(q.columns).toEqual([
      { sqlExpression: 'date', label: 'date', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
      'origin',
    ]);
    expect(q).toMatchObject({
      series_columns: ['origin'],
      series_limit: 5,
      series_limit_metric: COUNT,
      orderby: [[COUNT, false]],
      row_limit: 10000,
      time_offsets: [],
    });
    expect(q.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['date'],
          columns: ['origin'],
          aggregates: { count: { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      { operation: 'cum', options: { operator: 'sum', columns: { count: 'count' } } },
      { operation: 'rename', options: { columns: { count: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });

  it('time comparison "values": shifted series named by their offset', () => {
    const q = only({
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      metrics: [COUNT],
      groupby: ['symbol'],
      time_compare: ['1 year ago'],
      comparison_type: 'values',
    });
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing![0]).toEqual({
      operation: 'pivot',
      options: {
        index: ['date'],
        columns: ['symbol'],
        aggregates: { count: { operator: 'mean' }, 'count__1 year ago': { operator: 'mean' } },
        drop_missing_columns: true,
      },
    });
    expect(q.post_processing![1]).toEqual({
      operation: 'rename',
      options: { columns: { 'count__1 year ago': '1 year ago', count: null }, level: 0, inplace: true },
    });
  });

  it('time comparison "difference" with a resample: compare replaces the pair, then resample', () => {
    const q = only({
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'date',
      metrics: [COUNT],
      time_compare: ['1 week ago'],
      comparison_type: 'difference',
      resample_rule: '1D',
      resample_method: 'zerofill',
    });
    expect(q.post_processing!.map((p) => p.operation)).toEqual(['pivot', 'compare', 'resample', 'flatten']);
    expect(q.post_processing![1]!.options).toEqual({
      source_columns: ['count'],
      compare_columns: ['count__1 week ago'],
      compare_type: 'difference',
      drop_original_columns: true,
    });
    expect(q.post_processing![2]!.options).toEqual({ method: 'asfreq', rule: '1D', fill_value: 0 });
  });

  it('bar chart sorted by a metric, and contribution mode', () => {
    const q = only({
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'origin',
      metrics: [COUNT],
      x_axis_sort: 'count',
      x_axis_sort_asc: false,
      contributionMode: 'column',
      temporal_columns_lookup: { date: true },
    });
    expect(q.columns).toEqual([
      { sqlExpression: 'origin', label: 'origin', expressionType: 'SQL', columnType: 'BASE_AXIS' },
    ]);
    expect(q.post_processing!.slice(1)).toEqual([
      { operation: 'contribution', options: { orientation: 'column' } },
      { operation: 'sort', options: { by: 'count', ascending: false } },
      { operation: 'flatten' },
    ]);
  });

  it.each(['pie', 'funnel', 'gauge_chart', 'treemap_v2'])('%s: the metric by group-by, largest first', (viz) => {
    const q = only({ viz_type: viz, metric: COUNT, groupby: ['origin'], row_limit: 100 });
    expect(q).toMatchObject({ columns: ['origin'], metrics: [COUNT], orderby: [[COUNT, false]], row_limit: 100 });
  });

  it('pivot table: column and row group-bys as columns, ordered by the first metric', () => {
    const q = only({
      viz_type: 'pivot_table_v2',
      groupbyColumns: ['year'],
      groupbyRows: ['origin', 'year'],
      metrics: [AVG_HP],
    });
    expect(q).toMatchObject({ columns: ['year', 'origin'], orderby: [[AVG_HP, false]] });
  });

  it('histogram: raw values of the column, binned after the query', () => {
    const q = only({ viz_type: 'histogram_v2', column: 'horsepower', groupby: ['origin'], bins: 10, normalize: true });
    expect(q.columns).toEqual(['origin', 'horsepower']);
    expect(q.metrics).toBeUndefined();
    expect(q.post_processing).toEqual([
      {
        operation: 'histogram',
        options: { column: 'horsepower', groupby: ['origin'], bins: 10, cumulative: false, normalize: true },
      },
    ]);
  });

  it('box plot: metrics per distribution column and series, summarised with the chosen whiskers', () => {
    const q = only({
      viz_type: 'box_plot',
      columns: ['name'],
      groupby: ['origin'],
      metrics: [AVG_HP],
      whiskerOptions: '5/95 percentiles',
    });
    expect(q.columns).toEqual(['name', 'origin']);
    expect(q.post_processing).toEqual([
      {
        operation: 'boxplot',
        options: {
          whisker_type: 'percentile',
          percentiles: [5, 95],
          groupby: ['origin'],
          metrics: ['AVG(horsepower)'],
        },
      },
    ]);
  });

  it('heatmap: x and y columns, sorted as asked, ranked (normalised across y)', () => {
    const q = only({
      viz_type: 'heatmap_v2',
      x_axis: 'origin',
      groupby: ['cylinders'],
      metric: COUNT,
      sort_x_axis: 'alpha_asc',
      sort_y_axis: 'value_desc',
      normalize_across: 'y',
    });
    expect(q.orderby).toEqual([
      ['origin', true],
      ['count', false],
    ]);
    expect(q.columns).toEqual([
      { sqlExpression: 'origin', label: 'origin', expressionType: 'SQL', columnType: 'BASE_AXIS' },
      'cylinders',
    ]);
    expect(q.post_processing).toEqual([{ operation: 'rank', options: { metric: 'count', group_by: 'cylinders' } }]);
  });

  it('waterfall: the metric along the x-axis, in x order', () => {
    const q = only({ viz_type: 'waterfall', x_axis: 'year', metric: COUNT, groupby: ['origin'] });
    expect(q.orderby).toEqual([
      ['year', true],
      ['origin', true],
    ]);
  });

  it('mixed time-series: two queries, the second from the _b controls', () => {
    const ctx = build({
      viz_type: 'mixed_timeseries',
      x_axis: 'date',
      time_grain_sqla: 'P1M',
      metrics: [COUNT],
      groupby: ['origin'],
      adhoc_filters: [{ expressionType: 'SQL', sqlExpression: 'year > 1970', clause: 'WHERE' }],
      metrics_b: [AVG_HP],
      adhoc_filters_b: [],
      rolling_type_b: 'sum',
      rolling_periods_b: 3,
    });
    expect(ctx.queries).toHaveLength(2);
    const [a, b] = ctx.queries;
    expect(a).toMatchObject({ metrics: [COUNT], series_columns: ['origin'], extras: { where: '(year > 1970)' } });
    expect(b).toMatchObject({ metrics: [AVG_HP], series_columns: [], extras: { where: '' } });
    expect(b!.columns).toEqual([
      { sqlExpression: 'date', label: 'date', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1M' },
    ]);
    expect(b!.post_processing!.map((p) => p.operation)).toEqual(['pivot', 'rolling', 'flatten']);
    expect(a!.post_processing!.map((p) => p.operation)).toEqual(['pivot', 'rename', 'flatten']);
  });
});

describe('the time column of x-axis charts', () => {
  it('a temporal x-axis is the column the time range filters on; a categorical one never is', () => {
    expect(
      only({
        viz_type: 'echarts_timeseries_line',
        x_axis: 'date',
        time_grain_sqla: 'P1D',
        metrics: [COUNT],
        time_range: 'Last week',
      }).granularity,
    ).toBe('date');
    expect(
      only({
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'origin',
        metrics: [COUNT],
        time_range: 'Last week',
        temporal_columns_lookup: { date: true },
      }).granularity,
    ).toBeUndefined();
    expect(
      only({
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'origin',
        metrics: [COUNT],
        time_grain_sqla: 'P1D',
        temporal_columns_lookup: { date: true },
      }).granularity,
    ).toBeUndefined();
    expect(
      only({ viz_type: 'echarts_timeseries_bar', x_axis: 'origin', granularity_sqla: 'date', metrics: [COUNT] })
        .granularity,
    ).toBe('date');
    expect(
      only({ viz_type: 'waterfall', x_axis: 'date', metric: COUNT, temporal_columns_lookup: { date: true } })
        .granularity,
    ).toBe('date');
  });

  it("the dataset's columns tell which x-axis is temporal when the form does not", () => {
    const columns = [
      { column_name: 'date', is_dttm: true },
      { column_name: 'origin', type_generic: 1 },
    ];
    const form = {
      datasource: '7__table',
      viz_type: 'echarts_timeseries_bar',
      metrics: [COUNT],
      time_grain_sqla: 'P1D',
      time_range: 'Last week',
    };
    const bar = buildQueryContext({ ...form, x_axis: 'origin' }, { ...DS, columns }).queries[0]!;
    expect(bar.columns).toEqual([
      { sqlExpression: 'origin', label: 'origin', expressionType: 'SQL', columnType: 'BASE_AXIS' },
    ]);
    expect(bar.granularity).toBeUndefined();
    const line = buildQueryContext({ ...form, x_axis: 'date' }, { ...DS, columns }).queries[0]!;
    expect(line.columns).toEqual([
      { sqlExpression: 'date', label: 'date', expressionType: 'SQL', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
    ]);
    expect(line.granularity).toBe('date');
  });
});

describe('the built post-processing applied to query rows', () => {
  it('a line chart by origin gets one series per origin, named by the origin', () => {
    const q = only({
      viz_type: 'echarts_timeseries_line',
      x_axis: 'date',
      metrics: [COUNT],
      groupby: ['origin'],
      rolling_type: 'sum',
      rolling_periods: 2,
      min_periods: 1,
    });
    const rows = [
      { date: 1, origin: 'USA', count: 3 },
      { date: 1, origin: 'Japan', count: 1 },
      { date: 2, origin: 'USA', count: 4 },
      { date: 3, origin: 'USA', count: 5 },
      { date: 3, origin: 'Japan', count: 2 },
    ];
    const out = applyPostProcessing({ columns: ['date', 'origin', 'count'], rows }, q.post_processing!);
    expect(out.columns).toEqual(['date', 'Japan', 'USA']);
    // min_periods 1: Superset's rolling operator slices off the first row (df[min_periods:], window.ts).
    expect(out.rows).toEqual([
      { date: 2, Japan: 1, USA: 7 },
      { date: 3, Japan: 2, USA: 9 },
    ]);
  });
});
