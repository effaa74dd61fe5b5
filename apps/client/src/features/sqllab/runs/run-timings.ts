/**
 * A SQL Lab run's time for the user log (sqllab-and-platform §7 timing events): `sqllab_query`, from
 * its start to its results, its failure or its stop, with how it ended. Stored results fetched again
 * later start no clock, so they log nothing.
 */
import { UserLogSource, UserLogTiming, type EditorQuery, type SqlLabEvent, type SqlLabState } from '@strata/domain';
import type { EnvelopeOf } from '@strata/events';
import type { TimingMark } from '../../userlog/timings';

function ended(queryId: string, query: EditorQuery | undefined, status: string, rowCount: number | null): TimingMark {
  return {
    kind: 'end',
    key: queryId,
    entry: () => ({
      event_name: UserLogTiming.SQLLAB_QUERY,
      source: UserLogSource.SQL_LAB,
      source_id: query?.sqlEditorId ?? null,
      db_id: query?.dbId ?? null,
      schema: query?.schema ?? null,
      status,
      row_count: rowCount,
    }),
  };
}

export function sqlLabTimingMark(event: EnvelopeOf<SqlLabEvent>, state: SqlLabState): TimingMark | TimingMark[] | null {
  switch (event.type) {
    case 'sqllab/runStarted':
      return { kind: 'start', key: event.data.query.id };
    case 'sqllab/dataPreviewReplaced':
      // A preview replaced while it ran never finishes: the new run is timed instead.
      return [
        { kind: 'drop', key: event.data.oldQueryId },
        { kind: 'start', key: event.data.query.id },
      ];
    case 'sqllab/runSucceeded': {
      const { queryId, results } = event.data;
      const rows = typeof results.query?.rows === 'number' ? results.query.rows : results.data.length;
      return ended(queryId, state.queries[queryId], 'success', rows);
    }
    case 'sqllab/runFailed':
      return ended(event.data.queryId, state.queries[event.data.queryId], 'failed', null);
    case 'sqllab/runStopped':
      return ended(event.data.queryId, state.queries[event.data.queryId], 'stopped', null);
    case 'sqllab/runRemoved':
      return { kind: 'drop', key: event.data.queryId };
    default:
      return null;
  }
}
