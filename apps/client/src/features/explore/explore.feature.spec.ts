import { waitFor } from '@testing-library/react';
import { SaveAction, type ExploreState } from '@strata/domain';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { ExploreFeature } from './explore.feature';
import {
  ALPHA_CSV_DASHBOARDS as alpha,
  AVG_HP as avgHp,
  startExplore,
  stopExplore,
  type ExploreTestApi,
} from './testing/explore-kit';

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;
let user: unknown = alpha;

beforeEach(async () => {
  user = alpha;
  ({ api, toasts, explore } = await startExplore({ user: () => user }));
});

afterEach(() => stopExplore({ explore, toasts, api }));

const state = (): ExploreState => explore.store.getState();
const toastTexts = () => toasts.store.getState().toasts.map((t) => t.text);

async function openBarChart() {
  await explore.open({ datasource_id: '1', datasource_type: 'table', viz_type: 'echarts_timeseries_bar' });
  explore.setControl('x_axis', 'origin');
  explore.setControl('metrics', [avgHp]);
}

describe('Explore store', () => {
  it('opens a dataset, runs the chart query, and folds the lifecycle loading → success → rendered', async () => {
    await openBarChart();
    expect(state().formData).toMatchObject({
      datasource: '1__table',
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'origin',
      metrics: [avgHp],
    });
    explore.runQuery();
    expect(state().chart.chartStatus).toBe('loading');
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    // The request is the charts-dashboards-reports §7 payload mapping of the form, and the data what the rows give.
    const body = api.chartDataBodies.at(-1)!;
    expect(body).toMatchObject({
      datasource: { id: 1, type: 'table' },
      queries: [
        {
          columns: [expect.objectContaining({ label: 'origin', columnType: 'BASE_AXIS' })],
          metrics: [avgHp],
          row_limit: 1000,
        },
      ],
    });
    const result = (state().chart.queriesResponse as { data: Record<string, unknown>[] }[])[0]!;
    expect(result.data).toEqual(
      expect.arrayContaining([
        { origin: 'USA', 'AVG(horsepower)': 147.5 },
        { origin: 'Europe', 'AVG(horsepower)': 66.5 },
      ]),
    );
    explore.rendered(state().chart.queryId!);
    expect(state().chart.chartStatus).toBe('rendered');
  });

  it("Stop ends a running query: status stopped, 'Updating chart was stopped', and the late answer is ignored", async () => {
    await openBarChart();
    api.control.slowChartDataMs = 300;
    explore.runQuery();
    explore.stop();
    expect(state().chart).toMatchObject({ chartStatus: 'stopped', chartAlert: 'Updating chart was stopped' });
    // Stop aborted the request: the answer the server sends later cannot reach the page (no wait for it).
    expect(state().chart.chartStatus).toBe('stopped');
    expect(state().chart.queriesResponse).toBeNull();
  });

  it('a failed query shows the server message', async () => {
    await openBarChart();
    api.control.failChartData = 'column "nope" does not exist';
    explore.runQuery();
    await waitFor(() =>
      expect(state().chart).toMatchObject({ chartStatus: 'failed', chartAlert: 'column "nope" does not exist' }),
    );
  });

  it('control changes are undo steps; opening and running are not', async () => {
    await openBarChart();
    explore.runQuery();
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    explore.setControl('row_limit', 50);
    explore.undo();
    expect(state().formData.row_limit).toBe(1000);
    explore.undo();
    expect(state().formData.metrics).toEqual([]);
    explore.redo();
    expect(state().formData.metrics).toEqual([avgHp]);
    // The query's answer survived both undos: it is not an undo step.
    expect(state().chart.chartStatus).toBe('success');
  });

  it('undo stays within the chart opened last', async () => {
    await openBarChart();
    await explore.open({ datasource_id: '2', datasource_type: 'table', viz_type: 'table' });
    let history = { canUndo: true, canRedo: true };
    explore.history$.subscribe((h) => (history = h)).unsubscribe();
    expect(history.canUndo).toBe(false);
    explore.undo();
    expect(state().formData).toMatchObject({ datasource: '2__table', viz_type: 'table' });
    explore.setControl('row_limit', 10);
    explore.undo();
    expect(state().formData.row_limit).toBe(1000);
  });

  it('changing the dataset remaps the controls and lists the transferred ones', async () => {
    await openBarChart();
    explore.setControl('groupby', ['name']);
    await explore.changeDatasource(2);
    expect(state().formData).toMatchObject({ datasource: '2__table', x_axis: 'origin', groupby: [], metrics: [] });
    expect(state().controlsTransferred).toEqual(['x_axis']);
  });

  it('saves a new chart onto a new dashboard with the spec toasts, then overwrites it', async () => {
    await openBarChart();
    await explore.openSaveModal('Alpha User');
    expect(explore.side.getState().saveModal.dashboards).toEqual([{ id: 1, dashboard_title: 'Existing board' }]);
    const id = await explore.save({
      action: SaveAction.SAVE_NEW,
      sliceName: 'HP by origin',
      dashboard: { kind: 'new', title: 'Cars board' },
    });
    expect(id).toBe(1);
    expect(api.dashboards.at(-1)).toEqual({ id: 2, dashboard_title: 'Cars board' });
    expect(api.charts[0]).toMatchObject({
      slice_name: 'HP by origin',
      viz_type: 'echarts_timeseries_bar',
      datasource_id: 1,
      dashboards: [{ id: 2 }],
    });
    expect(JSON.parse(api.charts[0]!.params as string)).toMatchObject({ x_axis: 'origin', metrics: [avgHp] });
    expect(toastTexts()).toEqual([
      'Dashboard [Cars board] just got created and chart [HP by origin] was added to it',
      'Chart [HP by origin] has been saved',
    ]);
    expect(state().slice).toMatchObject({ slice_id: 1, slice_name: 'HP by origin', owners: [1], dashboards: [2] });

    const again = await explore.save({
      action: SaveAction.OVERWRITE,
      sliceName: 'HP by origin',
      dashboard: { kind: 'existing', id: 1 },
    });
    expect(again).toBe(1);
    expect(api.charts[0]!.dashboards).toEqual([{ id: 2 }, { id: 1 }]);
    expect(toastTexts()[1]).toBe('Chart [HP by origin] has been overwritten');
  });

  it("a user without can_write on Chart cannot save; a dashboards failure says 'fetching dashboards failed for'", async () => {
    await openBarChart();
    user = { id: 2, username: 'gamma', roles: { Gamma: [] } };
    api.control.failDashboards = true;
    await explore.openSaveModal('Gamma');
    expect(explore.side.getState().saveModal.saveModalAlert).toBe('fetching dashboards failed for Gamma');
    expect(await explore.save({ action: SaveAction.SAVE_NEW, sliceName: 'x', dashboard: null })).toBeNull();
    expect(explore.side.getState().saveModal.saveModalAlert).toBe('You do not have permission to edit this chart');
    expect(api.charts).toHaveLength(0);
  });

  it('opens a saved chart by slice_id with its star, runs it, and toggles the star on success', async () => {
    await openBarChart();
    await explore.save({ action: SaveAction.SAVE_NEW, sliceName: 'HP', dashboard: null });
    api.favorites.add(1);
    await explore.open({ slice_id: '1' });
    expect(state()).toMatchObject({ sliceName: 'HP', isStarred: true, formData: { x_axis: 'origin', slice_id: 1 } });
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    await explore.toggleStar();
    expect(state().isStarred).toBe(false);
    expect(api.favorites.has(1)).toBe(false);
  });

  it('view results, view query and samples fill the data pane', async () => {
    await openBarChart();
    await explore.openDataTab('results');
    expect(explore.side.getState().dataPane.result).toMatchObject({
      colnames: ['origin', 'AVG(horsepower)'],
      rowcount: 3,
    });
    await explore.openDataTab('query');
    expect(explore.side.getState().dataPane.result?.query).toContain('AVG(horsepower)');
    await explore.openDataTab('samples');
    expect(explore.side.getState().dataPane.result).toMatchObject({ rowcount: 6, totalCount: 6, page: 1 });
  });
});
