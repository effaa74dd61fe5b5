/**
 * Issue 13 item 4, an Explore step of a replay: the real Explore page (header with the chart's name,
 * dataset, the controls with its settings, the chart pane) as the chart was at the step, read from the
 * chart's `?as_of=` on a real HTTP server. No chart data is asked for (the pane says the results are not
 * kept) and nothing is written: every request is a GET, the replay's address does not change.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { ReplayRow } from '@strata/domain';
import { exploreTestApi } from '../explore/testing/explore-test-api';
import { auditAnswer, replayRow, startReplayBed, type ReplayBed } from './testing/replay-test-bed';

const ADMIN = { id: 1, username: 'admin', first_name: 'Ada', last_name: 'Admin', roles: { Admin: [] } };
const chart = (id: number, name: string) => ({ type: 'chart', id, name });
/** Rows of these charts carry no payload. */
const row = (position: number, type: string, object: ReplayRow['object']) => replayRow(position, type, {}, object);

// Bob's session in Explore: a chart deleted since (it did not exist at its step's position as the
// server reads it), his chart grouped by origin, then renamed and grouped by name, then an unsaved chart.
const ROWS: ReplayRow[] = [
  row(2, 'chart/created', chart(3, 'Gone')),
  row(5, 'chart/created', chart(1, 'Cars by origin')),
  row(8, 'chart/updated', chart(1, 'Cars by name')),
  row(9, 'explore/controlChanged', null),
];

const pie = (name: string, groupby: string) => ({
  id: 1,
  slice_name: name,
  viz_type: 'pie',
  datasource_id: 1,
  datasource_type: 'table',
  params: JSON.stringify({ viz_type: 'pie', datasource: '1__table', groupby: [groupby], metric: 'count' }),
  owners: [{ id: 2 }],
  dashboards: [],
});

// Bob building a chart he never saved (issue 16): Explore kept his form under a form_data key, stored
// at each change (`explore/formDataStored`), then he opened another Explore view.
const stored = (position: number, form: Record<string, unknown>): ReplayRow => ({
  ...row(position, 'explore/formDataStored', null),
  payload: {
    key: 'k-0123456789abcdef',
    state: { datasource_id: 1, datasource_type: 'table', chart_id: null, form_data: JSON.stringify(form), owner: 2 },
  },
});
const UNSAVED_ROWS: ReplayRow[] = [
  stored(3, { datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: 'origin', metrics: ['count'] }),
  stored(6, { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'name', metrics: ['count'] }),
  row(7, 'explore/controlChanged', null),
];
let served = ROWS;

function more(_method: string, url: URL) {
  if (url.pathname === '/api/v1/me/') return { status: 200, body: { result: ADMIN } };
  return auditAnswer(url, served);
}

let api: ReturnType<typeof exploreTestApi>;
let bed: ReplayBed;
const userLogPosts: unknown[] = [];

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

beforeEach(async () => {
  served = ROWS;
  api = await exploreTestApi({ more }).start();
  // Today the chart is called 'Cars today'; the log knows it as it was at positions 5 and 8.
  api.charts.push(pie('Cars today', 'horsepower'));
  api.past.set('5', [pie('Cars by origin', 'origin')]);
  api.past.set('8', [pie('Cars by name', 'name')]);
  bed = startReplayBed({
    server: api,
    services: { userLogTransport: { post: async (_path, body) => void userLogPosts.push(body), beacon: () => true } },
  });
  bed.services!.session.check();
});

afterEach(() => bed.stop());

const step = () => screen.getByTestId('replay-step');
const forward = () => fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
const back = () => fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
const chartName = () => within(screen.getByTestId('replay-explore')).getByLabelText('Chart name');
const dimensions = () => within(screen.getByTestId('replay-explore')).getByRole('list', { name: 'Dimensions' });

async function openBob() {
  await bed.open();
  bed.render({ after: <Where /> });
}

describe('an Explore step of a replay: the real Explore page as the chart was', () => {
  it('shows the name and the settings of then in the controls, an older step the older ones; no query, no write', async () => {
    await openBob();
    expect(step()).toHaveTextContent('Step 1 of 4');
    expect(await screen.findByText('The chart did not exist at this step.')).toBeInTheDocument();

    forward();
    await waitFor(() => expect(chartName()).toHaveValue('Cars by origin'));
    const page = screen.getByTestId('replay-explore');
    expect(within(dimensions()).getByRole('listitem')).toHaveTextContent('origin');
    expect(within(page).getByRole('region', { name: 'As it was' })).toHaveTextContent(
      'As it was at log position 5 — read-only: nothing can be changed from here; results are not kept, no query runs.',
    );
    // The real page's parts: the dataset panel, the control panel, the chart pane, read only.
    expect(within(page).getByRole('list', { name: 'Dataset columns' })).toHaveTextContent('horsepower');
    expect(within(page).getByRole('region', { name: 'Chart controls' })).toBeInTheDocument();
    expect(within(page).getByTestId('explore-results-not-kept')).toHaveTextContent(
      'Results are not kept during a replay',
    );
    expect(chartName()).toHaveAttribute('readonly');
    expect(within(page).getByRole('button', { name: 'Add to Filters' })).toBeDisabled();
    expect(within(page).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(page).queryByRole('tab', { name: 'View results' })).not.toBeInTheDocument();

    forward();
    expect(step()).toHaveTextContent('Step 3 of 4');
    await waitFor(() => expect(chartName()).toHaveValue('Cars by name'));
    expect(within(dimensions()).getByRole('listitem')).toHaveTextContent('name');
    expect(screen.getByTestId('replay-explore')).toHaveTextContent('As it was at log position 8');

    back();
    await waitFor(() => expect(chartName()).toHaveValue('Cars by origin'));
    expect(within(dimensions()).getByRole('listitem')).toHaveTextContent('origin');

    forward();
    forward();
    expect(step()).toHaveTextContent('Step 4 of 4');
    expect(screen.getByTestId('replay-explore')).toHaveTextContent('An unsaved chart in Explore');

    // The charts of then were read (GETs, each step its own), no chart data asked for, no user log sent.
    const chartReads = api.requests.filter((r) => r.path === '/api/v1/chart/1').length;
    expect(chartReads).toBeGreaterThanOrEqual(3);
    expect(api.chartDataBodies).toEqual([]);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(userLogPosts).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/replay\/\?user=2$/);
  });

  it('a step while the user built an unsaved chart shows the form their form_data key held then', async () => {
    served = UNSAVED_ROWS;
    await openBob();
    const page = () => screen.getByTestId('replay-explore');
    const vizType = () => within(page()).getByLabelText('Visualization type');
    expect(step()).toHaveTextContent('Step 1 of 3');
    await waitFor(() => expect(vizType()).toHaveValue('echarts_timeseries_bar'));
    expect(within(page()).getByLabelText('X-axis')).toHaveValue('origin');
    expect(within(page()).getByRole('region', { name: 'Chart controls' })).toHaveTextContent(/Metrics\s*count/);
    expect(page()).toHaveTextContent('Unsaved changes in Explore, as they were kept at this step.');
    expect(page()).toHaveTextContent('As it was at log position 3');
    expect(within(page()).getByTestId('explore-results-not-kept')).toBeInTheDocument();

    forward();
    await waitFor(() => expect(vizType()).toHaveValue('echarts_timeseries_line'));
    expect(within(page()).getByLabelText('X-axis')).toHaveValue('name');
    // A later Explore step that kept nothing shows the form as last kept.
    forward();
    expect(step()).toHaveTextContent('Step 3 of 3');
    await waitFor(() => expect(page()).toHaveTextContent('As it was at log position 7'));
    expect(vizType()).toHaveValue('echarts_timeseries_line');
    back();
    back();
    await waitFor(() => expect(vizType()).toHaveValue('echarts_timeseries_bar'));

    expect(api.chartDataBodies).toEqual([]);
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/replay\/\?user=2$/);
  });

  it('input in the real Explore page is refused by the replay, and still nothing leaves but GETs', async () => {
    await openBob();
    forward();
    await waitFor(() => expect(chartName()).toHaveValue('Cars by origin'));
    fireEvent.click(chartName());
    fireEvent.keyDown(chartName(), { key: 'z', ctrlKey: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('nothing here can be changed');
    expect(api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(api.chartDataBodies).toEqual([]);
  });
});
