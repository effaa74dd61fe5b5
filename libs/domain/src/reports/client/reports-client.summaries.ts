import { defineSummaries, quote } from '../../audit/summary';
import type { ReportTarget } from './report-json';
import type { ReportsClientEvent } from './reports-client.events';

const targetWords = (t: ReportTarget) =>
  `${t.creationMethod === 'dashboards' ? 'the dashboard' : t.creationMethod === 'charts' ? 'the chart' : 'the object'} ${t.targetId}`;
const scheduleWords = (id: number | null) => (id === null ? 'a new report schedule' : `the report schedule ${id}`);
const WRITE_WORDS = { active: 'switching', delete: 'deleting', run: 'running' } as const;

/**
 * The report modal's and menus' page facts in the audit log's words (issue 13: no row reads "unknown
 * event"). The schedules' own changes are the server's `report/*` events (report.summaries.ts).
 */
export const reportsClientSummaries = defineSummaries<ReportsClientEvent>({
  context: 'report menus',
  of: {
    'reports/fetchRequested': (d, { who }) => `${who} asked for their email report on ${targetWords(d.target)}`,
    'reports/fetched': (d, { who }) =>
      d.report === null
        ? `${who} has no email report on ${targetWords(d.target)}`
        : `${who} read their email report ${quote(d.report.name)} on ${targetWords(d.target)}`,
    'reports/fetchFailed': (d, { who }) =>
      `reading the email report on ${targetWords(d.target)} failed for ${who}: ${quote(d.message)}`,
    'reports/saveRequested': (d, { who }) => `${who} saved ${scheduleWords(d.reportId)} named ${quote(d.body.name)}`,
    'reports/reportAdded': (d, { who }) => `the report schedule ${quote(d.report.name)} was created for ${who}`,
    'reports/reportEdited': (d, { who }) => `the report schedule ${quote(d.report.name)} was saved for ${who}`,
    'reports/saveRefused': (d, { who }) =>
      `saving ${scheduleWords(d.reportId)} was refused for ${who}${d.field ? ` (${d.field})` : ''}: ${quote(d.message)}`,
    'reports/activeToggleRequested': (d, { who }) =>
      `${who} ${d.active ? 'switched on' : 'switched off'} the report schedule ${d.id}`,
    'reports/activeToggled': (d) => `the report schedule ${d.id} is now ${d.active ? 'active' : 'inactive'}`,
    'reports/deleteRequested': (d, { who }) => `${who} deleted the report schedule ${d.id}`,
    'reports/reportDeleted': (d) => `the report schedule ${d.id} was deleted`,
    'reports/runRequested': (d, { who }) => `${who} ran the report schedule ${d.id} now`,
    'reports/runStarted': (d) => `the report schedule ${d.id} ran`,
    'reports/writeFailed': (d, { who }) =>
      `${WRITE_WORDS[d.write]} the report schedule ${d.id} failed for ${who}: ${quote(d.message)}`,
  },
});
