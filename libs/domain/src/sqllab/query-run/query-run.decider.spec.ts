import { deciderSpec } from '../../testing';
import { LimitingFactor } from '../query-limits/limits';
import { queryRunDecider } from './query-run.decider';
import type { QueryRunEvent, QueryStartedData } from './query-run.events';

const started: QueryStartedData = {
  clientId: 'abcdefghijk',
  userId: 1,
  databaseId: 2,
  sql: 'SELECT 1',
  renderedSql: 'SELECT 1',
  sqlEditorId: '5',
  tab: 'Untitled Query 1',
  catalog: null,
  schema: 'public',
  limit: 1000,
  limitingFactor: LimitingFactor.DROPDOWN,
  selectAsCta: false,
  ctasMethod: 'TABLE',
  tmpTableName: null,
  tmpSchemaName: null,
  runAsync: false,
  status: 'running',
  startDttm: 1000,
};
const startedEvent: QueryRunEvent = { type: 'sqllab/queryStarted', data: started };
const stoppedEvent: QueryRunEvent = { type: 'sqllab/queryStopped', data: { endDttm: 2000 } };
const complete = {
  type: 'CompleteQuery' as const,
  rows: 1,
  limitingFactor: LimitingFactor.NOT_LIMITED,
  resultsKey: 'k',
  columns: [],
  executedSql: 'SELECT 1 LIMIT 1001',
  tempTable: null,
  tempSchema: null,
  selectSql: null,
  at: 3000,
};
const spec = deciderSpec(queryRunDecider);

describe('query run decider (sqllab-and-platform §4 Query states)', () => {
  it('given nothing, when StartQuery, then queryStarted', () => {
    spec.given([]).when({ type: 'StartQuery', query: started }).then([startedEvent]);
  });
  it('given nothing, when a sync StartQuery names its statement count, then the first progress comes in the same batch', () => {
    spec
      .given([])
      .when({ type: 'StartQuery', query: started, statementCount: 3 })
      .then([
        startedEvent,
        {
          type: 'sqllab/queryProgressed',
          data: { statement: 1, statementCount: 3, progress: 0, message: 'Running statement 1 out of 3', at: 1000 },
        },
      ]);
  });
  it('given nothing, when an async StartQuery names its statement count, then only queryStarted (the worker reports progress)', () => {
    const pending = { ...started, status: 'pending' as const, runAsync: true };
    spec
      .given([])
      .when({ type: 'StartQuery', query: pending, statementCount: 3 })
      .then([{ type: 'sqllab/queryStarted', data: pending }]);
  });
  it('given a run queued by one process, when a worker of another reports progress, then the worker holds it', () => {
    const queued: QueryRunEvent = {
      type: 'sqllab/queryStarted',
      data: { ...started, status: 'pending', runAsync: true, runner: null },
    };
    const state = queryRunDecider.evolve(queryRunDecider.initialState(), queued);
    expect(state.runner).toBeNull();
    const events = queryRunDecider.decide(
      { type: 'ReportProgress', statement: 1, statementCount: 1, at: 1500, runner: 'w2' },
      state,
      undefined,
    );
    expect(events).toEqual([
      {
        type: 'sqllab/queryProgressed',
        data: {
          statement: 1,
          statementCount: 1,
          progress: 0,
          message: 'Running statement 1 out of 1',
          at: 1500,
          runner: 'w2',
        },
      },
    ]);
    expect(events.reduce(queryRunDecider.evolve, state).runner).toBe('w2');
  });
  it('given a started query, when StartQuery again, then it is refused', () => {
    spec.given([startedEvent]).when({ type: 'StartQuery', query: started }).thenThrows('query_exists');
  });
  it('given a running query, when statement 2 of 4 starts, then progress 25 and the spec text', () => {
    spec
      .given([startedEvent])
      .when({ type: 'ReportProgress', statement: 2, statementCount: 4, at: 1500 })
      .then([
        {
          type: 'sqllab/queryProgressed',
          data: { statement: 2, statementCount: 4, progress: 25, message: 'Running statement 2 out of 4', at: 1500 },
        },
      ]);
  });
  it('given a pending async query, when progress arrives, then it is running since then', () => {
    const pending: QueryRunEvent = {
      type: 'sqllab/queryStarted',
      data: { ...started, status: 'pending', runAsync: true },
    };
    const state = [
      pending,
      {
        type: 'sqllab/queryProgressed',
        data: { statement: 1, statementCount: 1, progress: 0, message: 'Running statement 1 out of 1', at: 1700 },
      } as QueryRunEvent,
    ].reduce(queryRunDecider.evolve, queryRunDecider.initialState());
    expect(state.status).toBe('running');
    expect(state.startRunningDttm).toBe(1700);
  });
  it('given a stopped query, when the runner reports progress, then it is told to stop', () => {
    spec
      .given([startedEvent, stoppedEvent])
      .when({ type: 'ReportProgress', statement: 1, statementCount: 1, at: 1 })
      .thenThrows('query_stopped');
  });
  it('given a running query, when it completes, then success with rows and limitingFactor', () => {
    spec
      .given([startedEvent])
      .when(complete)
      .thenState({
        ...queryRunDecider.initialState(),
        started,
        status: 'success',
        progress: 100,
        rows: 1,
        limitingFactor: LimitingFactor.NOT_LIMITED,
        resultsKey: 'k',
        executedSql: 'SELECT 1 LIMIT 1001',
        startRunningDttm: 1000,
        endDttm: 3000,
      });
  });
  it('given a stopped query, when it completes, fails or times out late, then nothing happens', () => {
    spec.given([startedEvent, stoppedEvent]).when(complete).then([]);
    spec
      .given([startedEvent, stoppedEvent])
      .when({
        type: 'FailQuery',
        errors: [{ message: 'x', error_type: 'GENERIC_DB_ENGINE_ERROR' }],
        executedSql: null,
        at: 1,
      })
      .then([]);
    spec
      .given([startedEvent, stoppedEvent])
      .when({ type: 'TimeOutQuery', message: 'late', errorType: 'SQLLAB_TIMEOUT_ERROR', at: 1 })
      .then([]);
  });
  it('given a running query, when stopped, then queryStopped; given a finished one, then nothing', () => {
    spec.given([startedEvent]).when({ type: 'StopQuery', at: 2000 }).then([stoppedEvent]);
    spec
      .given([startedEvent, { type: 'sqllab/querySucceeded', data: { ...complete, endDttm: 3000 } } as QueryRunEvent])
      .when({ type: 'StopQuery', at: 4000 })
      .then([]);
  });
  it('given no query yet, when Stop arrives, then it is kept; the start that follows ends stopped at once', () => {
    spec
      .given([])
      .when({ type: 'StopQuery', at: 1 })
      .then([{ type: 'sqllab/queryStopped', data: { endDttm: 1 } }]);
    spec
      .given([{ type: 'sqllab/queryStopped', data: { endDttm: 1 } }])
      .when({ type: 'StartQuery', query: { ...started, status: 'running' }, statementCount: 1 })
      .then([
        { type: 'sqllab/queryStarted', data: { ...started, status: 'running' } },
        { type: 'sqllab/queryStopped', data: { endDttm: started.startDttm } },
      ]);
    spec
      .given([{ type: 'sqllab/queryStopped', data: { endDttm: 1 } }])
      .when({ type: 'StopQuery', at: 2 })
      .then([]);
  });
  it("a kept Stop of a user who may stop only their own runs does not stop another user's run", () => {
    const foreignStop: QueryRunEvent = { type: 'sqllab/queryStopped', data: { endDttm: 1, onlyFor: 99 } };
    spec.given([]).when({ type: 'StopQuery', at: 1, onlyFor: 99 }).then([foreignStop]);
    // The owner (user 1) starts it: the foreign Stop is not theirs to apply; the run goes on.
    spec
      .given([foreignStop])
      .when({ type: 'StartQuery', query: { ...started, status: 'pending' } })
      .then([{ type: 'sqllab/queryStarted', data: { ...started, status: 'pending' } }]);
    // The owner's own early Stop is still kept beside it, and stops the run.
    spec
      .given([foreignStop])
      .when({ type: 'StopQuery', at: 2, onlyFor: 1 })
      .then([{ type: 'sqllab/queryStopped', data: { endDttm: 2, onlyFor: 1 } }]);
    spec
      .given([foreignStop, { type: 'sqllab/queryStopped', data: { endDttm: 2, onlyFor: 1 } }])
      .when({ type: 'StartQuery', query: { ...started, status: 'pending' } })
      .then([
        { type: 'sqllab/queryStarted', data: { ...started, status: 'pending' } },
        { type: 'sqllab/queryStopped', data: { endDttm: started.startDttm } },
      ]);
  });
  it('given a running query, when it times out, then timed_out with the message as error', () => {
    spec
      .given([startedEvent])
      .when({
        type: 'TimeOutQuery',
        message: 'The query exceeded the 30 seconds timeout.',
        errorType: 'SQLLAB_TIMEOUT_ERROR',
        at: 31000,
      })
      .then([
        {
          type: 'sqllab/queryTimedOut',
          data: {
            errors: [
              {
                message: 'The query exceeded the 30 seconds timeout.',
                error_type: 'SQLLAB_TIMEOUT_ERROR',
                level: 'error',
              },
            ],
            errorMessage: 'The query exceeded the 30 seconds timeout.',
            endDttm: 31000,
          },
        },
      ]);
  });
  it('given a succeeded query, when it fails afterwards, then it is refused', () => {
    spec
      .given([startedEvent, { type: 'sqllab/querySucceeded', data: { ...complete, endDttm: 3000 } } as QueryRunEvent])
      .when({ type: 'FailQuery', errors: [], executedSql: null, at: 1 })
      .thenThrows('query_not_running');
  });
});
