/**
 * A chart's life on the page after its query (charts-dashboards-reports §4 Chart status): drawn or not,
 * and the charts placed in edit mode that the page had not loaded (fetched with their dataset, then
 * queried).
 */
import { parseDatasourceKey } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import { datasourceKeyOfChart } from './chart-query';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export interface ChartRuntimeActions {
  rendered(chartId: number, queryId: string): void;
  renderFailed(chartId: number, queryId: string, error: unknown): void;
  /** A chart of the edit-mode draft drawn with its data: fetched (with its dataset) if the page lacks it, then queried. */
  ensureChart(chartId: number): void;
}

export function chartRuntimeActions(core: DashboardCore): ChartRuntimeActions {
  const { store, api } = core;
  // Charts placed in edit mode whose definition is on its way: one request each.
  const fetchingCharts = new Set<number>();
  return {
    rendered(chartId, queryId) {
      const runtime = store.getState().chartStates[chartId];
      if (runtime?.queryId === queryId && runtime.chartStatus === 'success')
        store.record([{ type: 'dashboardPage/chartRendered', data: { chartId, queryId } }], MAY_LAND_IN_PAST);
    },
    renderFailed(chartId, queryId, error) {
      const runtime = store.getState().chartStates[chartId];
      if (runtime?.queryId !== queryId || runtime.chartStatus === 'failed') return;
      const message = error instanceof Error ? error.message : String(error);
      store.record(
        [
          {
            type: 'dashboardPage/chartRenderFailed',
            data: { chartId, queryId, message: `An error occurred while rendering the visualization: ${message}` },
          },
        ],
        MAY_LAND_IN_PAST,
      );
    },
    ensureChart(chartId) {
      const state = store.getState();
      if (!state.dashboard || fetchingCharts.has(chartId)) return;
      if (state.charts[chartId]) {
        if (state.chartStates[chartId]?.chartStatus === null) core.refreshChart(chartId);
        return;
      }
      fetchingCharts.add(chartId);
      void (async () => {
        try {
          const chart = await api.getChart(chartId);
          const key = datasourceKeyOfChart(chart);
          const datasetId = key ? parseDatasourceKey(key)?.id : undefined;
          const dataset =
            key && !store.getState().datasets[key] && datasetId !== undefined
              ? await api.getDataset(datasetId).catch(() => null)
              : null;
          store.record([{ type: 'dashboardPage/chartAdded', data: { chart, dataset } }], MAY_LAND_IN_PAST);
          core.refreshChart(chartId);
        } catch {
          // The holder keeps saying the chart is not available to this user.
        } finally {
          fetchingCharts.delete(chartId);
        }
      })();
    },
  };
}
