import { waitFor } from '@testing-library/react';
import type { ExploreState } from '@strata/domain';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import type { ExploreFeature } from '../explore.feature';
import { AVG_HP as avgHp, startExplore, stopExplore, type ExploreTestApi } from '../testing/explore-kit';

/** Issue 16: 'View query' and 'View results' show what the chart shows, also after a viz switch. */

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;

beforeEach(async () => ({ api, toasts, explore } = await startExplore()));

afterEach(() => stopExplore({ explore, toasts, api }));

const state = (): ExploreState => explore.store.getState();
const pane = () => explore.side.getState().dataPane;

/** A Bar chart of average horsepower and count by origin, drawn. */
async function drawnBar() {
  await explore.open({ datasource_id: '1', datasource_type: 'table', viz_type: 'echarts_timeseries_bar' });
  explore.setControl('x_axis', 'origin');
  explore.setControl('metrics', [avgHp, 'count']);
  explore.runQuery();
  await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
}

describe('View query and View results follow the chart shown', () => {
  it('given a drawn Bar, when switched to Pie and View query is opened, then it shows the pie query', async () => {
    await drawnBar();
    explore.changeVizType('pie');
    // The pie is what the chart shows now: one slice per origin.
    await waitFor(() => expect(state().chart.latestQueryFormData?.viz_type).toBe('pie'));
    await waitFor(() => expect(state().chart.chartStatus).toBe('success'));
    expect(state().formData.groupby).toEqual(['origin']);
    await explore.openDataTab('query');
    expect(pane().result?.query).toBe('SELECT origin, AVG(horsepower) FROM cars GROUP BY origin');
  });

  it('given View results open on a Bar, when the chart becomes a Pie, then the open pane shows the pie results', async () => {
    await drawnBar();
    await explore.openDataTab('results');
    expect(pane().result?.colnames).toEqual(['origin', 'AVG(horsepower)', 'count']);
    explore.changeVizType('pie');
    await waitFor(() => expect(pane().result?.colnames).toEqual(['origin', 'AVG(horsepower)']));
    expect(pane()).toMatchObject({ tab: 'results', loading: false, result: { rowcount: 3 } });
  });

  it('given View query open, when a control changes and the chart is updated, then the pane shows the new query', async () => {
    await drawnBar();
    await explore.openDataTab('query');
    expect(pane().result?.query).toBe('SELECT origin, AVG(horsepower), COUNT(*) FROM cars GROUP BY origin');
    explore.setControl('metrics', ['count']);
    // Not updated yet: the chart still shows the old query, and so does the pane.
    expect(pane().result?.query).toContain('AVG(horsepower)');
    explore.runQuery();
    await waitFor(() => expect(pane().result?.query).toBe('SELECT origin, COUNT(*) FROM cars GROUP BY origin'));
  });
});
