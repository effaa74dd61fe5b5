import type { ChartCrossFilterConfig } from '@strata/domain';
import type { EventLike } from '@strata/events';
import { unchanged } from '../../shared/exhaustive';
import type { DashboardChart, DashboardDataset, DashboardMetadata, DashboardRecord } from './api/types';
import {
  isNativeFilter,
  maskValue,
  type DataMask,
  type DataMaskMap,
  type FilterConfigItem,
  type FilterValue,
} from './filters/native-filters';
import type { Layout } from './grid/layout';

/** spec §4 Chart status. null: not queried yet (waiting for a required filter, or not loaded). */
export type ChartStatus = 'loading' | 'success' | 'rendered' | 'failed' | 'stopped';

/** spec §3 Chart runtime state, the parts the dashboard shows. */
export interface ChartRuntime {
  chartStatus: ChartStatus | null;
  chartAlert: string | null;
  chartStackTrace: string | null;
  /** Lines under the alert (the timeout's issue codes 1000 and 1001). */
  chartIssues: string[];
  chartUpdateStartTime: number | null;
  chartUpdateEndTime: number | null;
  queryId: string | null;
  queriesResponse: Record<string, unknown>[] | null;
  latestQueryFormData: Record<string, unknown> | null;
  /** The form data the shown results were queried with: the chart stays drawn while a refresh runs. */
  resultFormData: Record<string, unknown> | null;
  /** The query those results answer. */
  resultQueryId: string | null;
}

export interface FilterOptions {
  status: 'loading' | 'ready' | 'failed';
  values: (string | number | boolean | null)[];
  error: string | null;
}

/**
 * "Dynamically search all filter values": what was typed in a select filter's search and the column's
 * values that match it, queried from the database rather than picked from the loaded ones.
 */
export interface FilterSearch {
  text: string;
  status: 'loading' | 'ready' | 'failed';
  values: FilterOptions['values'];
  error: string | null;
}

export interface LoadedDashboard {
  dashboard: DashboardRecord;
  metadata: DashboardMetadata;
  layout: Layout;
  charts: DashboardChart[];
  datasets: DashboardDataset[];
  datasetsStatus: 'complete' | 'error';
  filterItems: FilterConfigItem[];
  dataMask: DataMaskMap;
  activeTabs: string[];
  editMode: boolean;
  focusedChartId: number | null;
  /** slice_id: the page shows this one chart. */
  soloChartId: number | null;
}

export type DashboardEvent =
  | EventLike<'dashboard/loadStarted', { requestId: string; idOrSlug: string }>
  | EventLike<'dashboard/loaded', { requestId: string } & LoadedDashboard>
  | EventLike<'dashboard/loadFailed', { requestId: string; message: string }>
  | EventLike<
      'dashboard/chartQueryStarted',
      { chartId: number; queryId: string; formData: Record<string, unknown>; at: number }
    >
  | EventLike<
      'dashboard/chartQuerySucceeded',
      { chartId: number; queryId: string; queriesResponse: Record<string, unknown>[]; at: number }
    >
  | EventLike<
      'dashboard/chartQueryFailed',
      { chartId: number; queryId: string; message: string; stackTrace: string | null; issues: string[]; at: number }
    >
  | EventLike<'dashboard/chartQueryStopped', { chartId: number; queryId: string; at: number }>
  | EventLike<'dashboard/chartRendered', { chartId: number; queryId: string }>
  | EventLike<'dashboard/chartRenderFailed', { chartId: number; queryId: string; message: string }>
  | EventLike<'dashboard/refreshStarted', { chartIds: number[]; force: boolean }>
  | EventLike<'dashboard/refreshFrequencyChanged', { seconds: number }>
  | EventLike<'dashboard/tabActivated', { tabId: string }>
  | EventLike<'dashboard/chartDescriptionToggled', { chartId: number }>
  | EventLike<'dashboard/fullSizeToggled', { chartId: number }>
  | EventLike<'dashboard/focusedChartShown', { chartId: number }>
  | EventLike<'dashboard/filterValueSelected', { filterId: string; value: FilterValue | null }>
  | EventLike<'dashboard/filtersApplied', { dataMask: DataMaskMap }>
  | EventLike<'dashboard/filterOptionsRequested', { filterId: string }>
  | EventLike<'dashboard/filterOptionsLoaded', { filterId: string; values: FilterOptions['values'] }>
  | EventLike<'dashboard/filterOptionsFailed', { filterId: string; message: string }>
  /** Typed in the search of a select filter that searches all its values (empty text: the search is over). */
  | EventLike<'dashboard/filterSearchTyped', { filterId: string; text: string }>
  | EventLike<'dashboard/filterSearchLoaded', { filterId: string; text: string; values: FilterOptions['values'] }>
  | EventLike<'dashboard/filterSearchFailed', { filterId: string; text: string; message: string }>
  | EventLike<'dashboard/crossFilterChanged', { chartId: number; entry: DataMask | null }>
  | EventLike<'dashboard/starToggled', { isStarred: boolean }>
  /** A chart's cross-filter scope was saved (null: back to the dashboard's global scope). */
  | EventLike<'dashboard/crossFilterScopeSaved', { chartId: number; config: ChartCrossFilterConfig | null }>
  /** A chart placed on the draft in edit mode since the page loaded, with its dataset when the page lacked it. */
  | EventLike<'dashboard/chartAdded', { chart: DashboardChart; dataset: DashboardDataset | null }>
  /** The filter configuration was saved: its items, their applied values, and the datasets (null: unchanged). */
  | EventLike<
      'dashboard/filtersConfigured',
      { items: FilterConfigItem[]; dataMask: DataMaskMap; datasets: DashboardDataset[] | null }
    >
  /** The server took a write of this page: the version (and change time) its next write names (null: not said). */
  | EventLike<'dashboard/versionAdvanced', { version: number | null; lastModifiedTime: number | null }>
  /** After a write refused as stale (409): the dashboard as it is now, with its metadata (filters come with filtersConfigured). */
  | EventLike<'dashboard/configurationReloaded', { dashboard: DashboardRecord; metadata: DashboardMetadata }>
  /** The dashboard's own fields (published, title, slug, owners, CSS, metadata...) as the server answered a save of this page. */
  | EventLike<'dashboard/propertiesSaved', { dashboard: DashboardRecord; metadata: DashboardMetadata }>
  /** The page's label colour sync was stored (PUT .../colors): its fields are the metadata's now. */
  | EventLike<'dashboard/labelColorsStored', { dashboardId: number; colors: Record<string, unknown> }>;

export interface DashboardState extends Omit<LoadedDashboard, 'charts' | 'datasets' | 'dashboard' | 'datasetsStatus'> {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  requestId: string | null;
  idOrSlug: string | null;
  error: string | null;
  dashboard: DashboardRecord | null;
  charts: Record<number, DashboardChart>;
  /** By datasource key '{id}__{type}'. */
  datasets: Record<string, DashboardDataset>;
  datasetsStatus: 'loading' | 'complete' | 'error';
  chartStates: Record<number, ChartRuntime>;
  /** Values picked in the filter bar, not applied yet (Apply sends them to the charts). */
  filterDraft: Record<string, FilterValue | null>;
  filterOptions: Record<string, FilterOptions>;
  /** By filter id: the dynamic searches under way or answered. */
  filterSearch: Record<string, FilterSearch>;
  refreshFrequency: number;
  isRefreshing: boolean;
  expandedSlices: Record<number, boolean>;
  fullSizeChartId: number | null;
  isStarred: boolean;
}

export const emptyChartRuntime = (): ChartRuntime => ({
  chartStatus: null,
  chartAlert: null,
  chartStackTrace: null,
  chartIssues: [],
  chartUpdateStartTime: null,
  chartUpdateEndTime: null,
  queryId: null,
  queriesResponse: null,
  latestQueryFormData: null,
  resultFormData: null,
  resultQueryId: null,
});

/** The auto-refresh period json_metadata saves (0: none), or null when it holds none. */
function persistedRefresh(metadata: DashboardMetadata): number | null {
  const seconds = metadata.refresh_frequency;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, seconds) : null;
}

/** spec §4: 'Updating chart was stopped'. */
export const CHART_STOPPED = 'Updating chart was stopped';

const initialState = (): DashboardState => ({
  status: 'idle',
  requestId: null,
  idOrSlug: null,
  error: null,
  dashboard: null,
  metadata: {},
  layout: {},
  charts: {},
  datasets: {},
  datasetsStatus: 'loading',
  filterItems: [],
  dataMask: {},
  filterDraft: {},
  filterOptions: {},
  filterSearch: {},
  chartStates: {},
  activeTabs: [],
  editMode: false,
  focusedChartId: null,
  soloChartId: null,
  refreshFrequency: 0,
  isRefreshing: false,
  expandedSlices: {},
  fullSizeChartId: null,
  isStarred: false,
});

function updateChart(
  state: DashboardState,
  chartId: number,
  queryId: string,
  patch: Partial<ChartRuntime>,
): DashboardState {
  const current = state.chartStates[chartId];
  // Answers of a query that was replaced (a newer refresh, or stopped) change nothing.
  if (!current || current.queryId !== queryId) return state;
  const chartStates = { ...state.chartStates, [chartId]: { ...current, ...patch } };
  const isRefreshing = state.isRefreshing && Object.values(chartStates).some((c) => c.chartStatus === 'loading');
  return { ...state, chartStates, isRefreshing };
}

/** The other tabs of the same TABS leave activeTabs when one is activated. */
function activateTab(state: DashboardState, tabId: string): DashboardState {
  const tab = state.layout[tabId];
  if (!tab || tab.type !== 'TAB') return state;
  const tabsId = tab.parents[tab.parents.length - 1];
  const siblings = tabsId ? (state.layout[tabsId]?.children ?? []) : [];
  const activeTabs = [...state.activeTabs.filter((id) => !siblings.includes(id)), tabId];
  return { ...state, activeTabs };
}

export const dashboardFold = {
  initialState,
  evolve(state: DashboardState, event: DashboardEvent): DashboardState {
    switch (event.type) {
      case 'dashboard/loadStarted':
        return { ...initialState(), status: 'loading', requestId: event.data.requestId, idOrSlug: event.data.idOrSlug };
      case 'dashboard/loaded': {
        if (event.data.requestId !== state.requestId) return state;
        const { requestId: _r, charts, datasets, ...loaded } = event.data;
        const metadata = loaded.metadata;
        return {
          ...state,
          ...loaded,
          status: 'ready',
          charts: Object.fromEntries(charts.map((c) => [c.id, c])),
          datasets: Object.fromEntries(datasets.map((d) => [`${d.id}__${d.type ?? 'table'}`, d])),
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
      case 'dashboard/loadFailed':
        if (event.data.requestId !== state.requestId) return state;
        return { ...state, status: 'failed', error: event.data.message };
      case 'dashboard/chartQueryStarted': {
        const { chartId, queryId, formData, at } = event.data;
        const current = state.chartStates[chartId] ?? emptyChartRuntime();
        return {
          ...state,
          chartStates: {
            ...state.chartStates,
            [chartId]: {
              ...current,
              chartStatus: 'loading',
              chartAlert: null,
              chartStackTrace: null,
              chartIssues: [],
              queryId,
              latestQueryFormData: formData,
              chartUpdateStartTime: at,
              chartUpdateEndTime: null,
            },
          },
        };
      }
      case 'dashboard/chartQuerySucceeded':
        return updateChart(state, event.data.chartId, event.data.queryId, {
          chartStatus: 'success',
          queriesResponse: event.data.queriesResponse,
          resultFormData: state.chartStates[event.data.chartId]?.latestQueryFormData ?? null,
          resultQueryId: event.data.queryId,
          chartUpdateEndTime: event.data.at,
        });
      case 'dashboard/chartQueryFailed':
        return updateChart(state, event.data.chartId, event.data.queryId, {
          chartStatus: 'failed',
          chartAlert: event.data.message,
          chartStackTrace: event.data.stackTrace,
          chartIssues: event.data.issues,
          queriesResponse: null,
          chartUpdateEndTime: event.data.at,
        });
      case 'dashboard/chartQueryStopped':
        return updateChart(state, event.data.chartId, event.data.queryId, {
          chartStatus: 'stopped',
          chartAlert: CHART_STOPPED,
          chartUpdateEndTime: event.data.at,
        });
      case 'dashboard/chartRendered': {
        const current = state.chartStates[event.data.chartId];
        if (current?.chartStatus !== 'success') return state;
        return updateChart(state, event.data.chartId, event.data.queryId, { chartStatus: 'rendered' });
      }
      case 'dashboard/chartRenderFailed':
        return updateChart(state, event.data.chartId, event.data.queryId, {
          chartStatus: 'failed',
          chartAlert: event.data.message,
        });
      case 'dashboard/refreshStarted':
        return { ...state, isRefreshing: event.data.chartIds.length > 0 };
      case 'dashboard/refreshFrequencyChanged':
        return { ...state, refreshFrequency: Math.max(0, event.data.seconds) };
      case 'dashboard/tabActivated':
        return activateTab(state, event.data.tabId);
      case 'dashboard/chartDescriptionToggled': {
        const id = event.data.chartId;
        return { ...state, expandedSlices: { ...state.expandedSlices, [id]: !state.expandedSlices[id] } };
      }
      case 'dashboard/fullSizeToggled':
        return { ...state, fullSizeChartId: state.fullSizeChartId === event.data.chartId ? null : event.data.chartId };
      case 'dashboard/focusedChartShown':
        return state.focusedChartId === event.data.chartId ? { ...state, focusedChartId: null } : state;
      case 'dashboard/filterValueSelected':
        return { ...state, filterDraft: { ...state.filterDraft, [event.data.filterId]: event.data.value } };
      case 'dashboard/filtersApplied': {
        // Native filters are replaced as a whole; cross-filters (keyed by chart id) stay.
        const crossFilters = Object.fromEntries(Object.entries(state.dataMask).filter(([key]) => /^\d+$/.test(key)));
        return { ...state, dataMask: { ...crossFilters, ...event.data.dataMask } };
      }
      case 'dashboard/filterOptionsRequested':
        return {
          ...state,
          filterOptions: {
            ...state.filterOptions,
            [event.data.filterId]: {
              status: 'loading',
              values: state.filterOptions[event.data.filterId]?.values ?? [],
              error: null,
            },
          },
        };
      case 'dashboard/filterOptionsLoaded':
        return {
          ...state,
          filterOptions: {
            ...state.filterOptions,
            [event.data.filterId]: { status: 'ready', values: event.data.values, error: null },
          },
        };
      case 'dashboard/filterOptionsFailed':
        return {
          ...state,
          filterOptions: {
            ...state.filterOptions,
            [event.data.filterId]: { status: 'failed', values: [], error: event.data.message },
          },
        };
      case 'dashboard/filterSearchTyped': {
        const { filterId, text } = event.data;
        const { [filterId]: previous, ...others } = state.filterSearch;
        // The last answer stays shown until the new one comes.
        const filterSearch = text.trim()
          ? { ...others, [filterId]: { text, status: 'loading' as const, values: previous?.values ?? [], error: null } }
          : others;
        return { ...state, filterSearch };
      }
      case 'dashboard/filterSearchLoaded':
      case 'dashboard/filterSearchFailed': {
        const current = state.filterSearch[event.data.filterId];
        // An answer to an earlier text (or a search given up) changes nothing.
        if (!current || current.text !== event.data.text) return state;
        const next: FilterSearch =
          event.type === 'dashboard/filterSearchLoaded'
            ? { ...current, status: 'ready', values: event.data.values, error: null }
            : { ...current, status: 'failed', values: [], error: event.data.message };
        return { ...state, filterSearch: { ...state.filterSearch, [event.data.filterId]: next } };
      }
      case 'dashboard/crossFilterChanged': {
        const key = String(event.data.chartId);
        const { [key]: _old, ...rest } = state.dataMask;
        return { ...state, dataMask: event.data.entry ? { ...rest, [key]: event.data.entry } : rest };
      }
      case 'dashboard/starToggled':
        return { ...state, isStarred: event.data.isStarred };
      case 'dashboard/crossFilterScopeSaved': {
        const { [String(event.data.chartId)]: _old, ...others } = state.metadata.chart_configuration ?? {};
        const chart_configuration = event.data.config
          ? { ...others, [String(event.data.chartId)]: event.data.config }
          : others;
        return { ...state, metadata: { ...state.metadata, chart_configuration } };
      }
      case 'dashboard/chartAdded': {
        const { chart, dataset } = event.data;
        if (state.charts[chart.id]) return state;
        return {
          ...state,
          charts: { ...state.charts, [chart.id]: chart },
          chartStates: { ...state.chartStates, [chart.id]: emptyChartRuntime() },
          datasets: dataset
            ? { ...state.datasets, [`${dataset.id}__${dataset.type ?? 'table'}`]: dataset }
            : state.datasets,
        };
      }
      case 'dashboard/filtersConfigured': {
        const { items, dataMask, datasets } = event.data;
        const crossFilters = Object.fromEntries(Object.entries(state.dataMask).filter(([key]) => /^\d+$/.test(key)));
        const kept = new Set(items.map((i) => i.id));
        return {
          ...state,
          filterItems: items,
          metadata: { ...state.metadata, native_filter_configuration: items },
          dataMask: { ...crossFilters, ...dataMask },
          filterDraft: Object.fromEntries(items.filter(isNativeFilter).map((i) => [i.id, maskValue(dataMask[i.id])])),
          filterOptions: Object.fromEntries(Object.entries(state.filterOptions).filter(([id]) => kept.has(id))),
          filterSearch: Object.fromEntries(Object.entries(state.filterSearch).filter(([id]) => kept.has(id))),
          datasets: datasets
            ? Object.fromEntries(datasets.map((d) => [`${d.id}__${d.type ?? 'table'}`, d]))
            : state.datasets,
        };
      }
      case 'dashboard/versionAdvanced': {
        if (!state.dashboard) return state;
        const { version, lastModifiedTime } = event.data;
        const dashboard = {
          ...state.dashboard,
          ...(version !== null ? { version } : {}),
          ...(lastModifiedTime !== null ? { last_modified_time: lastModifiedTime } : {}),
        };
        return { ...state, dashboard };
      }
      case 'dashboard/configurationReloaded':
        if (!state.dashboard || state.dashboard.id !== event.data.dashboard.id) return state;
        return { ...state, dashboard: event.data.dashboard, metadata: event.data.metadata };
      case 'dashboard/propertiesSaved':
        // The layout and the filter bar have their own events: a properties save changes neither.
        if (state.dashboard?.id !== event.data.dashboard.id) return state;
        return {
          ...state,
          dashboard: { ...state.dashboard, ...event.data.dashboard },
          metadata: event.data.metadata,
          // A refresh frequency saved with the dashboard is the page's from now on (spec §4 persistent refresh).
          refreshFrequency: persistedRefresh(event.data.metadata) ?? state.refreshFrequency,
        };
      case 'dashboard/labelColorsStored':
        if (state.dashboard?.id !== event.data.dashboardId) return state;
        return { ...state, metadata: { ...state.metadata, ...event.data.colors } };
      default:
        return unchanged(event, state);
    }
  },
};
