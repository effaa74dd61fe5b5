import { DomainError } from '@strata/events';
import { reportDecider, type ReportStreamState } from './report.decider';
import type { ReportEvent } from './report.events';
import { created, dashboardReport } from './testing.fixture';

const fold = (events: ReportEvent[]) =>
  events.reduce<ReportStreamState>(reportDecider.evolve, reportDecider.initialState());

describe('pruning the execution log by log_retention', () => {
  it('given a schedule keeping 90 days, when pruned at an instant, then runs ended 90 days before it go', () => {
    const state = fold([created(dashboardReport)]);
    expect(reportDecider.decide({ type: 'PruneRunLog', data: { at: '2026-06-01T12:00:00+02:00' } }, state)).toEqual([
      { type: 'report/runLogPruned', data: { before: '2026-03-03T10:00:00.000Z', at: '2026-06-01T10:00:00.000Z' } },
    ]);
  });

  it('leaves the runs the decider folds as they were, and refuses a deleted schedule', () => {
    const state = fold([created(dashboardReport)]);
    const [event] = reportDecider.decide({ type: 'PruneRunLog', data: { at: '2026-06-01T00:00:00Z' } }, state);
    expect(reportDecider.evolve(state, event!)).toBe(state);
    const deleted = fold([created(dashboardReport), { type: 'report/reportDeleted', data: {} }]);
    expect(() => reportDecider.decide({ type: 'PruneRunLog', data: { at: '2026-06-01T00:00:00Z' } }, deleted)).toThrow(
      DomainError,
    );
  });
});
