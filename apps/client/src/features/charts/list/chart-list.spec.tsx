import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createTestContext } from '../../../shared/test-context';
import { HttpClient } from '../../api/http-client';
import { exploreTestApi } from '../../explore/testing/explore-test-api';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { ChartListPage } from './ChartListPage';
import { createChartList } from './chart-list.feature';

let api: ReturnType<typeof exploreTestApi>;
let toasts: ToastsFeature;

beforeEach(async () => {
  api = await exploreTestApi().start();
  const chart = (id: number, name: string, owner: number) => ({
    id,
    slice_name: name,
    viz_type: 'pie',
    params: '{}',
    datasource_id: 1,
    datasource_type: 'table',
    owners: [{ id: owner }],
    dashboards: [],
  });
  api.charts.push(chart(1, 'Horsepower by origin', 1), chart(2, 'Flights per day', 2), chart(3, 'Average delay', 1));
  const context = createTestContext();
  toasts = createToasts(context);
  const charts = createChartList(context, new HttpClient({ baseUrl: api.baseUrl }), toasts);
  render(
    <MemoryRouter>
      <ChartListPage charts={charts} userId={1} />
    </MemoryRouter>,
  );
});

afterEach(async () => {
  toasts.dispose();
  await api.stop();
});

const names = () =>
  within(screen.getByRole('table', { name: 'Charts' }))
    .queryAllByRole('link')
    .map((a) => a.textContent);

describe('chart list (/chart/list/)', () => {
  it('lists charts linking to Explore, searches by name, filters by owner and orders', async () => {
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Flights per day' })).toHaveAttribute('href', '/explore/?slice_id=2');

    fireEvent.change(screen.getByLabelText('Search charts'), { target: { value: 'HORSE' } });
    await waitFor(() => expect(names()).toEqual(['Horsepower by origin']));

    fireEvent.change(screen.getByLabelText('Search charts'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'mine' } });
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'name' } });
    await waitFor(() => expect(names()).toEqual(['Average delay', 'Horsepower by origin']));
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'name-desc' } });
    await waitFor(() => expect(names()).toEqual(['Horsepower by origin', 'Average delay']));
  });

  it('stars a chart through the favourites API', async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Star Average delay' }));
    await screen.findByRole('button', { name: 'Unstar Average delay' });
    expect(api.favorites.has(3)).toBe(true);
  });
});
