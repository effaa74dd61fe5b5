import { deciderSpec } from '../testing';
import type { ReportCommand } from './report.commands';
import { reportDecider, type ReportStreamState } from './report.decider';
import type { ReportEvent } from './report.events';
import type { ReportFields } from './report.fields';
import {
  REMEMBERED_RUNS,
  WORKING_TIMEOUT_ERROR,
  inGracePeriod,
  logCutoff,
  shouldNotifyOwners,
  timedOut,
} from './report-runs';
import { created, dashboardReport, delayAlert } from './testing.fixture';

const spec = deciderSpec(reportDecider);
const fold = (events: ReportEvent[]): ReportStreamState =>
  events.reduce<ReportStreamState>(reportDecider.evolve, reportDecider.initialState());

const T0 = '2026-06-01T09:00:00.000Z';
/** T0 plus some seconds, as an ISO string. */
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const start = (runId: string, scheduledAt = T0, when = scheduledAt, manual = false): ReportCommand => ({
  type: 'StartRun',
  data: { runId, scheduledAt, at: when, manual },
});
const started = (runId: string, scheduledAt = T0, when = scheduledAt, manual = false): ReportEvent => ({
  type: 'report/runStarted',
  data: { runId, scheduledAt, startedAt: when, manual },
});
const succeeded = (runId: string, endedAt: string): ReportEvent => ({
  type: 'report/runSucceeded',
  data: { runId, endedAt },
});
const failed = (runId: string, endedAt: string, error = 'SMTP refused'): ReportEvent => ({
  type: 'report/runFailed',
  data: { runId, endedAt, error },
});
const triggered = (runId: string, value: number, when: string): ReportEvent => ({
  type: 'report/alertTriggered',
  data: { runId, value, at: when },
});

const report = created(dashboardReport);
const alert = created(delayAlert);

describe('runs: Working, then Success or Error', () => {
  it('a scheduled time starts one run: the schedule is Working', () => {
    spec
      .given([report])
      .when(start('r1'))
      .then([started('r1')]);
    expect(fold([report, started('r1')]).runs).toMatchObject({
      state: 'Working',
      working: { runId: 'r1', scheduledAt: T0, startedAt: T0, triggered: false },
    });
  });

  it('times are stored as canonical UTC instants, so one instant is one scheduled time', () => {
    spec
      .given([report])
      .when(start('r1', '2026-06-01T11:00:00+02:00', '2026-06-01T09:00:05Z'))
      .then([started('r1', T0, '2026-06-01T09:00:05.000Z')]);
    spec.given([report]).when(start('r1', 'monday')).thenThrows('invalid_time');
  });

  it('a report that sent is Success; one that failed is Error with its message', () => {
    spec
      .given([report, started('r1')])
      .when({ type: 'SucceedRun', data: { runId: 'r1', at: at(30) } })
      .then([succeeded('r1', at(30))]);
    spec
      .given([report, started('r1')])
      .when({ type: 'FailRun', data: { runId: 'r1', at: at(30), error: 'SMTP refused' } })
      .then([failed('r1', at(30))]);
    expect(fold([report, started('r1'), failed('r1', at(30))]).runs).toMatchObject({
      state: 'Error',
      working: null,
      lastError: 'SMTP refused',
      lastEvalAt: at(30),
    });
  });

  it('only the run in progress may finish: a late worker of an ended run is refused', () => {
    spec
      .given([report])
      .when({ type: 'SucceedRun', data: { runId: 'r1', at: at(1) } })
      .thenThrows('report_run_not_working');
    spec
      .given([report, started('r1')])
      .when({ type: 'FailRun', data: { runId: 'other', at: at(1), error: 'x' } })
      .thenThrows('report_run_not_working');
    spec
      .given([report, started('r1'), { type: 'report/runTimedOut', data: { runId: 'r1', at: at(3601) } }])
      .when({ type: 'SucceedRun', data: { runId: 'r1', at: at(3700) } })
      .thenThrows('report_run_not_working');
  });

  it('an inactive schedule does not run on its cron, but "run now" runs it; a deleted one does not run', () => {
    const off: ReportEvent = { type: 'report/reportDeactivated', data: {} };
    spec.given([report, off]).when(start('r1')).thenThrows('report_inactive');
    spec
      .given([report, off])
      .when(start('r1', T0, T0, true))
      .then([started('r1', T0, T0, true)]);
    spec
      .given([report, { type: 'report/reportDeleted', data: {} }])
      .when(start('r1'))
      .thenThrows('report_not_found');
  });
});

describe('exactly one run per scheduled time', () => {
  it('a second start of the same scheduled time is refused, from any process, during or after the run', () => {
    spec
      .given([report, started('r1')])
      .when(start('r2'))
      .thenThrows('report_run_duplicate');
    spec
      .given([report, started('r1'), succeeded('r1', at(20))])
      .when(start('r2', T0, at(40)))
      .thenThrows('report_run_duplicate');
  });

  it('the next scheduled time runs; while a run is Working another time waits', () => {
    const next = at(3600);
    spec
      .given([report, started('r1'), succeeded('r1', at(20))])
      .when(start('r2', next))
      .then([started('r2', next)]);
    spec
      .given([report, started('r1')])
      .when(start('r2', at(600)))
      .thenThrows('report_run_in_progress');
  });

  it('a scheduled time older than every remembered run is refused too (it may have run)', () => {
    const history: ReportEvent[] = [report];
    for (let i = 1; i <= REMEMBERED_RUNS + 5; i++)
      history.push(started(`r${i}`, at(i * 60)), succeeded(`r${i}`, at(i * 60 + 10)));
    spec
      .given(history)
      .when(start('old', at(60)))
      .thenThrows('report_run_duplicate');
    spec
      .given(history)
      .when(start('older', at(30)))
      .thenThrows('report_run_duplicate');
    const next = at((REMEMBERED_RUNS + 6) * 60);
    spec
      .given(history)
      .when(start('next', next))
      .then([started('next', next)]);
  });
});

describe('a run never stays Working: the working timeout makes it an Error', () => {
  const working = fold([report, started('r1')]);
  const fields = working.fields as ReportFields;

  it('timedOut is true only past working_timeout (3600 s by default)', () => {
    expect(timedOut(fields, working.runs, new Date(at(3600)))).toBe(false);
    expect(timedOut(fields, working.runs, new Date(at(3601)))).toBe(true);
    expect(timedOut(fields, fold([report]).runs, new Date(at(99_999)))).toBe(false);
  });

  it('TimeOutRun ends the stuck run as Error with Superset’s message; before the timeout it is refused', () => {
    const timedOutEvent: ReportEvent = { type: 'report/runTimedOut', data: { runId: 'r1', at: at(3601) } };
    spec
      .given([report, started('r1')])
      .when({ type: 'TimeOutRun', data: { at: at(3601) } })
      .then([timedOutEvent]);
    spec
      .given([report, started('r1')])
      .when({ type: 'TimeOutRun', data: { at: at(60) } })
      .thenThrows('report_run_not_timed_out');
    spec
      .given([report])
      .when({ type: 'TimeOutRun', data: { at: at(9999) } })
      .thenThrows('report_run_not_timed_out');
    expect(fold([report, started('r1'), timedOutEvent]).runs).toMatchObject({
      state: 'Error',
      working: null,
      lastError: WORKING_TIMEOUT_ERROR,
    });
  });

  it('the next scheduled time after a stuck run ends it as Error, then starts', () => {
    spec
      .given([report, started('r1')])
      .when(start('r2', at(7200)))
      .then([{ type: 'report/runTimedOut', data: { runId: 'r1', at: at(7200) } }, started('r2', at(7200))]);
  });

  it('a shorter working timeout applies from the save that set it', () => {
    const short: ReportEvent = { type: 'report/workingTimeoutChanged', data: { working_timeout: 60 } };
    spec
      .given([report, short, started('r1')])
      .when({ type: 'TimeOutRun', data: { at: at(61) } })
      .then([{ type: 'report/runTimedOut', data: { runId: 'r1', at: at(61) } }]);
  });
});

describe('alerts: triggered, Not triggered, On Grace', () => {
  const evaluate = (runId: string, value: number | null, when: string): ReportCommand => ({
    type: 'EvaluateAlert',
    data: { runId, value, at: when },
  });

  it('a value the validator accepts lets the run send; one it does not ends the run as Not triggered', () => {
    spec
      .given([alert, started('a1')])
      .when(evaluate('a1', 57, at(5)))
      .then([triggered('a1', 57, at(5))]);
    spec
      .given([alert, started('a1')])
      .when(evaluate('a1', 3, at(5)))
      .then([{ type: 'report/runNotTriggered', data: { runId: 'a1', value: 3, endedAt: at(5) } }]);
    const notTriggered = fold([
      alert,
      started('a1'),
      { type: 'report/runNotTriggered', data: { runId: 'a1', value: 3, endedAt: at(5) } },
    ]);
    expect(notTriggered.runs).toMatchObject({ state: 'Not triggered', working: null, lastValue: 3 });
  });

  it('an alert sends only after its value triggered it, and evaluates once per run; a report has no value', () => {
    spec
      .given([alert, started('a1')])
      .when({ type: 'SucceedRun', data: { runId: 'a1', at: at(5) } })
      .thenThrows('alert_not_evaluated');
    spec
      .given([alert, started('a1'), triggered('a1', 57, at(5))])
      .when(evaluate('a1', 57, at(6)))
      .thenThrows('alert_already_evaluated');
    spec
      .given([report, started('r1')])
      .when(evaluate('r1', 57, at(5)))
      .thenThrows('report_not_alert');
    spec
      .given([alert, started('a1'), triggered('a1', 57, at(5))])
      .when({ type: 'SucceedRun', data: { runId: 'a1', at: at(9) } })
      .then([succeeded('a1', at(9))]);
  });

  it('inside the grace period after a sent alert, the next run is On Grace and sends nothing', () => {
    const sent = [alert, started('a1'), triggered('a1', 57, at(5)), succeeded('a1', at(10))];
    const onGrace: ReportEvent = {
      type: 'report/runOnGrace',
      data: { runId: 'a2', scheduledAt: at(600), at: at(600) },
    };
    spec
      .given(sent)
      .when(start('a2', at(600)))
      .then([onGrace]);
    // On Grace again until 14,400 s after the success; then the alert is evaluated again.
    spec
      .given([...sent, onGrace])
      .when(start('a3', at(1200)))
      .then([{ type: 'report/runOnGrace', data: { runId: 'a3', scheduledAt: at(1200), at: at(1200) } }]);
    spec
      .given([...sent, onGrace])
      .when(start('a4', at(14_410)))
      .then([started('a4', at(14_410))]);
    // The On Grace run counts as its scheduled time's one run.
    spec
      .given([...sent, onGrace])
      .when(start('again', at(600)))
      .thenThrows('report_run_duplicate');
    expect(fold([...sent, onGrace]).runs).toMatchObject({ state: 'On Grace', working: null, lastSuccessAt: at(10) });
  });

  it('only a sent alert has a grace period: reports send every time, Not triggered and Error evaluate again', () => {
    const fields = fold([alert]).fields as ReportFields;
    const after = (events: ReportEvent[]) => inGracePeriod(fields, fold([alert, ...events]).runs, new Date(at(600)));
    expect(after([started('a1'), triggered('a1', 57, at(5)), succeeded('a1', at(10))])).toBe(true);
    expect(
      after([started('a1'), { type: 'report/runNotTriggered', data: { runId: 'a1', value: 1, endedAt: at(5) } }]),
    ).toBe(false);
    expect(after([started('a1'), triggered('a1', 57, at(5)), failed('a1', at(10))])).toBe(false);
    spec
      .given([report, started('r1'), succeeded('r1', at(10))])
      .when(start('r2', at(600)))
      .then([started('r2', at(600))]);
  });
});

describe('owners hear of errors at most once per grace period', () => {
  const notify = (when: string): ReportCommand => ({ type: 'NotifyOwnersOfError', data: { at: when } });
  const notified = (runId: string, when: string): ReportEvent => ({
    type: 'report/ownersNotifiedOfError',
    data: { runId, at: when },
  });
  const broken = [report, started('r1'), failed('r1', at(10))];

  it('the first error is news; the same error again within the grace period is not', () => {
    spec
      .given(broken)
      .when(notify(at(11)))
      .then([notified('r1', at(11))]);
    const again = [...broken, notified('r1', at(11)), started('r2', at(3600)), failed('r2', at(3610))];
    spec
      .given(again)
      .when(notify(at(3611)))
      .thenThrows('report_error_not_news');
    spec
      .given(again)
      .when(notify(at(11 + 14_400)))
      .then([notified('r2', at(11 + 14_400))]);
  });

  it('a success in between makes the next error news again; no error, no notice', () => {
    const recovered = [...broken, notified('r1', at(11)), started('r2', at(600)), succeeded('r2', at(610))];
    spec
      .given(recovered)
      .when(notify(at(700)))
      .thenThrows('report_error_not_news');
    spec
      .given([...recovered, started('r3', at(1200)), failed('r3', at(1210))])
      .when(notify(at(1211)))
      .then([notified('r3', at(1211))]);
    const fields = fold(broken).fields as ReportFields;
    expect(shouldNotifyOwners(fields, fold([report]).runs, new Date(at(1)))).toBe(false);
  });

  it('a timed-out run is an error the owners hear of', () => {
    const stuck = [
      report,
      started('r1'),
      { type: 'report/runTimedOut', data: { runId: 'r1', at: at(3601) } } as ReportEvent,
    ];
    spec
      .given(stuck)
      .when(notify(at(3602)))
      .then([notified('r1', at(3602))]);
  });

  it('a run a StartRun ended as stuck is news too, while the next run is Working, and the notice names it', () => {
    const next = [
      report,
      started('r1'),
      { type: 'report/runTimedOut', data: { runId: 'r1', at: at(7200) } } as ReportEvent,
      started('r2', at(7200)),
    ];
    spec
      .given(next)
      .when(notify(at(7201)))
      .then([notified('r1', at(7201))]);
    spec
      .given([...next, notified('r1', at(7201))])
      .when(notify(at(7202)))
      .thenThrows('report_error_not_news');
  });
});

describe('log retention', () => {
  it('rows older than log_retention days are past the cutoff', () => {
    expect(logCutoff({ log_retention: 90 }, new Date('2026-06-01T00:00:00Z')).toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
  });
});
