import type { EventLike, Fold } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import type { LogRowView, ReportListFilters, ReportRowView, RunAnswer, ScheduleType } from './report-views';

/**
 * The Alerts & reports list and log pages (`/report/list/`, `/alert/list/`, `/report/<id>/log/`) as facts
 * the client learnt: loads and the server's answers, and the user's writes recorded before their call. The
 * intents themselves (activate, delete, run) are decided and recorded on the schedule's stream
 * `report:<id>` by the server; the page records what it asked and was answered
 * (apps/client/src/features/reports/CONTEXT.md).
 */

export const REPORT_PAGES_LIST_QUERIED = 'reportPages/listQueried' as const;
export const REPORT_PAGES_LIST_LOADED = 'reportPages/listLoaded' as const;
export const REPORT_PAGES_LIST_FAILED = 'reportPages/listFailed' as const;
export const REPORT_PAGES_ACTIVE_CHANGE_REQUESTED = 'reportPages/activeChangeRequested' as const;
export const REPORT_PAGES_DELETE_REQUESTED = 'reportPages/deleteRequested' as const;
export const REPORT_PAGES_WRITE_FAILED = 'reportPages/writeFailed' as const;
export const REPORT_PAGES_SCHEDULE_LOADED = 'reportPages/scheduleLoaded' as const;
export const REPORT_PAGES_SCHEDULE_DELETED = 'reportPages/scheduleDeleted' as const;
export const REPORT_PAGES_RUN_REQUESTED = 'reportPages/runRequested' as const;
export const REPORT_PAGES_RUN_ANSWERED = 'reportPages/runAnswered' as const;
export const REPORT_PAGES_RUN_REFUSED = 'reportPages/runRefused' as const;
export const REPORT_PAGES_LOG_QUERIED = 'reportPages/logQueried' as const;
export const REPORT_PAGES_LOG_LOADED = 'reportPages/logLoaded' as const;
export const REPORT_PAGES_LOG_FAILED = 'reportPages/logFailed' as const;

export type ReportPagesEvent =
  | EventLike<
      typeof REPORT_PAGES_LIST_QUERIED,
      { requestId: string; scheduleType: ScheduleType; filters: ReportListFilters }
    >
  | EventLike<typeof REPORT_PAGES_LIST_LOADED, { requestId: string; count: number; rows: ReportRowView[] }>
  | EventLike<typeof REPORT_PAGES_LIST_FAILED, { requestId: string; message: string }>
  /** The user's intents, recorded before the call: a page showing the past (time travel) refuses them. */
  | EventLike<typeof REPORT_PAGES_ACTIVE_CHANGE_REQUESTED, { id: number; active: boolean }>
  | EventLike<typeof REPORT_PAGES_DELETE_REQUESTED, { id: number }>
  | EventLike<typeof REPORT_PAGES_WRITE_FAILED, { id: number }>
  /** The schedule as the server answered it now: to `{active}`, or read again after a run. */
  | EventLike<typeof REPORT_PAGES_SCHEDULE_LOADED, { row: ReportRowView }>
  | EventLike<typeof REPORT_PAGES_SCHEDULE_DELETED, { id: number }>
  | EventLike<typeof REPORT_PAGES_RUN_REQUESTED, { id: number }>
  | EventLike<typeof REPORT_PAGES_RUN_ANSWERED, { id: number; answer: RunAnswer }>
  | EventLike<typeof REPORT_PAGES_RUN_REFUSED, { id: number; message: string }>
  | EventLike<typeof REPORT_PAGES_LOG_QUERIED, { requestId: string; reportId: number; page: number }>
  | EventLike<
      typeof REPORT_PAGES_LOG_LOADED,
      { requestId: string; report: ReportRowView; count: number; rows: LogRowView[] }
    >
  | EventLike<typeof REPORT_PAGES_LOG_FAILED, { requestId: string; message: string }>;

/** What a "Run now" gave: started (the server's state and run id), or refused with its message. */
export type RunNowState = { pending: true } | { pending: false; answer: RunAnswer } | { pending: false; error: string };

export interface ReportPagesState {
  list: {
    requestId: string | null;
    scheduleType: ScheduleType | null;
    filters: ReportListFilters | null;
    loading: boolean;
    rows: ReportRowView[];
    count: number;
    error: string | null;
  };
  runs: Record<number, RunNowState>;
  /** Schedules with a change or delete on its way to the server (their controls wait). */
  writing: Record<number, true>;
  log: {
    requestId: string | null;
    reportId: number | null;
    page: number;
    loading: boolean;
    report: ReportRowView | null;
    rows: LogRowView[];
    count: number;
    error: string | null;
  };
}

const initialState = (): ReportPagesState => ({
  list: { requestId: null, scheduleType: null, filters: null, loading: false, rows: [], count: 0, error: null },
  runs: {},
  writing: {},
  log: { requestId: null, reportId: null, page: 0, loading: false, report: null, rows: [], count: 0, error: null },
});

const without = (writing: Record<number, true>, id: number) => {
  const { [id]: _gone, ...rest } = writing;
  return rest;
};

function evolve(state: ReportPagesState, event: ReportPagesEvent): ReportPagesState {
  const { list, log } = state;
  switch (event.type) {
    case REPORT_PAGES_LIST_QUERIED: {
      const { requestId, scheduleType, filters } = event.data;
      // Another type's rows are not this list's: they go while the new page loads.
      const rows = scheduleType === list.scheduleType ? list.rows : [];
      return { ...state, list: { ...list, requestId, scheduleType, filters, rows, loading: true, error: null } };
    }
    case REPORT_PAGES_LIST_LOADED:
      // Only the latest query's answer: typing in the search box sends several.
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, rows: event.data.rows, count: event.data.count } };
    case REPORT_PAGES_LIST_FAILED:
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, error: event.data.message } };
    case REPORT_PAGES_ACTIVE_CHANGE_REQUESTED:
    case REPORT_PAGES_DELETE_REQUESTED:
      return { ...state, writing: { ...state.writing, [event.data.id]: true } };
    case REPORT_PAGES_WRITE_FAILED:
      return { ...state, writing: without(state.writing, event.data.id) };
    case REPORT_PAGES_SCHEDULE_LOADED: {
      const { row } = event.data;
      return {
        ...state,
        writing: without(state.writing, row.id),
        list: { ...list, rows: list.rows.map((r) => (r.id === row.id ? row : r)) },
        log: log.report?.id === row.id ? { ...log, report: row } : log,
      };
    }
    case REPORT_PAGES_SCHEDULE_DELETED: {
      const { id } = event.data;
      const rows = list.rows.filter((r) => r.id !== id);
      return {
        ...state,
        writing: without(state.writing, id),
        list: { ...list, rows, count: list.count - (list.rows.length - rows.length) },
      };
    }
    case REPORT_PAGES_RUN_REQUESTED:
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: true } } };
    case REPORT_PAGES_RUN_ANSWERED:
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: false, answer: event.data.answer } } };
    case REPORT_PAGES_RUN_REFUSED:
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: false, error: event.data.message } } };
    case REPORT_PAGES_LOG_QUERIED: {
      const { requestId, reportId, page } = event.data;
      const same = reportId === log.reportId;
      return {
        ...state,
        log: {
          ...log,
          requestId,
          reportId,
          page,
          loading: true,
          error: null,
          report: same ? log.report : null,
          rows: same ? log.rows : [],
          count: same ? log.count : 0,
        },
      };
    }
    case REPORT_PAGES_LOG_LOADED: {
      if (event.data.requestId !== log.requestId) return state;
      const { report, count, rows } = event.data;
      return { ...state, log: { ...log, loading: false, report, count, rows } };
    }
    case REPORT_PAGES_LOG_FAILED:
      if (event.data.requestId !== log.requestId) return state;
      return { ...state, log: { ...log, loading: false, error: event.data.message } };
    default:
      return unchanged(event, state);
  }
}

export const reportPagesFold: Fold<ReportPagesState, ReportPagesEvent> = { initialState, evolve };
