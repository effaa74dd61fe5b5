import { count, type SummaryMap } from '../../audit/summary';
import { database, reason, theQuery, theTab, type SqlLabNames } from '../sqllab-names';
import type { QueryEvent } from './query-events';

const rowsOf = (d: { results: { data: readonly unknown[]; query?: { rows?: number | null } | null } }) =>
  d.results.query?.rows ?? d.results.data.length;

/** The editor's view of runs (sqllab-and-platform §4 Query states); results and failures are the server's. */
export const querySummaries: SummaryMap<QueryEvent, SqlLabNames> = {
  'sqllab/runStarted': ({ query }, { who, before }) =>
    query.isDataPreview
      ? `${who} previewed a table's data on ${database(query.dbId)}`
      : `${who} ran a query in ${theTab(before, query.sqlEditorId, query.tab)} on ${database(query.dbId)}`,
  'sqllab/runStopped': (d, { who, before }) => `${who} stopped ${theQuery(before, d.queryId)}`,
  'sqllab/resultsFetchStarted': (d, { who, before }) =>
    `${who} fetched the stored results of ${theQuery(before, d.queryId)}`,
  'sqllab/runSucceeded': (d, { before }) => `${theQuery(before, d.queryId)} succeeded with ${count(rowsOf(d), 'row')}`,
  'sqllab/runFailed': (d, { before }) => `${theQuery(before, d.queryId)} failed${reason(d.errorMessage)}`,
  'sqllab/runsRefreshed': (d) =>
    `the server reported news of ${count(Object.keys(d.alteredQueries).length, 'query', 'queries')}`,
  'sqllab/inactiveRunsCleared': () => 'finished queries older than the history window were cleared',
  'sqllab/runResultsCleared': (d, { who, before }) => `${who} cleared the results of ${theQuery(before, d.queryId)}`,
  'sqllab/dataPreviewReplaced': (d, { who, before }) => `${who} refreshed ${theQuery(before, d.oldQueryId)}`,
  'sqllab/runRemoved': (d, { who, before }) => `${who} removed ${theQuery(before, d.queryId)}`,
};
