import { asyncScheduler, filter, type SchedulerLike, type Subscription } from 'rxjs';
import {
  canEditDashboardLayout,
  dashboardPageFold,
  FeatureFlag,
  isFeatureEnabled,
  type DashboardPageEvent,
  type DashboardPageState,
  type FeatureFlags,
  type PermissionSubject,
} from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../shared/feature-store';
import type { HttpClient } from '../api/http-client';
import type { AsyncEvents } from '../async/async-events';
import { sharedAsyncEvents } from '../async/async-jobs';
import type { ToastsFeature } from '../toasts/toasts.feature';
import { dashboardApi, type DashboardApi } from './api/dashboard-api';
import { createChartLoader } from './charts/chart-loader';
import { chartRuntimeActions, type ChartRuntimeActions } from './charts/chart-runtime-actions';
import { createLabelColors, type LabelColorsFeature } from './colors/label-colors.feature';
import { draftApi } from './edit/draft-api';
import { paletteActions, type PaletteActions } from './edit/palette-actions';
import { saveActions, type SaveActions } from './edit/save-actions';
import { versionActions, type VersionActions } from './edit/version-actions';
import { configurationActions, type ConfigurationActions } from './filters/configuration-actions';
import { crossFilterActions, type CrossFilterActions } from './filters/cross-filter-actions';
import { filterActions, type FilterActions } from './filters/filter-actions';
import { filterSearches } from './filters/filter-search';
import { extraFormDataForChart, waitsForRequiredFilters, type ChartFilterContext } from './filters/scope';
import { chartIdsInOrder } from './grid/layout';
import { viewActions, type ViewActions } from './grid/view-actions';
import { openActions, type OpenActions } from './load/open-actions';
import { permalinkActions, type PermalinkActions } from './permalinks/permalink-actions';
import { favoriteActions, type FavoriteActions } from './properties/favorite-actions';
import { autoRefresh, refreshActions, type RefreshActions } from './refresh/refresh-actions';

export { parseMetadata } from './load/open-actions';
export { DASHBOARD_CHANGED_ELSEWHERE } from './filters/configuration-actions';

export interface DashboardDeps {
  context: ClientContext;
  http: HttpClient;
  toasts: ToastsFeature;
  user: () => PermissionSubject | null;
  /** The server's flags; a getter reads them when needed (the session's, which come after sign-in). */
  featureFlags?: FeatureFlags | (() => FeatureFlags | undefined);
  /** Where chart data jobs are waited for; the page's shared listener (socket + polling) by default. */
  asyncEvents?: AsyncEvents;
  /** Timers of the auto-refresh, the stagger and the palette's search; tests may pass their own. */
  scheduler?: SchedulerLike;
}

/** What the action modules build on. */
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

/** The page's intents, one module per part of the page; the components bind to `store` and call these. */
export interface DashboardFeature
  extends
    DashboardCore,
    OpenActions,
    ViewActions,
    RefreshActions,
    ChartRuntimeActions,
    FilterActions,
    ConfigurationActions,
    CrossFilterActions,
    FavoriteActions,
    SaveActions,
    VersionActions,
    PaletteActions,
    PermalinkActions {
  stopChart(chartId: number): void;
  canEdit(): boolean;
  /** One colour per label on all the dashboard's charts (spec §3 label colours, §4 colour sync). */
  readonly colors: LabelColorsFeature;
  dispose(): void;
}

/**
 * The dashboard page's store: a fold of the dashboard, its charts' runtime states (spec §4), the filter
 * bar, the data mask, edit mode's save / history / palette and the shared permalink. Effects are HTTP
 * calls and timers, in the action modules composed here.
 */
export function createDashboard({
  context,
  http,
  toasts,
  user,
  featureFlags,
  asyncEvents: given,
  scheduler = asyncScheduler,
}: DashboardDeps): DashboardFeature {
  const store = createFeatureStore<DashboardPageState, DashboardPageEvent>('dashboard', dashboardPageFold, context);
  // Chart data may answer 202 with a job (GLOBAL_ASYNC_QUERIES): its event comes on the page's shared channel.
  const asyncEvents = () => given ?? sharedAsyncEvents(http, context.sessionId);
  const api = dashboardApi(http, asyncEvents);
  const now = () => Date.parse(context.now());
  const flags = () => (typeof featureFlags === 'function' ? featureFlags() : featureFlags);
  // With the flag on, every chart is a job: the socket is opened now so the first charts need not poll.
  if (isFeatureEnabled(flags(), FeatureFlag.GLOBAL_ASYNC_QUERIES)) asyncEvents().open();
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

  const core: DashboardCore = {
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
  };
  const canEdit = () => {
    const dashboard = store.getState().dashboard;
    return !!dashboard && canEditDashboardLayout(user(), { owners: dashboard.owners ?? [] });
  };
  const colors = createLabelColors({
    context,
    http,
    canEdit,
    scheduler,
    // So that a properties save made next starts from the colours the server holds, not older ones.
    onStored: (dashboardId, stored) =>
      void store.record([{ type: 'dashboardPage/labelColorsStored', data: { dashboardId, colors: stored } }]),
  });

  const filters = filterActions(core);
  const view = viewActions(core);
  const opening = openActions(core, {
    user,
    abortCharts: loader.abortAll,
    reveal: view.reveal,
    loadFilterOptions: filters.loadFilterOptions,
  });
  const configuration = configurationActions(core, filters);
  const drafts = draftApi(http);
  const { subscription: paletteSearches, ...palette } = paletteActions(core, drafts, scheduler);

  const subscriptions: Subscription[] = [
    autoRefresh(core, scheduler),
    // Select filters that search all their values ask the database as the user types.
    filterSearches(core, scheduler),
    paletteSearches,
    // The label colours start from the metadata the page has read (the dashboard's, a newer one after a 409,
    // or the one a properties save answered: a new colour scheme redraws the charts at once).
    store.recorded$
      .pipe(
        filter(
          (e) =>
            e.type === 'dashboardPage/loaded' ||
            e.type === 'dashboardPage/configurationReloaded' ||
            e.type === 'dashboardPage/propertiesSaved',
        ),
      )
      .subscribe(() => {
        const { dashboard, metadata } = store.getState();
        if (dashboard) colors.opened(dashboard.id, metadata);
      }),
  ];

  return {
    ...core,
    ...opening,
    ...view,
    ...refreshActions(core),
    ...chartRuntimeActions(core),
    ...filters,
    ...configuration,
    ...crossFilterActions(core, configuration),
    ...favoriteActions(core),
    ...saveActions(core, drafts),
    ...versionActions(core, drafts),
    ...palette,
    ...permalinkActions(core, opening),
    stopChart: loader.stopChart,
    colors,
    canEdit,
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
      colors.dispose();
      loader.abortAll();
    },
  };
}
