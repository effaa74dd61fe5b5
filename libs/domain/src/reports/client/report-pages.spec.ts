import { envelopeBatch } from '@strata/events';
import { summarize } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { upcastEvents } from '../../upcasters';
import { reportPagesFold, type ReportPagesEvent, type ReportPagesState } from './report-pages.events';
import { reportPagesSummaries } from './report-pages.summaries';
import type { LogRowView, ReportListFilters, ReportRowView } from './report-views';

const fold = (events: ReportPagesEvent[], state: ReportPagesState = reportPagesFold.initialState()) =>
  events.reduce(reportPagesFold.evolve, state);

const ALICE = { id: 1, first_name: 'Alice', last_name: 'Admin' };
const row = (id: number, over: Partial<ReportRowView> = {}): ReportRowView => ({
  id,
  type: 'Report',
  name: `Schedule ${id}`,
  description: null,
  active: true,
  crontab: '0 9 * * 1',
  timezone: 'UTC',
  creation_method: 'alerts_reports',
  chart_id: 3,
  dashboard_id: null,
  report_format: 'PNG',
  recipients: [],
  owners: [ALICE],
  created_by: ALICE,
  last_state: 'Success',
  last_eval_dttm: '2026-03-09T09:00:00Z',
  ...over,
});
const run = (id: number): LogRowView => ({
  id,
  uuid: `run-${id}`,
  scheduled_dttm: '2026-03-09T09:00:00Z',
  start_dttm: '2026-03-09T09:00:01Z',
  end_dttm: '2026-03-09T09:00:09Z',
  value: null,
  state: 'Success',
  error_message: null,
});
const filters: ReportListFilters = { search: '', ownerId: null, status: null, active: null, page: 0 };

describe('the Alerts & reports list and log pages (fold of their facts)', () => {
  it('given two list queries, when the older answer arrives last, then only the latest query is shown', () => {
    const state = fold([
      { type: 'reportPages/listQueried', data: { requestId: 'q1', scheduleType: 'Report', filters } },
      { type: 'reportPages/listQueried', data: { requestId: 'q2', scheduleType: 'Report', filters } },
      { type: 'reportPages/listLoaded', data: { requestId: 'q2', count: 1, rows: [row(2)] } },
      { type: 'reportPages/listLoaded', data: { requestId: 'q1', count: 9, rows: [row(1)] } },
      { type: 'reportPages/listFailed', data: { requestId: 'q1', message: 'late' } },
    ]);
    expect(state.list).toMatchObject({ requestId: 'q2', loading: false, count: 1, error: null });
    expect(state.list.rows.map((r) => r.id)).toEqual([2]);
  });

  it('given a list of Reports, when the Alerts are queried, then the Reports are no longer shown', () => {
    const reports = fold([
      { type: 'reportPages/listQueried', data: { requestId: 'q1', scheduleType: 'Report', filters } },
      { type: 'reportPages/listLoaded', data: { requestId: 'q1', count: 1, rows: [row(1)] } },
    ]);
    const again = fold(
      [{ type: 'reportPages/listQueried', data: { requestId: 'q2', scheduleType: 'Report', filters } }],
      reports,
    );
    expect(again.list.rows).toHaveLength(1);
    const alerts = fold(
      [{ type: 'reportPages/listQueried', data: { requestId: 'q3', scheduleType: 'Alert', filters } }],
      reports,
    );
    expect(alerts.list).toMatchObject({ rows: [], loading: true, scheduleType: 'Alert' });
  });

  it('a row changes only with the server’s answer; a write waits until answered or failed', () => {
    const listed = fold([
      { type: 'reportPages/listQueried', data: { requestId: 'q1', scheduleType: 'Report', filters } },
      { type: 'reportPages/listLoaded', data: { requestId: 'q1', count: 2, rows: [row(1), row(2)] } },
      { type: 'reportPages/activeChangeRequested', data: { id: 1, active: false } },
      { type: 'reportPages/deleteRequested', data: { id: 2 } },
    ]);
    expect(listed.writing).toEqual({ 1: true, 2: true });
    expect(listed.list.rows[0]!.active).toBe(true);
    const answered = fold(
      [
        { type: 'reportPages/scheduleLoaded', data: { row: row(1, { active: false }) } },
        { type: 'reportPages/writeFailed', data: { id: 2 } },
      ],
      listed,
    );
    expect(answered.writing).toEqual({});
    expect(answered.list.rows.map((r) => [r.id, r.active])).toEqual([
      [1, false],
      [2, true],
    ]);
    const deleted = fold([{ type: 'reportPages/scheduleDeleted', data: { id: 2 } }], answered);
    expect(deleted.list.rows.map((r) => r.id)).toEqual([1]);
    expect(deleted.list.count).toBe(1);
  });

  it('run now: pending, then the server’s answer or its refusal, per schedule', () => {
    const state = fold([
      { type: 'reportPages/runRequested', data: { id: 1 } },
      { type: 'reportPages/runRequested', data: { id: 2 } },
      { type: 'reportPages/runRequested', data: { id: 3 } },
      { type: 'reportPages/runAnswered', data: { id: 1, answer: { state: 'Success', run_id: 'r1' } } },
      { type: 'reportPages/runRefused', data: { id: 2, message: 'Forbidden' } },
    ]);
    expect(state.runs).toEqual({
      1: { pending: false, answer: { state: 'Success', run_id: 'r1' } },
      2: { pending: false, error: 'Forbidden' },
      3: { pending: true },
    });
  });

  it('the log: the latest query wins; another schedule’s rows go; its schedule follows the server’s answers', () => {
    const shown = fold([
      { type: 'reportPages/logQueried', data: { requestId: 'l1', reportId: 1, page: 0 } },
      { type: 'reportPages/logLoaded', data: { requestId: 'l1', report: row(1), count: 30, rows: [run(9)] } },
      { type: 'reportPages/logQueried', data: { requestId: 'l2', reportId: 1, page: 1 } },
    ]);
    // The same schedule's next page: its rows stay shown while it loads.
    expect(shown.log).toMatchObject({ loading: true, page: 1, count: 30, report: row(1) });
    const updated = fold([{ type: 'reportPages/scheduleLoaded', data: { row: row(1, { name: 'Daily' }) } }], shown);
    expect(updated.log.report?.name).toBe('Daily');
    const failed = fold(
      [
        { type: 'reportPages/logFailed', data: { requestId: 'l1', message: 'late' } },
        { type: 'reportPages/logFailed', data: { requestId: 'l2', message: 'Not found' } },
      ],
      updated,
    );
    expect(failed.log).toMatchObject({ loading: false, error: 'Not found' });
    const other = fold([{ type: 'reportPages/logQueried', data: { requestId: 'l3', reportId: 2, page: 0 } }], failed);
    expect(other.log).toMatchObject({ report: null, rows: [], count: 0, error: null });
  });
});

describe('report pages summaries', () => {
  it('reads every event type', () => {
    const samples: SummarySamples<ReportPagesEvent> = {
      'reportPages/listQueried': {
        requestId: 'q',
        scheduleType: 'Alert',
        filters: { search: 'late', ownerId: 2, status: 'Error', active: true, page: 1 },
      },
      'reportPages/listLoaded': { requestId: 'q', count: 2, rows: [row(1), row(2)] },
      'reportPages/listFailed': { requestId: 'q', message: 'Forbidden' },
      'reportPages/activeChangeRequested': { id: 1, active: false },
      'reportPages/deleteRequested': { id: 1 },
      'reportPages/writeFailed': { id: 1 },
      'reportPages/scheduleLoaded': { row: row(1) },
      'reportPages/scheduleDeleted': { id: 1 },
      'reportPages/runRequested': { id: 1 },
      'reportPages/runAnswered': { id: 1, answer: { state: 'Success', run_id: 'r1' } },
      'reportPages/runRefused': { id: 1, message: 'Forbidden' },
      'reportPages/logQueried': { requestId: 'l', reportId: 1, page: 2 },
      'reportPages/logLoaded': { requestId: 'l', report: row(1), count: 1, rows: [run(1)] },
      'reportPages/logFailed': { requestId: 'l', message: 'Not found' },
    };
    expect(unreadableSummaries(reportPagesSummaries, samples)).toEqual([]);
    expect(
      summarize({ type: 'reportPages/listQueried', data: samples['reportPages/listQueried'] }, { who: 'bob' }),
    ).toBe("bob opened the list of alerts (matching 'late', owned by user 2, last 'Error', active, page 2)");
  });
});

describe('old report pages logs (exported time-travel files)', () => {
  it('reads the setter-named `scheduleUpdated` as `scheduleLoaded`: the same answer, shown the same', () => {
    const [old] = envelopeBatch(
      [{ type: 'reportPages/scheduleUpdated', data: { row: row(1, { active: false }) } }],
      { actor: '1', at: '2026-03-09T09:00:00Z', batchId: 'b1' },
      { stream: 'client:report-pages', version: 3 },
    );
    const [read] = upcastEvents([old!]);
    expect(read).toMatchObject({ type: 'reportPages/scheduleLoaded', data: { row: { id: 1, active: false } } });
    expect(summarize(read!, { who: 'alice' })).toBe("alice was shown the report schedule 'Schedule 1' (inactive)");
  });
});
