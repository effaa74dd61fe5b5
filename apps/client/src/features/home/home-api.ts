/**
 * The home page's reads (issue 15 item 6): recent activity from the log (`/api/v1/log/recent_activity/`,
 * apps/server/src/recent-activity), favourite and own dashboards and charts through the list APIs'
 * filters (`dashboard_is_favorite`, `chart_is_favorite`, owners), and the user's starred
 * (`saved_query_is_fav`) and own saved queries.
 */
import rison from 'rison';
import type { HomeObject, HomeOverview, HomeRecentItem } from '@strata/domain';
import { hasStatus } from '../api/api-error';
import type { HttpClient } from '../api/http-client';

export const HOME_PAGE_SIZE = 6;
const q = (value: unknown) => encodeURIComponent(rison.encode(value as never));
type Filter = { col: string; opr: string; value: unknown };
const listQuery = (filters: Filter[], order_column = 'changed_on') => ({
  filters,
  order_column,
  order_direction: 'desc',
  page: 0,
  page_size: HOME_PAGE_SIZE,
});

interface DashboardRow {
  id: number;
  dashboard_title: string | null;
  url: string;
  changed_on?: string | null;
}
interface ChartRow {
  id: number;
  slice_name: string | null;
  url: string;
  changed_on?: string | null;
}
interface SavedQueryRow {
  id: number;
  label: string | null;
  changed_on?: string | null;
  created_by?: { id: number } | null;
}

const dashboard = (d: DashboardRow): HomeObject => ({
  id: d.id,
  title: d.dashboard_title || `Dashboard ${d.id}`,
  url: d.url,
  changed_on: d.changed_on ?? null,
});
const chart = (c: ChartRow): HomeObject => ({
  id: c.id,
  title: c.slice_name || `Chart ${c.id}`,
  url: c.url,
  changed_on: c.changed_on ?? null,
});
const savedQuery = (s: SavedQueryRow): HomeObject => ({
  id: s.id,
  title: s.label || `Query ${s.id}`,
  url: `/sqllab/?savedQueryId=${s.id}`,
  changed_on: s.changed_on ?? null,
});

export async function loadHomeOverview(http: HttpClient, userId: number): Promise<HomeOverview> {
  const dashboards = (filters: Filter[]) =>
    http
      .get<{ result: DashboardRow[] }>(`/api/v1/dashboard/?q=${q(listQuery(filters))}`)
      .then((b) => b.result.map(dashboard));
  const charts = (filters: Filter[]) =>
    http.get<{ result: ChartRow[] }>(`/api/v1/chart/?q=${q(listQuery(filters))}`).then((b) => b.result.map(chart));
  // A user without SQL Lab (403) has no saved queries; the rest of the page still shows.
  const savedQueries = (filters: Filter[]) =>
    http
      .get<{ result: SavedQueryRow[] }>(`/api/v1/saved_query/?q=${q(listQuery(filters))}`)
      .then((b) => b.result)
      .catch((thrown: unknown) => {
        if (hasStatus(thrown, 403)) return [];
        throw thrown;
      });
  const [recents, favoriteDashboards, myDashboards, favoriteCharts, myCharts, favoriteQueries, myQueries] =
    await Promise.all([
      http
        .get<{ result: HomeRecentItem[] }>(`/api/v1/log/recent_activity/?q=${q({ page_size: 12, distinct: true })}`)
        .then((b) => b.result),
      dashboards([{ col: 'id', opr: 'dashboard_is_favorite', value: true }]),
      dashboards([{ col: 'owners', opr: 'rel_m_m', value: userId }]),
      charts([{ col: 'id', opr: 'chart_is_favorite', value: true }]),
      charts([{ col: 'owners', opr: 'rel_m_m', value: userId }]),
      savedQueries([{ col: 'id', opr: 'saved_query_is_fav', value: true }]),
      // An admin's list holds everyone's queries: "Mine" shows the user's own.
      savedQueries([]).then((rows) => rows.filter((s) => !s.created_by || s.created_by.id === userId)),
    ]);
  return {
    recents,
    dashboards: { favorite: favoriteDashboards, mine: myDashboards },
    charts: { favorite: favoriteCharts, mine: myCharts },
    savedQueries: { favorite: favoriteQueries.map(savedQuery), mine: myQueries.map(savedQuery) },
  };
}
