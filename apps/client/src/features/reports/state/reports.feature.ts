import {
  REPORT_ACTIVE_TOGGLE_REQUESTED,
  REPORT_ACTIVE_TOGGLED,
  REPORT_ADDED,
  REPORT_DELETE_REQUESTED,
  REPORT_DELETED,
  REPORT_EDITED,
  REPORT_RUN_REQUESTED,
  REPORT_RUN_STARTED,
  REPORT_SAVE_REFUSED,
  REPORT_SAVE_REQUESTED,
  REPORT_WRITE_FAILED,
  REPORTS_FETCH_FAILED,
  REPORTS_FETCH_REQUESTED,
  REPORTS_FETCHED,
  reportsClientFold,
  type ReportBody,
  type ReportJson,
  type ReportsClientEvent,
  type ReportsState,
  type ReportTarget,
  type ReportWrite,
} from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../../shared/feature-store';
import { toClientError } from '../../api/api-error';
import type { HttpClient } from '../../api/http-client';
import { reportsApi, type ReportsApi } from '../api/reports-api';

export interface ReportsFeature {
  readonly store: FeatureStore<ReportsState, ReportsClientEvent>;
  readonly api: ReportsApi;
  /** Reads the user's report of a chart or dashboard into §4's state (or removes the one held: it has none). */
  fetchFor(target: ReportTarget, userId: number | null): Promise<void>;
  /**
   * Sends a report modal's form: a new schedule, or the full body of an edit. Resolves the saved report,
   * or null when refused (the refusal is in `saves[formId]`, naming its field when the server does).
   */
  save(formId: string, body: ReportBody, reportId?: number): Promise<ReportJson | null>;
  /** `PUT {active}` only; the state changes once the server agreed. */
  setActive(id: number, active: boolean): Promise<boolean>;
  remove(id: number): Promise<boolean>;
  runNow(id: number): Promise<boolean>;
}

/**
 * The body's field a refusal names: 400 `errors[0].extra.field`, or the first path of a shape error's
 * `extra.issues` (a number left blank); a 422 without one is the name (taken).
 */
export function refusedField(thrown: unknown): { status: number; field: string | null; message: string } {
  const error = toClientError(thrown);
  const extra = error.errors[0]?.extra as { field?: unknown; issues?: { path?: unknown[] }[] } | undefined;
  const issuePath = extra?.issues?.[0]?.path?.[0];
  const named = typeof extra?.field === 'string' ? extra.field : typeof issuePath === 'string' ? issuePath : null;
  return { status: error.status, field: named ?? (error.status === 422 ? 'name' : null), message: error.message };
}

export function createReports(options: { context: ClientContext; http: HttpClient; api?: ReportsApi }): ReportsFeature {
  const api = options.api ?? reportsApi(options.http);
  const store = createFeatureStore<ReportsState, ReportsClientEvent>('reports', reportsClientFold, options.context);
  const message = (thrown: unknown) => toClientError(thrown).message;

  // A write on one report: the request, then what the server answered. An intent refused because the
  // page shows the past (time travel) records nothing and calls nothing.
  const write = async (
    id: number,
    kind: ReportWrite,
    requested: ReportsClientEvent,
    call: () => Promise<ReportsClientEvent>,
  ) => {
    if (store.record([requested]).length === 0) return false;
    try {
      store.record([await call()], MAY_LAND_IN_PAST);
      return true;
    } catch (thrown) {
      store.record(
        [{ type: REPORT_WRITE_FAILED, data: { id, write: kind, message: message(thrown) } }],
        MAY_LAND_IN_PAST,
      );
      return false;
    }
  };

  return {
    store,
    api,
    async fetchFor(target, userId) {
      store.record([{ type: REPORTS_FETCH_REQUESTED, data: { target } }], MAY_LAND_IN_PAST);
      const on =
        target.creationMethod === 'dashboards' ? { dashboardId: target.targetId } : { chartId: target.targetId };
      try {
        const found = await api.listFor(target.creationMethod, on, userId);
        store.record([{ type: REPORTS_FETCHED, data: { target, report: found[0] ?? null } }], MAY_LAND_IN_PAST);
      } catch (thrown) {
        store.record([{ type: REPORTS_FETCH_FAILED, data: { target, message: message(thrown) } }], MAY_LAND_IN_PAST);
      }
    },
    async save(formId, body, reportId) {
      const id = reportId ?? null;
      if (store.record([{ type: REPORT_SAVE_REQUESTED, data: { formId, reportId: id, body } }]).length === 0)
        return null;
      try {
        const report = id === null ? await api.create(body) : await api.update(id, body);
        store.record(
          [{ type: id === null ? REPORT_ADDED : REPORT_EDITED, data: { formId, report } }],
          MAY_LAND_IN_PAST,
        );
        return report;
      } catch (thrown) {
        store.record(
          [{ type: REPORT_SAVE_REFUSED, data: { formId, reportId: id, ...refusedField(thrown) } }],
          MAY_LAND_IN_PAST,
        );
        return null;
      }
    },
    setActive: (id, active) =>
      write(id, 'active', { type: REPORT_ACTIVE_TOGGLE_REQUESTED, data: { id, active } }, async () => {
        await api.update(id, { active });
        return { type: REPORT_ACTIVE_TOGGLED, data: { id, active } };
      }),
    remove: (id) =>
      write(id, 'delete', { type: REPORT_DELETE_REQUESTED, data: { id } }, async () => {
        await api.remove(id);
        return { type: REPORT_DELETED, data: { id } };
      }),
    runNow: (id) =>
      write(id, 'run', { type: REPORT_RUN_REQUESTED, data: { id } }, async () => {
        await api.runNow(id);
        return { type: REPORT_RUN_STARTED, data: { id } };
      }),
  };
}
