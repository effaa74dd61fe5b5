import { count, defineSummaries, quote } from '../../audit/summary';
import type { ReportListFilters, ScheduleType } from './report-views';
import type { ReportPagesEvent } from './report-pages.events';

const listWords = (type: ScheduleType) => (type === 'Alert' ? 'alerts' : 'reports');

/** The filters a list query asked for, in words ("" for none). */
function filterWords(filters: ReportListFilters): string {
  const parts = [
    filters.search.trim() ? `matching ${quote(filters.search)}` : '',
    filters.ownerId !== null ? `owned by user ${filters.ownerId}` : '',
    filters.status !== null ? `last ${quote(filters.status)}` : '',
    filters.active === null ? '' : filters.active ? 'active' : 'inactive',
    filters.page > 0 ? `page ${filters.page + 1}` : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

/**
 * The Alerts & reports list and log pages in the audit log's words (issue 13: no row reads "unknown
 * event"). The schedules' own changes are the server's `report/*` events (report.summaries.ts).
 */
export const reportPagesSummaries = defineSummaries<ReportPagesEvent>({
  context: 'report pages',
  of: {
    'reportPages/listQueried': (d, { who }) =>
      `${who} opened the list of ${listWords(d.scheduleType)}${filterWords(d.filters)}`,
    'reportPages/listLoaded': (d, { who }) => `${who} was shown ${count(d.count, 'schedule')}`,
    'reportPages/listFailed': (d, { who }) => `loading the list of schedules failed for ${who}: ${quote(d.message)}`,
    'reportPages/activeChangeRequested': (d, { who }) =>
      `${who} ${d.active ? 'switched on' : 'switched off'} the report schedule ${d.id}`,
    'reportPages/deleteRequested': (d, { who }) => `${who} deleted the report schedule ${d.id}`,
    'reportPages/writeFailed': (d, { who }) => `changing the report schedule ${d.id} failed for ${who}`,
    'reportPages/scheduleLoaded': (d, { who }) =>
      `${who} was shown the report schedule ${quote(d.row.name)} (${d.row.active ? 'active' : 'inactive'})`,
    'reportPages/scheduleDeleted': (d) => `the report schedule ${d.id} was deleted`,
    'reportPages/runRequested': (d, { who }) => `${who} ran the report schedule ${d.id} now`,
    'reportPages/runAnswered': (d) => `the report schedule ${d.id} ran: ${quote(d.answer.state)}`,
    'reportPages/runRefused': (d, { who }) =>
      `running the report schedule ${d.id} failed for ${who}: ${quote(d.message)}`,
    'reportPages/logQueried': (d, { who }) =>
      `${who} opened the execution log of the report schedule ${d.reportId}${d.page > 0 ? ` (page ${d.page + 1})` : ''}`,
    'reportPages/logLoaded': (d, { who }) =>
      `${who} was shown ${count(d.count, 'run')} of the report schedule ${quote(d.report.name)}`,
    'reportPages/logFailed': (d, { who }) => `loading an execution log failed for ${who}: ${quote(d.message)}`,
  },
});
