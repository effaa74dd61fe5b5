/** decide for query runs in the editor (sqllab-and-platform §4 Query states). */
import { DomainError } from '@strata/events';
import { isClientQueryId } from '../../platform/client-query-id/client-query-id';
import { unknownCommand } from '../../shared/exhaustive';
import { queryEditorById, type SqlLabState } from '../editor/model';
import { isQueryInProgress, newEditorQuery, QueryState, type EditorQuery, type QueryRunRequest } from './query';
import type { QueryCommand, QueryEvent } from './query-events';

function requireQuery(state: SqlLabState, id: string): EditorQuery {
  const query = state.queries[id];
  if (!query) throw new DomainError('query_not_found', `There is no query '${id}'.`);
  return query;
}

function validRun(state: SqlLabState, request: QueryRunRequest): EditorQuery {
  // sqllab-and-platform §5: the client query id has exactly 11 characters.
  if (!isClientQueryId(request.id)) throw new DomainError('query_id_invalid', 'A query id has exactly 11 characters.');
  if (state.queries[request.id])
    throw new DomainError('query_id_taken', `A query with id '${request.id}' already exists.`);
  if (!Number.isInteger(request.dbId) || request.dbId < 1)
    throw new DomainError('database_required', 'Choose a database first.');
  if (typeof request.sql !== 'string' || request.sql.trim().length === 0)
    throw new DomainError('sql_empty', 'There is no SQL to run.');
  if (request.sqlEditorId !== null && !queryEditorById(state, request.sqlEditorId)) {
    throw new DomainError('tab_not_found', `There is no tab '${request.sqlEditorId}'.`);
  }
  if (!Number.isFinite(request.startDttm)) throw new DomainError('query_start_invalid', 'A run needs its start time.');
  return newEditorQuery(request);
}

export function decideQueries(command: QueryCommand, state: SqlLabState): QueryEvent[] {
  switch (command.type) {
    case 'StartQuery':
      return [{ type: 'sqllab/runStarted', data: { query: validRun(state, command.data) } }];
    case 'StopQuery': {
      const query = requireQuery(state, command.data.queryId);
      // A run already over has nothing to stop.
      if (!isQueryInProgress(query.state)) return [];
      return [{ type: 'sqllab/runStopped', data: { queryId: query.id, endDttm: command.data.at } }];
    }
    case 'FetchQueryResults': {
      const query = requireQuery(state, command.data.queryId);
      if (query.state === QueryState.STOPPED) return [];
      return [{ type: 'sqllab/resultsFetchStarted', data: { queryId: query.id } }];
    }
    case 'RecordQuerySuccess': {
      const query = requireQuery(state, command.data.queryId);
      // sqllab-and-platform §4 Success: ignored if the query was stopped or the result status is not success.
      if (query.state === QueryState.STOPPED || command.data.results.status !== QueryState.SUCCESS) return [];
      return [
        {
          type: 'sqllab/runSucceeded',
          data: { queryId: query.id, results: command.data.results, endDttm: command.data.at },
        },
      ];
    }
    case 'RecordQueryFailure': {
      const query = requireQuery(state, command.data.queryId);
      if (query.state === QueryState.STOPPED) return [];
      const { errors = [], errorMessage, link = null, at } = command.data;
      return [{ type: 'sqllab/runFailed', data: { queryId: query.id, errors, errorMessage, link, endDttm: at } }];
    }
    case 'RefreshQueries':
      return Object.keys(command.data.alteredQueries).length === 0
        ? []
        : [{ type: 'sqllab/runsRefreshed', data: command.data }];
    case 'ClearInactiveQueries': {
      const { now, interval } = command.data;
      if (!Number.isFinite(now) || !Number.isFinite(interval) || interval < 0) {
        throw new DomainError('interval_invalid', 'The interval must be zero or more milliseconds.');
      }
      return [{ type: 'sqllab/inactiveRunsCleared', data: { now, interval } }];
    }
    case 'ClearQueryResults':
      requireQuery(state, command.data.queryId);
      return [{ type: 'sqllab/runResultsCleared', data: { queryId: command.data.queryId } }];
    case 'ReRunDataPreview': {
      const old = requireQuery(state, command.data.oldQueryId);
      if (!old.isDataPreview)
        throw new DomainError('not_a_data_preview', 'Only a data preview can be re-run in place.');
      const query = validRun(state, { ...command.data.request, isDataPreview: true });
      return [{ type: 'sqllab/dataPreviewReplaced', data: { oldQueryId: old.id, query } }];
    }
    case 'RemoveQuery':
      requireQuery(state, command.data.queryId);
      return [{ type: 'sqllab/runRemoved', data: { queryId: command.data.queryId } }];
    default:
      return unknownCommand(command);
  }
}
