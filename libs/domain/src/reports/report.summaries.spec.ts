import type { EventLike } from '@strata/events';
import { summarizeStream } from '../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../audit/testing/readable';
import type { ReportEvent } from './report.events';
import { reportSummaries } from './report.summaries';
import { created, dashboardReport, delayAlert } from './testing.fixture';

const audit = (events: EventLike[], who = 'bob') => summarizeStream(events, () => ({ who }));
const T = '2026-03-09T13:00:00.000Z';

const samples: SummarySamples<ReportEvent> = {
  'report/reportCreated': created(delayAlert).data as SummarySamples<ReportEvent>['report/reportCreated'],
  'report/reportRenamed': { name: 'Late flights' },
  'report/reportDescribed': { description: 'For ops' },
  'report/reportActivated': {},
  'report/reportDeactivated': {},
  'report/scheduleChanged': { crontab: '0 9 * * 1-5', timezone: 'America/New_York' },
  'report/contentChanged': { chart_id: 3, dashboard_id: null },
  'report/formatChanged': { report_format: 'CSV' },
  'report/recipientsChanged': {
    recipients: [
      { type: 'Email', to: ['a@example.com'], cc: [], bcc: [] },
      { type: 'Webhook', url: 'https://hooks.example.com/x?token=secret' },
    ],
  },
  'report/ownersChanged': { owners: [2, 5] },
  'report/workingTimeoutChanged': { working_timeout: 600 },
  'report/gracePeriodChanged': { grace_period: 3600 },
  'report/logRetentionChanged': { log_retention: 30 },
  'report/screenshotSizeChanged': { custom_width: 1600, custom_height: null },
  'report/forceScreenshotEnabled': {},
  'report/forceScreenshotDisabled': {},
  'report/dashboardViewChanged': { dashboard_view: { activeTabs: ['TAB-1'], anchor: null, nativeFilters: [] } },
  'report/alertQueryChanged': { database_id: 1, sql: 'SELECT count(*) FROM flights' },
  'report/alertConditionChanged': { validator: { type: 'operator', op: '>', threshold: 10 } },
  'report/reportDeleted': {},
  'report/runStarted': { runId: 'r1', scheduledAt: T, startedAt: T, manual: false },
  'report/alertTriggered': { runId: 'r1', value: 57, at: T },
  'report/runSucceeded': { runId: 'r1', endedAt: T },
  'report/runFailed': { runId: 'r1', endedAt: T, error: 'SMTP refused' },
  'report/runNotTriggered': { runId: 'r1', value: null, endedAt: T },
  'report/runOnGrace': { runId: 'r1', scheduledAt: T, at: T },
  'report/runTimedOut': { runId: 'r1', at: T },
  'report/ownersNotifiedOfError': { runId: 'r1', at: T },
  'report/mailSent': { deliveryId: 'd1', runId: 'r1', at: T, subject: '[Report] Late flights', recipients: 3 },
  'report/mailOutboxed': { deliveryId: 'd1', runId: null, at: T, subject: '[Report] Late flights', recipients: 1 },
  'report/runLogPruned': { before: T, at: T },
};

describe('report summaries', () => {
  it('every event type reads as words, with or without the schedule’s name', () => {
    expect(unreadableSummaries(reportSummaries, samples, [{}, { objectName: 'Late flights' }])).toEqual([]);
  });

  it('names the schedule and its kind as the stream’s earlier events left them', () => {
    expect(
      audit([
        created(delayAlert),
        { type: 'report/reportRenamed', data: { name: 'Very late flights' } },
        { type: 'report/alertConditionChanged', data: { validator: { type: 'operator', op: '>', threshold: 100 } } },
        { type: 'report/reportDeactivated', data: {} },
      ]),
    ).toEqual([
      "bob created the alert 'Many delays' on dashboard 7",
      "bob renamed the alert 'Many delays' to 'Very late flights'",
      "bob made the alert 'Very late flights' trigger when its value > 100",
      "bob switched off the alert 'Very late flights'",
    ]);
  });

  it('tells the runs’ story, including the stuck run and the grace period', () => {
    const [, ...runs] = audit(
      [
        created(dashboardReport),
        { type: 'report/runStarted', data: { runId: 'r1', scheduledAt: T, startedAt: T, manual: false } },
        { type: 'report/runTimedOut', data: { runId: 'r1', at: T } },
        { type: 'report/ownersNotifiedOfError', data: { runId: 'r1', at: T } },
      ],
      'Strata',
    );
    expect(runs).toEqual([
      "Strata started the run of the report 'Weekly delays' scheduled at 2026-03-09 13:00 UTC",
      "Strata marked the report 'Weekly delays' as failed: still working past its working timeout",
      "Strata told the owners that the report 'Weekly delays' failed",
    ]);
  });

  it('never prints addresses, webhook URLs or SQL (the audit log is shown and exported)', () => {
    const texts = Object.entries(samples).map(([type, data]) => audit([{ type, data }])[0]!);
    expect(texts.join('\n')).not.toMatch(/@example\.com|token=|hooks\.example|SELECT/);
    expect(audit([{ type: 'report/recipientsChanged', data: samples['report/recipientsChanged'] }])).toEqual([
      'bob set the recipients of the report schedule (1 e-mail and 1 webhook)',
    ]);
  });
});
