import {
  catchError,
  concatMap,
  defer,
  EMPTY,
  filter,
  forkJoin,
  map,
  merge,
  Subject,
  switchMap,
  type Observable,
} from 'rxjs';
import {
  ACTIVITY_CHANGE_REVERTED,
  ACTIVITY_HISTORY_LOAD_FAILED,
  ACTIVITY_HISTORY_LOADED,
  ACTIVITY_LIVE_TAIL_REQUESTED,
  ACTIVITY_LIVE_TAIL_STARTED,
  ACTIVITY_LIVE_TAIL_STOPPED,
  ACTIVITY_PAGE_LOAD_FAILED,
  ACTIVITY_PAGE_LOADED,
  ACTIVITY_PAST_STATE_LOADED,
  ACTIVITY_REVERT_REFUSED,
  ACTIVITY_ROWS_ARRIVED,
  ACTIVITY_STATES_LOADED,
  ACTIVITY_USERS_LOADED,
  activityFold,
  AS_OF_KINDS,
  type ActivityEvent,
  type ActivityFilters,
  type ActivityState,
  type AuditRowView,
  type ObjectRef,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { activityExport } from './activity-export';
import { activityApi, type ActivityApi } from './activity-api';
import { MAX_PAGE_SIZE } from './activity-url';
import { followAudit, type AuditLiveMessage, type WireTransport } from './audit-live-transport';
import { matchesFilters } from './live-match';
import type { TimeTravelExport } from '../timetravel/export-format';

/** An export reads at most this many rows (ten pages of the API's largest). */
export const MAX_EXPORT_ROWS = 10 * MAX_PAGE_SIZE;

export interface ActivityFeature {
  readonly store: FeatureStore<ActivityState, ActivityEvent>;
  readonly api: ActivityApi;
  /** Reads the page of the audit log these filters ask for (a newer call wins). */
  load(filters: ActivityFilters): void;
  /** The users an admin may filter on. */
  loadUsers(): void;
  /** The object just before and just after this row's event (`as_of`), for the row's diff. */
  loadStates(row: AuditRowView): void;
  /** Follows an audit stream live (`audit:all`, `audit:<userId>`: `liveStreamOf`), or stops (null). */
  follow(stream: string | null): void;
  /** The filtered slice (every page, up to MAX_EXPORT_ROWS) as a time-travel file. */
  exportSlice(filters: ActivityFilters): Promise<TimeTravelExport>;
  loadHistory(object: ObjectRef, page?: number): void;
  viewAsOf(object: ObjectRef, position: number): void;
  /** Resolves true once reverted; a refusal is kept in `reverts` with the server's message. */
  revert(object: ObjectRef, batchId: string): Promise<boolean>;
  dispose(): void;
}

type Command = { type: 'load'; filters: ActivityFilters } | { type: 'history'; object: ObjectRef; page: number };

export function createActivity(options: {
  context: ClientContext;
  http: HttpClient;
  /** Opens the live tail's socket; without one the Live toggle says the tail is unavailable. */
  liveTransport?: () => WireTransport;
}): ActivityFeature {
  const { context } = options;
  const api = activityApi(options.http);
  const store = createFeatureStore<ActivityState, ActivityEvent>('activity', activityFold, context);
  const reads$ = new Subject<Command>();
  const states$ = new Subject<AuditRowView>();
  const past$ = new Subject<{ object: ObjectRef; position: number }>();
  const live$ = new Subject<{ stream: string | null }>();
  const message = (thrown: unknown) => toClientError(thrown).message;

  // The table and the history panel: the latest ask wins, an older answer arriving late is dropped.
  const read = (command: Command): Observable<void> => {
    if (command.type === 'load') {
      const { filters } = command;
      return defer(() => api.audit(filters)).pipe(
        map(
          ({ count, result }) =>
            void store.record(
              [{ type: ACTIVITY_PAGE_LOADED, data: { filters, count, rows: result } }],
              MAY_LAND_IN_PAST,
            ),
        ),
        catchError((thrown: unknown) => {
          store.record(
            [{ type: ACTIVITY_PAGE_LOAD_FAILED, data: { filters, message: message(thrown) } }],
            MAY_LAND_IN_PAST,
          );
          return EMPTY;
        }),
      );
    }
    const { object, page } = command;
    return defer(() => api.history(object, page)).pipe(
      map(
        ({ count, result }) =>
          void store.record(
            [{ type: ACTIVITY_HISTORY_LOADED, data: { object, count, rows: result } }],
            MAY_LAND_IN_PAST,
          ),
      ),
      catchError((thrown: unknown) => {
        store.record(
          [{ type: ACTIVITY_HISTORY_LOAD_FAILED, data: { object, message: message(thrown) } }],
          MAY_LAND_IN_PAST,
        );
        return EMPTY;
      }),
    );
  };
  const loads = merge(
    reads$.pipe(
      filter((c) => c.type === 'load'),
      switchMap(read),
    ),
    reads$.pipe(
      filter((c) => c.type === 'history'),
      switchMap(read),
    ),
  );

  // Before = as it was just before the event (position - 1), after = right after it.
  const comparisons = states$.pipe(
    filter((row) => row.object !== null && AS_OF_KINDS.has(row.object.type)),
    concatMap((row) => {
      const object = { type: row.object!.type, id: row.object!.id };
      return forkJoin([
        defer(() => api.asOf(object, row.position - 1)),
        defer(() => api.asOf(object, row.position)),
      ]).pipe(
        map(([before, after]) =>
          store.record(
            [{ type: ACTIVITY_STATES_LOADED, data: { position: row.position, object, before, after } }],
            MAY_LAND_IN_PAST,
          ),
        ),
        catchError((thrown: unknown) => {
          store.record(
            [
              {
                type: ACTIVITY_STATES_LOADED,
                data: { position: row.position, object, before: null, after: null, message: message(thrown) },
              },
            ],
            MAY_LAND_IN_PAST,
          );
          return EMPTY;
        }),
      );
    }),
  );

  const pastStates = past$.pipe(
    switchMap(({ object, position }) =>
      defer(() => api.asOf(object, position)).pipe(
        map((state) =>
          store.record([{ type: ACTIVITY_PAST_STATE_LOADED, data: { object, position, state } }], MAY_LAND_IN_PAST),
        ),
        catchError((thrown: unknown) => {
          store.record(
            [{ type: ACTIVITY_PAST_STATE_LOADED, data: { object, position, state: null, message: message(thrown) } }],
            MAY_LAND_IN_PAST,
          );
          return EMPTY;
        }),
      ),
    ),
  );

  const onLiveMessage = (msg: AuditLiveMessage): void => {
    switch (msg.type) {
      case 'joined':
        if (!store.getState().live) store.record([{ type: ACTIVITY_LIVE_TAIL_STARTED, data: {} }], MAY_LAND_IN_PAST);
        return;
      case 'refused':
        store.record([{ type: ACTIVITY_LIVE_TAIL_STOPPED, data: { reason: msg.message } }], MAY_LAND_IN_PAST);
        return;
      case 'rows': {
        const { filters } = store.getState();
        const rows = filters === null ? [] : msg.rows.filter((row) => matchesFilters(row, filters));
        if (rows.length > 0) store.record([{ type: ACTIVITY_ROWS_ARRIVED, data: { rows } }], MAY_LAND_IN_PAST);
        return;
      }
      default: {
        const unknown: never = msg;
        return unknown;
      }
    }
  };

  // The live tail: one socket while Live is on; rows that match the table's filters are prepended.
  const tail = live$.pipe(
    switchMap(({ stream }) => {
      if (stream === null) {
        if (store.getState().liveStream !== null)
          store.record([{ type: ACTIVITY_LIVE_TAIL_STOPPED, data: {} }], MAY_LAND_IN_PAST);
        return EMPTY;
      }
      store.record([{ type: ACTIVITY_LIVE_TAIL_REQUESTED, data: { stream } }], MAY_LAND_IN_PAST);
      if (!options.liveTransport) {
        store.record(
          [{ type: ACTIVITY_LIVE_TAIL_STOPPED, data: { reason: 'The live tail is not available here.' } }],
          MAY_LAND_IN_PAST,
        );
        return EMPTY;
      }
      return followAudit(options.liveTransport, stream).pipe(map(onLiveMessage));
    }),
  );

  const subscription = merge(loads, comparisons, pastStates, tail).subscribe();

  return {
    store,
    api,
    load: (filters) => reads$.next({ type: 'load', filters }),
    loadUsers() {
      void api.users().then(
        (users) => store.record([{ type: ACTIVITY_USERS_LOADED, data: { users } }], MAY_LAND_IN_PAST),
        // Only admins list users; anyone else has no one else to pick.
        () => undefined,
      );
    },
    loadStates: (row) => states$.next(row),
    follow: (stream) => live$.next({ stream }),
    async exportSlice(filters) {
      const rows: AuditRowView[] = [];
      for (let page = 0; rows.length < MAX_EXPORT_ROWS; page++) {
        const answer = await api.audit({ ...filters, page, pageSize: MAX_PAGE_SIZE });
        rows.push(...answer.result);
        if (answer.result.length < MAX_PAGE_SIZE || rows.length >= answer.count) break;
      }
      return activityExport(rows, context.now());
    },
    loadHistory: (object, page = 0) => reads$.next({ type: 'history', object, page }),
    viewAsOf: (object, position) => past$.next({ object, position }),
    async revert(object, batchId) {
      try {
        const result = await api.revert(object, batchId);
        store.record(
          [{ type: ACTIVITY_CHANGE_REVERTED, data: { object, batchId, newBatchId: result.batch_id } }],
          MAY_LAND_IN_PAST,
        );
        reads$.next({ type: 'history', object, page: 0 });
        return true;
      } catch (thrown) {
        store.record(
          [{ type: ACTIVITY_REVERT_REFUSED, data: { object, batchId, message: message(thrown) } }],
          MAY_LAND_IN_PAST,
        );
        return false;
      }
    },
    dispose: () => {
      live$.next({ stream: null });
      subscription.unsubscribe();
    },
  };
}
