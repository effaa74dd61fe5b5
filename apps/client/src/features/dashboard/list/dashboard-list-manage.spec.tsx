import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { PermissionSubject } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { dashboardTestApi } from '../testing/dashboard-test-api';
import { sampleDashboard } from '../testing/layouts';
import { DashboardListPage } from './DashboardListPage';
import { createDashboardList } from './dashboard-list.feature';

let api: ReturnType<typeof dashboardTestApi>;
let toasts: ToastsFeature;

const ada = { id: 1, first_name: 'Ada', last_name: 'Admin' };
const bob = { id: 2, first_name: 'Bob', last_name: 'Gamma' };
/** Bob may write dashboards: he may delete his own, not Ada's. */
const BOB: PermissionSubject = {
  id: 2,
  roles: ['Gamma'],
  permissions: [
    ['can_read', 'Dashboard'],
    ['can_write', 'Dashboard'],
  ],
};
const READER: PermissionSubject = { id: 3, roles: ['Gamma'], permissions: [['can_read', 'Dashboard']] };

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

function renderList(user: PermissionSubject) {
  const context = createTestContext();
  toasts = createToasts(context);
  render(
    <MemoryRouter initialEntries={['/dashboard/list/']}>
      <DashboardListPage
        dashboards={createDashboardList(context, new HttpClient({ baseUrl: api.server.baseUrl }), toasts)}
        userId={user.id ?? null}
        user={user}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  api = dashboardTestApi();
  await api.server.start();
  api.dashboards.push(
    sampleDashboard({ id: 1, dashboard_title: 'Flights', slug: 'flights', owners: [ada] }),
    sampleDashboard({ id: 2, dashboard_title: 'Cars', slug: null, owners: [bob], published: false }),
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

describe('dashboard list: create, delete, pages', () => {
  it('"+ Dashboard" creates an untitled dashboard and opens it in edit mode', async () => {
    renderList(BOB);
    fireEvent.click(await screen.findByRole('button', { name: '+ Dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/3/?edit=true'));
    expect(api.dashboards.at(-1)).toMatchObject({ id: 3, dashboard_title: '[ untitled dashboard ]' });
  });

  it('deletes a dashboard the user may edit, after confirming; others have no Delete', async () => {
    renderList(BOB);
    await waitFor(() => expect(titles()).toEqual(['Flights', 'Cars']));
    expect(screen.queryByRole('button', { name: 'Delete Flights' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cars' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete dashboard' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.management.deleted).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Cars' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete dashboard' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Cars?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['Flights']));
    expect(api.management.deleted).toEqual([2]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toasts.store.getState().toasts[0]).toMatchObject({ toastType: 'success', text: 'Deleted: Cars' });
  });

  it('a refused delete keeps the row and says why', async () => {
    api.management.control.forbidden = true;
    renderList(BOB);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Cars' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete dashboard' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(toasts.store.getState().toasts[0]).toMatchObject({
        toastType: 'danger',
        text: 'There was an issue deleting Cars: You do not have permission to edit this dashboard',
      }),
    );
    expect(titles()).toEqual(['Flights', 'Cars']);
  });

  it('readers get neither "+ Dashboard" nor Delete', async () => {
    renderList(READER);
    await waitFor(() => expect(titles()).toEqual(['Flights', 'Cars']));
    expect(screen.queryByRole('button', { name: '+ Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('pages through the list with page/page_size; a new search starts at the first page', async () => {
    for (let id = 3; id <= 30; id += 1)
      api.dashboards.push(
        sampleDashboard({ id, dashboard_title: `Board ${String(id).padStart(2, '0')}`, slug: null, owners: [ada] }),
      );
    renderList(BOB);
    await waitFor(() => expect(titles()).toHaveLength(25));
    const pages = () => screen.getByRole('navigation', { name: 'Pages' });
    expect(pages()).toHaveTextContent('Page 1 of 2');
    expect(within(pages()).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    fireEvent.click(within(pages()).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(titles()).toEqual(['Board 26', 'Board 27', 'Board 28', 'Board 29', 'Board 30']));
    expect(pages()).toHaveTextContent('Page 2 of 2');
    expect(pages()).toHaveTextContent('26–30 of 30');
    expect(within(pages()).getByRole('button', { name: 'Next page' })).toBeDisabled();

    fireEvent.change(screen.getByLabelText('Search dashboards'), { target: { value: 'Board' } });
    await waitFor(() => expect(titles()[0]).toBe('Board 03'));
    expect(titles()).toHaveLength(25);
    expect(pages()).toHaveTextContent('Page 1 of 2');
  });
});
