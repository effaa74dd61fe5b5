import { fireEvent, screen, waitFor } from '@testing-library/react';
import rison from 'rison';
import { originFilter, sampleDashboard } from './testing/layouts';
import { dashboardPageSpec } from './testing/page-spec';

const spec = dashboardPageSpec();

const location = () => screen.getByTestId('location').textContent;

describe('dashboard URL parameters on the page (charts-dashboards-reports §2)', () => {
  it('reads the focused chart, shows its tab, then removes the parameter from the address', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/cars/?standalone=1&focused_chart=3');
    await screen.findByRole('figure', { name: 'Second tab table' });
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(location()).toBe('/dashboard/cars/?standalone=1'));
    expect(spec.page!.dashboard.store.getState().focusedChartId).toBeNull();
  });

  it('opens the tab named by the anchor', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/cars/#TAB-b');
    expect(await screen.findByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides the title (bit 1), the tab bar (bit 2) and the chart menus (bit 8)', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/?uiConfig=11');
    await screen.findByRole('figure', { name: 'Cars by origin' });
    expect(screen.queryByRole('heading', { name: 'Cars overview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Origins table' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /More options/ })).not.toBeInTheDocument();
  });

  it('draws a report (standalone 3) without title and filter bar, and one chart with slice_id', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: [originFilter()] } }));
    spec.render('/dashboard/7/?standalone=3');
    await screen.findByRole('figure', { name: 'Cars by origin' });
    expect(screen.queryByRole('heading', { name: 'Cars overview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    spec.disposePage();

    spec.render('/dashboard/7/?slice_id=2');
    await screen.findByRole('figure', { name: 'Origins table' });
    expect(screen.getAllByRole('figure')).toHaveLength(1);
    await waitFor(() =>
      expect(
        spec.api.chartData
          .filter((c) => c.sliceId !== null)
          .map((c) => c.sliceId)
          .at(-1),
      ).toBe(2),
    );
  });

  it('forces the first load with force=true', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/?force=true');
    await waitFor(() => expect(spec.api.chartData).toHaveLength(3));
    expect(spec.api.chartData.map((c) => c.force)).toEqual(['true', 'true', 'true']);
  });

  it('pre-selects native filters from native_filters and preselect_filters', async () => {
    spec.api.dashboards.push(sampleDashboard({ json_metadata: { native_filter_configuration: [originFilter()] } }));
    const native = encodeURIComponent(rison.encode({ 'NATIVE_FILTER-origin': { filterState: { value: ['Europe'] } } }));
    spec.render(`/dashboard/7/?native_filters=${native}`);
    await waitFor(() => expect(spec.api.chartData.filter((c) => c.sliceId === 2)).toHaveLength(1));
    expect(
      (spec.api.chartData.find((c) => c.sliceId === 2)!.body.queries as { filters: unknown[] }[])[0]!.filters,
    ).toEqual([{ col: 'origin', op: 'IN', val: ['Europe'] }]);
    expect(await screen.findByRole('checkbox', { name: 'Europe' })).toBeChecked();
    spec.disposePage();

    const preselect = encodeURIComponent(JSON.stringify({ 2: { origin: ['USA'] } }));
    spec.render(`/dashboard/7/?preselect_filters=${preselect}`);
    await waitFor(() => expect(spec.api.chartData.filter((c) => c.sliceId === 2)).toHaveLength(2));
    expect(
      (spec.api.chartData.filter((c) => c.sliceId === 2)[1]!.body.queries as { filters: unknown[] }[])[0]!.filters,
    ).toEqual([{ col: 'origin', op: 'IN', val: ['USA'] }]);
  });

  it('copies a permalink with the URL parameters, the data mask, the active tabs and the anchor, and opens one', async () => {
    spec.api.dashboards.push(
      sampleDashboard({
        json_metadata: {
          native_filter_configuration: [originFilter({}, { defaultDataMask: { filterState: { value: ['Japan'] } } })],
        },
      }),
    );
    spec.render('/dashboard/7/?standalone=1&edit=true');
    fireEvent.click(await screen.findByRole('tab', { name: 'Second' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy permalink' }));
    await waitFor(() => expect(spec.api.permalinks.size).toBe(1));
    const stored = spec.api.permalinks.get('key1') as { dashboardId: string; state: Record<string, unknown> };
    expect(stored).toEqual({
      dashboardId: '7',
      state: {
        urlParams: [['standalone', '1']],
        dataMask: {
          'NATIVE_FILTER-origin': {
            id: 'NATIVE_FILTER-origin',
            extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['Japan'] }] },
            filterState: { value: ['Japan'] },
          },
        },
        activeTabs: ['TAB-b'],
        anchor: 'TAB-b',
      },
    });
    spec.disposePage();

    spec.api.chartData.length = 0;
    spec.render('/dashboard/p/key1/', { permalinkKey: 'key1' });
    expect(await screen.findByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(spec.api.chartData.filter((c) => c.sliceId === 3)).toHaveLength(1));
    expect(
      (spec.api.chartData.find((c) => c.sliceId === 3)!.body.queries as { filters: unknown[] }[])[0]!.filters,
    ).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
  });
});
