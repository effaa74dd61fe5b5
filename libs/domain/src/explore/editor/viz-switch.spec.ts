import { VIZ_TYPE_LABELS, vizControlNames } from '../controls/viz-panels';
import { exploreDecider } from './explore.decider';
import type { ExploreEvent } from './explore.events';
import type { ExploreState } from './model';
import { avgHorsepower, cars, changed, opened } from './testing/fixtures';

const fold = (events: readonly ExploreEvent[]): ExploreState =>
  events.reduce(exploreDecider.evolve, exploreDecider.initialState());
const switched = (vizType: string): ExploreEvent => ({ type: 'explore/vizTypeChanged', data: { vizType } });
const usa = {
  expressionType: 'SIMPLE',
  subject: 'origin',
  operator: '==',
  operatorId: 'EQUALS',
  comparator: 'USA',
  clause: 'WHERE',
};
const count = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count', optionName: 'm2' };
const bar = (extra: Record<string, unknown> = {}) =>
  opened(cars, {
    viz_type: 'echarts_timeseries_bar',
    x_axis: 'origin',
    metrics: [avgHorsepower],
    adhoc_filters: [usa],
    time_range: 'Last year',
    row_limit: 50,
    ...extra,
  });

describe('Explore: switching the viz type keeps every control the new type can use', () => {
  it('given a Bar by origin, when switched to Pie, then the pie is grouped by origin with the first metric, filters and limits kept', () => {
    const pie = fold([bar({ metrics: [avgHorsepower, count] }), switched('pie')]).formData;
    expect(pie).toMatchObject({
      viz_type: 'pie',
      groupby: ['origin'],
      metric: avgHorsepower,
      adhoc_filters: [usa],
      time_range: 'Last year',
      row_limit: 50,
    });
  });

  it('given a Bar by origin with series, when switched to Pie, then the x-axis comes first, the series after', () => {
    const pie = fold([bar({ groupby: ['name'] }), switched('pie')]).formData;
    expect(pie.groupby).toEqual(['origin', 'name']);
  });

  it('given Bar → Pie, when switched back, then the x-axis and the metrics return and the x-axis is not also a series', () => {
    const back = fold([
      bar({ metrics: [avgHorsepower, count] }),
      switched('pie'),
      switched('echarts_timeseries_bar'),
    ]).formData;
    expect(back).toMatchObject({ x_axis: 'origin', groupby: [], metrics: [avgHorsepower, count] });
  });

  it("given the Pie's metric and dimension changed, when switched back to Bar, then the Bar shows them", () => {
    const back = fold([
      bar({ metrics: [avgHorsepower, count] }),
      switched('pie'),
      changed('metric', count),
      changed('groupby', ['name']),
      switched('echarts_timeseries_bar'),
    ]).formData;
    expect(back.metrics).toEqual([count]);
    expect(back.x_axis).toBe('year');
    expect(back.groupby).toEqual(['name']);
  });

  it('given a Pie by origin, when switched to Bar, then the time column is the x-axis and origin the series (as Superset)', () => {
    const barForm = fold([
      opened(cars, { viz_type: 'pie', groupby: ['origin'], metric: avgHorsepower }),
      switched('echarts_timeseries_bar'),
    ]).formData;
    expect(barForm).toMatchObject({ x_axis: 'year', groupby: ['origin'], metrics: [avgHorsepower] });
  });

  it('given a dataset without a time column, when a Pie becomes a Bar, then its dimension is the x-axis', () => {
    const noTime = { ...cars, main_dttm_col: null, columns: cars.columns.filter((c) => c.column_name !== 'year') };
    const barForm = fold([
      opened(noTime, { viz_type: 'pie', groupby: ['origin', 'name'], metric: avgHorsepower }),
      switched('echarts_timeseries_bar'),
    ]).formData;
    expect(barForm).toMatchObject({ x_axis: 'origin', groupby: ['name'] });
  });

  it('given a pivot table, when switched to Pie and back to a Table, then rows and columns become the group by', () => {
    const pie = fold([
      opened(cars, { viz_type: 'pivot_table_v2', groupbyRows: ['origin'], groupbyColumns: ['name'], metrics: [count] }),
      switched('pie'),
    ]);
    expect(pie.formData).toMatchObject({ groupby: ['origin', 'name'], metric: count });
    const pivot = fold([
      opened(cars, { viz_type: 'pie', groupby: ['origin'], metric: count }),
      switched('pivot_table_v2'),
    ]);
    expect(pivot.formData).toMatchObject({ groupbyRows: ['origin'], groupbyColumns: [], metrics: [count] });
  });

  it('given a table with a time column, when switched to a line chart, then the time column is the x-axis', () => {
    const line = fold([
      opened(cars, { viz_type: 'table', granularity_sqla: 'year', groupby: ['origin'], metrics: [count] }),
      switched('echarts_timeseries_line'),
    ]).formData;
    expect(line).toMatchObject({ x_axis: 'year', groupby: ['origin'], metrics: [count] });
  });
});

/** Every pair of the 20 viz types: a dimension, a metric, filters and a time range survive the switch. */
describe('Explore: viz switches across every pair of viz types', () => {
  const types = Object.keys(VIZ_TYPE_LABELS);
  const dimensionControls = ['groupby', 'groupbyRows', 'groupbyColumns', 'columns'];
  const start = (vizType: string): ExploreEvent => {
    const shown = new Set(vizControlNames(vizType));
    const list = dimensionControls.find((n) => shown.has(n));
    const dims = list ? { [list]: ['origin'] } : shown.has('x_axis') ? { x_axis: 'origin' } : {};
    const metric = shown.has('metrics') ? { metrics: [count] } : shown.has('metric') ? { metric: count } : {};
    return opened(cars, { viz_type: vizType, ...dims, ...metric, adhoc_filters: [usa], time_range: 'Last year' });
  };
  const dimensionsOf = (form: Record<string, unknown>, shown: Set<string>): unknown[] => [
    ...(shown.has('x_axis') ? [form.x_axis] : []),
    ...dimensionControls.filter((n) => shown.has(n)).flatMap((n) => (form[n] as unknown[]) ?? []),
  ];

  it.each(types.flatMap((from) => types.filter((to) => to !== from).map((to) => [from, to])))('%s → %s', (from, to) => {
    const before = fold([start(from)]);
    const fromShown = new Set(vizControlNames(from));
    const toShown = new Set(vizControlNames(to));
    const after = fold([start(from), switched(to)]).formData;
    expect(after.viz_type).toBe(to);
    expect(after.adhoc_filters).toEqual([usa]);
    expect(after.time_range).toBe('Last year');
    const hadDimension = dimensionsOf(before.formData, fromShown).includes('origin');
    // An x-axis alone defaults to the time column (big number with trendline); it keeps a shared one.
    const canHoldDimension =
      dimensionControls.some((n) => toShown.has(n)) || (toShown.has('x_axis') && before.formData.x_axis === 'origin');
    if (hadDimension && canHoldDimension) expect(dimensionsOf(after, toShown)).toContain('origin');
    const hadMetric = fromShown.has('metrics') || fromShown.has('metric');
    if (hadMetric && toShown.has('metric')) expect(after.metric).toEqual(count);
    if (hadMetric && toShown.has('metrics')) expect(after.metrics).toEqual([count]);
    // The new type's dimensions are never repeated (a categorical x-axis is not also a series).
    const dims = dimensionsOf(after, toShown).filter((d) => d !== null && d !== undefined);
    expect(new Set(dims.map(String)).size).toBe(dims.length);
  });
});
