import { pieChart, tableChart, type TestDashboard } from './dashboard-test-api';

const item = (id: string, type: string, children: string[], parents: string[], meta: Record<string, unknown> = {}) => ({
  id,
  type,
  children,
  parents,
  meta,
});

/**
 * A dashboard with each kind of component: a large header, a white row with a pie (4 columns) and a
 * markdown (8 columns), a divider, and tabs: tab "First" holds a 6-column column with a table, tab
 * "Second" a row with another table.
 */
export function sampleDashboard(overrides: Partial<TestDashboard> = {}): TestDashboard {
  const G = ['ROOT_ID', 'GRID_ID'];
  return {
    id: 7,
    dashboard_title: 'Cars overview',
    slug: 'cars',
    owners: [{ id: 1, first_name: 'Ada', last_name: 'Admin' }],
    published: true,
    json_metadata: {},
    charts: [pieChart(1, 'Cars by origin'), tableChart(2, 'Origins table'), tableChart(3, 'Second tab table')],
    position_json: {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: item('ROOT_ID', 'ROOT', ['GRID_ID'], []),
      GRID_ID: item('GRID_ID', 'GRID', ['HEADER-1', 'ROW-1', 'DIVIDER-1', 'TABS-1'], ['ROOT_ID']),
      HEADER_ID: item('HEADER_ID', 'HEADER', [], [], { text: 'Cars overview' }),
      'HEADER-1': item('HEADER-1', 'HEADER', [], G, {
        text: 'Overview',
        headerSize: 'LARGE_HEADER',
        background: 'BACKGROUND_TRANSPARENT',
      }),
      'ROW-1': item('ROW-1', 'ROW', ['CHART-1', 'MARKDOWN-1'], G, { background: 'BACKGROUND_WHITE' }),
      'CHART-1': item('CHART-1', 'CHART', [], [...G, 'ROW-1'], {
        chartId: 1,
        width: 4,
        height: 50,
        sliceName: 'Cars by origin',
      }),
      'MARKDOWN-1': item('MARKDOWN-1', 'MARKDOWN', [], [...G, 'ROW-1'], {
        width: 8,
        height: 30,
        code: '# Notes\n\nSome <b>bold</b> words<script>window.hacked = true</script> <img src="x" onerror="window.hacked = true">',
      }),
      'DIVIDER-1': item('DIVIDER-1', 'DIVIDER', [], G),
      'TABS-1': item('TABS-1', 'TABS', ['TAB-a', 'TAB-b'], G),
      'TAB-a': item('TAB-a', 'TAB', ['ROW-2'], [...G, 'TABS-1'], { text: 'First' }),
      'TAB-b': item('TAB-b', 'TAB', ['ROW-3'], [...G, 'TABS-1'], { text: 'Second' }),
      'ROW-2': item('ROW-2', 'ROW', ['COLUMN-1'], [...G, 'TABS-1', 'TAB-a'], { background: 'BACKGROUND_TRANSPARENT' }),
      'COLUMN-1': item('COLUMN-1', 'COLUMN', ['CHART-2'], [...G, 'TABS-1', 'TAB-a', 'ROW-2'], {
        width: 6,
        background: 'BACKGROUND_TRANSPARENT',
      }),
      'CHART-2': item('CHART-2', 'CHART', [], [...G, 'TABS-1', 'TAB-a', 'ROW-2', 'COLUMN-1'], {
        chartId: 2,
        width: 4,
        height: 50,
      }),
      'ROW-3': item('ROW-3', 'ROW', ['CHART-3'], [...G, 'TABS-1', 'TAB-b'], {}),
      'CHART-3': item('CHART-3', 'CHART', [], [...G, 'TABS-1', 'TAB-b', 'ROW-3'], {
        chartId: 3,
        width: 12,
        height: 40,
      }),
    },
    ...overrides,
  };
}

export const originFilter = (controlValues: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  id: 'NATIVE_FILTER-origin',
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'origin' } }],
  controlValues: { multiSelect: true, ...controlValues },
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  ...extra,
});
