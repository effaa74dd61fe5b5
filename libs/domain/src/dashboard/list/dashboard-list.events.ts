/**
 * The dashboard list page's facts (charts-dashboards-reports §7 GET /api/v1/dashboard/?q=): a query
 * asked and answered, a dashboard favorited or unfavorited from its row, a dashboard deleted. The
 * server's own record of a star is `dashboard/favorited {userId}` on the favourites stream.
 */
import type { EventLike } from '@strata/events';
import type { DashboardRecord } from '../page/records';

/** The list's query; the page is part of it: 0-based, of the list's page size. */
export interface DashboardListQueryState {
  search: string;
  /** null: any owner. */
  ownerId: number | null;
  /** Only the user's favourites (filter `id` with `dashboard_is_favorite`). */
  favoritesOnly: boolean;
  orderColumn: 'changed_on_delta_humanized' | 'dashboard_title';
  orderDirection: 'asc' | 'desc';
  page: number;
}

export type DashboardListEvent =
  | EventLike<'dashboardList/queried', { requestId: string; query: DashboardListQueryState }>
  | EventLike<
      'dashboardList/loaded',
      { requestId: string; dashboards: DashboardRecord[]; count: number; favorites: Record<number, boolean> }
    >
  | EventLike<'dashboardList/failed', { requestId: string; message: string }>
  /** The user starred a dashboard from its row and the server took it. */
  | EventLike<'dashboardList/favorited', { id: number }>
  | EventLike<'dashboardList/unfavorited', { id: number }>
  | EventLike<'dashboardList/deleted', { id: number }>;
