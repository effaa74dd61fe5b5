/**
 * The chart being built under a form_data_key in the address (issue 16 item 1): the real page on a real
 * HTTP server with the API's shapes (testing/explore-test-api.ts).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import type { ExploreFeature } from '../explore.feature';
import { FORM_DATA_LOST } from '../open';
import { startExplore, stopExplore, type ExploreTestApi } from '../testing/explore-kit';
import { renderExploreAt } from '../testing/explore-page-kit';

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;
let go: (to: string | number) => void = () => undefined;

const where = () => new URL(screen.getByTestId('location').textContent!, 'http://x');
const storedForm = (key: string) => JSON.parse(String(api.formData.get(key)!.form_data)) as Record<string, unknown>;

beforeEach(async () => ({ api, toasts, explore } = await startExplore()));

afterEach(() => stopExplore({ explore, toasts, api }));

function renderAt(url: string) {
  return renderExploreAt(url, {
    explore,
    toasts,
    onNavigate: (navigate) => (go = navigate),
    children: <Route path="/elsewhere/" element={<p>Elsewhere</p>} />,
  });
}

describe('Explore keeps the chart being built under a form_data_key in the address', () => {
  it('the first change stores the form and names its key in the address; later changes update that key', async () => {
    renderAt('/explore/?datasource_id=1&datasource_type=table&viz_type=echarts_timeseries_bar');
    await screen.findByRole('list', { name: 'Dataset columns' });
    expect(api.requests.some((r) => r.path.startsWith('/api/v1/explore/form_data'))).toBe(false);

    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'origin' } });
    await waitFor(() => expect(where().searchParams.get('form_data_key')).toMatch(/^key1-/));
    const key = where().searchParams.get('form_data_key')!;
    expect(where().pathname).toBe('/explore/');
    expect(where().searchParams.get('datasource')).toBe('1__table');
    expect(storedForm(key)).toMatchObject({ x_axis: 'origin', viz_type: 'echarts_timeseries_bar' });

    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'name' } });
    await waitFor(() => expect(storedForm(key)).toMatchObject({ x_axis: 'name' }));
    expect(api.requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toContain(
      `/api/v1/explore/form_data/${key}`,
    );
    expect(api.requests.filter((r) => r.method === 'POST' && r.path === '/api/v1/explore/form_data')).toHaveLength(1);
    expect(where().searchParams.get('form_data_key')).toBe(key);
  });

  it('leaving the page sends the last change at once, before its quiet time is over', async () => {
    renderAt('/explore/?datasource_id=1&datasource_type=table&viz_type=echarts_timeseries_bar');
    await screen.findByRole('list', { name: 'Dataset columns' });
    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'origin' } });
    await waitFor(() => expect(where().searchParams.get('form_data_key')).toMatch(/^key1-/));
    const key = where().searchParams.get('form_data_key')!;
    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'name' } });
    go('/elsewhere/');
    await screen.findByText('Elsewhere');
    await waitFor(() => expect(storedForm(key)).toMatchObject({ x_axis: 'name' }));
  });

  it('opening the address with the key shows the form it holds; back and forward show each chart built', async () => {
    const form = (x: string) =>
      JSON.stringify({ datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: x, metrics: ['count'] });
    api.formData.set('first-0123456789abcdef', {
      datasource_id: 1,
      datasource_type: 'table',
      form_data: form('origin'),
    });
    api.formData.set('second-0123456789abcdef', {
      datasource_id: 1,
      datasource_type: 'table',
      form_data: form('name'),
    });
    renderAt('/explore/?form_data_key=first-0123456789abcdef&datasource=1__table');
    await waitFor(() => expect(screen.getByLabelText('X-axis')).toHaveValue('origin'));
    go('/explore/?form_data_key=second-0123456789abcdef&datasource=1__table');
    await waitFor(() => expect(screen.getByLabelText('X-axis')).toHaveValue('name'));
    go(-1);
    await waitFor(() => expect(screen.getByLabelText('X-axis')).toHaveValue('origin'));
    go(1);
    await waitFor(() => expect(screen.getByLabelText('X-axis')).toHaveValue('name'));
    // Opening is no change: nothing was stored.
    expect(api.requests.filter((r) => r.method !== 'GET' && r.path.includes('form_data'))).toEqual([]);
  });

  it("another user's key is opened, and the first change goes under a new key of this user", async () => {
    api.formData.set('theirs-0123456789abcdef', {
      datasource_id: 1,
      datasource_type: 'table',
      form_data: JSON.stringify({ datasource: '1__table', viz_type: 'echarts_timeseries_bar', x_axis: 'origin' }),
    });
    api.othersFormData.add('theirs-0123456789abcdef');
    renderAt('/explore/?form_data_key=theirs-0123456789abcdef&datasource=1__table');
    await waitFor(() => expect(screen.getByLabelText('X-axis')).toHaveValue('origin'));
    fireEvent.change(screen.getByLabelText('X-axis'), { target: { value: 'name' } });
    await waitFor(() => expect(where().searchParams.get('form_data_key')).toMatch(/^key2-/));
    expect(storedForm(where().searchParams.get('form_data_key')!)).toMatchObject({ x_axis: 'name' });
    expect(storedForm('theirs-0123456789abcdef')).toMatchObject({ x_axis: 'origin' });
  });

  it('an expired key opens the dataset the address names and says the unsaved changes are lost', async () => {
    renderAt('/explore/?form_data_key=gone-0123456789abcdef&datasource=1__table');
    expect(await screen.findByText(FORM_DATA_LOST)).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Dataset columns' })).toBeInTheDocument();
    expect(screen.queryByText('Could not open the chart')).toBeNull();
  });
});
