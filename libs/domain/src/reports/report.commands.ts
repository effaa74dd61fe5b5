/**
 * What users and the scheduler ask of a report schedule (charts-dashboards-reports §4 Reports, §7
 * `/api/v1/report/`). Ids, run ids and times come in on the command (no clock, no random inside decide);
 * times are ISO-8601 strings.
 */
import type { ReportFields } from './report.fields';

/** The fields a new schedule must name; the rest take Superset's defaults (REPORT_DEFAULTS). */
type Required = 'type' | 'name' | 'crontab' | 'creation_method' | 'recipients';

export interface CreateReport {
  type: 'CreateReport';
  /** `owner_id` is the creator, always an owner; `id` comes from the server's sequence. */
  data: Pick<ReportFields, Required> &
    Partial<Omit<ReportFields, Required | 'created_by' | 'owners'>> & {
      id: number;
      owner_id: number;
      owners?: number[];
    };
}
/** A PUT: the fields it sent (the full body, or only `{active}`); those left out stay. */
export interface UpdateReport {
  type: 'UpdateReport';
  data: Partial<Omit<ReportFields, 'created_by'>>;
}
export interface DeleteReport {
  type: 'DeleteReport';
  data: Record<string, never>;
}

/** Begin the run for one scheduled time (the cron's instant, or the request's for "run now"). */
export interface StartRun {
  type: 'StartRun';
  data: { runId: string; scheduledAt: string; at: string; manual?: boolean };
}
/** The alert's query gave this value (see `alertTriggered`). */
export interface EvaluateAlert {
  type: 'EvaluateAlert';
  data: { runId: string; value: number | null; at: string };
}
export interface SucceedRun {
  type: 'SucceedRun';
  data: { runId: string; at: string };
}
export interface FailRun {
  type: 'FailRun';
  data: { runId: string; at: string; error: string };
}
/** End a run still Working past its working timeout (see `timedOut`). */
export interface TimeOutRun {
  type: 'TimeOutRun';
  data: { at: string };
}
/** Record that the owners are told of the last error (see `shouldNotifyOwners`), before telling them. */
export interface NotifyOwnersOfError {
  type: 'NotifyOwnersOfError';
  data: { at: string };
}

/** Record a mail the server sent through SMTP (see `MailSent`), after the server accepted it. */
export interface RecordMailSent {
  type: 'RecordMailSent';
  data: { deliveryId: string; runId?: string | null; at: string; subject: string; recipients: number };
}
/** Record a mail put in the outbox because no SMTP server is configured (see `MailOutboxed`). */
export interface PutMailInOutbox {
  type: 'PutMailInOutbox';
  data: { deliveryId: string; runId?: string | null; at: string; subject: string; recipients: number };
}

export type ReportDeliveryCommand = RecordMailSent | PutMailInOutbox;

/** Remove the runs past the schedule's log_retention at `at` from its execution log (see `RunLogPruned`). */
export interface PruneRunLog {
  type: 'PruneRunLog';
  data: { at: string };
}

export type ReportRunCommand = StartRun | EvaluateAlert | SucceedRun | FailRun | TimeOutRun | NotifyOwnersOfError;
export type ReportCommand =
  CreateReport | UpdateReport | DeleteReport | ReportRunCommand | ReportDeliveryCommand | PruneRunLog;
