import { screen, waitFor } from '@testing-library/react';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { ExploreFeature } from './explore.feature';
import { startExplore, stopExplore, type ExploreTestApi } from './testing/explore-kit';
import { renderExploreAt } from './testing/explore-page-kit';

/**
 * sqllab-and-platform §2, charts-dashboards-reports §2: Explore reads `standalone` and the UI-config bit
 * mask. Standalone (1, 2, 3) is the chart alone; bit 1 hides the title, bit 8 the chart controls.
 */
const avgHp = { expressionType: 'SIMPLE', column: { column_name: 'horsepower' }, aggregate: 'AVG', label: 'AVG(hp)' };

let api: ExploreTestApi;
let toasts: ToastsFeature;
let explore: ExploreFeature;

beforeEach(async () => {
  ({ api, toasts, explore } = await startExplore());
  const params = { viz_type: 'echarts_timeseries_bar', x_axis: 'origin', metrics: [avgHp], datasource: '1__table' };
  api.charts.push({
    id: 1,
    slice_name: 'HP by origin',
    viz_type: 'echarts_timeseries_bar',
    datasource_id: 1,
    datasource_type: 'table',
    params: JSON.stringify(params),
    owners: [{ id: 1 }],
    dashboards: [],
  });
});

afterEach(() => stopExplore({ explore, toasts, api }));

/** The page alone (no address or toasts beside it). */
const renderAt = (url: string) => renderExploreAt(url, { explore });

/** The chart was queried and answered (the renderer then draws it). */
const chartAnswered = () =>
  waitFor(() => expect(['success', 'rendered']).toContain(explore.store.getState().chart.chartStatus));

describe('Explore: standalone and UI-config', () => {
  it.each(['1', '2', '3'])(
    'standalone=%s shows the chart alone: no title, controls, dataset or data pane',
    async (mode) => {
      renderAt(`/explore/?slice_id=1&standalone=${mode}`);
      await chartAnswered();
      const chart = screen.getByRole('region', { name: 'Chart' });
      // The report renderer waits on these (report-render/CONTEXT.md).
      expect(chart).toHaveAttribute('data-chart-id', '1');
      await waitFor(() => expect(chart.getAttribute('data-status')).toMatch(/success|rendered/));
      expect(screen.queryByLabelText('Chart name')).toBeNull();
      expect(screen.queryByRole('complementary', { name: 'Dataset' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Update chart|Create chart/ })).toBeNull();
      expect(screen.queryByRole('tab', { name: 'View query' })).toBeNull();
    },
  );

  it('uiConfig=8 hides the chart controls and the dataset; the title, chart and data pane stay', async () => {
    renderAt('/explore/?slice_id=1&uiConfig=8');
    await chartAnswered();
    expect(screen.getByLabelText('Chart name')).toHaveValue('HP by origin');
    expect(screen.queryByRole('complementary', { name: 'Dataset' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update chart' })).toBeNull();
    expect(screen.queryByLabelText('X-axis')).toBeNull();
    expect(screen.getByRole('region', { name: 'Chart' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'View query' })).toBeInTheDocument();
  });

  it('uiConfig=1 hides the title; the controls stay', async () => {
    renderAt('/explore/?slice_id=1&uiConfig=1');
    await chartAnswered();
    expect(screen.queryByLabelText('Chart name')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update chart' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Dataset' })).toBeInTheDocument();
  });

  it('uiConfig=9 hides both', async () => {
    renderAt('/explore/?slice_id=1&uiConfig=9');
    await chartAnswered();
    expect(screen.queryByLabelText('Chart name')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Update chart' })).toBeNull();
  });

  it('a mask that is not a number hides nothing', async () => {
    renderAt('/explore/?slice_id=1&uiConfig=x8');
    await chartAnswered();
    expect(screen.getByLabelText('Chart name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update chart' })).toBeInTheDocument();
  });
});
