/**
 * The server calls of drill and share: one page of the rows behind a chart (`POST /datasource/samples`,
 * which answers the total too), the re-grouped chart's data, the rows as a file (`result_type:
 * 'drill_detail'`, needs can_csv) and a chart's permalink (needs can_share_chart).
 */
import type { DrillDetailRequest, DrillRows } from '@strata/domain';
import type { HttpClient } from '../api/http-client';
import { readableRows } from '../charts/viz/format/result-rows';

interface SamplesAnswer {
  result: { colnames?: string[]; coltypes?: number[]; data?: Record<string, unknown>[]; total_count?: number };
}

export function drillApi(http: HttpClient) {
  return {
    async rows(request: DrillDetailRequest): Promise<DrillRows> {
      const { datasource_id, datasource_type, page, per_page } = request.params;
      const query = new URLSearchParams({
        datasource_id: String(datasource_id),
        datasource_type,
        page: String(page),
        per_page: String(per_page),
      });
      const { result } = await http.post<SamplesAnswer>(`/datasource/samples?${query.toString()}`, request.body);
      // Temporal values come as epoch ms: the rows keep them as the date-times the table shows.
      return { colnames: result.colnames ?? [], rows: readableRows(result), total: result.total_count ?? 0 };
    },
    async chartData(queryContext: unknown): Promise<unknown[]> {
      return (await http.post<{ result: unknown[] }>('/api/v1/chart/data', queryContext)).result ?? [];
    },
    /** The drilled rows as a CSV or XLSX file; the browser's fetch, since the answer is a file, not JSON. */
    async download(
      queryContext: Record<string, unknown>,
      format: 'csv' | 'xlsx',
    ): Promise<{ blob: Blob; filename: string }> {
      const token = await http.csrfTokenForForm().catch(() => null);
      const response = await fetch(http.url('/api/v1/chart/data'), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...(token ? { 'X-CSRFToken': token } : {}) },
        body: JSON.stringify({ ...queryContext, result_format: format, result_type: 'drill_detail' }),
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { errors?: { message: string }[] };
        throw new Error(body.errors?.[0]?.message ?? `${response.status} ${response.statusText}`);
      }
      const named = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
      return { blob: await response.blob(), filename: named?.[1] ?? `rows.${format}` };
    },
    /** An absolute link to the chart as built (the server answers the URL). */
    async chartPermalink(formData: Readonly<Record<string, unknown>>): Promise<string> {
      return (await http.post<{ url: string }>('/api/v1/explore/permalink', { formData, urlParams: [] })).url;
    },
  };
}

export type DrillApi = ReturnType<typeof drillApi>;
