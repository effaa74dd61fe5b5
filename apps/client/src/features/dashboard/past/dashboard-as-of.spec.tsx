import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts } from '../../toasts/toasts.feature';
import { createDashboard } from '../dashboard.feature';
import { DashboardPage } from '../DashboardPage';
import { scriptedTransport } from '../live/testing/scripted-transport';
import { dashboardPropertiesOf } from '../properties/dashboard-properties.feature';
import { dashboardTestApi, pieChart, type TestDashboard } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { ADMIN } from '../testing/render-dashboard';
import { readLayout, type Layout } from '../grid/layout';

// Issue 13: `/dashboard/<id>/?as_of=<position or time>` is the real page (title bar, filter bar, grid of
// real charts) showing the dashboard as it was, read-only; "Back to now" loads today's.

let api: ReturnType<typeof dashboardTestApi>;
const cleanups: (() => void)[] = [];
beforeEach(async () => {
  api = dashboardTestApi();
  await api.server.start();
});
afterEach(async () => {
  cleanups.splice(0).forEach((c) => c());
  await api.server.stop();
});

/** The dashboard before its title and layout were changed: one row with a pie named as it was then. */
const before = (): TestDashboard =>
  sampleDashboard({
    dashboard_title: 'Cars (before the change)',
    charts: [pieChart(1, 'Origins then')],
    position_json: {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [], meta: {} },
      GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-old'], parents: ['ROOT_ID'], meta: {} },
      'ROW-old': { id: 'ROW-old', type: 'ROW', children: ['CHART-old'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
      'CHART-old': {
        id: 'CHART-old',
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-old'],
        meta: { chartId: 1, width: 6, height: 50, sliceName: 'Origins then' },
      },
    },
  });

/** The page as the route draws it, with edit rights and a scripted socket (what it sends is recorded). */
function renderPage(
  path: string,
  props: { asOf?: string; nowHref?: string; pastQueries?: boolean; pastDraft?: Layout } = {},
) {
  const context = createTestContext('1');
  const toasts = createToasts(context);
  const http = new HttpClient({ baseUrl: api.server.baseUrl });
  const dashboard = createDashboard({ context, http, toasts, user: () => ADMIN });
  const wire = scriptedTransport();
  wire.connected$.next(true);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardPage
        dashboard={dashboard}
        errors={createErrors(context, toasts)}
        idOrSlug="7"
        user={ADMIN}
        editing={{ http, context, openTransport: () => wire.transport }}
        {...props}
      />
    </MemoryRouter>,
  );
  cleanups.push(() => {
    view.unmount();
    dashboardPropertiesOf(dashboard).dispose();
    dashboard.dispose();
    toasts.dispose();
  });
  return { dashboard, wire };
}

/** Requests that could change something: anything but a GET, chart data (a read) and the CSRF token aside. */
const writes = () =>
  api.server.requests.filter(
    (r) => r.method !== 'GET' && !r.url.startsWith('/api/v1/chart/data') && !r.url.includes('csrf_token'),
  );

describe('the dashboard as it was (?as_of=, issue 13)', () => {
  it('draws the past title, layout and charts read-only under the banner, and Back to now loads today', async () => {
    api.dashboards.push(sampleDashboard());
    api.past.set('12', [before()]);
    const { dashboard, wire } = renderPage('/dashboard/7/?as_of=12');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (before the change)' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'As it was' });
    expect(banner).toHaveTextContent('As it was at log position 12 (last changed 2026-01-01 00:00:00 UTC)');
    expect(banner).toHaveTextContent('data as of now');
    // The real chart of then, queried as today.
    await waitFor(() =>
      expect(screen.getByRole('figure', { name: 'Origins then' })).toHaveAttribute('data-status', 'rendered'),
    );
    expect(screen.queryByRole('figure', { name: 'Origins table' })).not.toBeInTheDocument();
    expect(api.chartData.map((c) => c.sliceId)).toEqual([1]);

    // Read-only: no edit mode, no permalink, no star, no filter configuration; the socket is not followed.
    expect(screen.queryByRole('button', { name: 'Edit dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy permalink' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Star dashboard' })).toBeDisabled();
    expect(dashboard.canEdit()).toBe(false);
    expect(dashboard.store.getState().pastView).toEqual({ asOf: '12', queries: true, unsavedDraft: false });
    expect(writes()).toEqual([]);
    expect(wire.sent).toEqual([]);

    fireEvent.click(within(banner).getByRole('link', { name: 'Back to now' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars overview' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'As it was' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit dashboard' })).toBeInTheDocument();
    expect(dashboard.store.getState().pastView).toBeNull();
  });

  it('does not open edit mode from ?edit=true in the past', async () => {
    api.dashboards.push(sampleDashboard());
    api.past.set('12', [before()]);
    renderPage('/dashboard/7/?as_of=12&edit=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (before the change)' })).toBeInTheDocument();
    expect(screen.queryByText('Editing')).not.toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('says the dashboard did not exist then when the server answers 404', async () => {
    api.dashboards.push(sampleDashboard());
    renderPage('/dashboard/7/?as_of=3');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This dashboard did not exist at log position 3.');
    expect(within(alert).getByRole('link', { name: 'Back to now' })).toHaveAttribute('href', '/dashboard/7/');
  });

  it('takes the moment from its caller (the replay) and an ISO time', async () => {
    api.dashboards.push(sampleDashboard());
    api.past.set('2026-11-27T10:00:00Z', [before()]);
    renderPage('/replay/?user=2', { asOf: '2026-11-27T10:00:00Z', nowHref: '/superset/dashboard/7/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (before the change)' })).toBeInTheDocument();
    const banner = screen.getByRole('region', { name: 'As it was' });
    expect(banner).toHaveTextContent('As it was at 2026-11-27 10:00:00 UTC');
    expect(within(banner).getByRole('link', { name: 'Back to now' })).toHaveAttribute('href', '/superset/dashboard/7/');
  });

  it('runs no query when its caller says none may run (the replay): each chart says its results are not kept', async () => {
    api.dashboards.push(sampleDashboard());
    api.past.set('12', [before()]);
    renderPage('/replay/?user=2', { asOf: '12', pastQueries: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (before the change)' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'As it was' })).toHaveTextContent('results are not kept, no query runs');
    const chart = screen.getByRole('figure', { name: 'Origins then' });
    await waitFor(() => expect(chart).toHaveAttribute('data-status', 'failed'));
    expect(within(chart).getByRole('alert')).toHaveTextContent('Results are not kept');
    expect(api.chartData).toEqual([]);
    expect(writes()).toEqual([]);
  });

  it("draws edit mode's unsaved draft of then instead of the saved layout, marked, still read-only (the replay of an editor)", async () => {
    api.dashboards.push(sampleDashboard());
    api.past.set('12', [before()]);
    // The draft of then: the saved row, and a markdown an editor had just added with its text.
    const saved = readLayout(before().position_json).layout;
    const draft: Layout = {
      ...saved,
      GRID_ID: { ...saved['GRID_ID']!, children: ['ROW-new', 'ROW-old'] },
      'ROW-new': { id: 'ROW-new', type: 'ROW', children: ['MARKDOWN-new'], parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
      'MARKDOWN-new': {
        id: 'MARKDOWN-new',
        type: 'MARKDOWN',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', 'ROW-new'],
        meta: { width: 4, height: 50, code: '## Not saved yet' },
      },
    };
    const { dashboard, wire } = renderPage('/replay/?user=2', { asOf: '12', pastQueries: false, pastDraft: draft });
    const grid = await screen.findByTestId('dashboard-grid');
    expect(within(grid).getByRole('heading', { level: 2, name: 'Not saved yet' })).toBeInTheDocument();
    expect(within(grid).getByRole('figure', { name: 'Origins then' })).toBeInTheDocument();
    expect(screen.getByTestId('past-draft')).toHaveTextContent('Edit mode, unsaved changes');
    expect(dashboard.store.getState().pastView).toEqual({ asOf: '12', queries: false, unsavedDraft: true });
    // Not live edit mode: no edit button, no draft socket, nothing written, no query.
    expect(screen.queryByText('Edit dashboard')).not.toBeInTheDocument();
    expect(dashboard.canEdit()).toBe(false);
    expect(wire.sent).toEqual([]);
    expect(writes()).toEqual([]);
    expect(api.chartData).toEqual([]);
  });
});
