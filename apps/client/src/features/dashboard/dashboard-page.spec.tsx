import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sampleDashboard } from './testing/layouts';
import { dashboardPageSpec } from './testing/page-spec';

const spec = dashboardPageSpec();

const figure = (name: string) => screen.getByRole('figure', { name });
const status = (name: string) => figure(name).getAttribute('data-status');
/** The charts of the chart data requests with this force (first loads 'false', refreshes 'true'), as received. */
const chartsAsked = (force: 'true' | 'false') =>
  spec.api.chartData.filter((c) => c.force === force).map((c) => c.sliceId);
const forcedCharts = () => chartsAsked('true');
/**
 * The charts whose data the page asked for, in the order it sent the requests: each request goes out
 * right after its `chartQueryStarted` is recorded. Requests in flight together reach the test server in
 * any order on a busy machine, so the order the page promises (charts load in reading order) is read here.
 */
const chartsSent = () =>
  spec
    .page!.dashboard.store.store.log$.value.filter((e) => e.type === 'dashboardPage/chartQueryStarted')
    .map((e) => (e.data as { chartId: number }).chartId);
/** The server's chart data requests as [chart, force], in chart order (not the order they arrived in). */
const received = (from = 0) =>
  spec.api.chartData
    .slice(from)
    .map((c) => [c.sliceId, c.force])
    .sort(([a], [b]) => Number(a) - Number(b));

describe('dashboard page: the grid (REFERENCE §3.1)', () => {
  it('draws headers, rows, columns, markdown, dividers and tabs with grid widths, and loads every chart in reading order', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/cars/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cars overview' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeInTheDocument();
    expect(document.querySelector('[data-component-id="ROW-1"]')).toHaveClass('dashboard-bg--white');
    expect(document.querySelector('hr.dashboard-divider')).toBeInTheDocument();

    // 12 columns of a 1200 px grid with 16 px gutters: 4 columns are 389 px, 8 are 794 px.
    expect(figure('Cars by origin')).toHaveStyle({ width: '389px', height: '400px' });
    expect(document.querySelector('[data-component-id="MARKDOWN-1"]')).toHaveStyle({ width: '794px', height: '240px' });
    // A chart in a 6-column column keeps its own 4 columns.
    expect(document.querySelector('[data-component-id="COLUMN-1"]')).toHaveStyle({ width: '592px' });

    // Tabs: the first is shown; the other's chart is not drawn until chosen.
    expect(screen.getByRole('tab', { name: 'First' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('figure', { name: 'Second tab table' })).not.toBeInTheDocument();

    await waitFor(() => expect(status('Cars by origin')).toBe('rendered'));
    await waitFor(() => expect(within(figure('Origins table')).getByText('Japan')).toBeInTheDocument());
    // Every chart at once, the hidden tab's too, sent in reading order.
    expect(chartsSent()).toEqual([1, 2, 3]);
    await waitFor(() =>
      expect(received()).toEqual([
        [1, 'false'],
        [2, 'false'],
        [3, 'false'],
      ]),
    );
    expect(spec.api.chartData.find((c) => c.sliceId === 1)).toMatchObject({
      dashboardId: '7',
      force: 'false',
      body: { datasource: { id: 1, type: 'table' } },
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Second' }));
    expect(screen.getByRole('tab', { name: 'Second' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(status('Second tab table')).toBe('rendered'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/cars/#TAB-b');
  });

  it('renders markdown with HTML sanitized, or escaped under ESCAPE_MARKDOWN_HTML', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    const markdown = await screen.findByTestId('dashboard-markdown');
    expect(within(markdown).getByRole('heading', { name: 'Notes' })).toBeInTheDocument();
    expect(markdown.querySelector('b')).toHaveTextContent('bold');
    expect(markdown.querySelector('script')).toBeNull();
    expect(markdown.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    spec.disposePage();

    spec.render('/dashboard/7/', { featureFlags: { ESCAPE_MARKDOWN_HTML: true } });
    const escaped = await screen.findByTestId('dashboard-markdown');
    expect(escaped.querySelector('b')).toBeNull();
    expect(escaped).toHaveTextContent('Some <b>bold</b> words');
  });

  it('shows a failed chart with its error while the others draw', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.api.control.failChart = 2;
    spec.render('/dashboard/7/');
    await waitFor(() => expect(status('Origins table')).toBe('failed'));
    expect(within(figure('Origins table')).getByRole('alert')).toHaveTextContent('column "nope" does not exist');
    await waitFor(() => expect(status('Cars by origin')).toBe('rendered'));
  });

  it('says so when the dashboard does not exist', async () => {
    spec.render('/dashboard/404/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Dashboard not found.');
  });

  it('force-refreshes one chart from its menu and every chart from the title bar', async () => {
    spec.api.dashboards.push(sampleDashboard());
    spec.render('/dashboard/7/');
    await waitFor(() => expect(spec.api.chartData).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'More options for Origins table' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Force refresh' }));
    await waitFor(() => expect(spec.api.chartData).toHaveLength(4));
    expect(spec.api.chartData[3]).toMatchObject({ sliceId: 2, force: 'true', body: { force: true } });

    fireEvent.click(screen.getByRole('button', { name: 'Refresh dashboard' }));
    // All at once, sent in reading order; they reach the server in any order.
    expect(chartsSent().slice(4)).toEqual([1, 2, 3]);
    await waitFor(() => expect(spec.api.chartData).toHaveLength(7));
    expect(received(4)).toEqual([
      [1, 'true'],
      [2, 'true'],
      [3, 'true'],
    ]);
  });

  it('opens a chart fullscreen, shows its query and its description', async () => {
    const dashboard = sampleDashboard();
    dashboard.charts[0]!.description = 'Counts **cars** per origin';
    spec.api.dashboards.push(dashboard);
    spec.render('/dashboard/7/');
    await waitFor(() => expect(status('Cars by origin')).toBe('rendered'));
    const menu = () => fireEvent.click(screen.getByRole('button', { name: 'More options for Cars by origin' }));

    menu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Show chart description' }));
    expect(within(figure('Cars by origin')).getByText('cars').tagName).toBe('STRONG');

    menu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Enter fullscreen' }));
    expect(figure('Cars by origin')).toHaveClass('dashboard-chart--full');

    menu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'View query' }));
    expect(await screen.findByRole('dialog', { name: 'View query' })).toHaveTextContent(
      'SELECT origin, COUNT(*) FROM cars GROUP BY origin',
    );
    expect(spec.api.chartData.at(-1)?.body).toMatchObject({ result_type: 'query' });
  });
});

describe('dashboard page: auto-refresh (charts-dashboards-reports §9 staggered refresh)', () => {
  it('refreshes the charts every period, in reading order, and the picker switches the rounds off', async () => {
    spec.api.dashboards.push(
      sampleDashboard({ json_metadata: { refresh_frequency: 2, stagger_time: 900, timed_refresh_immune_slices: [] } }),
    );
    spec.render('/dashboard/7/');
    await waitFor(() => expect(new Set(chartsAsked('false'))).toEqual(new Set([1, 2, 3])));
    expect(screen.getByRole('combobox', { name: 'Refresh interval' })).toHaveValue('2');
    // A round on the real timers; its spacing over the stagger time and the stop are checked on virtual
    // time in dashboard.feature.spec.ts (real timers on a busy machine say nothing about either). The
    // round is told from the first loads by its force, not by its place in the list: the period runs from
    // `loaded`, so on a slow machine a chart's first load can still be under way when the round starts.
    // The order of the round is checked there too: requests in flight together reach this server in any
    // order, so the order they arrive in says nothing about the order the page sent them in.
    await waitFor(() => expect(new Set(forcedCharts())).toEqual(new Set([1, 2, 3])));

    fireEvent.change(screen.getByRole('combobox', { name: 'Refresh interval' }), { target: { value: '0' } });
    expect(spec.page!.dashboard.store.getState().refreshFrequency).toBe(0);
  });

  it('leaves timed_refresh_immune_slices out of the rounds', async () => {
    spec.api.dashboards.push(
      sampleDashboard({
        json_metadata: { refresh_frequency: 1, stagger_refresh: false, timed_refresh_immune_slices: [1] },
      }),
    );
    spec.render('/dashboard/7/');
    // Unstaggered, charts 2 and 3 are asked in the same moment: which request reaches the server first is
    // not the page's to say, so only which charts were refreshed is checked.
    await waitFor(() => expect(new Set(forcedCharts())).toEqual(new Set([2, 3])));
    expect(forcedCharts()).not.toContain(1);
  });
});
