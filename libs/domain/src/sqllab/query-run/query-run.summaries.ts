import { count, defineSummaries, quote } from '../../audit/summary';
import { database, reason } from '../sqllab-names';
import { queryRunDecider, type QueryRunState } from './query-run.decider';
import type { QueryRunEvent } from './query-run.events';

/** The stream is one run: its start says which tab it ran in, as the tab was called then. */
const theRun = (before: QueryRunState | undefined) =>
  before?.started?.tab ? `the query in the tab ${quote(before.started.tab)}` : 'the query';

/** The server's record of one run (`query:<client_id>`, sqllab-and-platform §4 Query states). */
export const queryRunSummaries = defineSummaries<QueryRunEvent, QueryRunState>({
  context: 'sql lab runs',
  names: { initial: queryRunDecider.initialState, evolve: queryRunDecider.evolve },
  of: {
    'sqllab/queryStarted': (d, { who }) =>
      d.tab
        ? `${who} ran a query in the tab ${quote(d.tab)} on ${database(d.databaseId)}`
        : `${who} ran a query on ${database(d.databaseId)}`,
    'sqllab/queryProgressed': (d, { before }) =>
      `${theRun(before)} reached statement ${d.statement} of ${d.statementCount} (${Math.round(d.progress)}%)`,
    'sqllab/querySucceeded': (d, { before }) => `${theRun(before)} succeeded with ${count(d.rows, 'row')}`,
    'sqllab/queryFailed': (d, { before }) => `${theRun(before)} failed${reason(d.errorMessage)}`,
    'sqllab/queryStopped': (_d, { who, before }) => `${who} stopped ${theRun(before)}`,
    'sqllab/queryTimedOut': (_d, { before }) => `${theRun(before)} timed out`,
  },
});
