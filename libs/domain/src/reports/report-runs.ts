/**
 * The execution state machine of a schedule (REFERENCE.md §4.2), as events on its stream, without
 * Superset's pains: a run never stays Working forever (`timedOut`), a scheduled time runs once however
 * many processes ask (decide refuses a second start), an alert is not re-sent within its grace period, and
 * owners hear of errors at most once per grace period. Pure: every instant comes in on the command.
 */
import { DomainError } from '@strata/events';
import { alertTriggered } from './alert-validator';
import type { ReportRunCommand } from './report.commands';
import type { ReportRunEvent } from './report.events';
import type { ReportFields } from './report.fields';

export const RUN_STATES = ['Working', 'Success', 'Error', 'Not triggered', 'On Grace'] as const;
export type RunState = (typeof RUN_STATES)[number];

/** Superset's message for a run that outlived its working timeout. */
export const WORKING_TIMEOUT_ERROR = 'Report Schedule reached a working timeout.';
/** How many started scheduled times the fold remembers to refuse a second start of one. */
export const REMEMBERED_RUNS = 50;

export interface WorkingRun {
  runId: string;
  scheduledAt: string;
  startedAt: string;
  /** Alerts: the validator accepted the value, so the run may send. */
  triggered: boolean;
}

export interface ReportRuns {
  /** Superset's last_state; null before the first run. */
  state: RunState | null;
  working: WorkingRun | null;
  lastRunId: string | null;
  /** When the last run ended (last_eval_dttm), its alert value and its error. */
  lastEvalAt: string | null;
  lastValue: number | null;
  lastError: string | null;
  /**
   * The run whose error that is (null when the last run did not fail): a StartRun that ends a stuck run
   * starts the next at once, and the owners' notice still names the stuck one. Optional: folds stored before it.
   */
  failedRunId?: string | null;
  /** When the last run that sent ended: an alert's grace period counts from it. */
  lastSuccessAt: string | null;
  /** When owners were last told of an error since the last success. */
  errorNotifiedAt: string | null;
  /** The latest scheduled times that started (or went On Grace), oldest first. */
  recentScheduledAt: string[];
}

export const initialRuns = (): ReportRuns => ({
  state: null,
  working: null,
  lastRunId: null,
  lastEvalAt: null,
  lastValue: null,
  lastError: null,
  failedRunId: null,
  lastSuccessAt: null,
  errorNotifiedAt: null,
  recentScheduledAt: [],
});

/** An ISO-8601 instant as the canonical UTC string, so equal instants compare equal. */
export function instant(field: string, text: string): string {
  const ms = typeof text === 'string' ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms))
    throw new DomainError('invalid_time', `${field}: ${JSON.stringify(text)} is not an ISO-8601 time.`);
  return new Date(ms).toISOString();
}

const ms = (iso: string) => Date.parse(iso);

/** Whether the run in progress has been Working longer than the schedule's working timeout at `now`. */
export function timedOut(fields: Pick<ReportFields, 'working_timeout'>, runs: ReportRuns, now: Date): boolean {
  return runs.working !== null && now.getTime() - ms(runs.working.startedAt) > fields.working_timeout * 1000;
}

/** Whether an alert that sent is still inside its grace period at `now`: its next run is On Grace. */
export function inGracePeriod(
  fields: Pick<ReportFields, 'type' | 'grace_period'>,
  runs: ReportRuns,
  now: Date,
): boolean {
  return (
    fields.type === 'Alert' &&
    (runs.state === 'Success' || runs.state === 'On Grace') &&
    runs.lastSuccessAt !== null &&
    now.getTime() - ms(runs.lastSuccessAt) < fields.grace_period * 1000
  );
}

/**
 * Whether the owners should be told that the last run ended in Error, at `now`: not when they were told
 * within the grace period (a success since makes the next error news again). The last ended run, not the
 * state: a StartRun that ended a stuck run is Working on the next one already.
 */
export function shouldNotifyOwners(fields: Pick<ReportFields, 'grace_period'>, runs: ReportRuns, now: Date): boolean {
  return (
    runs.lastError !== null &&
    (runs.errorNotifiedAt === null || now.getTime() - ms(runs.errorNotifiedAt) >= fields.grace_period * 1000)
  );
}

/** Execution log rows that ended before this instant are past the schedule's retention. */
export function logCutoff(fields: Pick<ReportFields, 'log_retention'>, now: Date): Date {
  return new Date(now.getTime() - fields.log_retention * 86_400_000);
}

const remember = (recent: readonly string[], scheduledAt: string) =>
  [...recent, scheduledAt].sort().slice(-REMEMBERED_RUNS);

const ended = (runs: ReportRuns, state: RunState, at: string, more: Partial<ReportRuns> = {}): ReportRuns => ({
  ...runs,
  state,
  working: null,
  lastEvalAt: at,
  ...more,
});

export function evolveRuns(runs: ReportRuns, event: ReportRunEvent): ReportRuns {
  switch (event.type) {
    case 'report/runStarted': {
      const { runId, scheduledAt, startedAt } = event.data;
      return {
        ...runs,
        state: 'Working',
        working: { runId, scheduledAt, startedAt, triggered: false },
        lastRunId: runId,
        recentScheduledAt: remember(runs.recentScheduledAt, scheduledAt),
      };
    }
    case 'report/alertTriggered':
      return runs.working
        ? { ...runs, working: { ...runs.working, triggered: true }, lastValue: event.data.value }
        : runs;
    case 'report/runSucceeded':
      return ended(runs, 'Success', event.data.endedAt, {
        lastError: null,
        failedRunId: null,
        lastSuccessAt: event.data.endedAt,
        errorNotifiedAt: null,
      });
    case 'report/runFailed':
      return ended(runs, 'Error', event.data.endedAt, { lastError: event.data.error, failedRunId: event.data.runId });
    case 'report/runTimedOut':
      return ended(runs, 'Error', event.data.at, { lastError: WORKING_TIMEOUT_ERROR, failedRunId: event.data.runId });
    case 'report/runNotTriggered':
      return ended(runs, 'Not triggered', event.data.endedAt, {
        lastError: null,
        failedRunId: null,
        lastValue: event.data.value,
      });
    case 'report/runOnGrace':
      return ended(runs, 'On Grace', event.data.at, {
        lastRunId: event.data.runId,
        recentScheduledAt: remember(runs.recentScheduledAt, event.data.scheduledAt),
      });
    case 'report/ownersNotifiedOfError':
      return { ...runs, errorNotifiedAt: event.data.at };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The run a finishing command names, or a refusal: a run that timed out cannot later claim success. */
function workingRun(runs: ReportRuns, runId: string): WorkingRun {
  if (runs.working?.runId !== runId)
    throw new DomainError('report_run_not_working', `The run ${runId} is not the one in progress.`);
  return runs.working;
}

function refuseSecondStart(runs: ReportRuns, scheduledAt: string): void {
  const recent = runs.recentScheduledAt;
  if (recent.includes(scheduledAt))
    throw new DomainError('report_run_duplicate', `The run scheduled at ${scheduledAt} has already started.`);
  // Older than every remembered start: whether it ran is forgotten, and a run that late is no use anyway.
  if (recent.length >= REMEMBERED_RUNS && scheduledAt < recent[0]!)
    throw new DomainError(
      'report_run_duplicate',
      `The run scheduled at ${scheduledAt} is older than the runs remembered.`,
    );
}

function decideStart(
  fields: ReportFields,
  runs: ReportRuns,
  data: Extract<ReportRunCommand, { type: 'StartRun' }>['data'],
): ReportRunEvent[] {
  const scheduledAt = instant('scheduledAt', data.scheduledAt);
  const at = instant('at', data.at);
  const now = new Date(at);
  refuseSecondStart(runs, scheduledAt);
  if (!fields.active && !data.manual) throw new DomainError('report_inactive', 'The report schedule is not active.');
  const events: ReportRunEvent[] = [];
  if (runs.working) {
    if (!timedOut(fields, runs, now))
      throw new DomainError('report_run_in_progress', 'Report Schedule is still working, refusing to re-compute.');
    // The stuck run ends as Error first, so a dead worker never blocks the schedule.
    events.push({ type: 'report/runTimedOut', data: { runId: runs.working.runId, at } });
  }
  if (inGracePeriod(fields, runs, now)) {
    events.push({ type: 'report/runOnGrace', data: { runId: data.runId, scheduledAt, at } });
  } else {
    events.push({
      type: 'report/runStarted',
      data: { runId: data.runId, scheduledAt, startedAt: at, manual: data.manual === true },
    });
  }
  return events;
}

/** The run commands on a live schedule's fields and runs. */
export function decideRun(command: ReportRunCommand, fields: ReportFields, runs: ReportRuns): ReportRunEvent[] {
  switch (command.type) {
    case 'StartRun':
      return decideStart(fields, runs, command.data);
    case 'EvaluateAlert': {
      const { runId, value } = command.data;
      const at = instant('at', command.data.at);
      if (fields.type !== 'Alert' || fields.validator === null)
        throw new DomainError('report_not_alert', 'Only an alert has a value to evaluate.');
      const run = workingRun(runs, runId);
      if (run.triggered) throw new DomainError('alert_already_evaluated', 'This run has evaluated its alert.');
      return alertTriggered(fields.validator, value)
        ? [{ type: 'report/alertTriggered', data: { runId, value, at } }]
        : [{ type: 'report/runNotTriggered', data: { runId, value, endedAt: at } }];
    }
    case 'SucceedRun': {
      const run = workingRun(runs, command.data.runId);
      if (fields.type === 'Alert' && !run.triggered)
        throw new DomainError('alert_not_evaluated', 'An alert sends only after its value triggered it.');
      return [{ type: 'report/runSucceeded', data: { runId: run.runId, endedAt: instant('at', command.data.at) } }];
    }
    case 'FailRun': {
      const run = workingRun(runs, command.data.runId);
      const error = command.data.error.trim() || 'The run failed.';
      return [{ type: 'report/runFailed', data: { runId: run.runId, endedAt: instant('at', command.data.at), error } }];
    }
    case 'TimeOutRun': {
      const at = instant('at', command.data.at);
      if (!runs.working || !timedOut(fields, runs, new Date(at)))
        throw new DomainError('report_run_not_timed_out', 'No run has been Working past the working timeout.');
      return [{ type: 'report/runTimedOut', data: { runId: runs.working.runId, at } }];
    }
    case 'NotifyOwnersOfError': {
      const at = instant('at', command.data.at);
      if (!shouldNotifyOwners(fields, runs, new Date(at)))
        throw new DomainError(
          'report_error_not_news',
          runs.lastError !== null
            ? 'The owners were told of this error within the grace period.'
            : 'The report schedule is not in error.',
        );
      return [{ type: 'report/ownersNotifiedOfError', data: { runId: runs.failedRunId ?? runs.lastRunId ?? '', at } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}
