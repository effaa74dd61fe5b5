import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Envelope } from '@strata/events';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts } from '../../toasts/toasts.feature';
import { createDashboard } from '../dashboard.feature';
import { DashboardPage } from '../DashboardPage';
import { dashboardPropertiesOf } from '../properties/dashboard-properties.feature';
import { dashboardTestApi } from '../testing/dashboard-test-api';
import { originFilter, sampleDashboard } from '../testing/layouts';
import { ADMIN } from '../testing/render-dashboard';
import { scriptedTransport } from './testing/scripted-transport';

// View mode and a newer version saved by someone else (issue 12): the page follows `dashboard:7` (the
// socket is scripted here; its rights and delivery are the server's dashboard-viewers.int.spec.ts) and
// loads the version in place with the viewer's applied filters, by itself or through "Load it".

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

const renamed = (version: number, title: string, actor: string): Envelope => ({
  id: `e${version}`,
  stream: 'dashboard:7',
  version,
  type: 'dashboard/dashboardRenamed',
  data: { dashboard_title: title },
  meta: { actor, at: '2026-11-27T00:00:00.000Z', batchId: `b${version}`, undoable: false },
});

function renderPage(wire: ReturnType<typeof scriptedTransport>) {
  const context = createTestContext('1');
  const toasts = createToasts(context);
  const http = new HttpClient({ baseUrl: api.server.baseUrl });
  const dashboard = createDashboard({ context, http, toasts, user: () => ADMIN });
  const view = render(
    <MemoryRouter initialEntries={['/dashboard/7/']}>
      <DashboardPage
        dashboard={dashboard}
        errors={createErrors(context, toasts)}
        idOrSlug="7"
        user={ADMIN}
        editing={{ http, context, openTransport: () => wire.transport }}
      />
    </MemoryRouter>,
  );
  cleanups.push(() => {
    view.unmount();
    dashboardPropertiesOf(dashboard).dispose();
    dashboard.dispose();
    toasts.dispose();
  });
  return dashboard;
}

/** What the last chart data request of the table asked for: the filters applied. */
const lastTableFilters = () => JSON.stringify(api.chartData.filter((c) => c.sliceId === 2).at(-1)!.body.queries);

describe('a newer version reaches a viewer in place (issue 12)', () => {
  it('loads by itself when nothing is open, and through the notice while a menu is open, keeping the filters', async () => {
    const saved = sampleDashboard({
      version: 3,
      owners: [
        { id: 1, first_name: 'Ada', last_name: 'Admin' },
        { id: 2, first_name: 'Bob', last_name: 'Editor' },
      ],
      json_metadata: { native_filter_configuration: [originFilter()] },
    });
    api.dashboards.push(saved);
    const wire = scriptedTransport();
    const dashboard = renderPage(wire);
    await screen.findByRole('heading', { level: 1, name: 'Cars overview' });
    wire.connected$.next(true);
    await waitFor(() =>
      expect(wire.sent).toEqual([
        expect.objectContaining({ type: 'subscribe', stream: 'dashboard:7', fromVersion: 3 }),
      ]),
    );
    wire.messages$.next({ type: 'subscribed', stream: 'dashboard:7', version: 3, events: [] });

    // The viewer applies a filter.
    const bar = within(await screen.findByRole('complementary', { name: 'Filters' }));
    fireEvent.click(await bar.findByRole('checkbox', { name: 'Japan' }));
    fireEvent.click(bar.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(lastTableFilters()).toContain('Japan'));

    // Bob renames it; nothing is open: the page shows the new version by itself, with Japan still applied.
    Object.assign(saved, { dashboard_title: 'Cars, renamed by Bob', version: 4 });
    wire.messages$.next({ type: 'events', stream: 'dashboard:7', events: [renamed(4, 'Cars, renamed by Bob', '2')] });
    await screen.findByRole('heading', { level: 1, name: 'Cars, renamed by Bob' });
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    expect(dashboard.store.getState().dataMask['NATIVE_FILTER-origin']?.filterState?.value).toEqual(['Japan']);
    await waitFor(() => expect(lastTableFilters()).toContain('Japan'));

    // With the actions menu open, the viewer is told instead, and loads it when they choose.
    fireEvent.click(screen.getByRole('button', { name: 'Dashboard actions' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    Object.assign(saved, { dashboard_title: 'Cars, renamed again', version: 5 });
    wire.messages$.next({ type: 'events', stream: 'dashboard:7', events: [renamed(5, 'Cars, renamed again', '2')] });
    const notice = await screen.findByTestId('new-version-notice');
    expect(notice).toHaveTextContent('A new version of this dashboard was saved by Bob Editor.');
    expect(screen.getByRole('heading', { level: 1, name: 'Cars, renamed by Bob' })).toBeInTheDocument();
    fireEvent.click(within(notice).getByRole('button', { name: 'Load it' }));
    await screen.findByRole('heading', { level: 1, name: 'Cars, renamed again' });
    expect(screen.queryByTestId('new-version-notice')).toBeNull();
    expect(dashboard.store.getState().dataMask['NATIVE_FILTER-origin']?.filterState?.value).toEqual(['Japan']);
  });
});
