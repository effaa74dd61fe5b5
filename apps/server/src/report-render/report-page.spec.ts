import rison from 'rison';
import { DEFAULT_SIZE, MAX_WIDTH, MIN_WIDTH, reportPagePath, viewportOf } from './report-page';

describe('the report page', () => {
  it('is the standalone chart, or the dashboard in report mode (standalone=3)', () => {
    expect(reportPagePath({ chartId: 7 })).toBe('/explore/?slice_id=7&standalone=3');
    expect(reportPagePath({ dashboardId: 3 })).toBe('/superset/dashboard/3/?standalone=3');
  });

  it("carries the schedule's dashboard view: filter values as native_filters, the deepest open tab as the anchor", () => {
    const path = reportPagePath(
      { dashboardId: 3 },
      {
        activeTabs: ['TABS-a', 'TAB-b'],
        anchor: null,
        nativeFilters: [
          {
            nativeFilterId: 'NATIVE_FILTER-x',
            filterType: 'filter_select',
            columnName: 'origin',
            filterValues: ['USA'],
          },
        ],
      },
    );
    const url = new URL(path, 'http://strata');
    expect(url.searchParams.get('standalone')).toBe('3');
    expect(rison.decode(url.searchParams.get('native_filters')!)).toEqual({
      'NATIVE_FILTER-x': { filterState: { value: ['USA'] } },
    });
    expect(url.hash).toBe('#TAB-b');
  });

  it("is Superset's window size unless the schedule sets one; a custom width stays in [600, 2400]", () => {
    expect(viewportOf({ dashboardId: 1 }, {})).toEqual(DEFAULT_SIZE.dashboard);
    expect(viewportOf({ chartId: 1 }, { width: null, height: null })).toEqual(DEFAULT_SIZE.chart);
    expect(viewportOf({ chartId: 1 }, { width: 800, height: 500 })).toEqual({ width: 800, height: 500 });
    expect(viewportOf({ chartId: 1 }, { width: 100 }).width).toBe(MIN_WIDTH);
    expect(viewportOf({ chartId: 1 }, { width: 9000 }).width).toBe(MAX_WIDTH);
  });
});
