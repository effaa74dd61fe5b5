/**
 * A name is unique per type (an alert and a report may share one; REFERENCE.md §4.1). The decider sees one
 * stream, so the server keeps this rule on its read model: a unique index on `reportNameKey`, looked up
 * before deciding `CreateReport` or a rename for the friendly answer (`reportNameTaken`). The events that
 * set the key are `report/reportCreated` and `report/reportRenamed`; `report/reportDeleted` frees it.
 */
import { ReportFieldError } from './report-field-error';
import type { ReportType } from './report.fields';

/** What two schedules may not share: the type and the trimmed name, compared ignoring case. */
export function reportNameKey(type: ReportType, name: string): string {
  return `${type}:${name.trim().toLowerCase()}`;
}

/** The refusal the server throws when `reportNameKey` is taken by another live schedule. */
export function reportNameTaken(type: ReportType, name: string): ReportFieldError {
  return new ReportFieldError(
    'name',
    `${type === 'Alert' ? 'An alert' : 'A report'} named '${name.trim()}' already exists.`,
  );
}
