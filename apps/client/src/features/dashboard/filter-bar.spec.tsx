import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DASHBOARD_CHANGED_ELSEWHERE } from './dashboard.feature';
import { originFilter, sampleDashboard } from './testing/layouts';
import { dashboardPageSpec } from './testing/page-spec';
import { ADMIN } from './testing/render-dashboard';

const spec = dashboardPageSpec();

const figure = (name: string) => screen.getByRole('figure', { name });
const bar = () => screen.getByRole('complementary', { name: 'Filters' });
const filtersOf = (sliceId: number) =>
  (spec.api.chartData.filter((c) => c.sliceId === sliceId).at(-1)!.body.queries as { filters: unknown[] }[])[0]!
    .filters;

const withFilters = (filters: unknown[], extra: Record<string, unknown> = {}) =>
  sampleDashboard({ json_metadata: { native_filter_configuration: filters, ...extra } });

/** The values a select filter offers, as shown. */
const offered = (name: string) =>
  within(within(bar()).getByRole('group', { name: `${name} values` }))
    .queryAllByRole('checkbox')
    .map((c) => c.parentElement?.textContent);
const chartRequests = (sliceId: number) => spec.api.chartData.filter((c) => c.sliceId === sliceId).length;

describe('native filter bar → extra form data (charts-dashboards-reports §3, REFERENCE §3.4)', () => {
  it('offers the column values, applies a selection to the charts in scope, and clears it', async () => {
    spec.api.dashboards.push(
      withFilters([
        originFilter({}, { scope: { rootPath: ['ROOT_ID'], excluded: [1] } }),
        { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More', description: 'Other filters' },
        {
          id: 'NATIVE_FILTER-hp',
          type: 'NATIVE_FILTER',
          name: 'Horsepower',
          filterType: 'filter_range',
          targets: [{ datasetId: 1, column: { name: 'horsepower' } }],
        },
      ]),
    );
    spec.render('/dashboard/7/');
    const values = await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Origin values',
    });
    await waitFor(() =>
      expect(
        within(values)
          .getAllByRole('checkbox')
          .map((c) => c.parentElement?.textContent),
      ).toEqual(['Europe', 'Japan', 'USA']),
    );
    expect(within(bar()).getByRole('separator', { name: 'More' })).toHaveTextContent('Other filters');
    await waitFor(() => expect(within(figure('Origins table')).getByText('USA')).toBeInTheDocument());

    // Search narrows the list; picked values wait for Apply.
    fireEvent.change(within(bar()).getByLabelText('Search Origin'), { target: { value: 'jap' } });
    expect(within(values).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(within(values).getByRole('checkbox', { name: 'Japan' }));
    fireEvent.change(within(bar()).getByLabelText('Horsepower minimum'), { target: { value: '90' } });
    const before = spec.api.chartData.length;
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(within(figure('Origins table')).queryByText('USA')).not.toBeInTheDocument());
    expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument();
    await waitFor(() => expect(figure('Origins table')).toHaveAttribute('data-status', 'rendered'));
    expect(filtersOf(2)).toEqual([
      { col: 'origin', op: 'IN', val: ['Japan'] },
      { col: 'horsepower', op: '>=', val: 90 },
    ]);
    // Chart 1 is excluded from the origin filter's scope: it gets only the range.
    expect(filtersOf(1)).toEqual([{ col: 'horsepower', op: '>=', val: 90 }]);
    expect(
      spec.api.chartData
        .slice(before)
        .map((c) => c.sliceId)
        .sort(),
    ).toEqual([1, 2, 3]);

    fireEvent.click(within(bar()).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(within(figure('Origins table')).getByText('USA')).toBeInTheDocument());
    expect(filtersOf(2)).toEqual([]);
  });

  it('inverts a selection into NOT IN, and keeps a single select to one value', async () => {
    spec.api.dashboards.push(withFilters([originFilter({ inverseSelection: true, multiSelect: false })]));
    spec.render('/dashboard/7/');
    const values = await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Origin values',
    });
    await waitFor(() => expect(within(values).getAllByRole('radio')).toHaveLength(3));
    fireEvent.click(within(values).getByRole('radio', { name: 'USA' }));
    fireEvent.click(within(values).getByRole('radio', { name: 'Europe' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(filtersOf(2)).toEqual([{ col: 'origin', op: 'NOT IN', val: ['Europe'] }]));
    await waitFor(() => expect(within(figure('Origins table')).queryByText('Europe')).not.toBeInTheDocument());
  });

  it('refuses Apply while a required filter is empty, and applies time range, time column and grain', async () => {
    spec.api.dashboards.push(
      withFilters([
        originFilter({ enableEmptyFilter: true }),
        { id: 'NATIVE_FILTER-time', type: 'NATIVE_FILTER', name: 'When', filterType: 'filter_time' },
        { id: 'NATIVE_FILTER-col', type: 'NATIVE_FILTER', name: 'Time column', filterType: 'filter_timecolumn' },
        { id: 'NATIVE_FILTER-grain', type: 'NATIVE_FILTER', name: 'Grain', filterType: 'filter_timegrain' },
      ]),
    );
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Origin values',
    });
    fireEvent.change(within(bar()).getByLabelText('When time range'), { target: { value: 'Last year' } });
    fireEvent.change(within(bar()).getByRole('combobox', { name: 'Time column' }), { target: { value: 'year' } });
    fireEvent.change(within(bar()).getByRole('combobox', { name: 'Grain' }), { target: { value: 'P1M' } });
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    expect(spec.page!.toasts.store.getState().toasts[0]?.text).toBe(
      'Please choose a value for the required filters: Origin',
    );

    await waitFor(() => expect(within(bar()).getAllByRole('checkbox')).toHaveLength(3));
    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'USA' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(spec.api.chartData.filter((c) => c.sliceId === 2)).toHaveLength(2));
    const query = (
      spec.api.chartData.filter((c) => c.sliceId === 2).at(-1)!.body.queries as Record<string, unknown>[]
    )[0]!;
    expect(query).toMatchObject({
      time_range: 'Last year',
      granularity: 'year',
      extras: { time_grain_sqla: 'P1M' },
      filters: [{ col: 'origin', op: 'IN', val: ['USA'] }],
    });
  });

  it('lays the bar out horizontally with HORIZONTAL_FILTER_BAR and filter_bar_orientation HORIZONTAL', async () => {
    spec.api.dashboards.push(withFilters([originFilter()], { filter_bar_orientation: 'HORIZONTAL' }));
    spec.render('/dashboard/7/', { featureFlags: { HORIZONTAL_FILTER_BAR: true } });
    const horizontal = await screen.findByRole('region', { name: 'Filters' });
    expect(horizontal).toHaveClass('filter-bar--horizontal');
    expect(horizontal.querySelector('[data-filter-id="NATIVE_FILTER-origin"]')).toHaveStyle({ width: '240px' });
    spec.disposePage();
    spec.render('/dashboard/7/');
    expect(await screen.findByRole('complementary', { name: 'Filters' })).toHaveStyle({ width: '260px' });
  });
});

describe('cross-filters (charts-dashboards-reports §3 cross-filter configuration)', () => {
  it('filters the other charts on a clicked table row, and clears on a second click', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    fireEvent.click(within(figure('Origins table')).getByText('Japan').closest('[role="row"]')!);
    await waitFor(() => expect(filtersOf(1)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]));
    expect(filtersOf(3)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]);
    expect(within(figure('Origins table')).getByText('Cross-filter: Japan')).toBeInTheDocument();
    // The source chart keeps all its rows.
    expect(spec.api.chartData.filter((c) => c.sliceId === 2)).toHaveLength(1);

    fireEvent.click(within(figure('Origins table')).getByText('Japan').closest('[role="row"]')!);
    await waitFor(() => expect(filtersOf(1)).toEqual([]));
  });

  it('keeps a cross-filter to the charts of its chart configuration', async () => {
    spec.api.dashboards.push(
      sampleDashboard({
        json_metadata: {
          chart_configuration: { 2: { id: 2, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] } } } },
        },
      }),
    );
    spec.render('/dashboard/7/');
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    fireEvent.click(within(figure('Origins table')).getByText('Japan').closest('[role="row"]')!);
    await waitFor(() => expect(filtersOf(3)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]));
    expect(spec.api.chartData.filter((c) => c.sliceId === 1)).toHaveLength(1);
  });

  it("saves a chart's own cross-filter scope from its menu; the next click filters only the charts in it", async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'More options for Origins table' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cross-filter scope' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cross-filter scope' }));
    fireEvent.click(dialog.getByLabelText('A scope of its own'));
    fireEvent.click(dialog.getByLabelText('Apply to specific panels'));
    // The pie is left out; the chart itself is no choice (it never filters itself).
    expect(dialog.queryByLabelText('Filter applies to Origins table')).toBeNull();
    fireEvent.click(dialog.getByLabelText('Filter applies to Cars by origin'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(spec.api.metadataSaves).toEqual([
      {
        json_metadata: {
          chart_configuration: {
            2: { id: 2, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [1] }, chartsInScope: [3] } },
          },
        },
        version: 1,
      },
    ]);

    fireEvent.click(within(figure('Origins table')).getByText('Japan').closest('[role="row"]')!);
    await waitFor(() => expect(filtersOf(3)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]));
    expect(spec.api.chartData.filter((c) => c.sliceId === 1)).toHaveLength(1);
  });

  it('offers no cross-filter scope to someone who may not edit the dashboard', async () => {
    spec.api.dashboards.push(sampleDashboard());
    const gamma = { ...ADMIN, id: 5, username: 'gamma', roles: { Gamma: [] }, permissions: [] };
    spec.render('/dashboard/7/', { user: gamma as never });
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'More options for Origins table' }));
    expect(screen.getByRole('menuitem', { name: 'View query' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Cross-filter scope' })).toBeNull();
  });
});

describe('filter scopes (charts-dashboards-reports §3 scope)', () => {
  it('keeps a filter scoped to one tab away from the charts of the other tab and outside the tabs', async () => {
    spec.api.dashboards.push(withFilters([originFilter({}, { scope: { rootPath: ['TAB-a'], excluded: [] } })]));
    spec.render('/dashboard/7/');
    await within(await screen.findByRole('complementary', { name: 'Filters' })).findByRole('group', {
      name: 'Origin values',
    });
    await waitFor(() => expect(offered('Origin')).toEqual(['Europe', 'Japan', 'USA']));
    await waitFor(() => expect([1, 2, 3].map(chartRequests)).toEqual([1, 1, 1]));

    fireEvent.click(within(bar()).getByRole('checkbox', { name: 'USA' }));
    fireEvent.click(within(bar()).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(within(figure('Origins table')).queryByText('Japan')).not.toBeInTheDocument());
    expect(filtersOf(2)).toEqual([{ col: 'origin', op: 'IN', val: ['USA'] }]);
    // The pie above the tabs and the table of the second tab are not queried again.
    expect([1, 2, 3].map(chartRequests)).toEqual([1, 2, 1]);
    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    await waitFor(() => expect(within(figure('Second tab table')).getByText('Japan')).toBeInTheDocument());
    expect(filtersOf(3)).toEqual([]);
  });
});

describe('the vertical filter bar (charts-dashboards-reports §9 widths)', () => {
  it('resizes between 260 and 550 px by dragging or with the keys, and collapses and expands keeping its width', async () => {
    spec.api.dashboards.push(withFilters([originFilter()]));
    spec.render('/dashboard/7/');
    const aside = await screen.findByRole('complementary', { name: 'Filters' });
    expect(aside).toHaveStyle({ width: '260px' });
    const handle = within(aside).getByRole('separator', { name: 'Resize filters' });
    // jsdom has no PointerEvent: a MouseEvent of the pointer type carries clientX to React's handler.
    const pointer = (type: string, clientX: number) =>
      fireEvent(handle, new MouseEvent(type, { bubbles: true, clientX }));

    pointer('pointerdown', 500);
    pointer('pointermove', 640);
    expect(aside).toHaveStyle({ width: '400px' });
    pointer('pointermove', 2000);
    expect(aside).toHaveStyle({ width: '550px' });
    pointer('pointermove', 0);
    expect(aside).toHaveStyle({ width: '260px' });
    pointer('pointermove', 600);
    pointer('pointerup', 600);
    expect(aside).toHaveStyle({ width: '360px' });
    // Once released, moving the pointer resizes nothing.
    pointer('pointermove', 900);
    expect(aside).toHaveStyle({ width: '360px' });

    fireEvent.keyDown(handle, { key: 'End' });
    expect(aside).toHaveStyle({ width: '550px' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle).toHaveAttribute('aria-valuenow', '550');
    fireEvent.keyDown(handle, { key: 'Home' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle).toHaveAttribute('aria-valuenow', '260');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(aside).toHaveStyle({ width: '270px' });

    fireEvent.click(within(aside).getByRole('button', { name: 'Collapse filters' }));
    const collapsed = screen.getByRole('complementary', { name: 'Filters' });
    expect(collapsed).toHaveClass('filter-bar--collapsed');
    expect(within(collapsed).queryByRole('group', { name: 'Origin values' })).toBeNull();
    expect(within(collapsed).queryByRole('button', { name: 'Apply filters' })).toBeNull();
    fireEvent.click(within(collapsed).getByRole('button', { name: 'Expand filters' }));
    expect(screen.getByRole('complementary', { name: 'Filters' })).toHaveStyle({ width: '270px' });
    expect(within(bar()).getByRole('group', { name: 'Origin values' })).toBeInTheDocument();
  });
});

describe('writes of the dashboard configuration (optimistic concurrency)', () => {
  const saveScopeExcludingPie = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'More options for Origins table' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cross-filter scope' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cross-filter scope' }));
    fireEvent.click(dialog.getByLabelText('A scope of its own'));
    fireEvent.click(dialog.getByLabelText('Apply to specific panels'));
    fireEvent.click(dialog.getByLabelText('Filter applies to Cars by origin'));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  };

  it('names the version it read, takes the next one from the answer, and on a 409 shows the newer dashboard instead of overwriting it', async () => {
    spec.api.dashboards.push(sampleDashboard({ version: 4 }));
    spec.render('/dashboard/7/');
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    await saveScopeExcludingPie();
    await saveScopeExcludingPie();
    expect(spec.api.metadataSaves.map((b) => b.version)).toEqual([4, 5]);

    // Someone else saves the dashboard: a filter, and another scope for the table.
    const stored = spec.api.dashboards[0]!;
    const theirScope = {
      2: { id: 2, crossFilters: { scope: { rootPath: ['TAB-b'], excluded: [] }, chartsInScope: [3] } },
    };
    stored.json_metadata = {
      ...stored.json_metadata,
      chart_configuration: theirScope,
      native_filter_configuration: [originFilter()],
    };
    stored.version = 9;

    await saveScopeExcludingPie();
    expect(spec.api.metadataSaves.map((b) => b.version)).toEqual([4, 5, 6]);
    expect(spec.page!.toasts.store.getState().toasts.map((t) => t.text)).toContain(DASHBOARD_CHANGED_ELSEWHERE);
    expect(stored.json_metadata.chart_configuration).toEqual(theirScope);
    // Their configuration is the page's now: their filter is in the bar, their scope is what a click filters.
    expect(await within(bar()).findByRole('group', { name: 'Origin values' })).toBeInTheDocument();
    await waitFor(() => expect(spec.page!.dashboard.store.getState().dashboard?.version).toBe(9));
    fireEvent.click(within(figure('Origins table')).getByText('Japan').closest('[role="row"]')!);
    await waitFor(() => expect(filtersOf(3)).toEqual([{ col: 'origin', op: 'IN', val: ['Japan'] }]));
    expect(chartRequests(1)).toBe(1);
    // The next save names their version, and goes through.
    await saveScopeExcludingPie();
    expect(spec.api.metadataSaves.at(-1)!.version).toBe(9);
    expect(stored.version).toBe(10);
  });
});
