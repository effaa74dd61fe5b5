/**
 * The dashboard page's facts (charts-dashboards-reports §2-§4, §9): what the page loaded, its charts'
 * queries and drawing, the tabs, the filter bar, cross-filters, the star, the server's answers to the
 * page's writes, edit mode's save / history / palette (edit-mode.ts) and shared permalinks
 * (permalink-share.ts). They are the client's log of one page view (time travel, exported logs); the
 * dashboard's own record (`dashboard/...`) is the server's stream, so the page's facts are `dashboardPage/...`.
 */
import type { EventLike } from '@strata/events';
import type { ChartStatus } from '../../explore/editor/model';
import type { Layout } from '../layout';
import type { ChartCrossFilterConfig } from '../native-filters/scope';
import type { DataMask, DataMaskMap, FilterConfigItem } from '../native-filters/types';
import type { NativeFilterValue } from './filter-values';
import type { DashboardChart, DashboardDataset, DashboardMetadata, DashboardRecord } from './records';
import type { DashboardEditEvent } from './edit-mode';
import type { PermalinkShareEvent } from './permalink-share';

/** §3 Chart runtime state, the parts the dashboard shows. */
export interface ChartRuntime {
  /** §4 Chart status (Explore's). null: not queried yet (waiting for a required filter, or not loaded). */
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
  /**
   * The latest request for these values: only its answer is taken. A child filter is asked again each
   * time its parents' selection changes, and the answers can come back in any order.
   */
  requestId: string | null;
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

export type DashboardPageEvent =
  | EventLike<'dashboardPage/loadStarted', { requestId: string; idOrSlug: string }>
  | EventLike<'dashboardPage/loaded', { requestId: string } & LoadedDashboard>
  | EventLike<'dashboardPage/loadFailed', { requestId: string; message: string }>
  /**
   * The load under way shows the dashboard as it was at a log position or ISO time (`?as_of=`, issue 13):
   * the page is a read-only view of the past until the next load. Recorded with its `loadStarted`.
   * `queries`: whether chart data is queried as today; false where no query may run (a replay).
   * `unsavedDraft`: the layout shown is edit mode's shared draft of then, with unsaved changes (a replay
   * of an editor), not the saved one; absent in logs written before it existed.
   */
  | EventLike<
      'dashboardPage/pastViewOpened',
      { requestId: string; asOf: string; queries: boolean; unsavedDraft?: boolean }
    >
  | EventLike<
      'dashboardPage/chartQueryStarted',
      { chartId: number; queryId: string; formData: Record<string, unknown>; at: number }
    >
  | EventLike<
      'dashboardPage/chartQuerySucceeded',
      { chartId: number; queryId: string; queriesResponse: Record<string, unknown>[]; at: number }
    >
  | EventLike<
      'dashboardPage/chartQueryFailed',
      { chartId: number; queryId: string; message: string; stackTrace: string | null; issues: string[]; at: number }
    >
  | EventLike<'dashboardPage/chartQueryStopped', { chartId: number; queryId: string; at: number }>
  | EventLike<'dashboardPage/chartRendered', { chartId: number; queryId: string }>
  | EventLike<'dashboardPage/chartRenderFailed', { chartId: number; queryId: string; message: string }>
  | EventLike<'dashboardPage/refreshStarted', { chartIds: number[]; force: boolean }>
  | EventLike<'dashboardPage/refreshFrequencyChanged', { seconds: number }>
  | EventLike<'dashboardPage/tabActivated', { tabId: string }>
  | EventLike<'dashboardPage/chartDescriptionToggled', { chartId: number }>
  | EventLike<'dashboardPage/fullSizeToggled', { chartId: number }>
  | EventLike<'dashboardPage/focusedChartShown', { chartId: number }>
  | EventLike<'dashboardPage/filterValueSelected', { filterId: string; value: NativeFilterValue | null }>
  | EventLike<'dashboardPage/filtersApplied', { dataMask: DataMaskMap }>
  /** A select filter's values were asked for; `requestId` names the request its answer comes back with. */
  | EventLike<'dashboardPage/filterOptionsRequested', { filterId: string; requestId: string }>
  | EventLike<
      'dashboardPage/filterOptionsLoaded',
      { filterId: string; requestId: string; values: FilterOptions['values'] }
    >
  | EventLike<'dashboardPage/filterOptionsFailed', { filterId: string; requestId: string; message: string }>
  /** Typed in the search of a select filter that searches all its values (empty text: the search is over). */
  | EventLike<'dashboardPage/filterSearchTyped', { filterId: string; text: string }>
  | EventLike<'dashboardPage/filterSearchLoaded', { filterId: string; text: string; values: FilterOptions['values'] }>
  | EventLike<'dashboardPage/filterSearchFailed', { filterId: string; text: string; message: string }>
  | EventLike<'dashboardPage/crossFilterChanged', { chartId: number; entry: DataMask | null }>
  /**
   * The signed-in user's star on this dashboard (§4 favourite star): the server took it (or, on load, has
   * it). The server's own record of it is `dashboard/favorited {userId}` on the favourites stream.
   */
  | EventLike<'dashboardPage/favorited', Record<string, never>>
  | EventLike<'dashboardPage/unfavorited', Record<string, never>>
  /** A chart's cross-filter scope was saved (null: back to the dashboard's global scope). */
  | EventLike<'dashboardPage/crossFilterScopeSaved', { chartId: number; config: ChartCrossFilterConfig | null }>
  /** A chart placed on the draft in edit mode since the page loaded, with its dataset when the page lacked it. */
  | EventLike<'dashboardPage/chartAdded', { chart: DashboardChart; dataset: DashboardDataset | null }>
  /** The filter configuration was saved: its items, their applied values, and the datasets (null: unchanged). */
  | EventLike<
      'dashboardPage/filtersConfigured',
      { items: FilterConfigItem[]; dataMask: DataMaskMap; datasets: DashboardDataset[] | null }
    >
  /** The server took a write of this page: the version (and change time) its next write names (null: not said). */
  | EventLike<'dashboardPage/versionAdvanced', { version: number | null; lastModifiedTime: number | null }>
  /** After a write refused as stale (409): the dashboard as it is now, with its metadata (filters come with filtersConfigured). */
  | EventLike<'dashboardPage/configurationReloaded', { dashboard: DashboardRecord; metadata: DashboardMetadata }>
  /**
   * The dashboard's own fields (published, title, slug, owners, CSS, metadata...) as the server answered a
   * save of this page: one fact per answered save (the dialog's form is typed locally, §5 save body).
   */
  | EventLike<'dashboardPage/propertiesSaved', { dashboard: DashboardRecord; metadata: DashboardMetadata }>
  /** The page's label colour sync was stored (PUT .../colors): its fields are the metadata's now. */
  | EventLike<'dashboardPage/labelColorsStored', { dashboardId: number; colors: Record<string, unknown> }>
  /** Edit mode's save, discard, version history and palette (edit-mode.ts). */
  | DashboardEditEvent
  /** A permalink of the page shared (permalink-share.ts). */
  | PermalinkShareEvent;

export type DashboardPageEventOf<T extends DashboardPageEvent['type']> = Extract<DashboardPageEvent, { type: T }>;

/** The server took a write of this page (§7 PUT answers carry the new version). */
export const versionAdvanced = (answer: {
  version: number | null;
  lastModifiedTime: number | null;
}): DashboardPageEventOf<'dashboardPage/versionAdvanced'> => ({
  type: 'dashboardPage/versionAdvanced',
  data: { version: answer.version, lastModifiedTime: answer.lastModifiedTime },
});
