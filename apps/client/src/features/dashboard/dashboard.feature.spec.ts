import { VirtualTimeScheduler } from 'rxjs';
import { createTestContext } from '../../shared/test-context';
import { HttpClient } from '../api/http-client';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { CHART_STOPPED } from '@strata/domain';
import { createDashboard, type DashboardFeature } from './dashboard.feature';
import { dashboardTestApi } from './testing/dashboard-test-api';
import { originFilter, sampleDashboard } from './testing/layouts';
import { ADMIN } from './testing/render-dashboard';
import { readDashboardUrl } from './url/dashboard-url';

let api: ReturnType<typeof dashboardTestApi>;
let toasts: ToastsFeature;
let feature: DashboardFeature;
const scheduler = new VirtualTimeScheduler();

beforeEach(async () => {
  api = dashboardTestApi();
  await api.server.start();
  const context = createTestContext();
  toasts = createToasts(context);
  feature = createDashboard({
    context,
    http: new HttpClient({ baseUrl: api.server.baseUrl }),
    toasts,
    user: () => ADMIN,
    scheduler,
  });
});

afterEach(async () => {
  feature.dispose();
  toasts.dispose();
  await api.server.stop();
});

const started = () => {
  const seen: { chartId: number; at: number }[] = [];
  feature.store.recorded$.subscribe((e) => {
    if (e.type === 'dashboardPage/chartQueryStarted') seen.push({ chartId: e.data.chartId, at: scheduler.now() });
  });
  return seen;
};

describe('dashboard feature: loading order and the staggered auto-refresh (charts-dashboards-reports §9)', () => {
  it('loads every chart at once in reading order, then refreshes them each period spread over the stagger time', async () => {
    api.dashboards.push(sampleDashboard({ json_metadata: { refresh_frequency: 10 } }));
    const seen = started();
    await feature.open('7', readDashboardUrl(''));
    expect(seen.map((s) => [s.chartId, s.at])).toEqual([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    // Period 10 s: each round starts on the tick and spreads over max(10 s, stagger time 5 s), a third each.
    scheduler.maxFrames = 25_000;
    scheduler.flush();
    expect(seen.slice(3).map((s) => [s.chartId, s.at])).toEqual([
      [1, 10_000],
      [2, 13_333],
      [3, 16_666],
      [1, 20_000],
      [2, 23_333],
    ]);
  });

  it('refreshes all at once when stagger_refresh is off, and restarts the period when the frequency changes', async () => {
    api.dashboards.push(sampleDashboard({ json_metadata: { refresh_frequency: 0, stagger_refresh: false } }));
    const seen = started();
    await feature.open('7', readDashboardUrl(''));
    const start = scheduler.now();
    feature.setRefreshFrequency(30);
    scheduler.maxFrames = start + 30_000;
    scheduler.flush();
    expect(seen.slice(3).map((s) => [s.chartId, s.at - start])).toEqual([
      [1, 30_000],
      [2, 30_000],
      [3, 30_000],
    ]);
    expect(feature.store.getState().refreshFrequency).toBe(30);
  });

  it('stops the rounds, the one under way too, when the refresh is switched off', async () => {
    api.dashboards.push(sampleDashboard({ json_metadata: { refresh_frequency: 10, stagger_time: 9000 } }));
    const seen = started();
    await feature.open('7', readDashboardUrl(''));
    const start = scheduler.now();
    // Into the first round: chart 1 refreshed at 10 s, charts 2 and 3 still to come.
    scheduler.maxFrames = start + 11_000;
    scheduler.flush();
    expect(seen.slice(3).map((s) => [s.chartId, s.at - start])).toEqual([[1, 10_000]]);
    feature.setRefreshFrequency(0);
    scheduler.maxFrames = start + 60_000;
    scheduler.flush();
    expect(seen).toHaveLength(4);
  });
});

describe('dashboard feature: chart status and required filters (charts-dashboards-reports §4)', () => {
  it('holds charts back until a required filter selects its first value, then queries them with it', async () => {
    api.dashboards.push(
      sampleDashboard({
        json_metadata: {
          native_filter_configuration: [
            originFilter({ enableEmptyFilter: true, defaultToFirstItem: true }, { requiredFirst: true }),
          ],
        },
      }),
    );
    await feature.open('7', readDashboardUrl(''));
    expect(feature.store.getState().chartStates[1]?.chartStatus).toBeNull();
    await waitUntil(() => api.chartData.filter((c) => c.sliceId !== null).length === 3);
    const chartCalls = api.chartData.filter((c) => c.sliceId !== null);
    for (const call of chartCalls)
      expect((call.body.queries as { filters: unknown[] }[])[0]!.filters).toContainEqual({
        col: 'origin',
        op: 'IN',
        val: ['Europe'],
      });
    // The values query came first: grouped by the column (a COUNT makes it an aggregate), sorted.
    expect(api.chartData[0]!.body.queries).toMatchObject([
      {
        columns: ['origin'],
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'COUNT', column: { column_name: 'origin' } }],
        orderby: [['origin', true]],
        row_limit: 1000,
      },
    ]);
  });

  it("stops a chart's update: 'Updating chart was stopped'", async () => {
    api.dashboards.push(sampleDashboard());
    await feature.open('7', readDashboardUrl(''));
    feature.stopChart(2);
    const runtime = feature.store.getState().chartStates[2]!;
    expect(runtime.chartStatus).toBe('stopped');
    expect(runtime.chartAlert).toBe(CHART_STOPPED);
    // Stop aborted its request: the answer cannot reach the page, while the other charts' answers do.
    await waitUntil(
      () =>
        feature.store.getState().chartStates[1]?.chartStatus === 'success' &&
        feature.store.getState().chartStates[3]?.chartStatus === 'success',
    );
    expect(feature.store.getState().chartStates[2]?.chartStatus).toBe('stopped');
  });

  it('opens on a server without /charts and /datasets, reading each chart and dataset by id', async () => {
    api.control.withoutSubresources = true;
    api.dashboards.push(sampleDashboard());
    await feature.open('cars', readDashboardUrl(''));
    const state = feature.store.getState();
    expect(state.status).toBe('ready');
    expect(Object.values(state.charts).map((c) => [c.id, c.slice_name, c.form_data.viz_type])).toEqual([
      [1, 'Cars by origin', 'pie'],
      [2, 'Origins table', 'table'],
      [3, 'Second tab table', 'table'],
    ]);
    expect(Object.keys(state.datasets)).toEqual(['1__table']);
    await waitUntil(() => [1, 2, 3].every((id) => feature.store.getState().chartStates[id]?.chartStatus === 'success'));
  });

  it('enters edit mode only with edit=true and the right to edit', async () => {
    api.dashboards.push(sampleDashboard({ owners: [{ id: 5, first_name: 'O', last_name: 'Wner' }] }));
    await feature.open('7', readDashboardUrl('?edit=true'));
    expect(feature.store.getState().editMode).toBe(true);

    const gammaContext = createTestContext('2');
    const gamma = createDashboard({
      context: gammaContext,
      http: new HttpClient({ baseUrl: api.server.baseUrl }),
      toasts,
      user: () => ({ id: 2, roles: { Gamma: [['can_write', 'Dashboard']] }, permissions: [] }),
    });
    await gamma.open('7', readDashboardUrl('?edit=true'));
    expect(gamma.store.getState().editMode).toBe(false);
    gamma.dispose();
  });
});

/** Polls `check`; the bound is generous so that a busy machine is slow, not failing. */
async function waitUntil(check: () => boolean, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('dashboard feature: the star and view-only gestures (charts-dashboards-reports §4; DESIGN.md "Undo, redo, time travel")', () => {
  it('records favorited then unfavorited as the star is clicked, and no gesture of the page is an undo step', async () => {
    api.dashboards.push(sampleDashboard());
    const recorded: { type: string; undoable: boolean }[] = [];
    feature.store.recorded$.subscribe((e) => recorded.push({ type: e.type, undoable: e.meta.undoable === true }));
    await feature.open('7', readDashboardUrl(''));
    feature.toggleDescription(1);
    feature.toggleFullSize(2);
    await feature.toggleStar();
    expect(feature.store.getState().isStarred).toBe(true);
    await feature.toggleStar();
    expect(feature.store.getState().isStarred).toBe(false);
    expect(recorded.map((r) => r.type).filter((t) => /favorited$/.test(t))).toEqual([
      'dashboardPage/favorited',
      'dashboardPage/unfavorited',
    ]);
    expect(recorded.filter((r) => r.undoable)).toEqual([]);
    expect(feature.store.store.undo(feature.context.actor())).toBeNull();
  });
});
