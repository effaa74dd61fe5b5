import rison from 'rison';
import type { CreationMethod, LogRowView, ReportBody, ReportRowView, RunAnswer } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';
import { dashboardLayout, type DashboardLayout } from '../report-modal/dashboard-layout';

// The answers' shapes are the domain's (libs/domain reports/client/report-views.ts): the pages' fold keeps them.
export type {
  LogRowView,
  ReportListFilters,
  ReportPerson,
  ReportRowView,
  RunAnswer,
  ScheduleType,
} from '@strata/domain';

export interface Page<T> {
  count: number;
  result: T[];
}

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

export const LOG_PAGE_SIZE = 25;
/** How long Run now waits for its answer (the server bounds a run by its working timeout, 1 h by default). */
export const RUN_TIMEOUT_MS = 15 * 60_000;

/**
 * The report calls (charts-dashboards-reports §7 Reports; apps/server/src/reports/CONTEXT.md "Protocol"),
 * shared by the report modal and menus (state/) and the list and log pages (pages/).
 */
export interface ReportsApi {
  list(query: ReportListQuery): Promise<Page<ReportRowView>>;
  /** The current user's reports made from this chart's or dashboard's menu (§6: those they created). */
  listFor(
    creationMethod: CreationMethod,
    target: { chartId?: number; dashboardId?: number },
    userId: number | null,
  ): Promise<ReportRowView[]>;
  get(id: number): Promise<ReportRowView>;
  create(body: ReportBody): Promise<ReportRowView>;
  /**
   * A full body, or any part of one: `{active}` alone makes the server decide one
   * reportActivated/reportDeactivated. Answers the schedule.
   */
  update(id: number, body: Partial<ReportBody>): Promise<ReportRowView>;
  remove(id: number): Promise<void>;
  /** Runs the schedule now; the server answers once the run ended: a render and its retries may take minutes. */
  runNow(id: number): Promise<RunAnswer>;
  /** A page of the schedule's runs, newest first. */
  log(id: number, page: number): Promise<Page<LogRowView>>;
  /** The databases an alert's SQL may run on. */
  databases(): Promise<DatabaseOption[]>;
  /** The charts and dashboards a report made from the lists may send (the first 100 by name). */
  contents(kind: 'chart' | 'dashboard'): Promise<{ id: number; name: string }[]>;
  /** Active users whose name or username contains `text` (the owners picker; GET /api/v1/report/related/owners). */
  relatedOwners(text: string): Promise<{ count: number; owners: OwnerOption[] }>;
  /** A dashboard's tabs and native filters, for a dashboard report's tab and filter values. */
  dashboardLayout(id: number): Promise<DashboardLayout>;
}

export interface OwnerOption {
  id: number;
  label: string;
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
    get: async (id) => (await http.get<{ result: ReportRowView }>(`/api/v1/report/${id}`)).result,
    create: async (body) => {
      const answer = await http.post<{ id: number; result: ReportRowView }>('/api/v1/report/', body);
      return { ...answer.result, id: answer.id ?? answer.result.id };
    },
    update: async (id, body) => (await http.put<{ result: ReportRowView }>(`/api/v1/report/${id}`, body)).result,
    remove: async (id) => void (await http.delete(`/api/v1/report/${id}`)),
    runNow: async (id) =>
      (await http.post<{ result: RunAnswer }>(`/api/v1/report/${id}/run`, undefined, { timeoutMs: RUN_TIMEOUT_MS }))
        .result,
    log: (id, page) =>
      http.get<Page<LogRowView>>(`/api/v1/report/${id}/log/?q=${q({ page, page_size: LOG_PAGE_SIZE })}`),
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
    relatedOwners: async (text) => {
      type Related = { count: number; result: { value: number; text: string }[] };
      const answer = await http.get<Related>(
        `/api/v1/report/related/owners?q=${q({ filter: text, page: 0, page_size: 25 })}`,
      );
      const owners = (answer.result ?? []).map((r) => ({ id: r.value, label: r.text || `User #${r.value}` }));
      return { count: answer.count ?? owners.length, owners };
    },
    dashboardLayout: async (id) =>
      dashboardLayout((await http.get<{ result: Record<string, unknown> }>(`/api/v1/dashboard/${id}`)).result),
  };
}
