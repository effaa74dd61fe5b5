import {
  asyncScheduler,
  distinctUntilChanged,
  EMPTY,
  filter,
  interval,
  map,
  merge,
  switchMap,
  timer,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  canEditDashboardLayout,
  DEFAULT_STAGGER_TIME_MS,
  FeatureFlag,
  isEditModeOn,
  isFeatureEnabled,
  chartsInScope,
  parseDatasourceKey,
  refreshSchedule,
  type ChartCrossFilterConfig,
  type FilterScope,
  type FeatureFlags,
  type PermissionSubject,
  dashboardPageFold,
  type DashboardPageEvent,
  type DashboardPageState,
  versionAdvanced,
} from '@strata/domain';
import { createFeatureStore, type ClientContext, type FeatureStore } from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { AsyncEvents } from '../async/async-events';
import { sharedAsyncEvents } from '../async/async-jobs';
import type { ToastsFeature } from '../toasts/toasts.feature';
import type { CrossFilter } from '../charts/viz';
import { dashboardApi, isStaleWrite, type DashboardApi, type DashboardWriteAnswer } from './api/dashboard-api';
import type { DashboardMetadata, DashboardPermalinkState } from './api/types';
import { createChartLoader } from './charts/chart-loader';
import { createLabelColors, type LabelColorsFeature } from './colors/label-colors.feature';
import { datasourceKeyOfChart } from './charts/chart-query';
import { filterActions, type FilterActions } from './filters/filter-actions';
import { filterSearches } from './filters/filter-search';
import {
  dataMaskEntry,
  defaultValueOf,
  nativeFilters,
  readFilterConfiguration,
  type FilterConfigItem,
} from './filters/native-filters';
import { extraFormDataForChart, waitsForRequiredFilters, type ChartFilterContext } from './filters/scope';
import { chartComponent, chartIdsInOrder, readLayout, tabsOnPath, type Layout } from './grid/layout';
import { initialDataMask, type DashboardUrlState } from './url/dashboard-url';

export interface DashboardDeps {
  context: ClientContext;
  http: HttpClient;
  toasts: ToastsFeature;
  user: () => PermissionSubject | null;
  /** The server's flags; a getter reads them when needed (the session's, which come after sign-in). */
  featureFlags?: FeatureFlags | (() => FeatureFlags | undefined);
  /** Where chart data jobs are waited for; the page's shared listener (socket + polling) by default. */
  asyncEvents?: AsyncEvents;
  /** Timers of the auto-refresh and the stagger; tests may pass their own. */
  scheduler?: SchedulerLike;
}

/** What the filter bar and chart modules build on. */
export interface DashboardCore {
  readonly store: FeatureStore<DashboardPageState, DashboardPageEvent>;
  readonly api: DashboardApi;
  readonly toasts: ToastsFeature;
  readonly context: ClientContext;
  now(): number;
  filterContext(state?: DashboardPageState): ChartFilterContext;
  /** Re-queries the charts whose filters changed, and those a required filter was holding back. */
  refreshFilteredCharts(): void;
}

export interface DashboardFeature extends DashboardCore, FilterActions {
  open(idOrSlug: string, url: DashboardUrlState, permalink?: DashboardPermalinkState): Promise<void>;
  refreshChart(chartId: number, force?: boolean): void;
  /** Force refresh of every chart, at once. */
  refreshAll(): void;
  stopChart(chartId: number): void;
  setRefreshFrequency(seconds: number): void;
  activateTab(tabId: string): void;
  /** Activates the tabs on the way to a component (an anchor, the focused chart). */
  reveal(componentId: string): void;
  toggleDescription(chartId: number): void;
  toggleFullSize(chartId: number): void;
  focusedChartShown(chartId: number): void;
  rendered(chartId: number, queryId: string): void;
  renderFailed(chartId: number, queryId: string, error: unknown): void;
  crossFilter(chartId: number, filter: CrossFilter): void;
  crossFiltersEnabled(): boolean;
  toggleStar(): Promise<void>;
  /**
   * Saves which charts a click on `chartId` cross-filters: a scope of its own, or 'global' (the
   * dashboard's). Charts the chart is filtering now follow the new scope at once.
   */
  setCrossFilterScope(chartId: number, scope: FilterScope | 'global'): Promise<void>;
  /** A chart of the edit-mode draft drawn with its data: fetched (with its dataset) if the page lacks it, then queried. */
  ensureChart(chartId: number): void;
  /** The filter configuration modal saved: the filter bar, the applied values and the charts follow. */
  filtersConfigured(items: FilterConfigItem[], saved?: DashboardWriteAnswer): Promise<void>;
  /**
   * A write was refused because someone else changed the dashboard since it was read (409): the user is
   * told, and the dashboard's configuration (filters, cross-filter scopes, version) is read again.
   */
  writeRefusedAsStale(): Promise<void>;
  canEdit(): boolean;
  /** One colour per label on all the dashboard's charts (spec §3 label colours, §4 colour sync). */
  readonly colors: LabelColorsFeature;
  dispose(): void;
}

const messageOf = (error: unknown) => toClientError(error).message;

export const DASHBOARD_CHANGED_ELSEWHERE =
  'This dashboard was changed by someone else, so your change was not saved. Their latest filters and settings are shown now; reload the page to see all their changes.';

export function parseMetadata(value: unknown): DashboardMetadata {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = value ? (JSON.parse(value) as unknown) : {};
    } catch {
      parsed = {};
    }
  }
  return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as DashboardMetadata) : {};
}

/** The default active tabs: the first tab of every TABS on the way down the first tabs. */
function defaultActiveTabs(layout: Layout): string[] {
  return Object.values(layout)
    .filter((item) => item.type === 'TABS' && item.children.length > 0)
    .map((item) => item.children[0]!);
}

/**
 * The dashboard page's store: a fold of the dashboard, its charts' runtime states (spec §4), the filter
 * bar and the data mask. Effects are HTTP calls (load, chart data) and the timers of the auto-refresh.
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
  const crossFiltersOn = () =>
    isFeatureEnabled(flags(), FeatureFlag.DASHBOARD_CROSS_FILTERS) &&
    store.getState().metadata.cross_filters_enabled !== false;

  const filterContext = (state = store.getState()): ChartFilterContext => ({
    layout: state.layout,
    metadata: state.metadata,
    items: state.filterItems,
    dataMask: state.dataMask,
    crossFiltersEnabled: crossFiltersOn(),
  });

  const loader = createChartLoader({ store, api, context, now, filterContext });
  // Charts placed in edit mode whose definition is on its way (ensureChart).
  const fetchingCharts = new Set<number>();
  const { refreshChart } = loader;

  const loadableCharts = (state = store.getState()) => {
    // slice_id shows one chart of the dashboard; otherwise the charts placed, in reading order.
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

  const core: DashboardCore = { store, api, toasts, context, now, filterContext, refreshFilteredCharts };
  const filters = filterActions(core);
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

  /**
   * A new filter configuration: unchanged filters keep what is applied, new and changed ones start from
   * their default value. `first` (the version a save answered, a dashboard read again) is recorded at
   * once, before the datasets are asked for: a save made meanwhile must already name the new version.
   */
  const adoptFilters = async (items: FilterConfigItem[], first: DashboardPageEvent[]) => {
    store.record(first);
    const state = store.getState();
    if (!state.dashboard) return;
    const before = new Map(state.filterItems.map((f) => [f.id, JSON.stringify(f)]));
    const dataMask = Object.fromEntries(
      nativeFilters(items).map((f) => [
        f.id,
        before.get(f.id) === JSON.stringify(f) && state.dataMask[f.id]
          ? state.dataMask[f.id]!
          : dataMaskEntry(f, defaultValueOf(f)),
      ]),
    );
    // A filter may read a dataset no chart uses: the page needs its columns for the filter's values.
    const datasets = await api.getDatasets(state.dashboard.id, Object.values(state.charts)).catch(() => null);
    store.record([{ type: 'dashboardPage/filtersConfigured', data: { items, dataMask, datasets } }]);
    refreshFilteredCharts();
    filters.loadFilterOptions();
  };

  const writeRefusedAsStale = async () => {
    toasts.warning(DASHBOARD_CHANGED_ELSEWHERE);
    const state = store.getState();
    if (!state.dashboard) return;
    try {
      const dashboard = await api.getDashboard(String(state.dashboard.id));
      const metadata = parseMetadata(dashboard.json_metadata);
      await adoptFilters(readFilterConfiguration(metadata.native_filter_configuration), [
        { type: 'dashboardPage/configurationReloaded', data: { dashboard, metadata } },
      ]);
    } catch (error) {
      toasts.danger(`The dashboard could not be read again: ${messageOf(error)}`);
    }
  };

  /** spec §9 staggered refresh, by the domain's schedule; `periodic` leaves the immune charts out. */
  const runSchedule = (periodic: boolean) => {
    const { metadata, refreshFrequency } = store.getState();
    const steps = refreshSchedule(
      loadableCharts(),
      {
        refreshFrequency,
        staggerRefresh: metadata.stagger_refresh !== false,
        staggerTime: typeof metadata.stagger_time === 'number' ? metadata.stagger_time : DEFAULT_STAGGER_TIME_MS,
        immuneChartIds: metadata.timed_refresh_immune_slices ?? [],
      },
      periodic,
    );
    store.record([
      { type: 'dashboardPage/refreshStarted', data: { chartIds: steps.map((s) => s.chartId), force: true } },
    ]);
    return steps;
  };

  // The auto-refresh (spec §4, json_metadata.refresh_frequency): restarts whenever the frequency is set.
  const subscriptions: Subscription[] = [
    store.recorded$
      .pipe(
        filter(
          (e) =>
            e.type === 'dashboardPage/loaded' ||
            e.type === 'dashboardPage/refreshFrequencyChanged' ||
            e.type === 'dashboardPage/loadStarted' ||
            e.type === 'dashboardPage/propertiesSaved',
        ),
        map(() => store.getState().refreshFrequency),
        // A properties save that leaves the period as it was must not restart the round under way.
        distinctUntilChanged(),
        // Off, or a new period, also cancels the round under way.
        switchMap((seconds) =>
          seconds > 0
            ? interval(seconds * 1000, scheduler).pipe(switchMap(() => timerSteps(runSchedule(true), scheduler)))
            : EMPTY,
        ),
      )
      .subscribe((chartId) => refreshChart(chartId, true)),
    // Select filters that search all their values ask the database as the user types.
    filterSearches(core, scheduler),
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
    ...filters,
    colors,
    async open(idOrSlug, url, permalink) {
      const requestId = context.newId();
      loader.abortAll();
      store.record([{ type: 'dashboardPage/loadStarted', data: { requestId, idOrSlug } }]);
      try {
        const dashboard = await api.getDashboard(idOrSlug);
        const placed = chartIdsInOrder(readLayout(dashboard.position_json).layout);
        const charts = await api.getCharts(dashboard.id, [...new Set([...placed, ...(dashboard.chart_ids ?? [])])]);
        const datasets = await api.getDatasets(dashboard.id, charts).then(
          (d) => ({ ok: true as const, d }),
          () => ({ ok: false as const, d: [] }),
        );
        const metadata = parseMetadata(dashboard.json_metadata);
        const { layout, problems } = readLayout(
          dashboard.position_json,
          charts.map((c) => c.id),
        );
        if (problems.length)
          toasts.warning(`This dashboard's layout could not be read; its charts are shown one per row. ${problems[0]}`);
        const filterItems = readFilterConfiguration(metadata.native_filter_configuration);
        const dataMask = initialDataMask(filterItems, url, (permalink?.dataMask ?? {}) as never);
        let activeTabs = permalink?.activeTabs?.filter((id) => layout[id]?.type === 'TAB') ?? [];
        if (activeTabs.length === 0) activeTabs = defaultActiveTabs(layout);
        const me = user();
        store.record([
          {
            type: 'dashboardPage/loaded',
            data: {
              requestId,
              dashboard,
              metadata,
              layout,
              charts,
              datasets: datasets.d,
              datasetsStatus: datasets.ok ? 'complete' : 'error',
              filterItems,
              dataMask,
              activeTabs,
              // spec §2: edit mode only with edit permission and edit=true.
              editMode: isEditModeOn(
                { edit: canEditDashboardLayout(me, { owners: dashboard.owners ?? [] }) },
                url.editParam,
              ),
              focusedChartId: url.focusedChartId,
              soloChartId: url.params.sliceId ?? null,
            },
          },
        ]);
        const anchor = permalink?.anchor ?? url.anchor;
        if (anchor) this.reveal(anchor);
        if (url.focusedChartId !== null) {
          const component = chartComponent(layout, url.focusedChartId);
          if (component) this.reveal(component.id);
        }
        api.favoriteStatus([dashboard.id]).then(
          (status) => {
            if (status[dashboard.id]) store.record([{ type: 'dashboardPage/favorited', data: {} }]);
          },
          () => undefined,
        );
        // Charts load at once, in reading order; those behind a required filter wait for its value.
        if (!waitsForRequiredFilters(filterContext()))
          for (const chartId of loadableCharts()) refreshChart(chartId, url.params.force);
        filters.loadFilterOptions();
      } catch (error) {
        store.record([{ type: 'dashboardPage/loadFailed', data: { requestId, message: messageOf(error) } }]);
      }
    },
    refreshChart,
    refreshAll() {
      // Force refresh of all (the title bar's button) is at once, as Superset's: the user asked for it now.
      const charts = loadableCharts();
      store.record([{ type: 'dashboardPage/refreshStarted', data: { chartIds: charts, force: true } }]);
      charts.forEach((id) => refreshChart(id, true));
    },
    stopChart: loader.stopChart,
    setRefreshFrequency(seconds) {
      if (seconds !== store.getState().refreshFrequency)
        store.record([{ type: 'dashboardPage/refreshFrequencyChanged', data: { seconds } }]);
    },
    activateTab(tabId) {
      if (!store.getState().activeTabs.includes(tabId))
        store.record([{ type: 'dashboardPage/tabActivated', data: { tabId } }]);
    },
    reveal(componentId) {
      const state = store.getState();
      const missing = tabsOnPath(state.layout, componentId).filter((id) => !state.activeTabs.includes(id));
      if (missing.length)
        store.record(
          missing.map((tabId): DashboardPageEvent => ({ type: 'dashboardPage/tabActivated', data: { tabId } })),
        );
    },
    toggleDescription: (chartId) =>
      void store.record([{ type: 'dashboardPage/chartDescriptionToggled', data: { chartId } }]),
    toggleFullSize: (chartId) => void store.record([{ type: 'dashboardPage/fullSizeToggled', data: { chartId } }]),
    focusedChartShown: (chartId) => void store.record([{ type: 'dashboardPage/focusedChartShown', data: { chartId } }]),
    rendered(chartId, queryId) {
      const runtime = store.getState().chartStates[chartId];
      if (runtime?.queryId === queryId && runtime.chartStatus === 'success')
        store.record([{ type: 'dashboardPage/chartRendered', data: { chartId, queryId } }]);
    },
    renderFailed(chartId, queryId, error) {
      const runtime = store.getState().chartStates[chartId];
      if (runtime?.queryId !== queryId || runtime.chartStatus === 'failed') return;
      const message = error instanceof Error ? error.message : String(error);
      store.record([
        {
          type: 'dashboardPage/chartRenderFailed',
          data: { chartId, queryId, message: `An error occurred while rendering the visualization: ${message}` },
        },
      ]);
    },
    crossFilter(chartId, crossFilter) {
      if (!crossFiltersOn()) return;
      const entry = crossFilter.filters.length
        ? {
            id: String(chartId),
            extraFormData: { filters: crossFilter.filters },
            filterState: { value: crossFilter.filters.flatMap((f) => f.val), label: crossFilter.label },
          }
        : null;
      // The same element clicked again clears the chart's cross-filter.
      const current = store.getState().dataMask[String(chartId)];
      const same = entry && current && JSON.stringify(current.extraFormData) === JSON.stringify(entry.extraFormData);
      store.record([{ type: 'dashboardPage/crossFilterChanged', data: { chartId, entry: same ? null : entry } }]);
      refreshFilteredCharts();
    },
    crossFiltersEnabled: crossFiltersOn,
    async toggleStar() {
      const state = store.getState();
      if (!state.dashboard) return;
      const favorite = !state.isStarred;
      try {
        await api.setFavorite(state.dashboard.id, favorite);
        // spec §4: the favourite star toggles on success of the call.
        store.record([{ type: favorite ? 'dashboardPage/favorited' : 'dashboardPage/unfavorited', data: {} }]);
      } catch (error) {
        toasts.danger(`An error occurred while starring this dashboard: ${messageOf(error)}`);
      }
    },
    async setCrossFilterScope(chartId, scope) {
      const state = store.getState();
      if (!state.dashboard) return;
      const config: ChartCrossFilterConfig | null =
        scope === 'global'
          ? null
          : {
              id: chartId,
              crossFilters: { scope, chartsInScope: chartsInScope(state.layout, scope).filter((id) => id !== chartId) },
            };
      const { [String(chartId)]: _old, ...others } = state.metadata.chart_configuration ?? {};
      let saved: DashboardWriteAnswer;
      try {
        saved = await api.saveChartConfiguration(
          state.dashboard.id,
          config ? { ...others, [String(chartId)]: config } : others,
          state.dashboard.version,
        );
      } catch (error) {
        // The whole chart_configuration is sent: on a stale version, theirs is read rather than overwritten.
        if (isStaleWrite(error)) return writeRefusedAsStale();
        throw error;
      }
      store.record([
        { type: 'dashboardPage/crossFilterScopeSaved', data: { chartId, config } },
        versionAdvanced(saved),
      ]);
      refreshFilteredCharts();
    },
    ensureChart(chartId) {
      const state = store.getState();
      if (!state.dashboard || fetchingCharts.has(chartId)) return;
      if (state.charts[chartId]) {
        if (state.chartStates[chartId]?.chartStatus === null) refreshChart(chartId);
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
          store.record([{ type: 'dashboardPage/chartAdded', data: { chart, dataset } }]);
          refreshChart(chartId);
        } catch {
          // The holder keeps saying the chart is not available to this user.
        } finally {
          fetchingCharts.delete(chartId);
        }
      })();
    },
    filtersConfigured: (items, saved) => adoptFilters(items, saved ? [versionAdvanced(saved)] : []),
    writeRefusedAsStale,
    canEdit,
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
      colors.dispose();
      loader.abortAll();
    },
  };
}

/** Emits each chart id when its step's delay has passed. */
function timerSteps(steps: { chartId: number; delayMs: number }[], scheduler: SchedulerLike) {
  return merge(...steps.map((s) => timer(s.delayMs, scheduler).pipe(map(() => s.chartId))));
}
