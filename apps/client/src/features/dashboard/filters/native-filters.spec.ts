import { readLayout } from '../grid/layout';
import { dataMaskEntry, maskValue, readFilterConfiguration, type NativeFilter } from './native-filters';
import { extraFormDataForChart, waitsForRequiredFilters } from './scope';

const config = [
  {
    id: 'NATIVE_FILTER-origin',
    type: 'NATIVE_FILTER',
    name: 'Origin',
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'origin' } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  },
  {
    id: 'NATIVE_FILTER-not',
    type: 'NATIVE_FILTER',
    name: 'Not origin',
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'origin' } }],
    controlValues: { inverseSelection: true },
  },
  {
    id: 'NATIVE_FILTER-hp',
    type: 'NATIVE_FILTER',
    name: 'Horsepower',
    filterType: 'filter_range',
    targets: [{ datasetId: 1, column: { name: 'horsepower' } }],
    scope: { rootPath: ['TAB-b'], excluded: [] },
  },
  { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Time', description: 'when' },
  {
    id: 'NATIVE_FILTER-time',
    type: 'NATIVE_FILTER',
    name: 'When',
    filterType: 'filter_time',
    scope: { rootPath: ['ROOT_ID'], excluded: [2] },
  },
  { id: 'NATIVE_FILTER-col', type: 'NATIVE_FILTER', name: 'Time column', filterType: 'filter_timecolumn' },
  {
    id: 'NATIVE_FILTER-grain',
    type: 'NATIVE_FILTER',
    name: 'Grain',
    filterType: 'filter_timegrain',
    requiredFirst: true,
  },
  { id: 'NATIVE_FILTER-bad', type: 'NATIVE_FILTER', name: 'Unknown', filterType: 'filter_unknown' },
  { type: 'NATIVE_FILTER', filterType: 'filter_select' },
];
const items = readFilterConfiguration(config);
const f = (id: string) => items.find((i) => i.id === id) as NativeFilter;

// Chart 1 on tab A, charts 2 and 3 on tab B.
const { layout } = readLayout({
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-1'], parents: ['ROOT_ID'] },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID', 'GRID_ID'] },
  'TAB-a': {
    id: 'TAB-a',
    type: 'TAB',
    children: ['ROW-1'],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1'],
    meta: { text: 'A' },
  },
  'TAB-b': {
    id: 'TAB-b',
    type: 'TAB',
    children: ['ROW-2'],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1'],
    meta: { text: 'B' },
  },
  'ROW-1': {
    id: 'ROW-1',
    type: 'ROW',
    children: ['CHART-1'],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-a'],
    meta: {},
  },
  'ROW-2': {
    id: 'ROW-2',
    type: 'ROW',
    children: ['CHART-2', 'CHART-3'],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-b'],
    meta: {},
  },
  'CHART-1': {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-a', 'ROW-1'],
    meta: { chartId: 1, width: 4, height: 50 },
  },
  'CHART-2': {
    id: 'CHART-2',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-b', 'ROW-2'],
    meta: { chartId: 2, width: 4, height: 50 },
  },
  'CHART-3': {
    id: 'CHART-3',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-1', 'TAB-b', 'ROW-2'],
    meta: { chartId: 3, width: 4, height: 50 },
  },
});

describe('native filters → extra form data (REFERENCE §3.4)', () => {
  it('reads the configuration in bar order, with dividers, skipping entries it cannot use', () => {
    expect(items.map((i) => i.id)).toEqual([
      'NATIVE_FILTER-origin',
      'NATIVE_FILTER-not',
      'NATIVE_FILTER-hp',
      'NATIVE_FILTER_DIVIDER-1',
      'NATIVE_FILTER-time',
      'NATIVE_FILTER-col',
      'NATIVE_FILTER-grain',
    ]);
    // A filter written without a scope applies to the whole dashboard.
    expect(f('NATIVE_FILTER-col').scope).toEqual({ rootPath: ['ROOT_ID'], excluded: [] });
  });

  it('turns each filter type into its data mask entry', () => {
    expect(dataMaskEntry(f('NATIVE_FILTER-origin'), ['USA', 'Japan']).extraFormData).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['USA', 'Japan'] }],
    });
    expect(dataMaskEntry(f('NATIVE_FILTER-not'), ['USA']).extraFormData).toEqual({
      filters: [{ col: 'origin', op: 'NOT IN', val: ['USA'] }],
    });
    expect(dataMaskEntry(f('NATIVE_FILTER-hp'), [80, null]).extraFormData).toEqual({
      filters: [{ col: 'horsepower', op: '>=', val: 80 }],
    });
    expect(dataMaskEntry(f('NATIVE_FILTER-time'), 'Last week').extraFormData).toEqual({ time_range: 'Last week' });
    expect(dataMaskEntry(f('NATIVE_FILTER-col'), 'year').extraFormData).toEqual({ granularity_sqla: 'year' });
    expect(dataMaskEntry(f('NATIVE_FILTER-grain'), 'P1M').extraFormData).toEqual({ time_grain_sqla: 'P1M' });
    // Empty values filter nothing and are kept as "no value yet".
    expect(dataMaskEntry(f('NATIVE_FILTER-origin'), [])).toEqual({
      id: 'NATIVE_FILTER-origin',
      extraFormData: {},
      filterState: { value: null },
    });
    expect(maskValue(dataMaskEntry(f('NATIVE_FILTER-hp'), [null, null]))).toBeNull();
  });

  it('gives each chart the merged extra form data of the filters in scope and the cross-filters of other charts', () => {
    const dataMask = {
      'NATIVE_FILTER-hp': dataMaskEntry(f('NATIVE_FILTER-hp'), [100, null]),
      'NATIVE_FILTER-time': dataMaskEntry(f('NATIVE_FILTER-time'), 'Last year'),
      '3': {
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }] },
        filterState: { value: ['Japan'], label: 'Japan' },
      },
    };
    const context = { layout, metadata: {}, items, dataMask, crossFiltersEnabled: true };
    expect(extraFormDataForChart(1, context)).toEqual({
      time_range: 'Last year',
      filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }],
    });
    expect(extraFormDataForChart(2, context)).toEqual({
      filters: [
        { col: 'horsepower', op: '>=', val: 100 },
        { col: 'origin', op: 'IN', val: ['Japan'] },
      ],
    });
    // A chart's own cross-filter never filters itself.
    expect(extraFormDataForChart(3, context)).toEqual({
      filters: [{ col: 'horsepower', op: '>=', val: 100 }],
      time_range: 'Last year',
    });
    expect(extraFormDataForChart(1, { ...context, crossFiltersEnabled: false })).toEqual({ time_range: 'Last year' });
    // The chart configuration narrows where a chart's cross-filter goes.
    const scoped = {
      ...context,
      metadata: {
        chart_configuration: { 3: { id: 3, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] } } } },
      },
    };
    expect(extraFormDataForChart(1, scoped)).toEqual({ time_range: 'Last year' });
  });

  it('holds charts back while a required-first filter has no value', () => {
    expect(
      waitsForRequiredFilters({
        items,
        dataMask: { 'NATIVE_FILTER-grain': dataMaskEntry(f('NATIVE_FILTER-grain'), null) },
      }),
    ).toBe(true);
    expect(
      waitsForRequiredFilters({
        items,
        dataMask: { 'NATIVE_FILTER-grain': dataMaskEntry(f('NATIVE_FILTER-grain'), 'P1D') },
      }),
    ).toBe(false);
  });
});
