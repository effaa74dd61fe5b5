/** The dashboard page's state: the fold of its facts (page.events.ts), as the page draws it. */
import type { ChartRuntime, FilterOptions, FilterSearch, LoadedDashboard } from './page.events';
import type { NativeFilterValue } from './filter-values';
import type { DashboardChart, DashboardDataset, DashboardRecord } from './records';
import { initialDashboardEditState, type DashboardEditState } from './edit-mode';
import type { PermalinkShareState } from './permalink-share';

export interface DashboardPageState extends Omit<
  LoadedDashboard,
  'charts' | 'datasets' | 'dashboard' | 'datasetsStatus'
> {
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
  filterDraft: Record<string, NativeFilterValue | null>;
  filterOptions: Record<string, FilterOptions>;
  /** By filter id: the dynamic searches under way or answered. */
  filterSearch: Record<string, FilterSearch>;
  refreshFrequency: number;
  isRefreshing: boolean;
  expandedSlices: Record<number, boolean>;
  fullSizeChartId: number | null;
  isStarred: boolean;
  /** Edit mode's save, discard, version history and palette. */
  edit: DashboardEditState;
  /** The last permalink shared from the page. */
  permalink: PermalinkShareState;
  /** Not null: the page shows the dashboard as it was at `asOf` (a log position or ISO time), read-only. */
  pastView: PastView | null;
}

/** What `?as_of=` named: a log position (digits) or an ISO 8601 time, as the server reads it. */
export interface PastView {
  asOf: string;
  /** Chart data is queried as today; false: no query runs (a replay), the charts say their results are not kept. */
  queries: boolean;
  /** The layout is edit mode's shared draft of then with unsaved changes, not the saved one (a replay). */
  unsavedDraft: boolean;
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

/** §4: 'Updating chart was stopped'. */
export const CHART_STOPPED = 'Updating chart was stopped';

export const initialDashboardPageState = (): DashboardPageState => ({
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
  edit: initialDashboardEditState(),
  permalink: null,
  pastView: null,
});

/**
 * Whether an answer for a select filter's values is to an earlier request than the latest: a child filter
 * is asked again whenever its parents' selection changes, and only the answer to the last ask may show.
 */
export const isStaleFilterOptionsAnswer = (state: DashboardPageState, filterId: string, requestId: string) => {
  const latest = state.filterOptions[filterId]?.requestId;
  return latest !== undefined && latest !== null && latest !== requestId;
};
