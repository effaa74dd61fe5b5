import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import { createErrors, type ErrorsFeature } from '../errors/errors.feature';
import { ToastList } from '../toasts/ToastList';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { ExplorePage } from './ExplorePage';
import { createExplore, type ExploreFeature } from './explore.feature';
import { exploreTestApi } from './testing/explore-test-api';

// Issue 13: /explore/?slice_id=<id>&as_of=<position> shows the saved chart as it was (its params then),
// read-only: controls disabled, no Save, nothing written; the chart's data is queried as today.

const alpha = { id: 1, username: 'alpha', roles: { Alpha: [['can_write', 'Chart']] } };

let api: ReturnType<typeof exploreTestApi>;
let toasts: ToastsFeature;
let explore: ExploreFeature;
let errors: ErrorsFeature;

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const pie = (name: string, groupby: string) => ({
  id: 1,
  slice_name: name,
  viz_type: 'pie',
  datasource_id: 1,
  datasource_type: 'table',
  params: JSON.stringify({ viz_type: 'pie', datasource: '1__table', groupby: [groupby], metric: 'count' }),
  owners: [{ id: 1 }],
  dashboards: [],
});

beforeEach(async () => {
  api = await exploreTestApi().start();
  const context = createTestContext('1');
  toasts = createToasts(context);
  errors = createErrors(context, toasts);
  explore = createExplore({
    context,
    http: new HttpClient({ baseUrl: api.baseUrl }),
    toasts,
    errors,
    user: () => alpha as never,
  });
  api.charts.push(pie('Cars by name', 'name'));
  api.past.set('5', [pie('Cars by origin', 'origin')]);
});

afterEach(async () => {
  explore.dispose();
  toasts.dispose();
  await api.stop();
});

function renderAt(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/explore/" element={<ExplorePage explore={explore} userName="Alpha" />} />
      </Routes>
      <Where />
      <ToastList toasts={toasts} />
    </MemoryRouter>,
  );
}

const writes = () => api.requests.filter((r) => r.method !== 'GET' && r.path !== '/api/v1/chart/data');
const groupbyQueried = () =>
  JSON.stringify((api.chartDataBodies.at(-1)?.queries as { columns?: unknown }[] | undefined)?.[0]?.columns);

describe('Explore: the chart as it was (?as_of=, issue 13)', () => {
  it('shows the past params read-only under the banner, then Back to now opens the chart of today', async () => {
    renderAt('/explore/?slice_id=1&as_of=5');
    const banner = await screen.findByRole('region', { name: 'As it was' });
    expect(banner).toHaveTextContent('As it was at log position 5');
    expect(banner).toHaveTextContent('data as of now');
    await waitFor(() => expect(screen.getByLabelText('Chart name')).toHaveValue('Cars by origin'));
    // The chart of then is queried (today's data): grouped by origin, not by name.
    await waitFor(() => expect(groupbyQueried()).toContain('origin'));
    expect(groupbyQueried()).not.toContain('"name"');

    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Chart name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Add to Filters' })).toBeDisabled();
    expect(writes()).toEqual([]);

    fireEvent.click(within(banner).getByRole('link', { name: 'Back to now' }));
    await waitFor(() => expect(screen.getByLabelText('Chart name')).toHaveValue('Cars by name'));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/explore\/\?slice_id=1$/);
    expect(screen.queryByRole('region', { name: 'As it was' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Filters' })).toBeEnabled();
  });

  it('says the chart did not exist then when the server answers 404', async () => {
    renderAt('/explore/?slice_id=1&as_of=2');
    await waitFor(() =>
      expect(errors.store.getState().shown.map((e) => [e.title, e.error.message])).toEqual([
        ['Could not open the chart', 'This chart did not exist at log position 2.'],
      ]),
    );
  });
});
