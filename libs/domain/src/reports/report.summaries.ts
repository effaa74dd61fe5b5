import { count, defineSummaries, quote, the } from '../audit/summary';
import { reportDecider, type ReportStreamState } from './report.decider';
import type { ReportEvent } from './report.events';
import type { AlertValidator, Recipient } from './report.fields';

type Before = ReportStreamState | undefined;

/** "the alert 'Late flights'": its kind and name then, the caller's name first, else the stream's fold. */
function schedule(objectName: string | undefined, before: Before): string {
  const kind = before?.fields?.type === 'Alert' ? 'alert' : before?.fields ? 'report' : 'report schedule';
  return the(kind, objectName || before?.fields?.name);
}

/** How many mails and webhooks, never the addresses: the audit log is shown and exported. */
function recipients(list: readonly Recipient[]): string {
  const mails = list.filter((r) => r.type === 'Email').length;
  const hooks = list.length - mails;
  return (
    [mails > 0 ? count(mails, 'e-mail') : '', hooks > 0 ? count(hooks, 'webhook') : ''].filter(Boolean).join(' and ') ||
    'nobody'
  );
}

const condition = (v: AlertValidator) =>
  v.type === 'not null' ? 'when its value is not null' : `when its value ${v.op} ${v.threshold}`;
const valueOf = (value: number | null) => (value === null ? 'no value' : `the value ${value}`);
/** A time of the log as people read it, in UTC: '2026-03-09 13:00 UTC'. */
const time = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const content = (chart: number | null, dashboard: number | null) =>
  chart !== null ? `chart ${chart}` : `dashboard ${dashboard ?? ''}`.trim();

/** What each report schedule event says in the audit log (issue 13); SQL is named, never printed. */
export const reportSummaries = defineSummaries<ReportEvent, ReportStreamState>({
  context: 'reports',
  names: { initial: reportDecider.initialState, evolve: reportDecider.evolve },
  of: {
    'report/reportCreated': (d, { who }) =>
      `${who} created the ${d.type === 'Alert' ? 'alert' : 'report'} ${quote(d.name)} on ${content(d.chart_id, d.dashboard_id)}`,
    'report/reportRenamed': (d, { who, objectName, before }) =>
      `${who} renamed ${schedule(objectName, before)} to ${quote(d.name)}`,
    'report/reportDescribed': (d, { who, objectName, before }) =>
      d.description
        ? `${who} described ${schedule(objectName, before)}`
        : `${who} removed the description of ${schedule(objectName, before)}`,
    'report/reportActivated': (_d, { who, objectName, before }) => `${who} switched on ${schedule(objectName, before)}`,
    'report/reportDeactivated': (_d, { who, objectName, before }) =>
      `${who} switched off ${schedule(objectName, before)}`,
    'report/scheduleChanged': (d, { who, objectName, before }) =>
      `${who} scheduled ${schedule(objectName, before)} at ${quote(d.crontab)} in ${d.timezone}`,
    'report/contentChanged': (d, { who, objectName, before }) =>
      `${who} made ${schedule(objectName, before)} send ${content(d.chart_id, d.dashboard_id)}`,
    'report/formatChanged': (d, { who, objectName, before }) =>
      `${who} made ${schedule(objectName, before)} send ${d.report_format}`,
    'report/recipientsChanged': (d, { who, objectName, before }) =>
      `${who} set the recipients of ${schedule(objectName, before)} (${recipients(d.recipients)})`,
    'report/ownersChanged': (d, { who, objectName, before }) =>
      `${who} set the owners of ${schedule(objectName, before)} (${count(d.owners.length, 'owner')})`,
    'report/workingTimeoutChanged': (d, { who, objectName, before }) =>
      `${who} set the working timeout of ${schedule(objectName, before)} to ${d.working_timeout} s`,
    'report/gracePeriodChanged': (d, { who, objectName, before }) =>
      `${who} set the grace period of ${schedule(objectName, before)} to ${d.grace_period} s`,
    'report/logRetentionChanged': (d, { who, objectName, before }) =>
      `${who} set ${schedule(objectName, before)} to keep its log ${count(d.log_retention, 'day')}`,
    'report/screenshotSizeChanged': (d, { who, objectName, before }) =>
      d.custom_width === null && d.custom_height === null
        ? `${who} set ${schedule(objectName, before)} to the default screenshot size`
        : `${who} set the screenshot size of ${schedule(objectName, before)} to ${d.custom_width ?? 'default'} × ${d.custom_height ?? 'default'} px`,
    'report/forceScreenshotEnabled': (_d, { who, objectName, before }) =>
      `${who} made ${schedule(objectName, before)} always take a new screenshot`,
    'report/forceScreenshotDisabled': (_d, { who, objectName, before }) =>
      `${who} let ${schedule(objectName, before)} use cached screenshots`,
    'report/dashboardViewChanged': (d, { who, objectName, before }) =>
      d.dashboard_view === null
        ? `${who} made ${schedule(objectName, before)} show the dashboard as it opens`
        : `${who} set the tabs and filter values ${schedule(objectName, before)} shows (${count(d.dashboard_view.nativeFilters.length, 'filter')})`,
    'report/alertQueryChanged': (d, { who, objectName, before }) =>
      `${who} changed the SQL of ${schedule(objectName, before)} (database ${d.database_id})`,
    'report/alertConditionChanged': (d, { who, objectName, before }) =>
      `${who} made ${schedule(objectName, before)} trigger ${condition(d.validator)}`,
    'report/reportDeleted': (_d, { who, objectName, before }) => `${who} deleted ${schedule(objectName, before)}`,
    'report/runStarted': (d, { who, objectName, before }) =>
      d.manual
        ? `${who} ran ${schedule(objectName, before)} now`
        : `${who} started the run of ${schedule(objectName, before)} scheduled at ${time(d.scheduledAt)}`,
    'report/alertTriggered': (d, { who, objectName, before }) =>
      `${who} evaluated ${schedule(objectName, before)}: triggered by ${valueOf(d.value)}`,
    'report/runSucceeded': (_d, { who, objectName, before }) => `${who} sent ${schedule(objectName, before)}`,
    'report/runFailed': (_d, { who, objectName, before }) => `${who} could not send ${schedule(objectName, before)}`,
    'report/runNotTriggered': (d, { who, objectName, before }) =>
      `${who} evaluated ${schedule(objectName, before)}: not triggered (${valueOf(d.value)})`,
    'report/runOnGrace': (_d, { who, objectName, before }) =>
      `${who} did not send ${schedule(objectName, before)} again within its grace period`,
    'report/runTimedOut': (_d, { who, objectName, before }) =>
      `${who} marked ${schedule(objectName, before)} as failed: still working past its working timeout`,
    'report/ownersNotifiedOfError': (_d, { who, objectName, before }) =>
      `${who} told the owners that ${schedule(objectName, before)} failed`,
    'report/mailSent': (d, { who, objectName, before }) =>
      `${who} mailed ${schedule(objectName, before)} to ${count(d.recipients, 'recipient')}`,
    'report/mailOutboxed': (d, { who, objectName, before }) =>
      `${who} put the mail of ${schedule(objectName, before)} to ${count(d.recipients, 'recipient')} in the outbox (no SMTP server is configured)`,
    'report/runLogPruned': (d, { who, objectName, before }) =>
      `${who} pruned the execution log of ${schedule(objectName, before)} before ${d.before.slice(0, 10)}`,
  },
});
