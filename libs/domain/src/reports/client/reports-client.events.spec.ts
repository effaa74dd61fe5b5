import {
  REPORT_ACTIVE_TOGGLE_REQUESTED,
  REPORT_ACTIVE_TOGGLED,
  REPORT_ADDED,
  REPORT_DELETE_REQUESTED,
  REPORT_DELETED,
  REPORT_EDITED,
  REPORT_SAVE_REFUSED,
  REPORT_SAVE_REQUESTED,
  REPORT_WRITE_FAILED,
  REPORTS_FETCHED,
  reportOfTarget,
  reportsClientFold,
  type ReportsClientEvent,
  type ReportsState,
} from './reports-client.events';
import type { ReportBody, ReportJson } from './report-json';

const fold = (events: ReportsClientEvent[], state: ReportsState = reportsClientFold.initialState()) =>
  events.reduce(reportsClientFold.evolve, state);

const report = (over: Partial<ReportJson> = {}): ReportJson => ({
  id: 4,
  type: 'Report',
  name: 'Weekly',
  description: null,
  active: true,
  crontab: '0 9 * * 1',
  timezone: 'UTC',
  creation_method: 'charts',
  chart_id: 3,
  dashboard_id: null,
  report_format: 'PNG',
  recipients: [],
  ...over,
});
const CHART_3 = { creationMethod: 'charts' as const, targetId: 3 };
const body = { name: 'Weekly' } as ReportBody;

describe('the client reports state (charts-dashboards-reports §4 Reports)', () => {
  it('files reports by creation method, then target id; a fetch with none removes the one held', () => {
    const held = fold([
      { type: REPORTS_FETCHED, data: { target: CHART_3, report: report() } },
      {
        type: REPORTS_FETCHED,
        data: {
          target: { creationMethod: 'dashboards', targetId: 7 },
          report: report({ id: 5, creation_method: 'dashboards', chart_id: null, dashboard_id: 7 }),
        },
      },
    ]);
    expect(held.byTarget.charts?.[3]?.id).toBe(4);
    expect(held.byTarget.dashboards?.[7]?.id).toBe(5);
    expect(held.fetches['charts:3']).toEqual({ status: 'loaded', message: null });
    const gone = fold([{ type: REPORTS_FETCHED, data: { target: CHART_3, report: null } }], held);
    expect(reportOfTarget(gone, CHART_3)).toBeNull();
    expect(gone.byId[4]).toBeUndefined();
    expect(gone.byTarget.dashboards?.[7]?.id).toBe(5);
  });

  it('add and edit store the report and settle the form; a refusal keeps the field it names', () => {
    const refused = fold([
      { type: REPORT_SAVE_REQUESTED, data: { formId: 'f', reportId: null, body } },
      {
        type: REPORT_SAVE_REFUSED,
        data: { formId: 'f', reportId: null, status: 400, field: 'crontab', message: 'crontab: bad' },
      },
    ]);
    expect(refused.saves.f).toEqual({ status: 'refused', reportId: null, field: 'crontab', message: 'crontab: bad' });
    const added = fold(
      [
        { type: REPORT_SAVE_REQUESTED, data: { formId: 'f', reportId: null, body } },
        { type: REPORT_ADDED, data: { formId: 'f', report: report() } },
        { type: REPORT_EDITED, data: { formId: 'g', report: report({ name: 'Monday' }) } },
      ],
      refused,
    );
    expect(added.saves.f).toEqual({ status: 'saved', reportId: 4, field: null, message: null });
    expect(reportOfTarget(added, CHART_3)?.name).toBe('Monday');
  });

  it('toggles the active flag once the server agreed; delete removes the report; a failure is kept', () => {
    const held = fold([{ type: REPORT_ADDED, data: { formId: null, report: report() } }]);
    const pending = fold([{ type: REPORT_ACTIVE_TOGGLE_REQUESTED, data: { id: 4, active: false } }], held);
    expect(reportOfTarget(pending, CHART_3)?.active).toBe(true);
    expect(pending.writes[4]).toEqual({ write: 'active', pending: true, message: null });
    const off = fold([{ type: REPORT_ACTIVE_TOGGLED, data: { id: 4, active: false } }], pending);
    expect(reportOfTarget(off, CHART_3)?.active).toBe(false);
    expect(off.writes[4]).toBeUndefined();
    const failed = fold(
      [
        { type: REPORT_DELETE_REQUESTED, data: { id: 4 } },
        { type: REPORT_WRITE_FAILED, data: { id: 4, write: 'delete', message: 'Forbidden' } },
      ],
      off,
    );
    expect(failed.writes[4]).toEqual({ write: 'delete', pending: false, message: 'Forbidden' });
    expect(reportOfTarget(failed, CHART_3)).not.toBeNull();
    const deleted = fold([{ type: REPORT_DELETED, data: { id: 4 } }], failed);
    expect(reportOfTarget(deleted, CHART_3)).toBeNull();
    expect(deleted.byTarget.charts).toEqual({});
  });
});
