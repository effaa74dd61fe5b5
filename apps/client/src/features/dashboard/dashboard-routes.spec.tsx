import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from '../../app/routes';
import { createAppServices, type AppServices } from '../../app/services';
import { ServicesProvider } from '../../app/services-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { dashboardTestApi } from './testing/dashboard-test-api';
import { originFilter, sampleDashboard } from './testing/layouts';
import { ADMIN } from './testing/render-dashboard';

let server: TestServer;
let services: AppServices;

function open(
  path: string,
  options: { featureFlags?: Record<string, boolean>; jsonMetadata?: Record<string, unknown> } = {},
) {
  const api = dashboardTestApi();
  api.dashboards.push(sampleDashboard(options.jsonMetadata ? { json_metadata: options.jsonMetadata } : {}));
  // GET /api/v1/me/ carries the server's feature flags (issue 4).
  const me = options.featureFlags ? { ...ADMIN, feature_flags: options.featureFlags } : ADMIN;
  server = new TestServer((request) =>
    request.url === '/api/v1/me/' ? { status: 200, body: { result: me } } : api.handle(request),
  );
  return server.start().then(() => {
    services = createAppServices({
      http: new HttpClient({ baseUrl: server.baseUrl }),
      userLogTransport: { post: async () => undefined, beacon: () => true },
    });
    services.session.check();
    const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
    render(
      <ServicesProvider value={services}>
        <RouterProvider router={router} />
      </ServicesProvider>,
    );
    return router;
  });
}

afterEach(async () => {
  services.dispose();
  await server.stop();
});

describe('dashboard routes', () => {
  it('links Dashboards in the navigation to the list, and the list to a dashboard by its slug', async () => {
    await open('/');
    fireEvent.click(
      await within(await screen.findByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Dashboards' }),
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Cars overview' }));
    expect(await screen.findByRole('heading', { name: 'Cars overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('figure', { name: 'Origins table' })).toBeInTheDocument();
  });

  it('hides the navigation in standalone mode (charts-dashboards-reports §2), and opens the spec address /superset/dashboard/{slug}/', async () => {
    await open('/superset/dashboard/cars/?standalone=1');
    expect(await screen.findByRole('heading', { name: 'Cars overview', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it("follows the server's feature flags from /me: HORIZONTAL_FILTER_BAR lays the filter bar out horizontally", async () => {
    const jsonMetadata = { native_filter_configuration: [originFilter()], filter_bar_orientation: 'HORIZONTAL' };
    await open('/dashboard/7/', { featureFlags: { HORIZONTAL_FILTER_BAR: true }, jsonMetadata });
    expect(await screen.findByRole('region', { name: 'Filters' })).toHaveClass('filter-bar--horizontal');
  });

  it("puts the title bar's management events (publish, properties) on the time-travel timeline", async () => {
    await open('/dashboard/7/');
    fireEvent.click(await screen.findByRole('button', { name: 'Published' }));
    expect(await screen.findByRole('button', { name: 'Draft' })).toBeInTheDocument();
    const managed = services.timeTravel
      .timeline()
      .filter((e) => e.store === 'dashboard-properties')
      .map((e) => e.entry.type);
    expect(managed).toEqual(['dashboardProperties/writeStarted', 'dashboardProperties/written']);
  });

  it('without the flag the same dashboard keeps the vertical bar', async () => {
    const jsonMetadata = { native_filter_configuration: [originFilter()], filter_bar_orientation: 'HORIZONTAL' };
    await open('/dashboard/7/', { featureFlags: { HORIZONTAL_FILTER_BAR: false }, jsonMetadata });
    expect(await screen.findByRole('heading', { name: 'Cars overview', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('complementary', { name: 'Filters' })).toHaveClass('filter-bar--vertical');
  });
});
