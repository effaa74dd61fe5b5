/**
 * The chart list page (/chart/list/, charts-dashboards-reports §7: filters on name and owners, ordering,
 * page size 200) as the client folds it: the query asked, the server's answer and the user's favourites.
 * Client-only facts: never sent to the server, never undo steps.
 */
import type { EventLike } from '@strata/events';

/** A chart as GET /api/v1/chart/ and /api/v1/chart/{id} return it (REFERENCE §2), as the client reads it. */
export interface ChartRecord {
  id: number;
  slice_name: string;
  viz_type: string;
  params: string | null;
  datasource_id: number;
  datasource_type: string;
  owners?: ({ id: number } | number)[];
  dashboards?: { id: number; dashboard_title?: string }[];
  description?: string | null;
  changed_on_delta_humanized?: string;
  changed_on?: string;
  datasource_name?: string;
  datasource_name_text?: string;
}

/** The chart list page's query (search, owner, ordering). */
export interface ChartListQueryState {
  search: string;
  /** null: every owner; a user id: that owner's charts. */
  ownerId: number | null;
  orderColumn: 'changed_on_delta_humanized' | 'slice_name' | 'viz_type';
  orderDirection: 'asc' | 'desc';
}

export type ChartListEvent =
  /** The list was asked for with this whole query (not a patch: the fold replaces the query). */
  | EventLike<'chartList/queried', { requestId: string; query: ChartListQueryState }>
  | EventLike<
      'chartList/loaded',
      { requestId: string; charts: ChartRecord[]; count: number; favorites: Record<number, boolean> }
    >
  | EventLike<'chartList/failed', { requestId: string; message: string }>
  /** The user starred the chart (recorded once the favourites API said yes). */
  | EventLike<'chartList/chartFavorited', { id: number }>
  /** The user took the star off the chart (recorded once the favourites API said yes). */
  | EventLike<'chartList/chartUnfavorited', { id: number }>;

export type ChartListEventType = ChartListEvent['type'];
