import rison from 'rison';
import type { HttpClient } from '../../api/http-client';
import type { AsyncEvents } from '../../async/async-events';
import { resultOrJob, sharedAsyncEvents, type AsyncJob } from '../../async/async-jobs';
import {
  dashboardFilterStateSchema,
  parseDatasourceKey,
  type DashboardFilterState,
  type ChartCrossFilterConfig,
  type FilterChanges,
  type FilterConfigItem,
} from '@strata/domain';
import { hasStatus } from '../../api/api-error';
import { exploreApi, type ChartDataResult, type ChartRecord } from '../../explore/api/explore-api';
import type { DashboardChart, DashboardDataset, DashboardPermalinkState, DashboardRecord } from './types';

export interface DashboardListQuery {
  search: string;
  /** null: any owner. */
  ownerId: number | null;
  /** Only the user's favourites (filter `id` with `dashboard_is_favorite`). */
  favoritesOnly: boolean;
  orderColumn: 'changed_on_delta_humanized' | 'dashboard_title';
  orderDirection: 'asc' | 'desc';
  pageSize: number;
  /** 0-based page of `pageSize` rows. */
  page?: number;
}

/** The server's answer to a save (PUT) or create: the dashboard as it is now, with its new `version`. */
interface DashboardAnswer {
  id: number;
  result: DashboardRecord;
  version?: number;
}

/** A chart of GET /api/v1/chart/{id} in the shape of the dashboard's /charts items. */
function toDashboardChart(chart: ChartRecord & { form_data?: Record<string, unknown> }): DashboardChart {
  let params: Record<string, unknown> = {};
  try {
    params = chart.params ? (JSON.parse(chart.params) as Record<string, unknown>) : {};
  } catch {
    // A chart with unreadable params is drawn from its type and datasource alone.
  }
  return {
    id: chart.id,
    slice_name: chart.slice_name,
    viz_type: chart.viz_type,
    form_data: chart.form_data ?? {
      ...params,
      viz_type: chart.viz_type,
      datasource: `${chart.datasource_id}__${chart.datasource_type}`,
    },
    description: chart.description ?? null,
    datasource_id: chart.datasource_id,
    datasource_type: chart.datasource_type,
  };
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value as never));

/**
 * The dashboard page's calls (charts-dashboards-reports §7 Dashboards), one function each. Chart data goes through Explore's
 * call, which takes an abort signal (charts-dashboards-reports §4: an update starts with an abort controller). `asyncEvents`:
 * where chart data jobs (202, GLOBAL_ASYNC_QUERIES) are waited for; the page's shared listener by default.
 */
export function dashboardApi(http: HttpClient, asyncEvents: () => AsyncEvents = () => sharedAsyncEvents(http)) {
  const explore = exploreApi(http, asyncEvents);
  const datasetsOf = (charts: readonly DashboardChart[]): Promise<DashboardDataset[]> => {
    const ids = [
      ...new Set(
        charts
          .map((c) => parseDatasourceKey(String(c.form_data?.datasource ?? ''))?.id ?? c.datasource_id)
          .filter((id): id is number => typeof id === 'number'),
      ),
    ];
    return Promise.all(ids.map((id) => explore.getDataset(id)));
  };
  return {
    /** The dashboard now, or as it was at `asOf` (a log position or ISO time, issue 13: a 404 if it did not exist then). */
    getDashboard: async (idOrSlug: string, asOf?: string): Promise<DashboardRecord> =>
      (
        await http.get<{ result: DashboardRecord }>(
          `/api/v1/dashboard/${encodeURIComponent(idOrSlug)}${asOf ? `?as_of=${encodeURIComponent(asOf)}` : ''}`,
        )
      ).result,
    /**
     * The charts as they were at `asOf` (GET /api/v1/chart/{id}?as_of=, in the dashboard's /charts shape):
     * the dashboard's /charts answers today's. A chart that did not exist then (404) is left out.
     */
    getChartsAsOf: async (chartIds: readonly number[], asOf: string): Promise<DashboardChart[]> => {
      const charts = await Promise.all(
        chartIds.map((id) =>
          http.get<{ result: ChartRecord }>(`/api/v1/chart/${id}?as_of=${encodeURIComponent(asOf)}`).then(
            (answer) => toDashboardChart(answer.result),
            (error: unknown) => {
              if (hasStatus(error, 404)) return null;
              throw error;
            },
          ),
        ),
      );
      return charts.filter((c): c is DashboardChart => c !== null);
    },
    /**
     * GET /api/v1/dashboard/{id}/charts. A server without it (404) gets each chart by id instead, from
     * the ids the layout and the dashboard name: slower, but the dashboard still opens.
     */
    getCharts: async (idOrSlug: string | number, chartIds: readonly number[]): Promise<DashboardChart[]> => {
      try {
        return (
          (
            await http.get<{ result: DashboardChart[] }>(
              `/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/charts`,
            )
          ).result ?? []
        );
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
        const charts = await Promise.all(chartIds.map((id) => explore.getChart(id).then(toDashboardChart, () => null)));
        return charts.filter((c): c is DashboardChart => c !== null);
      }
    },
    /** GET /api/v1/dashboard/{id}/datasets; without it (404), each chart's dataset by id. */
    getDatasets: async (idOrSlug: string | number, charts: readonly DashboardChart[]): Promise<DashboardDataset[]> => {
      try {
        return (
          (
            await http.get<{ result: DashboardDataset[] }>(
              `/api/v1/dashboard/${encodeURIComponent(String(idOrSlug))}/datasets`,
            )
          ).result ?? []
        );
      } catch (error) {
        if (!hasStatus(error, 404)) throw error;
        return datasetsOf(charts);
      }
    },
    /** Each chart's dataset by id: the datasets of charts the dashboard's /datasets may not name (a past view's). */
    getDatasetsOf: (charts: readonly DashboardChart[]) => datasetsOf(charts),
    /**
     * charts-dashboards-reports §7: POST /api/v1/chart/data, the query string naming the chart and dashboard (form_data with
     * slice_id, dashboard_id) and force; the body holds the queries.
     */
    chartData: async (
      queryContext: unknown,
      ids: { sliceId?: number; dashboardId: number; force: boolean },
      signal?: AbortSignal,
    ): Promise<ChartDataResult[]> => {
      const params = new URLSearchParams({
        form_data: JSON.stringify(ids.sliceId !== undefined ? { slice_id: ids.sliceId } : {}),
        dashboard_id: String(ids.dashboardId),
        force: String(ids.force),
      });
      const request = http.post<{ result: ChartDataResult[] } | AsyncJob>(`/api/v1/chart/data?${params}`, queryContext);
      // With GLOBAL_ASYNC_QUERIES the answer is a job: Stop then ends the wait for its event.
      return resultOrJob(await abortable(request, signal), http, asyncEvents, signal);
    },
    download: explore.download,
    /**
     * charts-dashboards-reports §7 PUT /api/v1/dashboard/{id}/filters: the modal's changes, guarded by the `version` the page
     * read (a newer dashboard answers 409, see `isStaleWrite`); the answer is the saved configuration.
     */
    saveFilters: async (
      dashboardId: number,
      changes: FilterChanges,
      version?: number,
    ): Promise<{ items: FilterConfigItem[] } & DashboardWriteAnswer> => {
      const body = await http.put<{ result: FilterConfigItem[] } & WriteAnswerBody>(
        `/api/v1/dashboard/${dashboardId}/filters`,
        withVersion(changes, version),
      );
      return { items: body.result, ...writeAnswer(body) };
    },
    /**
     * charts-dashboards-reports §7 metadata-only PUT: the charts' cross-filter scopes. It sends the whole chart_configuration,
     * so it is guarded by `version` like saveFilters: a stale one is a 409, never an overwrite.
     */
    saveChartConfiguration: async (
      dashboardId: number,
      chartConfiguration: Record<string, ChartCrossFilterConfig>,
      version?: number,
    ): Promise<DashboardWriteAnswer> =>
      writeAnswer(
        await http.put<WriteAnswerBody>(
          `/api/v1/dashboard/${dashboardId}`,
          withVersion({ json_metadata: { chart_configuration: chartConfiguration } }, version),
        ),
      ),
    /** The datasets a filter may read (the filter configuration's picker) and one's columns. */
    listDatasets: explore.listDatasets,
    getDataset: explore.getDataset,
    /** One chart as the dashboard's /charts lists them (a chart placed in edit mode since the page loaded). */
    getChart: async (id: number): Promise<DashboardChart> => toDashboardChart(await explore.getChart(id)),
    list: async (query: DashboardListQuery): Promise<{ result: DashboardRecord[]; count: number }> => {
      const filters: { col: string; opr: string; value: unknown }[] = [];
      if (query.search) filters.push({ col: 'dashboard_title', opr: 'title_or_slug', value: query.search });
      if (query.ownerId !== null) filters.push({ col: 'owners', opr: 'rel_m_m', value: query.ownerId });
      if (query.favoritesOnly) filters.push({ col: 'id', opr: 'dashboard_is_favorite', value: true });
      const body = {
        filters,
        order_column: query.orderColumn,
        order_direction: query.orderDirection,
        page: query.page ?? 0,
        page_size: query.pageSize,
      };
      return http.get(`/api/v1/dashboard/?q=${q(body)}`);
    },
    favoriteStatus: async (ids: number[]): Promise<Record<number, boolean>> => {
      const body = await http.get<{ result: { id: number; value: boolean }[] }>(
        `/api/v1/dashboard/favorite_status/?q=${q(ids)}`,
      );
      return Object.fromEntries((body.result ?? []).map((r) => [r.id, r.value]));
    },
    setFavorite: async (id: number, starred: boolean): Promise<void> => {
      if (starred) await http.post(`/api/v1/dashboard/${id}/favorites/`, {});
      else await http.delete(`/api/v1/dashboard/${id}/favorites/`);
    },
    createPermalink: async (id: number, state: DashboardPermalinkState): Promise<{ key?: string; url: string }> =>
      http.post(`/api/v1/dashboard/${id}/permalink`, state),
    getPermalink: async (key: string): Promise<{ dashboardId: string; state: DashboardPermalinkState }> =>
      http.get(`/api/v1/dashboard/permalink/${encodeURIComponent(key)}`),
    /** Issue 16: the viewer's filter state under a native_filters_key (Superset's body: the state as JSON text). */
    createFilterState: async (id: number, state: DashboardFilterState): Promise<string> =>
      (await http.post<{ key: string }>(`/api/v1/dashboard/${id}/filter_state`, { value: JSON.stringify(state) })).key,
    /** Keeps a key current; keepalive when the page is going away and the request must outlive it. */
    updateFilterState: async (
      id: number,
      key: string,
      state: DashboardFilterState,
      keepalive = false,
    ): Promise<void> => {
      await http.put(
        `/api/v1/dashboard/${id}/filter_state/${encodeURIComponent(key)}`,
        { value: JSON.stringify(state) },
        keepalive ? { keepalive } : {},
      );
    },
    getFilterState: async (id: number, key: string): Promise<DashboardFilterState> => {
      const body = await http.get<{ value: string }>(`/api/v1/dashboard/${id}/filter_state/${encodeURIComponent(key)}`);
      return dashboardFilterStateSchema.parse(JSON.parse(body.value));
    },
    /** charts-dashboards-reports §7 PUT with `{published}` alone; the answer is the whole dashboard. */
    setPublished: async (id: number, published: boolean): Promise<DashboardRecord> =>
      savedRecord(await http.put<DashboardAnswer>(`/api/v1/dashboard/${id}`, { published })),
    /** charts-dashboards-reports §7 PUT with the full save body; `version` (the one read) makes a concurrent change a 409. */
    saveProperties: async (id: number, body: Record<string, unknown>, version?: number): Promise<DashboardRecord> =>
      savedRecord(await http.put<DashboardAnswer>(`/api/v1/dashboard/${id}`, withVersion(body, version))),
    /** charts-dashboards-reports §7 POST /api/v1/dashboard/ with dashboard_title. */
    create: async (body: { dashboard_title: string }): Promise<DashboardRecord> =>
      (await http.post<DashboardAnswer>('/api/v1/dashboard/', body)).result,
    /** charts-dashboards-reports §7 POST .../copy/: a new dashboard (owned by the user), its charts duplicated when asked. */
    copy: async (
      id: number,
      body: { dashboard_title: string; css: string; duplicate_slices: boolean; json_metadata: string },
    ): Promise<{ id: number }> => http.post<{ id: number }>(`/api/v1/dashboard/${id}/copy/`, body),
    remove: async (id: number): Promise<void> => {
      await http.delete(`/api/v1/dashboard/${id}`);
    },
    /** The roles a dashboard may name under DASHBOARD_RBAC, built-in and custom (GET .../related/roles, for anyone with can_write on Dashboard). */
    relatedRoles: async (): Promise<string[]> => {
      const answer = await http.get<{ result?: { value: string }[] }>('/api/v1/dashboard/related/roles');
      return (answer.result ?? []).map((r) => r.value);
    },
    /** Active users an owner may be chosen from whose name or username contains `text` (GET .../related/owners, for anyone with can_write on Dashboard). */
    relatedOwners: async (
      text: string,
      pageSize = 25,
    ): Promise<{ count: number; owners: { id: number; label: string; email?: string }[] }> => {
      type Related = { count: number; result: { value: number; text: string; extra?: { email?: string } }[] };
      const answer = await http.get<Related>(
        `/api/v1/dashboard/related/owners?q=${q({ filter: text, page: 0, page_size: pageSize })}`,
      );
      const owners = (answer.result ?? []).map((r) => ({
        id: r.value,
        label: r.text || `#${r.value}`,
        ...(r.extra?.email ? { email: r.extra.email } : {}),
      }));
      return { count: answer.count ?? owners.length, owners };
    },
  };
}

export type DashboardApi = ReturnType<typeof dashboardApi>;

/** The record of a save's answer, with the answer's `version` when the record lacks it. */
const savedRecord = (answer: DashboardAnswer): DashboardRecord => ({
  ...answer.result,
  ...(answer.version !== undefined ? { version: answer.version } : {}),
});

/** What a dashboard write answers (server dashboards CONTEXT, optimistic concurrency): the version to send next. */
export interface DashboardWriteAnswer {
  version: number | null;
  lastModifiedTime: number | null;
}

interface WriteAnswerBody {
  version?: number;
  last_modified_time?: number;
}

const writeAnswer = (body: WriteAnswerBody | null | undefined): DashboardWriteAnswer => ({
  version: typeof body?.version === 'number' ? body.version : null,
  lastModifiedTime: typeof body?.last_modified_time === 'number' ? body.last_modified_time : null,
});

const withVersion = <T extends object>(body: T, version: number | undefined): T | (T & { version: number }) =>
  version === undefined ? body : { ...body, version };

/** The server refused a write because the dashboard changed since the page read it (409). */
export const isStaleWrite = (error: unknown): boolean => hasStatus(error, 409);

/**
 * HttpClient's requests take no abort signal; a stopped chart must still end in the browser, not only be
 * ignored (Explore does the same). The losing request's rejection is handled so it never surfaces.
 */
function abortable<T>(request: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return request;
  request.catch(() => undefined);
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
  });
  return Promise.race([request, aborted]);
}
