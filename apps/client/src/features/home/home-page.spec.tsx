import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createAppServices, type AppServices } from '../../app/services';
import { appRoutes } from '../../app/routes';
import { ServicesProvider } from '../../app/services-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { homeApi, type HomeFixture } from './testing/home-test-api';

const bob = { id: 2, username: 'bob', first_name: 'Bob', last_name: 'Brown', roles: { Alpha: [] } };
const admin = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', roles: { Admin: [] } };
const at = '2026-11-27T10:00:00.000Z';

const returning: HomeFixture = {
  me: bob,
  recents: [
    {
      action: 'viewed',
      item_type: 'chart',
      item_id: 3,
      item_title: 'Revenue by origin',
      item_url: '/explore/?slice_id=3',
      time: '2026-11-27T12:00:00.000Z',
    },
    {
      action: 'viewed',
      item_type: 'dashboard',
      item_id: 7,
      item_title: 'Sales board',
      item_url: '/superset/dashboard/7/',
      time: '2026-11-27T11:00:00.000Z',
    },
    {
      action: 'edited',
      item_type: 'chart',
      item_id: 3,
      item_title: 'Revenue by origin',
      item_url: '/explore/?slice_id=3',
      time: '2026-11-27T09:00:00.000Z',
    },
  ],
  dashboards: [
    {
      id: 7,
      dashboard_title: 'Sales board',
      url: '/superset/dashboard/7/',
      changed_on: at,
      owners: [1],
      favorite: true,
    },
    { id: 8, dashboard_title: 'My board', url: '/superset/dashboard/8/', changed_on: at, owners: [2], favorite: false },
  ],
  charts: [
    {
      id: 3,
      slice_name: 'Revenue by origin',
      url: '/explore/?slice_id=3',
      changed_on: at,
      owners: [2],
      favorite: false,
    },
  ],
  savedQueries: [
    { id: 11, label: 'Cars per year', changed_on: at, created_by: { id: 2 }, favorite: false },
    { id: 12, label: "Someone else's", changed_on: at, created_by: { id: 1 }, favorite: false },
    { id: 13, label: 'Delays by origin', changed_on: at, created_by: { id: 2 }, favorite: true },
  ],
};
const fresh = (me: HomeFixture['me']): HomeFixture => ({
  me,
  recents: [],
  dashboards: [],
  charts: [],
  savedQueries: [],
});

let server: TestServer;
let services: AppServices;

async function openHome(fixture: HomeFixture) {
  server = await new TestServer(homeApi(fixture)).start();
  services = createAppServices({ http: new HttpClient({ baseUrl: server.baseUrl }) });
  services.session.check();
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/'] });
  render(
    <ServicesProvider value={services}>
      <RouterProvider router={router} />
    </ServicesProvider>,
  );
  await screen.findByRole('heading', { name: `Welcome, ${fixture.me.first_name} ${fixture.me.last_name}` });
}

afterEach(async () => {
  services?.dispose();
  await server?.stop();
});

describe('home page', () => {
  it('a returning user sees what they viewed and edited, their favourites, their own objects and queries', async () => {
    await openHome(returning);
    const recents = await screen.findByRole('region', { name: 'Recents' });
    // Viewed first, newest first, each linked to its page.
    const viewed = within(recents).getAllByRole('listitem');
    expect(viewed.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Revenue by origin'),
      expect.stringContaining('Sales board'),
    ]);
    expect(within(recents).getByRole('link', { name: 'Sales board' })).toHaveAttribute(
      'href',
      '/superset/dashboard/7/',
    );
    fireEvent.click(within(recents).getByRole('tab', { name: 'Edited' }));
    expect(within(recents).getAllByRole('listitem')).toHaveLength(1);
    expect(within(recents).getByRole('link', { name: 'Revenue by origin' })).toHaveAttribute(
      'href',
      '/explore/?slice_id=3',
    );
    fireEvent.click(within(recents).getByRole('tab', { name: 'Created' }));
    expect(within(recents).getByText('Nothing created yet.')).toBeInTheDocument();

    // Favourite dashboards (someone else's board bob starred), then his own.
    const dashboards = screen.getByRole('region', { name: 'Dashboards' });
    expect(within(dashboards).getByRole('link', { name: 'Sales board' })).toHaveAttribute(
      'href',
      '/superset/dashboard/7/',
    );
    expect(within(dashboards).queryByRole('link', { name: 'My board' })).toBeNull();
    fireEvent.click(within(dashboards).getByRole('tab', { name: 'Mine' }));
    expect(within(dashboards).getByRole('link', { name: 'My board' })).toBeInTheDocument();
    expect(within(dashboards).queryByRole('link', { name: 'Sales board' })).toBeNull();

    const charts = screen.getByRole('region', { name: 'Charts' });
    expect(within(charts).getByText(/No favorite charts yet/)).toBeInTheDocument();
    fireEvent.click(within(charts).getByRole('tab', { name: 'Mine' }));
    expect(within(charts).getByRole('link', { name: 'Revenue by origin' })).toBeInTheDocument();

    // Saved queries: the starred one among his favourites (issue 15 item 6), then all of his own.
    const queries = screen.getByRole('region', { name: 'Saved queries' });
    expect(within(queries).getByRole('link', { name: 'Delays by origin' })).toHaveAttribute(
      'href',
      '/sqllab/?savedQueryId=13',
    );
    expect(within(queries).queryByRole('link', { name: 'Cars per year' })).toBeNull();
    fireEvent.click(within(queries).getByRole('tab', { name: 'Mine' }));
    expect(within(queries).getByRole('link', { name: 'Cars per year' })).toHaveAttribute(
      'href',
      '/sqllab/?savedQueryId=11',
    );
    expect(within(queries).getByRole('link', { name: 'Delays by origin' })).toBeInTheDocument();
    expect(within(queries).queryByText("Someone else's")).toBeNull();

    // No "get started" for him, and the example data stays.
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Example data' })).toBeInTheDocument();
    // The favourites were asked with the list APIs' own filters.
    const urls = server.requests.map((r) => decodeURIComponent(r.url));
    expect(urls).toContainEqual(expect.stringContaining('opr:dashboard_is_favorite'));
    expect(urls).toContainEqual(expect.stringContaining('opr:chart_is_favorite'));
    expect(urls).toContainEqual(expect.stringContaining('opr:saved_query_is_fav'));
  });

  it('a new user sees "Get started" (no database step without the admin role) and the example data', async () => {
    await openHome(fresh(bob));
    const start = await screen.findByRole('region', { name: 'Get started' });
    expect(within(start).getByRole('link', { name: 'Explore the examples' })).toHaveAttribute(
      'href',
      '/tablemodelview/list/',
    );
    expect(within(start).getByRole('link', { name: 'Open SQL Lab' })).toHaveAttribute('href', '/sqllab/');
    expect(within(start).queryByRole('link', { name: 'Connect a database' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Recents' })).toBeNull();
    const examples = screen.getByRole('region', { name: 'Example data' });
    expect(await within(examples).findByText('ready')).toBeInTheDocument();
  });

  it('a user whose role has no SQL Lab (saved queries 403) still gets their page', async () => {
    await openHome({ ...returning, noSqlLab: true });
    const recents = await screen.findByRole('region', { name: 'Recents' });
    expect(within(recents).getByRole('link', { name: 'Sales board' })).toBeInTheDocument();
    const queries = screen.getByRole('region', { name: 'Saved queries' });
    expect(within(queries).getByText(/No favorite saved queries yet/)).toBeInTheDocument();
    fireEvent.click(within(queries).getByRole('tab', { name: 'Mine' }));
    expect(within(queries).getByText('No saved queries of yours yet.')).toBeInTheDocument();
  });

  it('a starred saved query alone makes a returning user', async () => {
    await openHome({
      ...fresh(bob),
      savedQueries: [{ id: 13, label: 'Delays by origin', changed_on: at, created_by: { id: 1 }, favorite: true }],
    });
    const queries = await screen.findByRole('region', { name: 'Saved queries' });
    expect(within(queries).getByRole('link', { name: 'Delays by origin' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('a new admin is shown how to connect a database first', async () => {
    await openHome(fresh(admin));
    const start = await screen.findByRole('region', { name: 'Get started' });
    expect(within(start).getByRole('link', { name: 'Connect a database' })).toHaveAttribute(
      'href',
      '/databaseview/list/',
    );
  });
});
