/**
 * The dashboard page as a fold of its facts. Pure: times, ids and the server's answers arrive on the
 * events. Chart data answers of a replaced or stopped query change nothing (runtime `queryId`).
 */
import { leaveUnchanged } from '../../shared/exhaustive';
import { isNativeFilter } from '../native-filters/types';
import { maskValue } from './filter-values';
import type { ChartRuntime, DashboardPageEvent, FilterOptions, FilterSearch } from './page.events';
import {
  CHART_STOPPED,
  emptyChartRuntime,
  initialDashboardPageState,
  isStaleFilterOptionsAnswer,
  type DashboardPageState,
} from './page.state';
import { datasetKey, type DashboardMetadata } from './records';
import { evolveDashboardEdit, isDashboardEditEvent } from './edit-mode';
import { evolvePermalinkShare, isPermalinkShareEvent } from './permalink-share';

/** The auto-refresh period json_metadata saves (0: none), or null when it holds none. */
function persistedRefresh(metadata: DashboardMetadata): number | null {
  const seconds = metadata.refresh_frequency;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

function updateChart(
  state: DashboardPageState,
  chartId: number,
  queryId: string,
  patch: Partial<ChartRuntime>,
): DashboardPageState {
  const current = state.chartStates[chartId];
  // Answers of a query that was replaced (a newer refresh, or stopped) change nothing.
  if (!current || current.queryId !== queryId) return state;
  const chartStates = { ...state.chartStates, [chartId]: { ...current, ...patch } };
  const isRefreshing = state.isRefreshing && Object.values(chartStates).some((c) => c.chartStatus === 'loading');
  return { ...state, chartStates, isRefreshing };
}

/** The other tabs of the same TABS leave activeTabs when one is activated. */
function activateTab(state: DashboardPageState, tabId: string): DashboardPageState {
  const tab = state.layout[tabId];
  if (!tab || tab.type !== 'TAB') return state;
  const tabsId = tab.parents[tab.parents.length - 1];
  const siblings = tabsId ? (state.layout[tabsId]?.children ?? []) : [];
  const activeTabs = [...state.activeTabs.filter((id) => !siblings.includes(id)), tabId];
  return { ...state, activeTabs };
}

/** Cross-filters are keyed by chart id; native filters by their own ids. */
const crossFiltersOf = (state: DashboardPageState) =>
  Object.fromEntries(Object.entries(state.dataMask).filter(([key]) => /^\d+$/.test(key)));

export function evolveDashboardPage(state: DashboardPageState, event: DashboardPageEvent): DashboardPageState {
  if (isDashboardEditEvent(event)) {
    const edit = evolveDashboardEdit(state.edit, event);
    return edit === state.edit ? state : { ...state, edit };
  }
  if (isPermalinkShareEvent(event)) {
    const permalink = evolvePermalinkShare(state.permalink, event);
    return permalink === state.permalink ? state : { ...state, permalink };
  }
  switch (event.type) {
    case 'dashboardPage/loadStarted':
      return {
        ...initialDashboardPageState(),
        status: 'loading',
        requestId: event.data.requestId,
        idOrSlug: event.data.idOrSlug,
      };
    case 'dashboardPage/loaded': {
      if (event.data.requestId !== state.requestId) return state;
      const { requestId: _r, charts, datasets, ...loaded } = event.data;
      const metadata = loaded.metadata;
      return {
        ...state,
        ...loaded,
        status: 'ready',
        charts: Object.fromEntries(charts.map((c) => [c.id, c])),
        datasets: Object.fromEntries(datasets.map((d) => [datasetKey(d), d])),
        chartStates: Object.fromEntries(charts.map((c) => [c.id, emptyChartRuntime()])),
        filterDraft: Object.fromEntries(
          loaded.filterItems.filter(isNativeFilter).map((i) => [i.id, maskValue(loaded.dataMask[i.id])]),
        ),
        refreshFrequency: persistedRefresh(metadata) ?? 0,
        expandedSlices: Object.fromEntries(
          Object.entries(metadata.expanded_slices ?? {}).map(([id, on]) => [Number(id), on === true]),
        ),
      };
    }
    case 'dashboardPage/pastViewOpened':
      if (event.data.requestId !== state.requestId) return state;
      return {
        ...state,
        pastView: {
          asOf: event.data.asOf,
          queries: event.data.queries,
          unsavedDraft: event.data.unsavedDraft === true,
        },
      };
    case 'dashboardPage/loadFailed':
      if (event.data.requestId !== state.requestId) return state;
      return { ...state, status: 'failed', error: event.data.message };
    case 'dashboardPage/chartQueryStarted': {
      const { chartId, queryId, formData, at } = event.data;
      const current = state.chartStates[chartId] ?? emptyChartRuntime();
      const started: ChartRuntime = {
        ...current,
        chartStatus: 'loading',
        chartAlert: null,
        chartStackTrace: null,
        chartIssues: [],
        queryId,
        latestQueryFormData: formData,
        chartUpdateStartTime: at,
        chartUpdateEndTime: null,
      };
      return { ...state, chartStates: { ...state.chartStates, [chartId]: started } };
    }
    case 'dashboardPage/chartQuerySucceeded':
      return updateChart(state, event.data.chartId, event.data.queryId, {
        chartStatus: 'success',
        queriesResponse: event.data.queriesResponse,
        resultFormData: state.chartStates[event.data.chartId]?.latestQueryFormData ?? null,
        resultQueryId: event.data.queryId,
        chartUpdateEndTime: event.data.at,
      });
    case 'dashboardPage/chartQueryFailed':
      return updateChart(state, event.data.chartId, event.data.queryId, {
        chartStatus: 'failed',
        chartAlert: event.data.message,
        chartStackTrace: event.data.stackTrace,
        chartIssues: event.data.issues,
        queriesResponse: null,
        chartUpdateEndTime: event.data.at,
      });
    case 'dashboardPage/chartQueryStopped':
      return updateChart(state, event.data.chartId, event.data.queryId, {
        chartStatus: 'stopped',
        chartAlert: CHART_STOPPED,
        chartUpdateEndTime: event.data.at,
      });
    case 'dashboardPage/chartRendered': {
      const current = state.chartStates[event.data.chartId];
      if (current?.chartStatus !== 'success') return state;
      return updateChart(state, event.data.chartId, event.data.queryId, { chartStatus: 'rendered' });
    }
    case 'dashboardPage/chartRenderFailed':
      return updateChart(state, event.data.chartId, event.data.queryId, {
        chartStatus: 'failed',
        chartAlert: event.data.message,
      });
    case 'dashboardPage/refreshStarted':
      return { ...state, isRefreshing: event.data.chartIds.length > 0 };
    case 'dashboardPage/refreshFrequencyChanged':
      return { ...state, refreshFrequency: Math.max(0, event.data.seconds) };
    case 'dashboardPage/tabActivated':
      return activateTab(state, event.data.tabId);
    case 'dashboardPage/chartDescriptionToggled': {
      const id = event.data.chartId;
      return { ...state, expandedSlices: { ...state.expandedSlices, [id]: !state.expandedSlices[id] } };
    }
    case 'dashboardPage/fullSizeToggled':
      return { ...state, fullSizeChartId: state.fullSizeChartId === event.data.chartId ? null : event.data.chartId };
    case 'dashboardPage/focusedChartShown':
      return state.focusedChartId === event.data.chartId ? { ...state, focusedChartId: null } : state;
    case 'dashboardPage/filterValueSelected':
      return { ...state, filterDraft: { ...state.filterDraft, [event.data.filterId]: event.data.value } };
    case 'dashboardPage/filtersApplied':
      // Native filters are replaced as a whole; cross-filters (keyed by chart id) stay.
      return { ...state, dataMask: { ...crossFiltersOf(state), ...event.data.dataMask } };
    case 'dashboardPage/filterOptionsRequested': {
      const { filterId, requestId } = event.data;
      // The last values stay shown until the new ones come.
      const values = state.filterOptions[filterId]?.values ?? [];
      return {
        ...state,
        filterOptions: { ...state.filterOptions, [filterId]: { status: 'loading', values, error: null, requestId } },
      };
    }
    case 'dashboardPage/filterOptionsLoaded':
    case 'dashboardPage/filterOptionsFailed': {
      const { filterId, requestId } = event.data;
      // An answer to an earlier request (asked for an earlier selection of the parents) changes nothing.
      if (isStaleFilterOptionsAnswer(state, filterId, requestId)) return state;
      const next: FilterOptions =
        event.type === 'dashboardPage/filterOptionsLoaded'
          ? { status: 'ready', values: event.data.values, error: null, requestId }
          : { status: 'failed', values: [], error: event.data.message, requestId };
      return { ...state, filterOptions: { ...state.filterOptions, [filterId]: next } };
    }
    case 'dashboardPage/filterSearchTyped': {
      const { filterId, text } = event.data;
      const { [filterId]: previous, ...others } = state.filterSearch;
      // The last answer stays shown until the new one comes.
      const filterSearch = text.trim()
        ? { ...others, [filterId]: { text, status: 'loading' as const, values: previous?.values ?? [], error: null } }
        : others;
      return { ...state, filterSearch };
    }
    case 'dashboardPage/filterSearchLoaded':
    case 'dashboardPage/filterSearchFailed': {
      const current = state.filterSearch[event.data.filterId];
      // An answer to an earlier text (or a search given up) changes nothing.
      if (!current || current.text !== event.data.text) return state;
      const next: FilterSearch =
        event.type === 'dashboardPage/filterSearchLoaded'
          ? { ...current, status: 'ready', values: event.data.values, error: null }
          : { ...current, status: 'failed', values: [], error: event.data.message };
      return { ...state, filterSearch: { ...state.filterSearch, [event.data.filterId]: next } };
    }
    case 'dashboardPage/crossFilterChanged': {
      const key = String(event.data.chartId);
      const { [key]: _old, ...rest } = state.dataMask;
      return { ...state, dataMask: event.data.entry ? { ...rest, [key]: event.data.entry } : rest };
    }
    case 'dashboardPage/favorited':
      return { ...state, isStarred: true };
    case 'dashboardPage/unfavorited':
      return { ...state, isStarred: false };
    case 'dashboardPage/crossFilterScopeSaved': {
      const { [String(event.data.chartId)]: _old, ...others } = state.metadata.chart_configuration ?? {};
      const chart_configuration = event.data.config
        ? { ...others, [String(event.data.chartId)]: event.data.config }
        : others;
      return { ...state, metadata: { ...state.metadata, chart_configuration } };
    }
    case 'dashboardPage/chartAdded': {
      const { chart, dataset } = event.data;
      if (state.charts[chart.id]) return state;
      return {
        ...state,
        charts: { ...state.charts, [chart.id]: chart },
        chartStates: { ...state.chartStates, [chart.id]: emptyChartRuntime() },
        datasets: dataset ? { ...state.datasets, [datasetKey(dataset)]: dataset } : state.datasets,
      };
    }
    case 'dashboardPage/filtersConfigured': {
      const { items, dataMask, datasets } = event.data;
      const kept = new Set(items.map((i) => i.id));
      return {
        ...state,
        filterItems: items,
        metadata: { ...state.metadata, native_filter_configuration: items },
        dataMask: { ...crossFiltersOf(state), ...dataMask },
        filterDraft: Object.fromEntries(items.filter(isNativeFilter).map((i) => [i.id, maskValue(dataMask[i.id])])),
        filterOptions: Object.fromEntries(Object.entries(state.filterOptions).filter(([id]) => kept.has(id))),
        filterSearch: Object.fromEntries(Object.entries(state.filterSearch).filter(([id]) => kept.has(id))),
        datasets: datasets ? Object.fromEntries(datasets.map((d) => [datasetKey(d), d])) : state.datasets,
      };
    }
    case 'dashboardPage/versionAdvanced': {
      if (!state.dashboard) return state;
      const { version, lastModifiedTime } = event.data;
      const dashboard = {
        ...state.dashboard,
        ...(version !== null ? { version } : {}),
        ...(lastModifiedTime !== null ? { last_modified_time: lastModifiedTime } : {}),
      };
      return { ...state, dashboard };
    }
    case 'dashboardPage/configurationReloaded':
      if (!state.dashboard || state.dashboard.id !== event.data.dashboard.id) return state;
      return { ...state, dashboard: event.data.dashboard, metadata: event.data.metadata };
    case 'dashboardPage/propertiesSaved':
      // The layout and the filter bar have their own events: a properties save changes neither.
      if (state.dashboard?.id !== event.data.dashboard.id) return state;
      return {
        ...state,
        dashboard: { ...state.dashboard, ...event.data.dashboard },
        metadata: event.data.metadata,
        // A refresh frequency saved with the dashboard is the page's from now on (§4 persistent refresh).
        refreshFrequency: persistedRefresh(event.data.metadata) ?? state.refreshFrequency,
      };
    case 'dashboardPage/labelColorsStored':
      if (state.dashboard?.id !== event.data.dashboardId) return state;
      return { ...state, metadata: { ...state.metadata, ...event.data.colors } };
    default:
      return leaveUnchanged(event, state);
  }
}

/** The page's fold: `createStore` / time travel take it as is. */
export const dashboardPageFold = { initialState: initialDashboardPageState, evolve: evolveDashboardPage };
