import {
  REPORT_PAGES_ACTIVE_CHANGE_REQUESTED,
  REPORT_PAGES_DELETE_REQUESTED,
  REPORT_PAGES_LIST_FAILED,
  REPORT_PAGES_LIST_LOADED,
  REPORT_PAGES_LIST_QUERIED,
  REPORT_PAGES_LOG_FAILED,
  REPORT_PAGES_LOG_LOADED,
  REPORT_PAGES_LOG_QUERIED,
  REPORT_PAGES_RUN_ANSWERED,
  REPORT_PAGES_RUN_REFUSED,
  REPORT_PAGES_RUN_REQUESTED,
  REPORT_PAGES_SCHEDULE_DELETED,
  REPORT_PAGES_SCHEDULE_LOADED,
  REPORT_PAGES_WRITE_FAILED,
  reportPagesFold,
  type ReportListFilters,
  type ReportPagesEvent,
  type ReportPagesState,
  type ScheduleType,
} from '@strata/domain';
import { defer, EMPTY, mergeMap, Subject, switchMap, timer } from 'rxjs';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { reportsApi, type ReportsApi } from '../api/reports-api';
import { listQueryOf } from './report-list-url';

export interface ReportPagesFeature {
  readonly store: FeatureStore<ReportPagesState, ReportPagesEvent>;
  readonly api: ReportsApi;
  /** Reads the page of Reports or Alerts these filters ask for (a newer call wins). */
  load(type: ScheduleType, filters: ReportListFilters): Promise<void>;
  /** `PUT {active}`; the row changes once the server said yes. */
  setActive(id: number, active: boolean): Promise<void>;
  remove(id: number): Promise<boolean>;
  /** `POST /{id}/run`, then the schedule (and its open log) read again. */
  runNow(id: number): Promise<void>;
  loadLog(reportId: number, page: number): Promise<void>;
  /** The page is gone: no more reading again while runs are Working. */
  stop(): void;
}

/** While a run shown is Working (or a Run now is waiting), the page reads its list or log again this often. */
export const POLL_MS = 5000;

export function createReportPages(
  context: ClientContext,
  http: HttpClient,
  toasts: ToastsFeature,
  options: { pollMs?: number } = {},
): ReportPagesFeature {
  const store = createFeatureStore<ReportPagesState, ReportPagesEvent>('report-pages', reportPagesFold, context);
  const api = reportsApi(http);
  const message = (thrown: unknown) => toClientError(thrown).message;

  // A run ends on the server (the scheduler's, or a Run now taking minutes): while one shown is Working,
  // the page shown is read again after a pause; a newer read or leaving the page replaces the pause.
  let current: (() => Promise<void>) | null = null;
  const polls$ = new Subject<(() => Promise<void>) | null>();
  polls$
    .pipe(switchMap((again) => (again ? timer(options.pollMs ?? POLL_MS).pipe(mergeMap(() => defer(again))) : EMPTY)))
    .subscribe();
  const runPending = () => Object.values(store.getState().runs).some((run) => run.pending);
  const pollIf = (working: boolean) => polls$.next(working || runPending() ? current : null);

  const refresh = async (id: number) => {
    try {
      store.record([{ type: REPORT_PAGES_SCHEDULE_LOADED, data: { row: await api.get(id) } }], MAY_LAND_IN_PAST);
    } catch {
      // The list keeps what it showed; the next load reads it again.
    }
    const { log } = store.getState();
    if (log.reportId === id) await loadLog(id, log.page);
  };

  async function load(scheduleType: ScheduleType, filters: ReportListFilters) {
    current = () => load(scheduleType, filters);
    const requestId = context.newId();
    store.record([{ type: REPORT_PAGES_LIST_QUERIED, data: { requestId, scheduleType, filters } }], MAY_LAND_IN_PAST);
    try {
      const { count, result } = await api.list(listQueryOf(scheduleType, filters));
      store.record([{ type: REPORT_PAGES_LIST_LOADED, data: { requestId, count, rows: result } }], MAY_LAND_IN_PAST);
      if (store.getState().list.requestId === requestId) pollIf(result.some((r) => r.last_state === 'Working'));
    } catch (thrown) {
      store.record(
        [{ type: REPORT_PAGES_LIST_FAILED, data: { requestId, message: message(thrown) } }],
        MAY_LAND_IN_PAST,
      );
    }
  }

  async function loadLog(reportId: number, page: number) {
    current = () => loadLog(reportId, page);
    const requestId = context.newId();
    store.record([{ type: REPORT_PAGES_LOG_QUERIED, data: { requestId, reportId, page } }], MAY_LAND_IN_PAST);
    try {
      const [report, { count, result }] = await Promise.all([api.get(reportId), api.log(reportId, page)]);
      store.record(
        [{ type: REPORT_PAGES_LOG_LOADED, data: { requestId, report, count, rows: result } }],
        MAY_LAND_IN_PAST,
      );
      if (store.getState().log.requestId === requestId)
        pollIf(report.last_state === 'Working' || result.some((r) => r.state === 'Working'));
    } catch (thrown) {
      const text = hasStatus(thrown, 404) ? 'There is no such schedule, or it is not yours.' : message(thrown);
      store.record([{ type: REPORT_PAGES_LOG_FAILED, data: { requestId, message: text } }], MAY_LAND_IN_PAST);
    }
  }

  return {
    store,
    api,
    load,
    async setActive(id, active) {
      if (store.record([{ type: REPORT_PAGES_ACTIVE_CHANGE_REQUESTED, data: { id, active } }]).length === 0) return;
      try {
        const row = await api.update(id, { active });
        store.record([{ type: REPORT_PAGES_SCHEDULE_LOADED, data: { row } }], MAY_LAND_IN_PAST);
      } catch (thrown) {
        store.record([{ type: REPORT_PAGES_WRITE_FAILED, data: { id } }], MAY_LAND_IN_PAST);
        toasts.danger(`Could not ${active ? 'activate' : 'deactivate'} the schedule: ${message(thrown)}`);
      }
    },
    async remove(id) {
      if (store.record([{ type: REPORT_PAGES_DELETE_REQUESTED, data: { id } }]).length === 0) return false;
      try {
        await api.remove(id);
        store.record([{ type: REPORT_PAGES_SCHEDULE_DELETED, data: { id } }], MAY_LAND_IN_PAST);
        return true;
      } catch (thrown) {
        store.record([{ type: REPORT_PAGES_WRITE_FAILED, data: { id } }], MAY_LAND_IN_PAST);
        toasts.danger(`Could not delete the schedule: ${message(thrown)}`);
        return false;
      }
    },
    async runNow(id) {
      if (store.record([{ type: REPORT_PAGES_RUN_REQUESTED, data: { id } }]).length === 0) return;
      // The run's Working state shows while its answer is awaited.
      polls$.next(current);
      try {
        const answer = await api.runNow(id);
        store.record([{ type: REPORT_PAGES_RUN_ANSWERED, data: { id, answer } }], MAY_LAND_IN_PAST);
      } catch (thrown) {
        store.record([{ type: REPORT_PAGES_RUN_REFUSED, data: { id, message: message(thrown) } }], MAY_LAND_IN_PAST);
        toasts.danger(`Run now failed: ${message(thrown)}`);
        return;
      }
      await refresh(id);
    },
    loadLog,
    stop() {
      current = null;
      polls$.next(null);
    },
  };
}
