import { GRID_ID, ROOT_ID } from '../layout/types';
import { LayoutBuilder } from '../testing/layout-builder';
import {
  crossFilterDataMask,
  extraFormDataFromFilters,
  filterValueExtraFormData,
  mergeExtraFormData,
} from './extra-form-data';
import { filterLoadOrder, requiredFirstPending } from './ordering';
import {
  deletionStatus,
  expiredDeletions,
  markForDeletion,
  restoreFilter,
  restoreTimeLeft,
  withoutRemoved,
} from './pending-delete';
import { nativeFilterConfigurationSchema } from './schema';
import {
  chartsInScope,
  crossFilterTargets,
  movedToDifferentFilterScope,
  tabsInScope,
  withComputedScope,
} from './scope';
import { applyFilterChanges, filterChanges } from './changes';
import { defaultScope, type FilterConfigItem, type FilterDivider, type NativeFilter } from './types';
import { FilterValidationMessages as V, filterToFocus, validateFilterConfiguration } from './validation';

const select = (id: string, over: Partial<NativeFilter> = {}): NativeFilter => ({
  id: `NATIVE_FILTER-${id}`,
  type: 'NATIVE_FILTER',
  name: `Filter ${id}`,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'origin' } }],
  controlValues: {},
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: defaultScope(),
  ...over,
});
const divider: FilterDivider = { id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: 'Section', description: '' };

/** GRID: row [chart 1, chart 2]; TABS with TAB-a: chart 3, TAB-b: chart 4. */
function dashboard() {
  const b = new LayoutBuilder().chart(1, GRID_ID).chart(2, 'ROW-CHART-1').add('TABS', 'TABS-t', GRID_ID);
  b.run({
    type: 'CreateComponent',
    data: { id: 'TAB-b', componentType: 'TABS', destination: { parentId: 'TAB-TABS-t', index: 0 }, tabId: 'TAB-inner' },
  });
  b.run({ type: 'MoveComponent', data: { id: 'TAB-inner', destination: { parentId: 'TABS-t', index: 1 } } });
  b.chart(3, 'TAB-TABS-t').chart(4, 'TAB-inner');
  return b.layout;
}

describe('native filters: scope (charts-dashboards-reports §3 rootPath + excluded)', () => {
  it('the default scope covers every chart; excluded charts are left out', () => {
    const layout = dashboard();
    expect(chartsInScope(layout, defaultScope())).toEqual([1, 2, 3, 4]);
    expect(chartsInScope(layout, { rootPath: [ROOT_ID], excluded: [2] })).toEqual([1, 3, 4]);
  });

  it('a tab in the root path scopes the filter to that tab’s charts', () => {
    const layout = dashboard();
    expect(chartsInScope(layout, { rootPath: ['TAB-inner'], excluded: [] })).toEqual([4]);
    expect(tabsInScope(layout, { rootPath: ['TAB-inner'], excluded: [] })).toEqual(['TAB-inner']);
    expect(tabsInScope(layout, defaultScope())).toEqual(['TAB-TABS-t', 'TAB-inner']);
    expect(withComputedScope(select('a', { scope: { rootPath: ['TAB-TABS-t'], excluded: [] } }), layout)).toMatchObject(
      { chartsInScope: [3], tabsInScope: ['TAB-TABS-t'] },
    );
  });

  it('charts-dashboards-reports §5: moving a chart into another tab can change its filter scope', () => {
    const before = dashboard();
    const after = new LayoutBuilder(before).run({
      type: 'MoveComponent',
      data: { id: 'CHART-4', destination: { parentId: 'TAB-TABS-t', index: 0 }, rowId: 'ROW-m' },
    }).layout;
    const scoped = [select('a', { scope: { rootPath: ['TAB-inner'], excluded: [] } })];
    expect(movedToDifferentFilterScope(scoped, before, after, 4)).toBe(true);
    expect(movedToDifferentFilterScope([select('b')], before, after, 4)).toBe(false);
  });
});

describe('native filters: extra form data reaching a chart query', () => {
  it('filter values become clauses and time fields per filter type', () => {
    expect(filterValueExtraFormData('filter_select', 'origin', ['USA', 'Japan'])).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['USA', 'Japan'] }],
    });
    expect(filterValueExtraFormData('filter_select', 'origin', 'USA', { inverseSelection: true })).toEqual({
      filters: [{ col: 'origin', op: 'NOT IN', val: ['USA'] }],
    });
    expect(filterValueExtraFormData('filter_select', 'origin', [])).toEqual({});
    expect(filterValueExtraFormData('filter_range', 'hp', [50, null])).toEqual({
      filters: [{ col: 'hp', op: '>=', val: 50 }],
    });
    expect(filterValueExtraFormData('filter_time', undefined, 'Last week')).toEqual({ time_range: 'Last week' });
    expect(filterValueExtraFormData('filter_timecolumn', undefined, 'ds')).toEqual({ granularity_sqla: 'ds' });
    expect(filterValueExtraFormData('filter_timegrain', undefined, 'P1M')).toEqual({ time_grain_sqla: 'P1M' });
  });

  it('a chart gets the merged masks of the filters in whose scope it is', () => {
    const layout = dashboard();
    const a = select('a');
    const b = select('b', {
      targets: [{ datasetId: 1, column: { name: 'year' } }],
      scope: { rootPath: ['TAB-inner'], excluded: [] },
    });
    const time: NativeFilter = {
      ...select('t'),
      filterType: 'filter_time',
      targets: [],
      scope: { rootPath: [ROOT_ID], excluded: [1] },
    };
    const mask = {
      [a.id]: { extraFormData: filterValueExtraFormData('filter_select', 'origin', ['USA']) },
      [b.id]: { extraFormData: filterValueExtraFormData('filter_select', 'year', [1970]) },
      [time.id]: { extraFormData: { time_range: 'Last year' } },
    };
    const filters = [a, divider, b, time];
    expect(extraFormDataFromFilters(mask, filters, 1, { layout })).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['USA'] }],
    });
    expect(extraFormDataFromFilters(mask, filters, 4, { layout })).toEqual({
      filters: [
        { col: 'origin', op: 'IN', val: ['USA'] },
        { col: 'year', op: 'IN', val: [1970] },
      ],
      time_range: 'Last year',
    });
    // Without a layout, the stored chartsInScope decide.
    expect(extraFormDataFromFilters(mask, [{ ...b, chartsInScope: [2] }], 2)).toEqual({
      filters: [{ col: 'year', op: 'IN', val: [1970] }],
    });
    expect(extraFormDataFromFilters(mask, [b], 2)).toEqual({});
  });

  it('cross-filters: a click filters the charts in the emitter’s scope, never the emitter itself', () => {
    const layout = dashboard();
    const mask = { '1': crossFilterDataMask(1, 'origin', ['Europe']) };
    expect(extraFormDataFromFilters(mask, [], 1, { layout, crossFiltersEnabled: true })).toEqual({});
    expect(extraFormDataFromFilters(mask, [], 3, { layout, crossFiltersEnabled: true })).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['Europe'] }],
    });
    expect(extraFormDataFromFilters(mask, [], 3, { layout, crossFiltersEnabled: false })).toEqual({});
    const chartConfiguration = { '1': { id: 1, crossFilters: { scope: { rootPath: [ROOT_ID], excluded: [3] } } } };
    expect(extraFormDataFromFilters(mask, [], 3, { layout, crossFiltersEnabled: true, chartConfiguration })).toEqual(
      {},
    );
    expect(crossFilterTargets(layout, 1, chartConfiguration, undefined)).toEqual([2, 4]);
    const global = { scope: { rootPath: ['TAB-inner'], excluded: [] } };
    expect(crossFilterTargets(layout, 1, { '1': { id: 1, crossFilters: { scope: 'global' } } }, global)).toEqual([4]);
    expect(crossFilterDataMask(1, 'origin', [])).toMatchObject({ extraFormData: {}, filterState: { value: null } });
  });

  it('merging appends clauses and lets the later time fields win', () => {
    expect(
      mergeExtraFormData(
        { time_range: 'a', filters: [{ col: 'x', op: 'IN', val: [1] }] },
        { time_range: 'b', time_grain_sqla: 'P1D' },
      ),
    ).toEqual({
      time_range: 'b',
      time_grain_sqla: 'P1D',
      filters: [{ col: 'x', op: 'IN', val: [1] }],
    });
  });
});

describe('native filters: configuration modal validation (charts-dashboards-reports §4)', () => {
  it('names, datasets and columns are required where the type needs them', () => {
    const items: FilterConfigItem[] = [
      select('a', { name: '  ' }),
      select('b', { targets: [{}] }),
      { ...select('c'), filterType: 'filter_timegrain', targets: [] },
      { ...select('d'), filterType: 'filter_time', targets: [] },
      { ...divider, title: '' },
    ];
    expect(validateFilterConfiguration(items).map((e) => [e.filterId, e.field, e.message])).toEqual([
      ['NATIVE_FILTER-a', 'name', V.NAME_REQUIRED],
      ['NATIVE_FILTER-b', 'dataset', V.DATASET_REQUIRED],
      ['NATIVE_FILTER-b', 'column', V.COLUMN_REQUIRED],
      ['NATIVE_FILTER-c', 'dataset', V.DATASET_REQUIRED],
      ['NATIVE_FILTER_DIVIDER-d', 'title', V.TITLE_REQUIRED],
    ]);
  });

  it('cascading parents must exist, be value filters and form no cycle', () => {
    const a = select('a', { cascadeParentIds: ['NATIVE_FILTER-b'] });
    const b = select('b', { cascadeParentIds: ['NATIVE_FILTER-a'] });
    const c = select('c', { cascadeParentIds: ['NATIVE_FILTER-gone'] });
    const t: NativeFilter = { ...select('t'), filterType: 'filter_time', targets: [] };
    const d = select('d', { cascadeParentIds: [t.id] });
    const errors = validateFilterConfiguration([a, b, c, t, d]);
    expect(errors.filter((e) => e.message === V.CYCLIC_HIERARCHY).map((e) => e.filterId)).toEqual([a.id, b.id]);
    expect(errors.find((e) => e.filterId === c.id)?.message).toBe(V.PARENT_MISSING);
    expect(errors.find((e) => e.filterId === d.id)?.message).toBe(V.PARENT_NOT_SELECT);
    expect(validateFilterConfiguration([select('a', { cascadeParentIds: ['NATIVE_FILTER-b'] }), select('b')])).toEqual(
      [],
    );
  });

  it('a required filter needs a default value unless it picks the first value', () => {
    const required = select('r', { controlValues: { enableEmptyFilter: true } });
    expect(validateFilterConfiguration([required]).map((e) => e.field)).toEqual(['defaultValue']);
    expect(
      validateFilterConfiguration([
        { ...required, controlValues: { enableEmptyFilter: true, defaultToFirstItem: true } },
      ]),
    ).toEqual([]);
    expect(
      validateFilterConfiguration([{ ...required, defaultDataMask: { filterState: { value: ['USA'] } } }]),
    ).toEqual([]);
    expect(
      validateFilterConfiguration([{ ...required, defaultDataMask: { filterState: { value: [] } } }]),
    ).toHaveLength(1);
    const range: NativeFilter = {
      ...select('g'),
      filterType: 'filter_range',
      defaultDataMask: { filterState: { value: [10, 1] } },
    };
    expect(validateFilterConfiguration([range]).map((e) => e.message)).toEqual([V.RANGE_INVERTED]);
  });

  it('removed filters are not validated; focus goes to the open filter if it fails, else the first failing one', () => {
    const bad = select('x', { name: '' });
    expect(validateFilterConfiguration([bad], new Set([bad.id]))).toEqual([]);
    const errors = validateFilterConfiguration([select('a'), select('b', { name: '' }), select('c', { name: '' })]);
    expect(filterToFocus(errors, 'NATIVE_FILTER-c', ['NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER-c'])).toBe(
      'NATIVE_FILTER-c',
    );
    expect(filterToFocus(errors, 'NATIVE_FILTER-a', ['NATIVE_FILTER-a', 'NATIVE_FILTER-b', 'NATIVE_FILTER-c'])).toBe(
      'NATIVE_FILTER-b',
    );
    expect(filterToFocus([], 'NATIVE_FILTER-a', [])).toBeNull();
  });

  it('the stored configuration is checked with zod', () => {
    expect(nativeFilterConfigurationSchema.safeParse([select('a'), divider]).success).toBe(true);
    expect(nativeFilterConfigurationSchema.safeParse([{ ...select('a'), id: 'x' }]).success).toBe(false);
    expect(nativeFilterConfigurationSchema.safeParse([{ ...select('a'), filterType: 'filter_nope' }]).success).toBe(
      false,
    );
  });
});

describe('native filters: 5 s pending delete (charts-dashboards-reports §4, §9)', () => {
  it('a removed filter is pending for 5000 ms and can be restored, then it is gone', () => {
    let state = markForDeletion({}, 'F', 1000);
    expect(deletionStatus(state, 'F', 1000)).toBe('pending');
    expect(restoreTimeLeft(state, 'F', 3000)).toBe(3000);
    expect(deletionStatus(state, 'F', 5999)).toBe('pending');
    expect(deletionStatus(state, 'F', 6000)).toBe('deleted');
    expect(expiredDeletions(state, 6000)).toEqual(['F']);
    expect(restoreFilter(state, 'F', 6000)).toBe(state);
    state = restoreFilter(state, 'F', 5999);
    expect(deletionStatus(state, 'F', 5999)).toBe('active');
    expect(markForDeletion(markForDeletion({}, 'F', 1), 'F', 9)).toEqual({ F: 1 });
  });

  it('saving drops removed filters, pending or not, and the cascade links to them', () => {
    const a = select('a');
    const b = select('b', { cascadeParentIds: [a.id] });
    expect(withoutRemoved([a, b], { [a.id]: 0 })).toEqual([{ ...b, cascadeParentIds: [] }]);
  });
});

describe('native filters: load order and requiredFirst', () => {
  it('requiredFirst filters come first and parents before their children', () => {
    const child = select('child', { cascadeParentIds: ['NATIVE_FILTER-parent'], requiredFirst: true });
    const parent = select('parent');
    const other = select('other');
    expect(filterLoadOrder([other, divider, parent, child]).map((f) => f.id)).toEqual([
      'NATIVE_FILTER-parent',
      'NATIVE_FILTER-child',
      'NATIVE_FILTER-other',
    ]);
    const cyclic = [
      select('a', { cascadeParentIds: ['NATIVE_FILTER-b'] }),
      select('b', { cascadeParentIds: ['NATIVE_FILTER-a'] }),
    ];
    expect(filterLoadOrder(cyclic)).toHaveLength(2);
  });

  it('charts wait while a requiredFirst filter has no value', () => {
    const rf = select('rf', { requiredFirst: true });
    expect(requiredFirstPending([rf, select('x')], {})).toEqual([rf.id]);
    expect(requiredFirstPending([rf], { [rf.id]: { filterState: { value: ['USA'] } } })).toEqual([]);
    expect(requiredFirstPending([{ ...rf, controlValues: { defaultToFirstItem: true } }], {})).toEqual([]);
  });
});

describe('native filters: the filters endpoint body (charts-dashboards-reports §7 added, modified, deleted, reordered)', () => {
  it('the diff of two configurations, applied to the first, gives the second', () => {
    const a = select('a');
    const b = select('b');
    const c = select('c');
    const before = [a, b, divider];
    const after = [{ ...b, name: 'Renamed' }, a, c];
    const changes = filterChanges(before, after);
    expect(changes).toEqual({
      added: [c],
      modified: [{ ...b, name: 'Renamed' }],
      deleted: [divider.id],
      reordered: [b.id, a.id, c.id],
    });
    expect(applyFilterChanges(before, changes)).toEqual(after);
    expect(filterChanges(before, before)).toEqual({ added: [], modified: [], deleted: [], reordered: [] });
  });
});
