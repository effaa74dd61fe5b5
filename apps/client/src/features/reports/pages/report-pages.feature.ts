import { createFeatureStore, type ClientContext, type FeatureStore } from '../../../shared/feature-store';
import { hasStatus, toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import type { ToastsFeature } from '../../toasts/toasts.feature';
import { reportPagesApi, type ReportPagesApi, type ScheduleType } from './report-api';
import { listQueryOf, type ReportListFilters } from './report-list-url';
import { reportPagesFold, type ReportPagesEvent, type ReportPagesState } from './report-pages.fold';

export interface ReportPagesFeature {
  readonly store: FeatureStore<ReportPagesState, ReportPagesEvent>;
  readonly api: ReportPagesApi;
  /** Reads the page of Reports or Alerts these filters ask for (a newer call wins). */
  load(type: ScheduleType, filters: ReportListFilters): Promise<void>;
  /** `PUT {active}`; the row changes once the server said yes. */
  setActive(id: number, active: boolean): Promise<void>;
  remove(id: number): Promise<boolean>;
  /** `POST /{id}/run`, then the schedule (and its open log) read again. */
  runNow(id: number): Promise<void>;
  loadLog(reportId: number, page: number): Promise<void>;
}

export function createReportPages(context: ClientContext, http: HttpClient, toasts: ToastsFeature): ReportPagesFeature {
  const store = createFeatureStore<ReportPagesState, ReportPagesEvent>('report-pages', reportPagesFold, context);
  const api = reportPagesApi(http);
  const message = (thrown: unknown) => toClientError(thrown).message;

  const refresh = async (id: number) => {
    try {
      store.record([{ type: 'reportPages/scheduleUpdated', data: { row: await api.get(id) } }]);
    } catch {
      // The list keeps what it showed; the next load reads it again.
    }
    const { log } = store.getState();
    if (log.reportId === id) await loadLog(id, log.page);
  };

  async function loadLog(reportId: number, page: number) {
    const requestId = context.newId();
    store.record([{ type: 'reportPages/logQueried', data: { requestId, reportId, page } }]);
    try {
      const [report, { count, result }] = await Promise.all([api.get(reportId), api.log(reportId, page)]);
      store.record([{ type: 'reportPages/logLoaded', data: { requestId, report, count, rows: result } }]);
    } catch (thrown) {
      const text = hasStatus(thrown, 404) ? 'There is no such schedule, or it is not yours.' : message(thrown);
      store.record([{ type: 'reportPages/logFailed', data: { requestId, message: text } }]);
    }
  }

  return {
    store,
    api,
    async load(scheduleType, filters) {
      const requestId = context.newId();
      store.record([{ type: 'reportPages/listQueried', data: { requestId, scheduleType, filters } }]);
      try {
        const { count, result } = await api.list(listQueryOf(scheduleType, filters));
        store.record([{ type: 'reportPages/listLoaded', data: { requestId, count, rows: result } }]);
      } catch (thrown) {
        store.record([{ type: 'reportPages/listFailed', data: { requestId, message: message(thrown) } }]);
      }
    },
    async setActive(id, active) {
      try {
        const row = await api.setActive(id, active);
        store.record([{ type: 'reportPages/scheduleUpdated', data: { row } }]);
      } catch (thrown) {
        toasts.danger(`Could not ${active ? 'activate' : 'deactivate'} the schedule: ${message(thrown)}`);
      }
    },
    async remove(id) {
      try {
        await api.remove(id);
        store.record([{ type: 'reportPages/scheduleDeleted', data: { id } }]);
        return true;
      } catch (thrown) {
        toasts.danger(`Could not delete the schedule: ${message(thrown)}`);
        return false;
      }
    },
    async runNow(id) {
      store.record([{ type: 'reportPages/runRequested', data: { id } }]);
      try {
        const answer = await api.runNow(id);
        store.record([{ type: 'reportPages/runAnswered', data: { id, answer } }]);
      } catch (thrown) {
        store.record([{ type: 'reportPages/runRefused', data: { id, message: message(thrown) } }]);
        toasts.danger(`Run now failed: ${message(thrown)}`);
        return;
      }
      await refresh(id);
    },
    loadLog,
  };
}
