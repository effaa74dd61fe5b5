import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/**
 * The Activity page (issue 13 item 3): the audit log's rows as the page shows them, an object's history,
 * the object before and after an event. These are the page's facts (what the server answered, what the
 * user asked for); the audit log itself is the server's event log, read through `GET /api/v1/audit/`.
 */

/** The object types the audit API filters on (apps/server/src/audit/audit-objects.ts). */
export const ACTIVITY_OBJECT_TYPES = [
  'dashboard',
  'chart',
  'dataset',
  'saved_query',
  'database',
  'user',
  'sqllab_tab',
  'query',
  'report',
] as const;
export type ActivityObjectType = (typeof ACTIVITY_OBJECT_TYPES)[number];

/** The kinds with `GET /api/v1/<kind>/<id>?as_of=` (object-history CONTEXT.md). */
export const AS_OF_KINDS: ReadonlySet<string> = new Set(['dashboard', 'chart', 'dataset', 'saved_query']);
/** The kinds with `GET /api/v1/<kind>/<id>/history`. */
export const HISTORY_KINDS: ReadonlySet<string> = new Set(['dashboard', 'chart', 'dataset', 'saved_query', 'database']);
/** The kinds with `POST /api/v1/<kind>/<id>/history/<batchId>/revert`. */
export const REVERT_KINDS: ReadonlySet<string> = new Set(['dashboard', 'chart', 'dataset']);

/** One row of `GET /api/v1/audit/` (apps/server/src/audit/CONTEXT.md). */
export interface AuditRowView {
  position: number;
  time: string;
  actor: { id: number | null; username: string | null; guest?: true };
  object: { type: string; id: number | string; name: string | null } | null;
  type: string;
  summary: string;
  payload: unknown;
  batch_id: string | null;
  undone: boolean;
}

/** One intent of `GET /api/v1/<kind>/<id>/history`. */
export interface HistoryRowView {
  batch_id: string;
  position: number;
  time: string;
  actor: { id: number | null; username: string | null };
  event_types: string[];
  events: { stream: string; type: string; data: unknown; version: number; position: number }[];
  undone: boolean;
}

/** What the audit table is filtered on; kept in the page's URL so a reload or a shared link keeps it. */
export interface ActivityFilters {
  actor?: number;
  object?: { type: ActivityObjectType; id: number | string };
  types?: string[];
  since?: string;
  until?: string;
  text?: string;
  page: number;
  pageSize: number;
}

export interface ObjectRef {
  type: string;
  id: number | string;
}

export const ACTIVITY_PAGE_LOADED = 'activity/pageLoaded' as const;
export const ACTIVITY_PAGE_LOAD_FAILED = 'activity/pageLoadFailed' as const;
export const ACTIVITY_ROWS_ARRIVED = 'activity/rowsArrived' as const;
export const ACTIVITY_LIVE_TAIL_REQUESTED = 'activity/liveTailRequested' as const;
export const ACTIVITY_LIVE_TAIL_STARTED = 'activity/liveTailStarted' as const;
export const ACTIVITY_LIVE_TAIL_STOPPED = 'activity/liveTailStopped' as const;
export const ACTIVITY_USERS_LOADED = 'activity/usersLoaded' as const;
export const ACTIVITY_STATES_LOADED = 'activity/statesLoaded' as const;
export const ACTIVITY_HISTORY_LOADED = 'activity/historyLoaded' as const;
export const ACTIVITY_HISTORY_LOAD_FAILED = 'activity/historyLoadFailed' as const;
export const ACTIVITY_PAST_STATE_LOADED = 'activity/pastStateLoaded' as const;
export const ACTIVITY_CHANGE_REVERTED = 'activity/changeReverted' as const;
export const ACTIVITY_REVERT_REFUSED = 'activity/revertRefused' as const;

export type ActivityEvent =
  | EventLike<typeof ACTIVITY_PAGE_LOADED, { filters: ActivityFilters; count: number; rows: AuditRowView[] }>
  | EventLike<typeof ACTIVITY_PAGE_LOAD_FAILED, { filters: ActivityFilters; message: string }>
  /** Rows pushed by the live tail that match the filters, newest first. */
  | EventLike<typeof ACTIVITY_ROWS_ARRIVED, { rows: AuditRowView[] }>
  /** Live was switched on: the tail is joining `stream` (`audit:all`, `audit:<userId>`). */
  | EventLike<typeof ACTIVITY_LIVE_TAIL_REQUESTED, { stream: string }>
  /** The server let the tail in: rows now arrive. */
  | EventLike<typeof ACTIVITY_LIVE_TAIL_STARTED, Record<string, never>>
  | EventLike<typeof ACTIVITY_LIVE_TAIL_STOPPED, { reason?: string }>
  | EventLike<typeof ACTIVITY_USERS_LOADED, { users: { id: number; username: string }[] }>
  /** The object just before an event (`as_of` = position - 1) and just after it; null where it did not exist. */
  | EventLike<
      typeof ACTIVITY_STATES_LOADED,
      { position: number; object: ObjectRef; before: unknown; after: unknown; message?: string }
    >
  | EventLike<typeof ACTIVITY_HISTORY_LOADED, { object: ObjectRef; count: number; rows: HistoryRowView[] }>
  | EventLike<typeof ACTIVITY_HISTORY_LOAD_FAILED, { object: ObjectRef; message: string }>
  | EventLike<
      typeof ACTIVITY_PAST_STATE_LOADED,
      { object: ObjectRef; position: number; state: unknown; message?: string }
    >
  | EventLike<typeof ACTIVITY_CHANGE_REVERTED, { object: ObjectRef; batchId: string; newBatchId: string | null }>
  | EventLike<typeof ACTIVITY_REVERT_REFUSED, { object: ObjectRef; batchId: string; message: string }>;

export interface ObjectStates {
  object: ObjectRef;
  before: unknown;
  after: unknown;
  message: string | null;
}

export interface ActivityState {
  /** The filters of the rows shown; null before the first answer. */
  filters: ActivityFilters | null;
  rows: readonly AuditRowView[];
  count: number;
  loadError: string | null;
  /** The audit stream Live follows (switched on), or null. */
  liveStream: string | null;
  /** Whether the server let the tail in (rows arrive). */
  live: boolean;
  liveError: string | null;
  users: readonly { id: number; username: string }[];
  /** Per log position: the object before and after that event. */
  states: Readonly<Record<number, ObjectStates>>;
  history: {
    object: ObjectRef;
    count: number;
    rows: readonly HistoryRowView[];
    error: string | null;
  } | null;
  /** The object as it was at a history row's position ("View as it was"). */
  past: { object: ObjectRef; position: number; state: unknown; message: string | null } | null;
  /** What the last revert did, per reverted batch id. */
  reverts: Readonly<Record<string, { ok: true } | { ok: false; message: string }>>;
}

const sameObject = (a: ObjectRef, b: ObjectRef) => a.type === b.type && String(a.id) === String(b.id);

export const activityFold = {
  initialState: (): ActivityState => ({
    filters: null,
    rows: [],
    count: 0,
    loadError: null,
    liveStream: null,
    live: false,
    liveError: null,
    users: [],
    states: {},
    history: null,
    past: null,
    reverts: {},
  }),
  evolve(state: ActivityState, event: ActivityEvent): ActivityState {
    switch (event.type) {
      case ACTIVITY_PAGE_LOADED:
        return {
          ...state,
          filters: event.data.filters,
          rows: event.data.rows,
          count: event.data.count,
          loadError: null,
        };
      case ACTIVITY_PAGE_LOAD_FAILED:
        return { ...state, filters: event.data.filters, rows: [], count: 0, loadError: event.data.message };
      case ACTIVITY_ROWS_ARRIVED: {
        // A row the page already holds (pushed twice, or loaded after it was pushed) is shown once.
        const held = new Set(state.rows.map((r) => r.position));
        const fresh = event.data.rows.filter((r) => !held.has(r.position));
        if (fresh.length === 0) return state;
        return { ...state, rows: [...fresh, ...state.rows], count: state.count + fresh.length };
      }
      case ACTIVITY_LIVE_TAIL_REQUESTED:
        return { ...state, liveStream: event.data.stream, live: false, liveError: null };
      case ACTIVITY_LIVE_TAIL_STARTED:
        return { ...state, live: true, liveError: null };
      case ACTIVITY_LIVE_TAIL_STOPPED:
        return { ...state, liveStream: null, live: false, liveError: event.data.reason ?? null };
      case ACTIVITY_USERS_LOADED:
        return { ...state, users: event.data.users };
      case ACTIVITY_STATES_LOADED: {
        const { position, object, before, after, message } = event.data;
        return {
          ...state,
          states: { ...state.states, [position]: { object, before, after, message: message ?? null } },
        };
      }
      case ACTIVITY_HISTORY_LOADED:
        return {
          ...state,
          history: { object: event.data.object, count: event.data.count, rows: event.data.rows, error: null },
          past: state.past && sameObject(state.past.object, event.data.object) ? state.past : null,
        };
      case ACTIVITY_HISTORY_LOAD_FAILED:
        return { ...state, history: { object: event.data.object, count: 0, rows: [], error: event.data.message } };
      case ACTIVITY_PAST_STATE_LOADED:
        return {
          ...state,
          past: {
            object: event.data.object,
            position: event.data.position,
            state: event.data.state,
            message: event.data.message ?? null,
          },
        };
      case ACTIVITY_CHANGE_REVERTED:
        return { ...state, reverts: { ...state.reverts, [event.data.batchId]: { ok: true } } };
      case ACTIVITY_REVERT_REFUSED:
        return {
          ...state,
          reverts: { ...state.reverts, [event.data.batchId]: { ok: false, message: event.data.message } },
        };
      default:
        return unchanged(event, state);
    }
  },
};
