import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import { createAsyncEvents, type AsyncEvents } from '../async/async-events';
import { pollAsyncEvents } from '../async/async-jobs';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { CHART_STOPPED } from '@strata/domain';
import { createDashboard, type DashboardFeature } from './dashboard.feature';
import { dashboardTestApi } from './testing/dashboard-test-api';
import { sampleDashboard } from './testing/layouts';
import { ADMIN } from './testing/render-dashboard';
import { readDashboardUrl } from './url/dashboard-url';

// GLOBAL_ASYNC_QUERIES (issue 5): each chart holder's data answers 202 with a job; the chart waits for its event.
let api: ReturnType<typeof dashboardTestApi>;
let toasts: ToastsFeature;
let events: AsyncEvents;
let feature: DashboardFeature;

beforeEach(async () => {
  api = dashboardTestApi();
  api.asyncJobs.control.on = true;
  await api.server.start();
  const context = createTestContext();
  toasts = createToasts(context);
  const http = new HttpClient({ baseUrl: api.server.baseUrl });
  events = createAsyncEvents({ poll: pollAsyncEvents(http), pollDelayMs: 50 });
  feature = createDashboard({
    context,
    http,
    toasts,
    user: () => ADMIN,
    featureFlags: () => ({ GLOBAL_ASYNC_QUERIES: true }),
    asyncEvents: events,
  });
});

afterEach(async () => {
  feature.dispose();
  events.dispose();
  toasts.dispose();
  await api.server.stop();
});

const chart = (id: number) => feature.store.getState().chartStates[id];

describe('dashboard charts with GLOBAL_ASYNC_QUERIES', () => {
  it('each chart waits for its job event, fetches its result URL and succeeds with the data', async () => {
    api.dashboards.push(sampleDashboard());
    await feature.open('7', readDashboardUrl(''));
    expect(chart(1)?.chartStatus).toBe('loading');
    await waitUntil(() => [1, 2, 3].every((id) => chart(id)?.chartStatus === 'success'));
    const jobs = api.asyncJobs.events.map((e) => e['job_id']);
    expect(jobs).toHaveLength(3);
    expect([...api.asyncJobs.resultFetches].sort()).toEqual([...jobs].sort());
    const data = (chart(1)!.queriesResponse as { data: unknown[] }[])[0]!.data;
    expect(data.length).toBeGreaterThan(0);
  });

  it("a job that fails fails its chart with the event's message; the others succeed", async () => {
    api.dashboards.push(sampleDashboard());
    api.control.failChart = 2;
    await feature.open('7', readDashboardUrl(''));
    await waitUntil(() => chart(2)?.chartStatus === 'failed' && chart(1)?.chartStatus === 'success');
    expect(chart(2)!.chartAlert).toContain('column "nope" does not exist');
    expect(api.asyncJobs.events.filter((e) => e['status'] === 'error')).toHaveLength(1);
  });

  it('Stop while the job runs: the chart stays stopped and its result is never fetched', async () => {
    api.asyncJobs.control.jobMs = 300;
    api.dashboards.push(sampleDashboard());
    await feature.open('7', readDashboardUrl(''));
    await waitUntil(() => api.asyncJobs.polls.length > 0);
    feature.stopChart(2);
    expect(chart(2)).toMatchObject({ chartStatus: 'stopped', chartAlert: CHART_STOPPED });
    // The other charts' jobs ended and were fetched; Stop forgot chart 2's job (awaitJob), so its result is not.
    await waitUntil(() => chart(1)?.chartStatus === 'success' && chart(3)?.chartStatus === 'success');
    expect(chart(2)?.chartStatus).toBe('stopped');
    expect(api.asyncJobs.resultFetches).toHaveLength(2);
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
