/**
 * The dataset editor's default time grain reaches Explore: a new chart on the dataset starts with it as
 * time_grain_sqla (Superset's default_time_grain); a form that names its own grain keeps it.
 */
import { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { ExploreFeature } from './explore.feature';
import { startExplore, stopExplore, type ExploreTestApi } from './testing/explore-kit';
import { carsDataset } from './testing/explore-test-api';

const weekly = { ...carsDataset, default_time_grain: 'P1W' };

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;

beforeEach(async () => {
  ({ api, toasts, explore } = await startExplore({
    api: {
      more: (method, url) =>
        method === 'GET' && url.pathname === `/api/v1/dataset/${weekly.id}`
          ? { status: 200, body: { id: weekly.id, result: weekly } }
          : undefined,
    },
  }));
});

afterEach(() => stopExplore({ explore, toasts, api }));

describe("Explore: the dataset's default time grain", () => {
  it('a new chart on the dataset starts with it', async () => {
    await explore.open({
      datasource_id: String(weekly.id),
      datasource_type: 'table',
      viz_type: 'echarts_timeseries_bar',
    });
    expect(explore.store.getState().formData.time_grain_sqla).toBe('P1W');
  });

  it('a form that names its own grain keeps it', async () => {
    const key = await new HttpClient({ baseUrl: api.baseUrl }).post<{ key: string }>('/api/v1/explore/form_data', {
      datasource_id: weekly.id,
      datasource_type: 'table',
      form_data: JSON.stringify({ datasource: `${weekly.id}__table`, viz_type: 'table', time_grain_sqla: 'P1D' }),
    });
    await explore.open({ form_data_key: key.key });
    expect(explore.store.getState().formData.time_grain_sqla).toBe('P1D');
  });
});
