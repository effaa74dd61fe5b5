/**
 * The facts of a report schedule, on stream `report:<id>` (charts-dashboards-reports §3 Report, §4
 * Reports). Two families share the stream: what its owners decided (one event per intent, each naming
 * only what it sets: `reportEditFields`), and what happened to its runs (the execution state machine of
 * REFERENCE.md §4.2), so audit and history see both in order.
 *
 * Times are ISO-8601 UTC strings, as decide wrote them (`instant`): equal instants are equal strings.
 */
import type { EventLike } from '@strata/events';
import type { AlertValidator, DashboardView, ReportFields, ReportFormat, Recipient } from './report.fields';

export type ReportCreated = EventLike<'report/reportCreated', ReportFields & { id: number }>;
export type ReportRenamed = EventLike<'report/reportRenamed', { name: string }>;
export type ReportDescribed = EventLike<'report/reportDescribed', { description: string | null }>;
export type ReportActivated = EventLike<'report/reportActivated', Record<string, never>>;
export type ReportDeactivated = EventLike<'report/reportDeactivated', Record<string, never>>;
/** When it fires: a cron is only meaningful in its time zone, so both are one intent. */
export type ReportScheduleChanged = EventLike<'report/scheduleChanged', { crontab: string; timezone: string }>;
/** What it sends: exactly one of the two is set. */
export type ReportContentChanged = EventLike<
  'report/contentChanged',
  { chart_id: number | null; dashboard_id: number | null }
>;
export type ReportFormatChanged = EventLike<'report/formatChanged', { report_format: ReportFormat }>;
export type ReportRecipientsChanged = EventLike<'report/recipientsChanged', { recipients: Recipient[] }>;
export type ReportOwnersChanged = EventLike<'report/ownersChanged', { owners: number[] }>;
export type WorkingTimeoutChanged = EventLike<'report/workingTimeoutChanged', { working_timeout: number }>;
export type GracePeriodChanged = EventLike<'report/gracePeriodChanged', { grace_period: number }>;
export type LogRetentionChanged = EventLike<'report/logRetentionChanged', { log_retention: number }>;
export type ScreenshotSizeChanged = EventLike<
  'report/screenshotSizeChanged',
  { custom_width: number | null; custom_height: number | null }
>;
export type ForceScreenshotEnabled = EventLike<'report/forceScreenshotEnabled', Record<string, never>>;
export type ForceScreenshotDisabled = EventLike<'report/forceScreenshotDisabled', Record<string, never>>;
export type DashboardViewChanged = EventLike<'report/dashboardViewChanged', { dashboard_view: DashboardView | null }>;
/** An alert's query: the SQL only means something on its database. */
export type AlertQueryChanged = EventLike<'report/alertQueryChanged', { database_id: number; sql: string }>;
export type AlertConditionChanged = EventLike<'report/alertConditionChanged', { validator: AlertValidator }>;
export type ReportDeleted = EventLike<'report/reportDeleted', Record<string, never>>;

/** A run for one scheduled time began: the schedule is Working. `manual` for "run now". */
export type RunStarted = EventLike<
  'report/runStarted',
  { runId: string; scheduledAt: string; startedAt: string; manual: boolean }
>;
/** The alert's query gave a value its validator accepts: the run goes on to send. */
export type AlertTriggered = EventLike<'report/alertTriggered', { runId: string; value: number | null; at: string }>;
/** Everything was sent: Success. */
export type RunSucceeded = EventLike<'report/runSucceeded', { runId: string; endedAt: string }>;
/** The run failed (query, render, delivery): Error, with what went wrong. */
export type RunFailed = EventLike<'report/runFailed', { runId: string; endedAt: string; error: string }>;
/** The alert's value did not trigger it: nothing was sent. */
export type RunNotTriggered = EventLike<
  'report/runNotTriggered',
  { runId: string; value: number | null; endedAt: string }
>;
/** An alert sent within its grace period is not evaluated nor sent again: the run ends at once, On Grace. */
export type RunOnGrace = EventLike<'report/runOnGrace', { runId: string; scheduledAt: string; at: string }>;
/** The run was still Working past the working timeout (its process died or hung): Error. */
export type RunTimedOut = EventLike<'report/runTimedOut', { runId: string; at: string }>;
/** The owners were told that the schedule fails; they are not told again within the grace period. */
export type OwnersNotifiedOfError = EventLike<'report/ownersNotifiedOfError', { runId: string; at: string }>;

/**
 * A mail of the schedule went out through the SMTP server (a run's report, or an owners' error notice:
 * `runId` names the run). The message itself (HTML, attachments) is not a fact of the log: the server
 * keeps its bytes in a table keyed by `deliveryId` (apps/server/src/mail/).
 */
export type MailSent = EventLike<
  'report/mailSent',
  { deliveryId: string; runId: string | null; at: string; subject: string; recipients: number }
>;
/** No SMTP server is configured: the mail that would have been sent was put in the outbox instead. */
export type MailOutboxed = EventLike<
  'report/mailOutboxed',
  { deliveryId: string; runId: string | null; at: string; subject: string; recipients: number }
>;

/**
 * The runs of the execution log that ended before `before` (the schedule's log_retention before `at`,
 * `logCutoff`) are removed from it. Recorded as a fact so the read model stays a fold of the log: rebuilt,
 * it removes them again, instead of bringing back rows pruned only in the table.
 */
export type RunLogPruned = EventLike<'report/runLogPruned', { before: string; at: string }>;

/** The events of an edit: each sets some of the schedule's fields. */
export type ReportEdited =
  | ReportRenamed
  | ReportDescribed
  | ReportActivated
  | ReportDeactivated
  | ReportScheduleChanged
  | ReportContentChanged
  | ReportFormatChanged
  | ReportRecipientsChanged
  | ReportOwnersChanged
  | WorkingTimeoutChanged
  | GracePeriodChanged
  | LogRetentionChanged
  | ScreenshotSizeChanged
  | ForceScreenshotEnabled
  | ForceScreenshotDisabled
  | DashboardViewChanged
  | AlertQueryChanged
  | AlertConditionChanged;

export type ReportRunEvent =
  | RunStarted
  | AlertTriggered
  | RunSucceeded
  | RunFailed
  | RunNotTriggered
  | RunOnGrace
  | RunTimedOut
  | OwnersNotifiedOfError;

export type ReportDeliveryEvent = MailSent | MailOutboxed;

export type ReportEvent =
  ReportCreated | ReportEdited | ReportDeleted | ReportRunEvent | ReportDeliveryEvent | RunLogPruned;

export const REPORT_EDIT_EVENTS = [
  'report/reportRenamed',
  'report/reportDescribed',
  'report/reportActivated',
  'report/reportDeactivated',
  'report/scheduleChanged',
  'report/contentChanged',
  'report/formatChanged',
  'report/recipientsChanged',
  'report/ownersChanged',
  'report/workingTimeoutChanged',
  'report/gracePeriodChanged',
  'report/logRetentionChanged',
  'report/screenshotSizeChanged',
  'report/forceScreenshotEnabled',
  'report/forceScreenshotDisabled',
  'report/dashboardViewChanged',
  'report/alertQueryChanged',
  'report/alertConditionChanged',
] as const satisfies readonly ReportEdited['type'][];

export const REPORT_RUN_EVENTS = [
  'report/runStarted',
  'report/alertTriggered',
  'report/runSucceeded',
  'report/runFailed',
  'report/runNotTriggered',
  'report/runOnGrace',
  'report/runTimedOut',
  'report/ownersNotifiedOfError',
] as const satisfies readonly ReportRunEvent['type'][];

export const REPORT_DELIVERY_EVENTS = [
  'report/mailSent',
  'report/mailOutboxed',
] as const satisfies readonly ReportDeliveryEvent['type'][];

export const REPORT_EVENTS = [
  'report/reportCreated',
  ...REPORT_EDIT_EVENTS,
  'report/reportDeleted',
  ...REPORT_RUN_EVENTS,
  ...REPORT_DELIVERY_EVENTS,
  'report/runLogPruned',
] as const satisfies readonly ReportEvent['type'][];

export const reportStream = (id: number) => `report:${id}`;
/** The id of a `report:<id>` stream, or null for another stream. */
export function reportIdOf(streamId: string): number | null {
  const match = /^report:(\d+)$/.exec(streamId);
  return match ? Number(match[1]) : null;
}
