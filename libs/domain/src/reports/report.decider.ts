/**
 * The rules of a report schedule, pure: every field checked on the schedule a save would leave (a
 * ReportFieldError names the field), a save decides one event per changed intent, and the runs follow
 * the execution state machine (report-runs.ts). Name uniqueness spans schedules: the server keeps it on
 * its read model (report-names.ts). Permissions (owners edit, admins all) are the server's check.
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../shared/exhaustive';
import { ReportFieldError } from './report-field-error';
import { isReportEdit, reportEditEvents, reportEditFields } from './report-edit';
import { decideRun, evolveRuns, initialRuns, instant, logCutoff, type ReportRuns } from './report-runs';
import { checkReportFields } from './report-validation';
import type { CreateReport, ReportCommand } from './report.commands';
import type { ReportEvent } from './report.events';
import { REPORT_DEFAULTS, type ReportFields } from './report.fields';

export interface ReportStreamState {
  id: number | null;
  fields: ReportFields | null;
  deleted: boolean;
  runs: ReportRuns;
}

/** The schedule's fields, or report_not_found when it does not exist or is deleted. */
export function liveReport(state: ReportStreamState): ReportFields {
  if (!state.fields || state.deleted) throw new DomainError('report_not_found', 'Report schedule not found.');
  return state.fields;
}

/** A new schedule's fields: what the command names, Superset's defaults for the rest. */
function newFields({ id: _id, owner_id, owners, ...data }: CreateReport['data']): ReportFields {
  return {
    description: null,
    active: true,
    timezone: REPORT_DEFAULTS.timezone,
    chart_id: null,
    dashboard_id: null,
    report_format: REPORT_DEFAULTS.report_format,
    working_timeout: REPORT_DEFAULTS.working_timeout,
    grace_period: REPORT_DEFAULTS.grace_period,
    log_retention: REPORT_DEFAULTS.log_retention,
    custom_width: null,
    custom_height: null,
    force_screenshot: false,
    dashboard_view: null,
    database_id: null,
    sql: null,
    validator: null,
    ...data,
    owners: [owner_id, ...(owners ?? []).filter((o) => o !== owner_id)],
    created_by: owner_id,
  };
}

export const reportDecider: Decider<ReportStreamState, ReportEvent, ReportCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false, runs: initialRuns() }),

  evolve(state, event) {
    if (isReportEdit(event))
      return state.fields ? { ...state, fields: { ...state.fields, ...reportEditFields(event) } } : state;
    switch (event.type) {
      case 'report/reportCreated': {
        const { id, ...fields } = event.data;
        return { ...state, id, fields };
      }
      case 'report/reportDeleted':
        return { ...state, deleted: true };
      case 'report/runStarted':
      case 'report/alertTriggered':
      case 'report/runSucceeded':
      case 'report/runFailed':
      case 'report/runNotTriggered':
      case 'report/runOnGrace':
      case 'report/runTimedOut':
      case 'report/ownersNotifiedOfError':
        return { ...state, runs: evolveRuns(state.runs, event) };
      // What was mailed is history only: nothing later is decided from it. Pruning changes the execution
      // log only; the runs' fold keeps what it decides from.
      case 'report/mailSent':
      case 'report/mailOutboxed':
      case 'report/runLogPruned':
        return state;
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateReport': {
        if (state.id !== null) throw new DomainError('report_exists', 'This report schedule already exists.');
        const fields = checkReportFields(newFields(command.data));
        return [{ type: 'report/reportCreated', data: { id: command.data.id, ...fields } }];
      }
      case 'UpdateReport': {
        const before = liveReport(state);
        const edit = command.data;
        // A report does not become an alert: its runs, log and validator mean something else.
        for (const field of ['type', 'creation_method'] as const)
          if (edit[field] !== undefined && edit[field] !== before[field])
            throw new ReportFieldError(field, `The ${field} of a report schedule does not change.`);
        const given = Object.fromEntries(Object.entries(edit).filter(([, v]) => v !== undefined));
        return reportEditEvents(before, checkReportFields({ ...before, ...given }));
      }
      case 'DeleteReport':
        liveReport(state);
        return [{ type: 'report/reportDeleted', data: {} }];
      case 'StartRun':
      case 'EvaluateAlert':
      case 'SucceedRun':
      case 'FailRun':
      case 'TimeOutRun':
      case 'NotifyOwnersOfError':
        return decideRun(command, liveReport(state), state.runs);
      case 'RecordMailSent':
      case 'PutMailInOutbox': {
        liveReport(state);
        const { runId, ...data } = command.data;
        const type = command.type === 'RecordMailSent' ? 'report/mailSent' : 'report/mailOutboxed';
        return [{ type, data: { ...data, runId: runId ?? null, at: instant('at', data.at) } }];
      }
      case 'PruneRunLog': {
        const at = instant('at', command.data.at);
        const before = logCutoff(liveReport(state), new Date(at)).toISOString();
        return [{ type: 'report/runLogPruned', data: { before, at } }];
      }
      default:
        return unknownCommand(command);
    }
  },
};
