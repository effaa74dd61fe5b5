import { DomainError } from '@strata/events';
import type { ReportCommand } from './report.commands';
import { reportDecider, type ReportStreamState } from './report.decider';
import type { ReportEvent } from './report.events';
import { created, dashboardReport } from './testing.fixture';

const fold = (events: ReportEvent[]) =>
  events.reduce<ReportStreamState>(reportDecider.evolve, reportDecider.initialState());
const mail = (type: 'RecordMailSent' | 'PutMailInOutbox'): ReportCommand => ({
  type,
  data: { deliveryId: 'd1', runId: 'r1', at: '2026-03-09T14:00:00+01:00', subject: '[Report] Weekly', recipients: 2 },
});

describe('mail deliveries on the stream', () => {
  it('records a sent mail and an outboxed one as their own facts, at the canonical UTC instant', () => {
    const state = fold([created(dashboardReport)]);
    const data = {
      deliveryId: 'd1',
      runId: 'r1',
      at: '2026-03-09T13:00:00.000Z',
      subject: '[Report] Weekly',
      recipients: 2,
    };
    expect(reportDecider.decide(mail('RecordMailSent'), state)).toEqual([{ type: 'report/mailSent', data }]);
    expect(reportDecider.decide(mail('PutMailInOutbox'), state)).toEqual([{ type: 'report/mailOutboxed', data }]);
  });

  it('leaves the schedule as it was, and refuses a mail of a deleted schedule', () => {
    const state = fold([created(dashboardReport)]);
    const [event] = reportDecider.decide(mail('PutMailInOutbox'), state);
    expect(reportDecider.evolve(state, event)).toBe(state);
    const deleted = fold([created(dashboardReport), { type: 'report/reportDeleted', data: {} }]);
    expect(() => reportDecider.decide(mail('RecordMailSent'), deleted)).toThrow(DomainError);
  });
});
