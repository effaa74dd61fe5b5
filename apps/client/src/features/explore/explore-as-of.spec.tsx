import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ErrorsFeature } from '../errors/errors.feature';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { ExploreFeature } from './explore.feature';
import { startExplore, stopExplore, type ExploreTestApi } from './testing/explore-kit';
import { renderExploreAt } from './testing/explore-page-kit';

// Issue 13: /explore/?slice_id=<id>&as_of=<position> shows the saved chart as it was (its params then),
// read-only: controls disabled, no Save, nothing written; the chart's data is queried as today.

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;
let errors: ErrorsFeature;

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
  ({ api, toasts, errors, explore } = await startExplore());
  api.charts.push(pie('Cars by name', 'name'));
  api.past.set('5', [pie('Cars by origin', 'origin')]);
});

afterEach(() => stopExplore({ explore, toasts, api }));

const renderAt = (url: string) => renderExploreAt(url, { explore, toasts });

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
