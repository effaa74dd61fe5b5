import type { RunState } from '../report-runs';
import type { ReportType } from '../report.fields';
import type { ReportJson } from './report-json';

/**
 * What `/api/v1/report/` answers the Alerts & reports list and log pages (apps/server/src/reports/), as
 * their fold keeps it: the client only reads these; every change goes back through the API.
 */

/** Which list a page shows: the Reports or the Alerts. */
export type ScheduleType = ReportType;

/** An owner or creator as the API names them. */
export interface ReportPerson {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * A schedule as the server answers it (apps/server/src/reports/report-json.ts): the domain's ReportJson
 * (what the report modal edits) with the fields every answer carries.
 */
export type ReportRowView = ReportJson & {
  owners: ReportPerson[];
  created_by: ReportPerson | null;
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

/** The answer of `POST /api/v1/report/{id}/run`. */
export interface RunAnswer {
  state: RunState;
  run_id: string;
}

/** What the list shows, read from and written to the address (a reload or a shared link shows the same). */
export interface ReportListFilters {
  search: string;
  ownerId: number | null;
  status: RunState | null;
  active: boolean | null;
  page: number;
}
