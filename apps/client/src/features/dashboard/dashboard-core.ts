/**
 * What every action module of the dashboard page builds on: the page's store (the fold of its
 * `dashboardPage/...` facts), the API, and the rules that say which charts the page queries and with
 * which filters (charts-dashboards-reports §4 chart loading, §5 filter scopes, cross-filters).
 */
import {
  dashboardPageFold,
  FeatureFlag,
  isFeatureEnabled,
  type DashboardPageEvent,
  type DashboardPageState,
  type FeatureFlags,
} from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../shared/feature-store';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { DashboardApi } from './api/dashboard-api';
import { createChartLoader } from './charts/chart-loader';
import { extraFormDataForChart, waitsForRequiredFilters, type ChartFilterContext } from './filters/scope';
import { chartIdsInOrder } from './grid/layout';

/** A chart of a past view that runs no query (charts-dashboards-reports §4 shows it as the chart's alert). */
export const PAST_RESULTS_NOT_KEPT = 'Results are not kept: the dashboard as it was runs no query.';

export interface DashboardCore {
  readonly store: FeatureStore<DashboardPageState, DashboardPageEvent>;
  readonly api: DashboardApi;
  readonly toasts: ToastsFeature;
  readonly context: ClientContext;
  now(): number;
  filterContext(state?: DashboardPageState): ChartFilterContext;
  /** Re-queries the charts whose filters changed, and those a required filter was holding back. */
  refreshFilteredCharts(): void;
  /** slice_id's one chart, else the charts placed, in reading order. */
  loadableCharts(state?: DashboardPageState): number[];
  refreshChart(chartId: number, force?: boolean): void;
  crossFiltersEnabled(): boolean;
}

/** The core, and the chart loader's own controls (Stop, and aborting every request when the page changes). */
export function createDashboardCore({
  context,
  api: given,
  toasts,
  flags,
}: {
  context: ClientContext;
  api: DashboardApi;
  toasts: ToastsFeature;
  flags: () => FeatureFlags | undefined;
}): { core: DashboardCore; stopChart(chartId: number): void; abortCharts(): void } {
  const store = createFeatureStore<DashboardPageState, DashboardPageEvent>('dashboard', dashboardPageFold, context);
  // A past view that may run no query (the replay): every chart and filter value query of the page goes
  // through here, so none reaches a database; each says why it has no results.
  const api: DashboardApi = {
    ...given,
    chartData: (...args) =>
      store.getState().pastView?.queries === false
        ? Promise.reject(new Error(PAST_RESULTS_NOT_KEPT))
        : given.chartData(...args),
  };
  const now = () => Date.parse(context.now());
  const crossFiltersEnabled = () =>
    isFeatureEnabled(flags(), FeatureFlag.DASHBOARD_CROSS_FILTERS) &&
    store.getState().metadata.cross_filters_enabled !== false;
  const filterContext = (state = store.getState()): ChartFilterContext => ({
    layout: state.layout,
    metadata: state.metadata,
    items: state.filterItems,
    dataMask: state.dataMask,
    crossFiltersEnabled: crossFiltersEnabled(),
  });
  const loader = createChartLoader({ store, api, context, now, filterContext });
  const { refreshChart } = loader;

  const loadableCharts = (state = store.getState()) => {
    if (state.soloChartId !== null) return state.charts[state.soloChartId] ? [state.soloChartId] : [];
    return chartIdsInOrder(state.layout).filter((id) => state.charts[id]);
  };
  const refreshFilteredCharts = () => {
    const state = store.getState();
    const ctx = filterContext(state);
    if (waitsForRequiredFilters(ctx)) return;
    for (const chartId of loadableCharts(state)) {
      const runtime = state.chartStates[chartId];
      const extra = extraFormDataForChart(chartId, ctx);
      const last = runtime?.latestQueryFormData?.extra_form_data;
      if (!runtime?.latestQueryFormData || JSON.stringify(last ?? {}) !== JSON.stringify(extra)) refreshChart(chartId);
    }
  };

  return {
    core: {
      store,
      api,
      toasts,
      context,
      now,
      filterContext,
      refreshFilteredCharts,
      loadableCharts,
      refreshChart,
      crossFiltersEnabled,
    },
    stopChart: loader.stopChart,
    abortCharts: loader.abortAll,
  };
}
