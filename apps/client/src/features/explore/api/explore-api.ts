import rison from 'rison';
import type { ChartRecord, DashboardOption, DatasetListItem, DatasourceMeta } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';
import type { AsyncEvents } from '../../async/async-events';
import { resultOrJob, sharedAsyncEvents, type AsyncJob } from '../../async/async-jobs';

/**
 * Explore's calls (charts-dashboards-reports §7 Charts and Dashboards, REFERENCE §2), one function each, so effects and
 * tests share the paths and shapes. Nothing here holds state.
 */

// The shapes events carry are declared in the domain (explore/side, explore/chart-list).
export type { ChartRecord, DashboardOption, DatasetListItem };

export interface ChartPayload {
  slice_name: string;
  viz_type: string;
  params: string;
  datasource_id: number;
  datasource_type: string;
  dashboards: number[];
  query_context: string;
  owners?: number[];
}

/** What a form data key holds (`POST`/`PUT /api/v1/explore/form_data`); form_data is JSON text. */
export interface FormDataBody {
  datasource_id: number;
  datasource_type: string;
  chart_id: number | null;
  form_data: string;
}

export interface ChartListQuery {
  search?: string;
  ownerId?: number | null;
  orderColumn: string;
  orderDirection: 'asc' | 'desc';
  pageSize: number;
  page?: number;
}

/** Query-result item of POST /api/v1/chart/data (REFERENCE §2.2), as the client reads it. */
export interface ChartDataResult {
  data?: Record<string, unknown>[];
  colnames?: string[];
  coltypes?: number[];
  rowcount?: number;
  query?: string;
  language?: string;
  error?: string | null;
  status?: string;
  [key: string]: unknown;
}

export interface SamplesResult {
  data: Record<string, unknown>[];
  colnames: string[];
  coltypes?: number[];
  rowcount?: number;
  total_count?: number;
  page?: number;
  per_page?: number;
}

const toDatasource = (result: Record<string, unknown>): DatasourceMeta => {
  const r = result as unknown as DatasourceMeta & { table_name?: string; datasource_type?: string };
  return {
    ...r,
    type: r.type ?? r.datasource_type ?? 'table',
    datasource_name: r.datasource_name ?? r.table_name ?? String(r.id),
    columns: r.columns ?? [],
    metrics: r.metrics ?? [],
    main_dttm_col: r.main_dttm_col ?? null,
  };
};

/** `asyncEvents`: where chart data jobs (202, GLOBAL_ASYNC_QUERIES) are waited for; the page's shared listener by default. */
export function exploreApi(http: HttpClient, asyncEvents: () => AsyncEvents = () => sharedAsyncEvents(http)) {
  return {
    listDatasets: async (search: string): Promise<DatasetListItem[]> => {
      const q = {
        columns: ['id', 'table_name', 'schema', 'kind', 'database.id', 'database.database_name'],
        ...(search ? { filters: [{ col: 'table_name', opr: 'ct', value: search }] } : {}),
        order_column: 'table_name',
        order_direction: 'asc',
        page_size: 100,
      };
      const body = await http.get<{ result: DatasetListItem[] }>(
        `/api/v1/dataset/?q=${encodeURIComponent(rison.encode(q))}`,
      );
      return body.result ?? [];
    },
    getDataset: async (id: number): Promise<DatasourceMeta> => {
      const body = await http.get<{ result: Record<string, unknown> }>(`/api/v1/dataset/${id}`);
      return toDatasource(body.result);
    },
    chartData: (queryContext: unknown, signal?: AbortSignal) => chartData(http, asyncEvents, queryContext, signal),
    /** POST /datasource/samples with paging (charts-dashboards-reports §7). */
    samples: async (
      datasource: { id: number; type: string },
      page = 1,
      perPage = 100,
      force = false,
    ): Promise<SamplesResult> => {
      const params = new URLSearchParams({
        force: String(force),
        datasource_type: datasource.type,
        datasource_id: String(datasource.id),
        per_page: String(perPage),
        page: String(page),
      });
      const body = await http.post<{ result: SamplesResult }>(`/datasource/samples?${params}`, {});
      return body.result;
    },
    /** The saved chart now, or as it was at `asOf` (a log position or ISO time, issue 13: 404 if it did not exist then). */
    getChart: async (id: number, asOf?: string): Promise<ChartRecord> =>
      (
        await http.get<{ result: ChartRecord }>(
          `/api/v1/chart/${id}${asOf ? `?as_of=${encodeURIComponent(asOf)}` : ''}`,
        )
      ).result,
    createChart: async (payload: ChartPayload): Promise<{ id: number; result: ChartRecord }> =>
      http.post(`/api/v1/chart/`, payload),
    updateChart: async (id: number, payload: ChartPayload): Promise<{ id: number; result: ChartRecord }> =>
      http.put(`/api/v1/chart/${id}`, payload),
    listCharts: async (query: ChartListQuery): Promise<{ result: ChartRecord[]; count: number }> => {
      const filters: { col: string; opr: string; value: unknown }[] = [];
      if (query.search) filters.push({ col: 'slice_name', opr: 'chart_all_text', value: query.search });
      if (query.ownerId != null) filters.push({ col: 'owners', opr: 'rel_m_m', value: query.ownerId });
      const q = {
        filters,
        order_column: query.orderColumn,
        order_direction: query.orderDirection,
        page: query.page ?? 0,
        page_size: query.pageSize,
      };
      return http.get(`/api/v1/chart/?q=${encodeURIComponent(rison.encode(q))}`);
    },
    favoriteStatus: async (ids: number[]): Promise<Record<number, boolean>> => {
      const body = await http.get<{ result: { id: number; value: boolean }[] }>(
        `/api/v1/chart/favorite_status/?q=${encodeURIComponent(rison.encode(ids))}`,
      );
      return Object.fromEntries(body.result.map((r) => [r.id, r.value]));
    },
    setFavorite: async (id: number, starred: boolean): Promise<void> => {
      if (starred) await http.post(`/api/v1/chart/${id}/favorites/`, {});
      else await http.delete(`/api/v1/chart/${id}/favorites/`);
    },
    createPermalink: async (formData: unknown, urlParams: [string, string][]): Promise<{ key?: string; url: string }> =>
      http.post(`/api/v1/explore/permalink`, { formData, urlParams }),
    getPermalink: async (
      key: string,
    ): Promise<{ formData: Record<string, unknown>; urlParams?: [string, string][] }> => {
      const body = await http.get<{ state?: { formData: Record<string, unknown>; urlParams?: [string, string][] } }>(
        `/api/v1/explore/permalink/${encodeURIComponent(key)}`,
      );
      if (!body.state) throw new Error('This permalink has no chart state');
      return body.state;
    },
    getFormDataByKey: async (key: string): Promise<Record<string, unknown>> => {
      const body = await http.get<{ form_data: string | Record<string, unknown> }>(
        `/api/v1/explore/form_data/${encodeURIComponent(key)}`,
      );
      return typeof body.form_data === 'string'
        ? (JSON.parse(body.form_data) as Record<string, unknown>)
        : body.form_data;
    },
    /** A new form data key (REFERENCE §2.4) holding the form as the user builds it. */
    createFormData: async (body: FormDataBody): Promise<string> =>
      (await http.post<{ key: string }>(`/api/v1/explore/form_data`, body)).key,
    /** Keeps a key current; keepalive when the page is going away and the request must outlive it. */
    updateFormData: async (key: string, body: FormDataBody, keepalive = false): Promise<void> => {
      await http.put(`/api/v1/explore/form_data/${encodeURIComponent(key)}`, body, keepalive ? { keepalive } : {});
    },
    listDashboards: async (): Promise<DashboardOption[]> => {
      const q = {
        columns: ['id', 'dashboard_title'],
        order_column: 'dashboard_title',
        order_direction: 'asc',
        page_size: 200,
      };
      const body = await http.get<{ result: DashboardOption[] }>(
        `/api/v1/dashboard/?q=${encodeURIComponent(rison.encode(q))}`,
      );
      return body.result ?? [];
    },
    createDashboard: async (title: string): Promise<DashboardOption> => {
      const body = await http.post<{ id: number; result?: { dashboard_title?: string } }>(`/api/v1/dashboard/`, {
        dashboard_title: title,
      });
      return { id: body.id, dashboard_title: body.result?.dashboard_title ?? title };
    },
    /** The chart's data as a CSV or XLSX file (charts-dashboards-reports §9 export csv/xlsx). */
    download: (queryContext: Record<string, unknown>, format: 'csv' | 'xlsx') =>
      downloadChartData(http, queryContext, format),
  };
}

export type ExploreApi = ReturnType<typeof exploreApi>;

/**
 * The chart data call needs an abort signal for Stop, which HttpClient's request does not take: a
 * stopped request must end in the browser, not only be ignored. The rest (JSON, CSRF, error shapes)
 * goes through HttpClient by racing it against the signal.
 */
async function chartData(
  http: HttpClient,
  asyncEvents: () => AsyncEvents,
  queryContext: unknown,
  signal?: AbortSignal,
): Promise<ChartDataResult[]> {
  const request = http.post<{ result: ChartDataResult[] } | AsyncJob>('/api/v1/chart/data', queryContext);
  if (!signal) return resultOrJob(await request, http, asyncEvents);
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')), { once: true });
  });
  // The losing request's rejection is handled so it never surfaces as unhandled.
  request.catch(() => undefined);
  // With GLOBAL_ASYNC_QUERIES the answer is a job: Stop then ends the wait for its event.
  return resultOrJob(await Promise.race([request, aborted]), http, asyncEvents, signal);
}

async function downloadChartData(
  http: HttpClient,
  queryContext: Record<string, unknown>,
  format: 'csv' | 'xlsx',
): Promise<{ blob: Blob; filename: string }> {
  const token = await http.get<{ result?: string }>('/api/v1/security/csrf_token/').then(
    (b) => b.result ?? null,
    () => null,
  );
  const response = await fetch(http.url('/api/v1/chart/data'), {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', ...(token ? { 'X-CSRFToken': token } : {}) },
    body: JSON.stringify({ ...queryContext, result_format: format, result_type: 'full' }),
  });
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const body = (await response.json()) as { message?: string; errors?: { message: string }[] };
      message = body.errors?.[0]?.message ?? body.message ?? message;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new Error(message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return { blob: await response.blob(), filename: named ? decodeURIComponent(named[1]!) : `chart.${format}` };
}
