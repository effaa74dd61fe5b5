import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { dashboardTestApi } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { DashboardListPage } from './DashboardListPage';
import { createDashboardList } from './dashboard-list.feature';

let api: ReturnType<typeof dashboardTestApi>;
let toasts: ToastsFeature;

beforeEach(async () => {
  api = dashboardTestApi();
  await api.server.start();
  const ada = { id: 1, first_name: 'Ada', last_name: 'Admin' };
  const bob = { id: 2, first_name: 'Bob', last_name: 'Gamma' };
  api.dashboards.push(
    sampleDashboard({ id: 1, dashboard_title: 'Flights', slug: 'flights', owners: [ada] }),
    sampleDashboard({ id: 2, dashboard_title: 'Cars', slug: null, owners: [bob], published: false }),
    sampleDashboard({ id: 3, dashboard_title: 'Airports', slug: 'air', owners: [ada] }),
  );
  api.favorites.add(3);
  const context = createTestContext();
  toasts = createToasts(context);
  render(
    <MemoryRouter>
      <DashboardListPage
        dashboards={createDashboardList(context, new HttpClient({ baseUrl: api.server.baseUrl }), toasts)}
        userId={1}
      />
    </MemoryRouter>,
  );
});

afterEach(async () => {
  toasts.dispose();
  await api.server.stop();
});

const titles = () =>
  within(screen.getByRole('table', { name: 'Dashboards' }))
    .queryAllByRole('link')
    .map((a) => a.textContent);

describe('dashboard list (/dashboard/list/)', () => {
  it('lists dashboards linking to their page by slug or id, with published state and owners', async () => {
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Flights' })).toHaveAttribute('href', '/dashboard/flights/');
    expect(screen.getByRole('link', { name: 'Cars' })).toHaveAttribute('href', '/dashboard/2/');
    const carsRow = screen.getByRole('link', { name: 'Cars' }).closest('tr')!;
    expect(carsRow).toHaveTextContent('Draft');
    expect(carsRow).toHaveTextContent('Bob Gamma');
    expect(screen.getByRole('button', { name: 'Unstar Airports' })).toBeInTheDocument();
  });

  it('searches by title or slug, filters by owner and favourites, and orders', async () => {
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.change(screen.getByLabelText('Search dashboards'), { target: { value: 'AIR' } });
    await waitFor(() => expect(titles()).toEqual(['Airports']));
    fireEvent.change(screen.getByLabelText('Search dashboards'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'mine' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'dashboard_title:asc' } });
    await waitFor(() => expect(titles()).toEqual(['Airports', 'Flights']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => expect(titles()).toEqual(['Airports']));
  });

  it('stars a dashboard through the favourites API', async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Star Flights' }));
    await screen.findByRole('button', { name: 'Unstar Flights' });
    expect(api.favorites.has(1)).toBe(true);
  });
});
