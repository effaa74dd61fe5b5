import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';
import type { CreationMethod } from '../report.fields';
import { targetOf, type ReportBody, type ReportJson, type ReportTarget } from './report-json';

/**
 * The client's reports (charts-dashboards-reports §3 Report, §4 Reports): the current user's report of each
 * chart and dashboard, filed by creation method then target id; what the report modal asked the server
 * and what it answered. These are the page's facts; the schedules themselves are the server's streams
 * `report:<id>` (libs/domain/src/reports), changed only through `/api/v1/report/`.
 */

export const REPORTS_FETCH_REQUESTED = 'reports/fetchRequested' as const;
export const REPORTS_FETCHED = 'reports/fetched' as const;
export const REPORTS_FETCH_FAILED = 'reports/fetchFailed' as const;
export const REPORT_SAVE_REQUESTED = 'reports/saveRequested' as const;
export const REPORT_ADDED = 'reports/reportAdded' as const;
export const REPORT_EDITED = 'reports/reportEdited' as const;
export const REPORT_SAVE_REFUSED = 'reports/saveRefused' as const;
export const REPORT_ACTIVE_TOGGLE_REQUESTED = 'reports/activeToggleRequested' as const;
export const REPORT_ACTIVE_TOGGLED = 'reports/activeToggled' as const;
export const REPORT_DELETE_REQUESTED = 'reports/deleteRequested' as const;
export const REPORT_DELETED = 'reports/reportDeleted' as const;
export const REPORT_RUN_REQUESTED = 'reports/runRequested' as const;
export const REPORT_RUN_STARTED = 'reports/runStarted' as const;
export const REPORT_WRITE_FAILED = 'reports/writeFailed' as const;

export type ReportWrite = 'active' | 'delete' | 'run';

export type ReportsClientEvent =
  | EventLike<typeof REPORTS_FETCH_REQUESTED, { target: ReportTarget }>
  /** The user's report on the target, or null: it has none (any report held for it is removed). */
  | EventLike<typeof REPORTS_FETCHED, { target: ReportTarget; report: ReportJson | null }>
  | EventLike<typeof REPORTS_FETCH_FAILED, { target: ReportTarget; message: string }>
  /** The report modal `formId` sent this body: a new schedule (reportId null) or a full edit. */
  | EventLike<typeof REPORT_SAVE_REQUESTED, { formId: string; reportId: number | null; body: ReportBody }>
  | EventLike<typeof REPORT_ADDED, { formId: string | null; report: ReportJson }>
  | EventLike<typeof REPORT_EDITED, { formId: string | null; report: ReportJson }>
  /** The server refused the save: `field` is the body's field it names (400 `extra.field`, 422), if any. */
  | EventLike<
      typeof REPORT_SAVE_REFUSED,
      { formId: string; reportId: number | null; status: number; field: string | null; message: string }
    >
  | EventLike<typeof REPORT_ACTIVE_TOGGLE_REQUESTED, { id: number; active: boolean }>
  | EventLike<typeof REPORT_ACTIVE_TOGGLED, { id: number; active: boolean }>
  | EventLike<typeof REPORT_DELETE_REQUESTED, { id: number }>
  | EventLike<typeof REPORT_DELETED, { id: number }>
  | EventLike<typeof REPORT_RUN_REQUESTED, { id: number }>
  | EventLike<typeof REPORT_RUN_STARTED, { id: number }>
  | EventLike<typeof REPORT_WRITE_FAILED, { id: number; write: ReportWrite; message: string }>;

export interface ReportSave {
  status: 'saving' | 'saved' | 'refused';
  reportId: number | null;
  /** The refusal: the field it names (shown on that field), or null (shown above the buttons). */
  field: string | null;
  message: string | null;
}

export interface ReportsState {
  /** §4: the user's report of each target, by creation method then target id; absent when it has none. */
  byTarget: Readonly<Partial<Record<CreationMethod, Readonly<Record<number, ReportJson>>>>>;
  /** Every report the page holds, by id (the target's, and those saved here). */
  byId: Readonly<Record<number, ReportJson>>;
  /** Per `creationMethod:targetId`: whether the target's report is known yet, or why it could not be read. */
  fetches: Readonly<Record<string, { status: 'loading' | 'loaded' | 'failed'; message: string | null }>>;
  /** Per report modal form: its last save. */
  saves: Readonly<Record<string, ReportSave>>;
  /** Per report id: the write in flight (toggle, delete, run now), or the last one's failure. */
  writes: Readonly<Record<number, { write: ReportWrite; pending: boolean; message: string | null }>>;
}

export const targetKey = (target: ReportTarget) => `${target.creationMethod}:${target.targetId}`;

/** The report held for a target, if any (§4: by creation method, then target id). */
export function reportOfTarget(state: ReportsState, target: ReportTarget): ReportJson | null {
  return state.byTarget[target.creationMethod]?.[target.targetId] ?? null;
}

function fileUnder(state: ReportsState, target: ReportTarget, report: ReportJson | null): ReportsState['byTarget'] {
  const { [target.targetId]: _dropped, ...others } = state.byTarget[target.creationMethod] ?? {};
  return { ...state.byTarget, [target.creationMethod]: report ? { ...others, [target.targetId]: report } : others };
}

function store(state: ReportsState, report: ReportJson): ReportsState {
  const target = targetOf(report);
  return {
    ...state,
    byId: { ...state.byId, [report.id]: report },
    byTarget: target ? fileUnder(state, target, report) : state.byTarget,
  };
}

function remove(state: ReportsState, id: number): ReportsState {
  const held = state.byId[id];
  const { [id]: _dropped, ...byId } = state.byId;
  const target = held ? targetOf(held) : null;
  const filed = target ? reportOfTarget(state, target) : null;
  return { ...state, byId, byTarget: target && filed?.id === id ? fileUnder(state, target, null) : state.byTarget };
}

const settled = (state: ReportsState, id: number): ReportsState => {
  const { [id]: _done, ...writes } = state.writes;
  return { ...state, writes };
};

export const reportsClientFold = {
  initialState: (): ReportsState => ({ byTarget: {}, byId: {}, fetches: {}, saves: {}, writes: {} }),
  evolve(state: ReportsState, event: ReportsClientEvent): ReportsState {
    switch (event.type) {
      case REPORTS_FETCH_REQUESTED:
        return {
          ...state,
          fetches: { ...state.fetches, [targetKey(event.data.target)]: { status: 'loading', message: null } },
        };
      case REPORTS_FETCHED: {
        const { target, report } = event.data;
        const fetches = { ...state.fetches, [targetKey(target)]: { status: 'loaded' as const, message: null } };
        if (report) return { ...store(state, report), fetches };
        const held = reportOfTarget(state, target);
        return { ...(held ? remove(state, held.id) : state), fetches };
      }
      case REPORTS_FETCH_FAILED:
        return {
          ...state,
          fetches: {
            ...state.fetches,
            [targetKey(event.data.target)]: { status: 'failed', message: event.data.message },
          },
        };
      case REPORT_SAVE_REQUESTED:
        return {
          ...state,
          saves: {
            ...state.saves,
            [event.data.formId]: { status: 'saving', reportId: event.data.reportId, field: null, message: null },
          },
        };
      case REPORT_ADDED:
      case REPORT_EDITED: {
        const { formId, report } = event.data;
        const next = store(state, report);
        return formId === null
          ? next
          : {
              ...next,
              saves: { ...next.saves, [formId]: { status: 'saved', reportId: report.id, field: null, message: null } },
            };
      }
      case REPORT_SAVE_REFUSED: {
        const { formId, reportId, field, message } = event.data;
        return { ...state, saves: { ...state.saves, [formId]: { status: 'refused', reportId, field, message } } };
      }
      case REPORT_ACTIVE_TOGGLE_REQUESTED:
        return {
          ...state,
          writes: { ...state.writes, [event.data.id]: { write: 'active', pending: true, message: null } },
        };
      case REPORT_DELETE_REQUESTED:
        return {
          ...state,
          writes: { ...state.writes, [event.data.id]: { write: 'delete', pending: true, message: null } },
        };
      case REPORT_RUN_REQUESTED:
        return {
          ...state,
          writes: { ...state.writes, [event.data.id]: { write: 'run', pending: true, message: null } },
        };
      case REPORT_ACTIVE_TOGGLED: {
        const held = state.byId[event.data.id];
        const next = settled(state, event.data.id);
        return held ? store(next, { ...held, active: event.data.active }) : next;
      }
      case REPORT_DELETED:
        return remove(settled(state, event.data.id), event.data.id);
      case REPORT_RUN_STARTED:
        return settled(state, event.data.id);
      case REPORT_WRITE_FAILED: {
        const { id, write, message } = event.data;
        return { ...state, writes: { ...state.writes, [id]: { write, pending: false, message } } };
      }
      default:
        return unchanged(event, state);
    }
  },
};
