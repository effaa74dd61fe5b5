/** A small dashboard page for the page's specs: two charts, one tabs container with two tabs, one filter. */
import type { Layout } from '../../layout';
import { defaultScope, FilterType, type NativeFilter } from '../../native-filters/types';
import type { DashboardPageEvent, DashboardPageEventOf } from '../page.events';
import type { DashboardChart, DashboardDataset } from '../records';

export const layout: Layout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], parents: [], meta: {} },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'], parents: ['ROOT_ID'], meta: {} },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'A' } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: [], parents: ['ROOT_ID', 'TABS-1'], meta: { text: 'B' } },
};

export const chart = (id: number): DashboardChart => ({ id, slice_name: `Chart ${id}`, form_data: {} });

export const dataset = (id: number): DashboardDataset => ({
  id,
  type: 'table',
  datasource_name: `ds${id}`,
  columns: [],
  metrics: [],
  main_dttm_col: null,
});

export const originFilter: NativeFilter = {
  id: 'NATIVE_FILTER-origin',
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: FilterType.SELECT,
  targets: [{ datasetId: 1, column: { name: 'origin' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { filterState: {} },
  cascadeParentIds: [],
  scope: defaultScope(),
};

export const loadStarted = (requestId = 'r1'): DashboardPageEventOf<'dashboardPage/loadStarted'> => ({
  type: 'dashboardPage/loadStarted',
  data: { requestId, idOrSlug: '7' },
});

export const loaded = (requestId = 'r1'): DashboardPageEventOf<'dashboardPage/loaded'> => ({
  type: 'dashboardPage/loaded',
  data: {
    requestId,
    dashboard: {
      id: 7,
      dashboard_title: 'Cars',
      slug: null,
      owners: [],
      position_json: null,
      json_metadata: null,
      published: true,
      version: 3,
    },
    metadata: { refresh_frequency: 30, expanded_slices: { '2': true } },
    layout,
    charts: [chart(1), chart(2)],
    datasets: [dataset(1)],
    datasetsStatus: 'complete',
    filterItems: [originFilter],
    dataMask: {
      [originFilter.id]: { id: originFilter.id, extraFormData: {}, filterState: { value: ['Europe'] } },
      '2': { id: '2', extraFormData: {}, filterState: { value: ['x'] } },
    },
    activeTabs: ['TAB-a'],
    editMode: false,
    focusedChartId: null,
    soloChartId: null,
  },
});

/** The page opened and loaded: what most specs start from. */
export const opened = (): DashboardPageEvent[] => [loadStarted(), loaded()];
