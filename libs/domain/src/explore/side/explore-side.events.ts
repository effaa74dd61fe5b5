/**
 * What Explore shows besides the chart definition (charts-dashboards-reports §3 Save modal state, §9 the
 * data pane): the dataset picker's list, the data pane (view query, view results, samples) and the save
 * modal. Server answers and view toggles, folded like everything else so time travel shows them; never
 * undo steps.
 */
import type { EventLike } from '@strata/events';

/** One dataset of the picker's list (GET /api/v1/dataset/?q=), as the client reads it. */
export interface DatasetListItem {
  id: number;
  table_name: string;
  schema?: string | null;
  kind?: string;
  database?: { id: number; database_name?: string | null } | null;
}

/** A dashboard the save modal offers to add the chart to. */
export interface DashboardOption {
  id: number;
  dashboard_title: string;
}

export type DataTab = 'results' | 'samples' | 'query';

export interface DataPaneResult {
  colnames: string[];
  data: Record<string, unknown>[];
  rowcount: number;
  query?: string;
  language?: string;
  page?: number;
  totalCount?: number;
}

export type ExploreSideEvent =
  | EventLike<'exploreSide/openStarted', { requestId: string }>
  | EventLike<'exploreSide/openFinished', { requestId: string }>
  /**
   * The open under way shows the saved chart as it was at a log position or ISO time (`?as_of=`, issue 13):
   * Explore is read-only until the next open. Recorded with its `openStarted`.
   * `queries`: whether the chart's data is queried as today; false where no query may run (a replay).
   */
  | EventLike<'exploreSide/pastViewOpened', { requestId: string; asOf: string; queries: boolean }>
  | EventLike<'exploreSide/datasetsRequested', { search: string }>
  | EventLike<'exploreSide/datasetsLoaded', { search: string; items: DatasetListItem[] }>
  | EventLike<'exploreSide/datasetsFailed', { search: string; message: string }>
  | EventLike<'exploreSide/dataTabOpened', { tab: DataTab; requestId: string }>
  | EventLike<'exploreSide/dataLoaded', { requestId: string; result: DataPaneResult }>
  | EventLike<'exploreSide/dataFailed', { requestId: string; message: string }>
  | EventLike<'exploreSide/dataPaneClosed', Record<string, never>>
  | EventLike<'exploreSide/saveModalOpened', Record<string, never>>
  | EventLike<'exploreSide/dashboardsLoaded', { dashboards: DashboardOption[] }>
  | EventLike<'exploreSide/saveModalAlerted', { message: string }>
  | EventLike<'exploreSide/saveStarted', Record<string, never>>
  | EventLike<'exploreSide/saveModalClosed', Record<string, never>>;

export type ExploreSideEventType = ExploreSideEvent['type'];
