/**
 * An edit of a report schedule as intent events, and back: `reportEditEvents` turns a checked save into
 * the events of what really changes; `reportEditFields` says which fields an event sets (evolve and the
 * server's read model apply the same).
 */
import { deepEqual } from '../explore/editor/deep-equal';
import { REPORT_EDIT_EVENTS, type ReportEdited } from './report.events';
import type { ReportFields } from './report.fields';

const EDIT_TYPES: ReadonlySet<string> = new Set(REPORT_EDIT_EVENTS);

/** An edit of the schedule's fields (not its creation, deletion or runs): folded by `reportEditFields`. */
export function isReportEdit<E extends { type: string }>(
  event: E,
): event is Extract<E, { type: ReportEdited['type'] }> {
  return EDIT_TYPES.has(event.type);
}

export function reportEditFields(event: ReportEdited): Partial<ReportFields> {
  switch (event.type) {
    case 'report/reportRenamed':
      return { name: event.data.name };
    case 'report/reportDescribed':
      return { description: event.data.description };
    case 'report/reportActivated':
      return { active: true };
    case 'report/reportDeactivated':
      return { active: false };
    case 'report/scheduleChanged':
      return { crontab: event.data.crontab, timezone: event.data.timezone };
    case 'report/contentChanged':
      return { chart_id: event.data.chart_id, dashboard_id: event.data.dashboard_id };
    case 'report/formatChanged':
      return { report_format: event.data.report_format };
    case 'report/recipientsChanged':
      return { recipients: event.data.recipients };
    case 'report/ownersChanged':
      return { owners: event.data.owners };
    case 'report/workingTimeoutChanged':
      return { working_timeout: event.data.working_timeout };
    case 'report/gracePeriodChanged':
      return { grace_period: event.data.grace_period };
    case 'report/logRetentionChanged':
      return { log_retention: event.data.log_retention };
    case 'report/screenshotSizeChanged':
      return { custom_width: event.data.custom_width, custom_height: event.data.custom_height };
    case 'report/forceScreenshotEnabled':
      return { force_screenshot: true };
    case 'report/forceScreenshotDisabled':
      return { force_screenshot: false };
    case 'report/dashboardViewChanged':
      return { dashboard_view: event.data.dashboard_view };
    case 'report/alertQueryChanged':
      return { database_id: event.data.database_id, sql: event.data.sql };
    case 'report/alertConditionChanged':
      return { validator: event.data.validator };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

// Structural, not JSON text: fields read back from PostgreSQL's jsonb come with their keys reordered.
const same = deepEqual;
/** Owners are a set: the same users in another order are no change. */
const sameMembers = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The events that take `before` to `after` (both checked), in the form's order; none when equal. */
export function reportEditEvents(before: ReportFields, after: ReportFields): ReportEdited[] {
  const changed = (...keys: (keyof ReportFields)[]) => keys.some((k) => !same(before[k], after[k]));
  const events: ReportEdited[] = [];
  if (changed('name')) events.push({ type: 'report/reportRenamed', data: { name: after.name } });
  if (changed('description')) events.push({ type: 'report/reportDescribed', data: { description: after.description } });
  if (changed('chart_id', 'dashboard_id'))
    events.push({
      type: 'report/contentChanged',
      data: { chart_id: after.chart_id, dashboard_id: after.dashboard_id },
    });
  if (changed('crontab', 'timezone'))
    events.push({ type: 'report/scheduleChanged', data: { crontab: after.crontab, timezone: after.timezone } });
  if (changed('database_id', 'sql') && after.database_id !== null && after.sql !== null)
    events.push({ type: 'report/alertQueryChanged', data: { database_id: after.database_id, sql: after.sql } });
  if (changed('validator') && after.validator !== null)
    events.push({ type: 'report/alertConditionChanged', data: { validator: after.validator } });
  if (changed('report_format'))
    events.push({ type: 'report/formatChanged', data: { report_format: after.report_format } });
  if (changed('recipients')) events.push({ type: 'report/recipientsChanged', data: { recipients: after.recipients } });
  if (!sameMembers(before.owners, after.owners))
    events.push({ type: 'report/ownersChanged', data: { owners: after.owners } });
  if (changed('working_timeout'))
    events.push({ type: 'report/workingTimeoutChanged', data: { working_timeout: after.working_timeout } });
  if (changed('grace_period'))
    events.push({ type: 'report/gracePeriodChanged', data: { grace_period: after.grace_period } });
  if (changed('log_retention'))
    events.push({ type: 'report/logRetentionChanged', data: { log_retention: after.log_retention } });
  if (changed('custom_width', 'custom_height'))
    events.push({
      type: 'report/screenshotSizeChanged',
      data: { custom_width: after.custom_width, custom_height: after.custom_height },
    });
  if (changed('force_screenshot'))
    events.push({
      type: after.force_screenshot ? 'report/forceScreenshotEnabled' : 'report/forceScreenshotDisabled',
      data: {},
    });
  if (changed('dashboard_view'))
    events.push({ type: 'report/dashboardViewChanged', data: { dashboard_view: after.dashboard_view } });
  // Last, so a save that fixes a schedule and switches it on reads in that order.
  if (changed('active'))
    events.push({ type: after.active ? 'report/reportActivated' : 'report/reportDeactivated', data: {} });
  return events;
}
