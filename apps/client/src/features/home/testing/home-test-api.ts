import rison from 'rison';
import type { RecordedRequest } from '../../../testing/test-server';

export interface HomeFixture {
  me: { id: number; username: string; first_name: string; last_name: string; roles: Record<string, string[][]> };
  recents: unknown[];
  dashboards: {
    id: number;
    dashboard_title: string;
    url: string;
    changed_on: string;
    owners: number[];
    favorite: boolean;
  }[];
  charts: { id: number; slice_name: string; url: string; changed_on: string; owners: number[]; favorite: boolean }[];
  /** `favorite`: starred by the signed-in user (the list's `saved_query_is_fav` filter). */
  savedQueries: { id: number; label: string; changed_on: string; created_by: { id: number }; favorite: boolean }[];
  /** A role without SQL Lab: the saved query list answers 403, as the server does. */
  noSqlLab?: boolean;
}

type Filter = { col: string; opr: string; value: unknown };
const filtersOf = (url: string) =>
  (rison.decode(new URL(url, 'http://x').searchParams.get('q') ?? '()') as { filters?: Filter[] }).filters ?? [];

/** Keeps the rows the list APIs' favourite and owner filters keep, as the server does. */
function applyFilters<T extends { owners?: number[]; favorite: boolean }>(rows: T[], filters: Filter[]): T[] {
  return rows.filter((row) =>
    filters.every((f) =>
      f.opr === 'dashboard_is_favorite' || f.opr === 'chart_is_favorite' || f.opr === 'saved_query_is_fav'
        ? row.favorite === f.value
        : f.col === 'owners'
          ? (row.owners ?? []).includes(f.value as number)
          : true,
    ),
  );
}

/** The signed-in user's /me, the examples' status and the home page's reads, with the server's shapes. */
export function homeApi(fixture: HomeFixture) {
  return (request: RecordedRequest) => {
    const { method, url } = request;
    const path = url.split('?')[0];
    const ok = (body: unknown) => ({ status: 200, body });
    if (path === '/api/v1/me/') return ok({ result: { ...fixture.me, email: '', permissions: [] } });
    if (path === '/api/v1/security/csrf_token/') return ok({ result: 'csrf-1' });
    if (path === '/api/v1/examples/status')
      return ok({
        result: { state: 'ready', tables: [{ name: 'cars', rows: 406, expected_rows: 406, loaded: true }] },
      });
    if (path === '/strata/log/' && method === 'POST') return ok({ result: { logged: 1 } });
    if (path === '/api/v1/log/recent_activity/') return ok({ result: fixture.recents });
    if (path === '/api/v1/dashboard/') {
      const result = applyFilters(fixture.dashboards, filtersOf(url));
      return ok({ count: result.length, result });
    }
    if (path === '/api/v1/chart/') {
      const result = applyFilters(fixture.charts, filtersOf(url));
      return ok({ count: result.length, result });
    }
    if (path === '/api/v1/saved_query/' && fixture.noSqlLab)
      return {
        status: 403,
        body: {
          message: 'Forbidden',
          errors: [{ message: 'Forbidden', error_type: 'GENERIC_BACKEND_ERROR', level: 'error' }],
        },
      };
    if (path === '/api/v1/saved_query/') {
      const result = applyFilters(fixture.savedQueries, filtersOf(url));
      return ok({ count: result.length, result });
    }
    return undefined;
  };
}
