/**
 * The list and log pages' state, a fold of their store's log (DESIGN "Client"). The events are loads and
 * the server's answers: the intents themselves (activate, delete, run) are decided and recorded on the
 * schedule's stream `report:<id>` by the server; the page records what it was answered.
 */
import type { Fold } from '@strata/events';
import { unchanged } from '../../../shared/exhaustive';
import type { LogRowView, ReportRowView, RunAnswer, ScheduleType } from '../api/reports-api';
import type { ReportListFilters } from './report-list-url';

export type ReportPagesEvent =
  | {
      type: 'reportPages/listQueried';
      data: { requestId: string; scheduleType: ScheduleType; filters: ReportListFilters };
    }
  | { type: 'reportPages/listLoaded'; data: { requestId: string; count: number; rows: ReportRowView[] } }
  | { type: 'reportPages/listFailed'; data: { requestId: string; message: string } }
  /** The user's intents, recorded before the call: a page showing the past (time travel) refuses them. */
  | { type: 'reportPages/activeChangeRequested'; data: { id: number; active: boolean } }
  | { type: 'reportPages/deleteRequested'; data: { id: number } }
  | { type: 'reportPages/writeFailed'; data: { id: number } }
  /** The server's answer to `{active}`: the schedule as it is now. */
  | { type: 'reportPages/scheduleUpdated'; data: { row: ReportRowView } }
  | { type: 'reportPages/scheduleDeleted'; data: { id: number } }
  | { type: 'reportPages/runRequested'; data: { id: number } }
  | { type: 'reportPages/runAnswered'; data: { id: number; answer: RunAnswer } }
  | { type: 'reportPages/runRefused'; data: { id: number; message: string } }
  | { type: 'reportPages/logQueried'; data: { requestId: string; reportId: number; page: number } }
  | {
      type: 'reportPages/logLoaded';
      data: { requestId: string; report: ReportRowView; count: number; rows: LogRowView[] };
    }
  | { type: 'reportPages/logFailed'; data: { requestId: string; message: string } };

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
    case 'reportPages/listQueried': {
      const { requestId, scheduleType, filters } = event.data;
      // Another type's rows are not this list's: they go while the new page loads.
      const rows = scheduleType === list.scheduleType ? list.rows : [];
      return { ...state, list: { ...list, requestId, scheduleType, filters, rows, loading: true, error: null } };
    }
    case 'reportPages/listLoaded':
      // Only the latest query's answer: typing in the search box sends several.
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, rows: event.data.rows, count: event.data.count } };
    case 'reportPages/listFailed':
      if (event.data.requestId !== list.requestId) return state;
      return { ...state, list: { ...list, loading: false, error: event.data.message } };
    case 'reportPages/activeChangeRequested':
    case 'reportPages/deleteRequested':
      return { ...state, writing: { ...state.writing, [event.data.id]: true } };
    case 'reportPages/writeFailed':
      return { ...state, writing: without(state.writing, event.data.id) };
    case 'reportPages/scheduleUpdated': {
      const { row } = event.data;
      return {
        ...state,
        writing: without(state.writing, row.id),
        list: { ...list, rows: list.rows.map((r) => (r.id === row.id ? row : r)) },
        log: log.report?.id === row.id ? { ...log, report: row } : log,
      };
    }
    case 'reportPages/scheduleDeleted': {
      const { id } = event.data;
      const rows = list.rows.filter((r) => r.id !== id);
      return {
        ...state,
        writing: without(state.writing, id),
        list: { ...list, rows, count: list.count - (list.rows.length - rows.length) },
      };
    }
    case 'reportPages/runRequested':
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: true } } };
    case 'reportPages/runAnswered':
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: false, answer: event.data.answer } } };
    case 'reportPages/runRefused':
      return { ...state, runs: { ...state.runs, [event.data.id]: { pending: false, error: event.data.message } } };
    case 'reportPages/logQueried': {
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
    case 'reportPages/logLoaded': {
      if (event.data.requestId !== log.requestId) return state;
      const { report, count, rows } = event.data;
      return { ...state, log: { ...log, loading: false, report, count, rows } };
    }
    case 'reportPages/logFailed':
      if (event.data.requestId !== log.requestId) return state;
      return { ...state, log: { ...log, loading: false, error: event.data.message } };
    default:
      return unchanged(event, state);
  }
}

export const reportPagesFold: Fold<ReportPagesState, ReportPagesEvent> = { initialState, evolve };
