import rison from 'rison';
import type { ReportJson, RunState } from '@strata/domain';
import type { HttpClient } from '../../api/http-client';

export type ScheduleType = 'Report' | 'Alert';

export interface Person {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * A schedule as `GET /api/v1/report/` answers it (apps/server/src/reports/report-json.ts): the domain's
 * ReportJson (what the report modal edits) with the fields the list always gets.
 */
export type ReportRowView = ReportJson & {
  owners: Person[];
  created_by: Person | null;
  last_state: RunState;
  last_eval_dttm: string | null;
};

/** A row of `GET /api/v1/report/{id}/log/` (apps/server/src/reports/report-log.ts). */
export interface LogRowView {
  id: number;
  uuid: string;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  state: RunState;
  error_message: string | null;
}

export interface Page<T> {
  count: number;
  result: T[];
}

/** The answer of `POST /api/v1/report/{id}/run`. */
export interface RunAnswer {
  state: RunState;
  run_id: string;
}

export const LOG_PAGE_SIZE = 25;
/** How long Run now waits for its answer (the server bounds a run by its working timeout, 1 h by default). */
export const RUN_TIMEOUT_MS = 15 * 60_000;

/** The server calls of the list and log pages (apps/server/src/reports, CONTEXT.md "Protocol"). */
export function reportPagesApi(http: HttpClient) {
  const q = (query: unknown) => encodeURIComponent(rison.encode(query));
  return {
    list: (query: unknown) => http.get<Page<ReportRowView>>(`/api/v1/report/?q=${q(query)}`),
    get: async (id: number) => (await http.get<{ result: ReportRowView }>(`/api/v1/report/${id}`)).result,
    /** `{active}` only: the server decides one reportActivated/reportDeactivated and answers the schedule. */
    setActive: async (id: number, active: boolean) =>
      (await http.put<{ result: ReportRowView }>(`/api/v1/report/${id}`, { active })).result,
    remove: (id: number) => http.delete<{ message: string }>(`/api/v1/report/${id}`),
    /** The server answers once the run ended: a render and its retries may take minutes. */
    runNow: async (id: number) =>
      (await http.post<{ result: RunAnswer }>(`/api/v1/report/${id}/run`, undefined, { timeoutMs: RUN_TIMEOUT_MS }))
        .result,
    log: (id: number, page: number) =>
      http.get<Page<LogRowView>>(`/api/v1/report/${id}/log/?q=${q({ page, page_size: LOG_PAGE_SIZE })}`),
  };
}
export type ReportPagesApi = ReturnType<typeof reportPagesApi>;
