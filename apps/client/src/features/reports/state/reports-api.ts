import rison from 'rison';
import type { CreationMethod, ReportBody, ReportJson } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

export interface ReportListQuery {
  filters?: { col: string; opr: string; value: unknown }[];
  order_column?: string;
  order_direction?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
}

export interface DatabaseOption {
  id: number;
  database_name: string;
}

/** The report calls (charts-dashboards-reports §7 Reports; apps/server/src/reports/CONTEXT.md). */
export interface ReportsApi {
  list(query: ReportListQuery): Promise<{ count: number; ids: number[]; result: ReportJson[] }>;
  /** The current user's reports made from this chart's or dashboard's menu (§6: those they created). */
  listFor(
    creationMethod: CreationMethod,
    target: { chartId?: number; dashboardId?: number },
    userId: number | null,
  ): Promise<ReportJson[]>;
  get(id: number): Promise<ReportJson>;
  create(body: ReportBody): Promise<ReportJson>;
  /** A full body, or any part of one (`{active}` only toggles it). */
  update(id: number, body: Partial<ReportBody>): Promise<ReportJson>;
  remove(id: number): Promise<void>;
  /** Runs the schedule now (`POST /api/v1/report/{id}/run`). */
  runNow(id: number): Promise<unknown>;
  /** The databases an alert's SQL may run on. */
  databases(): Promise<DatabaseOption[]>;
  /** The charts and dashboards a report made from the lists may send (the first 100 by name). */
  contents(kind: 'chart' | 'dashboard'): Promise<{ id: number; name: string }[]>;
}

const q = (value: unknown) => encodeURIComponent(rison.encode(value));

export function reportsApi(http: HttpClient): ReportsApi {
  const list: ReportsApi['list'] = (query) => http.get(`/api/v1/report/?q=${q(query)}`);
  return {
    list,
    listFor: async (creationMethod, target, userId) => {
      const filters = [
        target.chartId !== undefined
          ? { col: 'chart_id', opr: 'eq', value: target.chartId }
          : { col: 'dashboard_id', opr: 'eq', value: target.dashboardId },
        { col: 'creation_method', opr: 'eq', value: creationMethod },
        ...(userId === null ? [] : [{ col: 'created_by', opr: 'rel_o_m', value: userId }]),
      ];
      return (await list({ filters, order_column: 'id', order_direction: 'asc', page: 0, page_size: 25 })).result;
    },
    get: async (id) => (await http.get<{ result: ReportJson }>(`/api/v1/report/${id}`)).result,
    create: async (body) => {
      const answer = await http.post<{ id: number; result: ReportJson }>('/api/v1/report/', body);
      return { ...answer.result, id: answer.id ?? answer.result.id };
    },
    update: async (id, body) => (await http.put<{ result: ReportJson }>(`/api/v1/report/${id}`, body)).result,
    remove: async (id) => void (await http.delete(`/api/v1/report/${id}`)),
    runNow: (id) => http.post(`/api/v1/report/${id}/run`),
    databases: async () => {
      const answer = await http.get<{ result: DatabaseOption[] }>(
        `/api/v1/database/?q=${q({ order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 100 })}`,
      );
      return answer.result.map(({ id, database_name }) => ({ id, database_name }));
    },
    contents: async (kind) => {
      const column = kind === 'chart' ? 'slice_name' : 'dashboard_title';
      const query = { columns: ['id', column], order_column: column, order_direction: 'asc', page: 0, page_size: 100 };
      const answer = await http.get<{ result: Record<string, unknown>[] }>(`/api/v1/${kind}/?q=${q(query)}`);
      return answer.result.map((row) => ({ id: Number(row.id), name: String(row[column] ?? row.id) }));
    },
  };
}
