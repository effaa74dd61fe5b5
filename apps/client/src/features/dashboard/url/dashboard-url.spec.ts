import rison from 'rison';
import { readFilterConfiguration } from '../filters/native-filters';
import {
  initialDataMask,
  keptCrossFilters,
  nativeFiltersParam,
  permalinkState,
  readDashboardUrl,
  withoutFocusedChart,
} from './dashboard-url';

const filters = readFilterConfiguration([
  {
    id: 'NATIVE_FILTER-origin',
    type: 'NATIVE_FILTER',
    name: 'Origin',
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'origin' } }],
    defaultDataMask: { filterState: { value: ['USA'] } },
  },
  { id: 'NATIVE_FILTER-time', type: 'NATIVE_FILTER', name: 'When', filterType: 'filter_time', targets: [] },
]);

describe('dashboard URL parameters (charts-dashboards-reports §2)', () => {
  it('reads the standalone modes: 1 hides the navigation, 2 and 3 also the title, 3 is a report', () => {
    expect(readDashboardUrl('?standalone=1').hidden).toMatchObject({ hideNav: true, hideTitle: false });
    expect(readDashboardUrl('?standalone=2').hidden).toMatchObject({ hideNav: true, hideTitle: true });
    expect(readDashboardUrl('?standalone=3')).toMatchObject({
      report: true,
      hidden: { hideNav: true, hideTitle: true },
    });
    expect(readDashboardUrl('?standalone=7')).toMatchObject({
      report: false,
      hidden: { hideNav: false, hideTitle: false },
    });
  });

  it('reads the UI-config bit mask: 1 title, 2 tabs, 4 navigation, 8 chart controls', () => {
    expect(readDashboardUrl('?uiConfig=10').hidden).toEqual({
      hideTitle: false,
      hideTabs: true,
      hideNav: false,
      hideChartControls: true,
    });
    expect(readDashboardUrl('?uiConfig=5').hidden).toEqual({
      hideTitle: true,
      hideTabs: false,
      hideNav: true,
      hideChartControls: false,
    });
  });

  it('reads edit, force and slice_id', () => {
    expect(readDashboardUrl('?edit=true&force=1&slice_id=7').params).toMatchObject({
      edit: true,
      force: true,
      sliceId: 7,
    });
    expect(readDashboardUrl('?edit=false').params).toMatchObject({ edit: false, force: false });
  });

  it('reads the focused chart, and removes only that parameter afterwards', () => {
    expect(readDashboardUrl('?focused_chart=12&standalone=1').focusedChartId).toBe(12);
    expect(readDashboardUrl('?focused_chart=abc').focusedChartId).toBeNull();
    expect(withoutFocusedChart('?standalone=1&focused_chart=12&uiConfig=2')).toBe('?standalone=1&uiConfig=2');
    expect(withoutFocusedChart('?focused_chart=12')).toBe('');
  });

  it('reads the anchor without its #', () => {
    expect(readDashboardUrl('', '#TAB-abc').anchor).toBe('TAB-abc');
  });

  it('opens with the defaults, then pre-selected filters, then native_filters by id', () => {
    expect(initialDataMask(filters, readDashboardUrl(''))['NATIVE_FILTER-origin']).toEqual({
      id: 'NATIVE_FILTER-origin',
      extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['USA'] }] },
      filterState: { value: ['USA'] },
    });
    const preselect = encodeURIComponent(JSON.stringify({ 5: { origin: ['Japan', 'Europe'] } }));
    expect(
      initialDataMask(filters, readDashboardUrl(`?preselect_filters=${preselect}`))['NATIVE_FILTER-origin']?.filterState
        ?.value,
    ).toEqual(['Japan', 'Europe']);
    const native = encodeURIComponent(
      rison.encode({
        'NATIVE_FILTER-origin': { filterState: { value: ['Europe'] } },
        'NATIVE_FILTER-time': { filterState: { value: 'Last year' } },
      }),
    );
    const mask = initialDataMask(filters, readDashboardUrl(`?preselect_filters=${preselect}&native_filters=${native}`));
    expect(mask['NATIVE_FILTER-origin']?.extraFormData).toEqual({
      filters: [{ col: 'origin', op: 'IN', val: ['Europe'] }],
    });
    expect(mask['NATIVE_FILTER-time']?.extraFormData).toEqual({ time_range: 'Last year' });
  });

  it('takes only values from native_filters: a crafted extraFormData is not trusted', () => {
    const native = encodeURIComponent(
      rison.encode({
        'NATIVE_FILTER-time': { extraFormData: { adhoc_filters: ['1=1'] }, filterState: { value: 'Last week' } },
        junk: 'x',
      }),
    );
    expect(initialDataMask(filters, readDashboardUrl(`?native_filters=${native}`))).toEqual({
      'NATIVE_FILTER-origin': expect.anything(),
      'NATIVE_FILTER-time': {
        id: 'NATIVE_FILTER-time',
        extraFormData: { time_range: 'Last week' },
        filterState: { value: 'Last week' },
      },
    });
    expect(readDashboardUrl('?native_filters=(((broken').nativeFilterValues).toEqual({});
  });

  it('writes native_filters back as rison of the values', () => {
    const mask = initialDataMask(filters, readDashboardUrl(''));
    expect(rison.decode(nativeFiltersParam(mask, filters)!)).toEqual({
      'NATIVE_FILTER-origin': { filterState: { value: ['USA'] } },
    });
    expect(nativeFiltersParam({}, filters)).toBeNull();
  });

  it('builds the permalink body from the URL minus the reserved parameters', () => {
    const mask = initialDataMask(filters, readDashboardUrl(''));
    expect(
      permalinkState('?standalone=1&edit=true&native_filters=x&focused_chart=3&uiConfig=2', mask, ['TAB-a'], 'CHART-b'),
    ).toEqual({
      urlParams: [
        ['standalone', '1'],
        ['uiConfig', '2'],
      ],
      dataMask: mask,
      activeTabs: ['TAB-a'],
      anchor: 'CHART-b',
    });
  });

  it('reads back only the plain cross-filters of charts on the page from a kept state (issue 16)', () => {
    const plain = { filters: [{ col: 'origin', op: 'IN', val: ['USA', 1, null] }] };
    const kept = {
      '3': { id: '3', extraFormData: plain, filterState: { value: ['USA'], label: 'USA' } },
      // Not on the page, not a chart, or not what a click makes: left out.
      '9': { extraFormData: plain },
      'NATIVE_FILTER-a': { extraFormData: plain },
      '4': { extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['x'] }], adhoc_filters: ['1=1'] } },
      '5': { extraFormData: { filters: [{ col: 'origin', op: '==', val: ['x'] }] } },
      '6': { extraFormData: { filters: [{ col: 'origin', op: 'IN', val: [{ sql: '1=1' }] }] } },
    };
    expect(keptCrossFilters(kept, [3, 4, 5, 6])).toEqual({
      '3': { id: '3', extraFormData: plain, filterState: { value: ['USA', 1, null], label: 'USA' } },
      '4': {
        id: '4',
        extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['x'] }] },
        filterState: { value: ['x'] },
      },
    });
    expect(readDashboardUrl('?native_filters_key=abc').nativeFiltersKey).toBe('abc');
  });
});
