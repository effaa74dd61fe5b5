/**
 * `report_schedule` and `report_execution_log` as folds of the `report:<id>` streams
 * (projections/CONTEXT.md), written in the append's transaction and rebuilt together as `reports`. A
 * schedule's row applies each edit through the domain's `reportEditFields` and its runs through the
 * domain's `evolveRuns`, so the row and the decider never disagree; the log keeps one row per run.
 */
import {
  evolveRuns,
  initialRuns,
  REPORT_EDIT_EVENTS,
  REPORT_RUN_EVENTS,
  isReportEdit,
  reportEditFields,
  reportNameKey,
  WORKING_TIMEOUT_ERROR,
  type ReportCreated,
  type ReportDeleted,
  type ReportEdited,
  type ReportRuns,
  type ReportRunEvent,
  type RunLogPruned,
  type RunState,
} from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import { actorUserId, streamNumber } from '../event-store/envelope-ids';
import { foldProjection, type FoldProjection } from '../projections/fold-projection';
import { projectionGroup } from '../projections/projection-group';

/** The events a schedule's row is made of (a mail sent is history only, no change of the row). */
type ReportEnvelope = EnvelopeOf<ReportCreated | ReportEdited | ReportDeleted | ReportRunEvent>;

/** A row of `report_schedule`: the schedule's fields, its runs' fold, who changed it and when. */
export type ReportScheduleRow = ReportCreated['data'] & {
  /** `reportNameKey(type, name)`: unique, so two schedules of a type never share a name. */
  name_key: string;
  changed_by_fk: number | null;
  created_on: string;
  /** The last edit (runs are no change of the schedule). */
  changed_on: string;
  runs: ReportRuns;
  /** Superset's last_state, last_eval_dttm and last_value, read from `runs` for lists and sorting. */
  last_state: RunState | null;
  last_eval_dttm: string | null;
  last_value: number | null;
  /** The version of the last event applied. */
  version: number;
};

/** A row of `report_execution_log`: one run of a schedule (REFERENCE.md §4.1 `report_execution_log`). */
export interface ReportLogRow {
  report_schedule_id: number;
  /** The run id the scheduler gave the run. */
  uuid: string;
  /** The log position of the event that began the run: stable across rebuilds, newest is highest. */
  id: number;
  scheduled_dttm: string;
  start_dttm: string | null;
  end_dttm: string | null;
  value: number | null;
  state: RunState;
  error_message: string | null;
}

function withRuns(row: ReportScheduleRow, event: EnvelopeOf<ReportRunEvent>): ReportScheduleRow {
  const runs = evolveRuns(row.runs, event);
  return {
    ...row,
    runs,
    last_state: runs.state,
    last_eval_dttm: runs.lastEvalAt,
    last_value: runs.lastValue,
    version: event.version,
  };
}

export const reportSchedulesFold: FoldProjection<ReportScheduleRow, ReportEnvelope> = {
  name: 'reports',
  table: 'report_schedule',
  key: ['id'],
  handles: ['report/reportCreated', ...REPORT_EDIT_EVENTS, 'report/reportDeleted', ...REPORT_RUN_EVENTS],
  rowsOf: (event) => ({ id: event.type === 'report/reportCreated' ? event.data.id : streamNumber(event.stream) }),
  evolve(row, event) {
    if (isReportEdit(event)) {
      if (!row) return row;
      const edited = { ...row, ...reportEditFields(event) };
      return {
        ...edited,
        name_key: reportNameKey(edited.type, edited.name),
        changed_by_fk: actorUserId(event),
        changed_on: event.meta.at,
        version: event.version,
      };
    }
    switch (event.type) {
      case 'report/reportCreated': {
        const runs = initialRuns();
        return {
          ...event.data,
          name_key: reportNameKey(event.data.type, event.data.name),
          changed_by_fk: actorUserId(event),
          created_on: event.meta.at,
          changed_on: event.meta.at,
          runs,
          last_state: runs.state,
          last_eval_dttm: runs.lastEvalAt,
          last_value: runs.lastValue,
          version: event.version,
        };
      }
      // Deleted, its name is free again.
      case 'report/reportDeleted':
        return null;
      case 'report/runStarted':
      case 'report/alertTriggered':
      case 'report/runSucceeded':
      case 'report/runFailed':
      case 'report/runNotTriggered':
      case 'report/runOnGrace':
      case 'report/runTimedOut':
      case 'report/ownersNotifiedOfError':
        return row && withRuns(row, event);
      default: {
        const unhandled: never = event;
        return unhandled && row;
      }
    }
  },
};

/** The events of a run's row (a notice to the owners, or a mail, is no run of its own). */
const LOG_EVENTS = [
  'report/runStarted',
  'report/alertTriggered',
  'report/runSucceeded',
  'report/runFailed',
  'report/runNotTriggered',
  'report/runOnGrace',
  'report/runTimedOut',
] as const satisfies readonly ReportRunEvent['type'][];
type LogEvent = Extract<ReportEnvelope, { type: (typeof LOG_EVENTS)[number] }>;

const ended = (
  row: ReportLogRow | null,
  state: RunState,
  at: string,
  more: Partial<ReportLogRow> = {},
): ReportLogRow | null => row && { ...row, state, end_dttm: at, ...more };

/** The log's events: a schedule's, and pruning by its log_retention. */
type ReportLogEnvelope = ReportEnvelope | EnvelopeOf<RunLogPruned>;

export const reportLogFold: FoldProjection<ReportLogRow, ReportLogEnvelope> = {
  name: 'reports',
  table: 'report_execution_log',
  key: ['report_schedule_id', 'uuid'],
  handles: [...LOG_EVENTS, 'report/reportDeleted', 'report/runLogPruned'],
  // A deleted schedule takes its whole log, pruning looks at all of it: part of the key selects every run.
  rowsOf: (event) =>
    event.type === 'report/reportDeleted' || event.type === 'report/runLogPruned'
      ? { report_schedule_id: streamNumber(event.stream) }
      : { report_schedule_id: streamNumber(event.stream), uuid: (event as LogEvent).data.runId },
  evolve(row, event) {
    switch (event.type) {
      case 'report/runStarted':
        return {
          report_schedule_id: streamNumber(event.stream),
          uuid: event.data.runId,
          id: event.position ?? 0,
          scheduled_dttm: event.data.scheduledAt,
          start_dttm: event.data.startedAt,
          end_dttm: null,
          value: null,
          state: 'Working',
          error_message: null,
        };
      case 'report/runOnGrace':
        // Not evaluated nor sent: the run begins and ends at once.
        return {
          report_schedule_id: streamNumber(event.stream),
          uuid: event.data.runId,
          id: event.position ?? 0,
          scheduled_dttm: event.data.scheduledAt,
          start_dttm: event.data.at,
          end_dttm: event.data.at,
          value: null,
          state: 'On Grace',
          error_message: null,
        };
      case 'report/alertTriggered':
        return row && { ...row, value: event.data.value };
      case 'report/runSucceeded':
        return ended(row, 'Success', event.data.endedAt);
      case 'report/runFailed':
        return ended(row, 'Error', event.data.endedAt, { error_message: event.data.error });
      case 'report/runNotTriggered':
        return ended(row, 'Not triggered', event.data.endedAt, { value: event.data.value });
      case 'report/runTimedOut':
        return ended(row, 'Error', event.data.at, { error_message: WORKING_TIMEOUT_ERROR });
      case 'report/reportDeleted':
        return null;
      // Runs that ended before the retention's cutoff go; runs still Working stay whatever their age.
      case 'report/runLogPruned':
        return row?.end_dttm && Date.parse(row.end_dttm) < Date.parse(event.data.before) ? null : row;
      default:
        return row;
    }
  },
};

/** The read model the store runs and rebuilds as `reports` (both tables). */
export const reportProjection = projectionGroup('reports', [
  foldProjection(reportLogFold),
  foldProjection(reportSchedulesFold),
]);
