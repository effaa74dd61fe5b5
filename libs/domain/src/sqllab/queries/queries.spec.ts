import { deciderSpec } from '@strata/domain/testing';
import { ErrorType, type StrataError } from '../../platform/error-types';
import { queryEditorById, type SqlLabState } from '../editor/model';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, QID, QID2, runRequest, started, successResults, tab } from '../testing/fixtures';
import { isQueryFinished, isQueryInProgress, newEditorQuery, queryStateBadge, type QueryState } from './query';

const spec = deciderSpec(sqlLabDecider);
const fold = (events: readonly SqlLabEvent[]): SqlLabState =>
  events.reduce(sqlLabDecider.evolve, sqlLabDecider.initialState());
const withTab = [added(tab('a', 'A'))];
const succeeded = (queryId = QID): SqlLabEvent => ({
  type: 'sqllab/runSucceeded',
  data: { queryId, results: successResults(), endDttm: 2000 },
});
const stopped = (queryId = QID): SqlLabEvent => ({ type: 'sqllab/runStopped', data: { queryId, endDttm: 1500 } });

describe('SQL Lab queries: starting', () => {
  it('sqllab-and-platform §4: a new run starts as running when synchronous, progress 0, cached false', () => {
    spec.given(withTab).when({ type: 'StartQuery', data: runRequest() }).then([started()]);
    expect(fold([...withTab, started()]).queries[QID]).toMatchObject({ state: 'running', progress: 0, cached: false });
  });

  it('sqllab-and-platform §4: a new run starts as pending when asynchronous', () => {
    expect(fold([...withTab, started({ runAsync: true })]).queries[QID]?.state).toBe('pending');
  });

  it("sqllab-and-platform §4: starting a run makes it the tab's latest and clears the previous latest query's stored results", () => {
    const state = fold([...withTab, started(), succeeded(), started({ id: QID2, startDttm: 3000 })]);
    expect(queryEditorById(state, 'a')?.latestQueryId).toBe(QID2);
    expect(state.queries[QID]?.results?.data).toEqual([]);
    expect(state.queries[QID]?.results?.query).toBeNull();
  });

  it('sqllab-and-platform §4: a run with no tab is shown in the bottom pane', () => {
    const state = fold([...withTab, started({ sqlEditorId: null })]);
    expect(state.activeSouthPaneTab).toBe(QID);
    expect(queryEditorById(state, 'a')?.latestQueryId).toBeNull();
  });

  it('sqllab-and-platform §5: the client query id has exactly 11 characters', () => {
    spec
      .given(withTab)
      .when({ type: 'StartQuery', data: runRequest({ id: 'short' }) })
      .thenThrows('query_id_invalid');
  });

  it('a run needs a database, SQL and an existing tab', () => {
    spec
      .given(withTab)
      .when({ type: 'StartQuery', data: runRequest({ dbId: 0 }) })
      .thenThrows('database_required');
    spec
      .given(withTab)
      .when({ type: 'StartQuery', data: runRequest({ sql: '  ' }) })
      .thenThrows('sql_empty');
    spec
      .given(withTab)
      .when({ type: 'StartQuery', data: runRequest({ sqlEditorId: 'zz' }) })
      .thenThrows('tab_not_found');
  });
});

describe('SQL Lab queries: stop, fetch, success, failure', () => {
  it('sqllab-and-platform §4 Stop: state becomes stopped and results are emptied', () => {
    spec
      .given([...withTab, started()])
      .when({ type: 'StopQuery', data: { queryId: QID, at: 1500 } })
      .then([stopped()]);
    expect(fold([...withTab, started(), stopped()]).queries[QID]).toMatchObject({
      state: 'stopped',
      results: null,
      endDttm: 1500,
    });
  });

  it('stopping a finished run gives no event', () => {
    spec
      .given([...withTab, started(), succeeded()])
      .when({ type: 'StopQuery', data: { queryId: QID, at: 1 } })
      .then([]);
  });

  it('sqllab-and-platform §4: requesting stored results makes the state fetching', () => {
    spec
      .given([...withTab, started(), succeeded()])
      .when({ type: 'FetchQueryResults', data: { queryId: QID } })
      .thenState({
        ...fold([...withTab, started(), succeeded()]),
        queries: { [QID]: { ...fold([...withTab, started(), succeeded()]).queries[QID]!, state: 'fetching' } },
      });
  });

  it('sqllab-and-platform §4 Success: state success, progress 100, end time, rows, limitingFactor, results key, error cleared, cached false', () => {
    const state = fold([...withTab, started(), succeeded()]);
    expect(state.queries[QID]).toMatchObject({
      state: 'success',
      progress: 100,
      endDttm: 2000,
      rows: 1,
      limitingFactor: 'NOT_LIMITED',
      resultsKey: 'key-1',
      errorMessage: null,
      errors: [],
      cached: false,
      tempSchema: null,
      tempTable: null,
    });
  });

  it('sqllab-and-platform §4 Success: carries the temp schema and table of a CTAS run', () => {
    const results = successResults({ query: { rows: 0, tempSchema: 'tmp', tempTable: 'tmp_1', resultsKey: null } });
    const state = fold([
      ...withTab,
      started(),
      { type: 'sqllab/runSucceeded', data: { queryId: QID, results, endDttm: 5 } },
    ]);
    expect(state.queries[QID]).toMatchObject({ tempSchema: 'tmp', tempTable: 'tmp_1' });
  });

  it('sqllab-and-platform §4 Success: ignored if the query was stopped', () => {
    spec
      .given([...withTab, started(), stopped()])
      .when({ type: 'RecordQuerySuccess', data: { queryId: QID, results: successResults(), at: 9 } })
      .then([]);
    // A success already in the log (it raced the stop) changes nothing either.
    expect(fold([...withTab, started(), stopped(), succeeded()]).queries[QID]?.state).toBe('stopped');
  });

  it('sqllab-and-platform §4 Success: ignored if the result status is not success', () => {
    spec
      .given([...withTab, started()])
      .when({
        type: 'RecordQuerySuccess',
        data: { queryId: QID, results: successResults({ status: 'failed' }), at: 9 },
      })
      .then([]);
  });

  it('sqllab-and-platform §4 Failure: state failed with errors, message, link and end time', () => {
    const errors: StrataError[] = [{ message: 'syntax error', error_type: ErrorType.SYNTAX_ERROR, level: 'error' }];
    spec
      .given([...withTab, started()])
      .when({
        type: 'RecordQueryFailure',
        data: { queryId: QID, errors, errorMessage: 'syntax error', link: 'https://x', at: 7 },
      })
      .then([
        {
          type: 'sqllab/runFailed',
          data: { queryId: QID, errors, errorMessage: 'syntax error', link: 'https://x', endDttm: 7 },
        },
      ]);
    const state = fold([
      ...withTab,
      started(),
      {
        type: 'sqllab/runFailed',
        data: { queryId: QID, errors, errorMessage: 'syntax error', link: 'https://x', endDttm: 7 },
      },
    ]);
    expect(state.queries[QID]).toMatchObject({
      state: 'failed',
      errors,
      errorMessage: 'syntax error',
      link: 'https://x',
      endDttm: 7,
    });
  });

  it('sqllab-and-platform §4 Failure: ignored if the query is stopped', () => {
    spec
      .given([...withTab, started(), stopped()])
      .when({ type: 'RecordQueryFailure', data: { queryId: QID, errorMessage: 'x', at: 1 } })
      .then([]);
  });

  it('sqllab-and-platform §4: clearing query results empties the data and marks the query cached', () => {
    const state = fold([
      ...withTab,
      started(),
      succeeded(),
      { type: 'sqllab/runResultsCleared', data: { queryId: QID } },
    ]);
    expect(state.queries[QID]).toMatchObject({ results: null, cached: true, resultsKey: 'key-1' });
  });
});

describe('SQL Lab queries: refresh from the server', () => {
  const refresh = (altered: Record<string, object>): SqlLabEvent => ({
    type: 'sqllab/runsRefreshed',
    data: { alteredQueries: altered },
  });

  it('sqllab-and-platform §4: queries already stopped or failed locally are left alone', () => {
    const before = fold([...withTab, started(), stopped()]);
    const after = sqlLabDecider.evolve(
      before,
      refresh({ [QID]: { state: 'success', changed_on: '2026-01-01T00:00:00' } }),
    );
    expect(after.queries[QID]).toBe(before.queries[QID]);
  });

  it('sqllab-and-platform §4: a server success does not override a local fetching, success or running state', () => {
    for (const local of ['running', 'fetching', 'success'] as const) {
      const base = fold([...withTab, started()]);
      const state = { ...base, queries: { [QID]: { ...base.queries[QID]!, state: local } } };
      const after = sqlLabDecider.evolve(state, refresh({ [QID]: { state: 'success', progress: 100 } }));
      expect(after.queries[QID]).toMatchObject({ state: local, progress: 100 });
    }
  });

  it('sqllab-and-platform §4: a server state other than success is taken over, and changed_on advances queriesLastUpdate', () => {
    const after = fold([
      ...withTab,
      started({ runAsync: true }),
      refresh({ [QID]: { state: 'running', progress: 40, changed_on: '2026-01-01T00:00:00' } }),
    ]);
    expect(after.queries[QID]).toMatchObject({ state: 'running', progress: 40 });
    expect(after.queriesLastUpdate).toBe(Date.UTC(2026, 0, 1));
  });

  it('sqllab-and-platform §4: a server success replaces a local pending state', () => {
    const after = fold([
      ...withTab,
      started({ runAsync: true }),
      refresh({ [QID]: { state: 'success', resultsKey: 'k' } }),
    ]);
    expect(after.queries[QID]).toMatchObject({ state: 'success', resultsKey: 'k' });
  });

  it('sqllab-and-platform §4: unchanged queries (same fields and extra) stay as they were', () => {
    const before = fold([...withTab, started()]);
    const after = sqlLabDecider.evolve(before, refresh({ [QID]: { state: 'running', extra: {} } }));
    expect(after).toBe(before);
  });

  it('times sent as text become numbers', () => {
    const after = fold([
      ...withTab,
      started({ runAsync: true }),
      refresh({ [QID]: { startDttm: '1700.5' as unknown as number, endDttm: '1800' as unknown as number } }),
    ]);
    expect(after.queries[QID]).toMatchObject({ startDttm: 1700.5, endDttm: 1800 });
  });
});

describe('SQL Lab queries: clearing, previews, removal', () => {
  it('sqllab-and-platform §4: clearing inactive queries drops running or pending runs older than the interval with zero progress', () => {
    const state = fold([
      ...withTab,
      started({ startDttm: 0 }),
      started({ id: QID2, startDttm: 9000 }),
      { type: 'sqllab/inactiveRunsCleared', data: { now: 10_000, interval: 5000 } },
    ]);
    expect(Object.keys(state.queries)).toEqual([QID2]);
  });

  it('sqllab-and-platform §4: other queries with a results key take the status stored in their results', () => {
    const base = fold([...withTab, started(), succeeded()]);
    const state = { ...base, queries: { [QID]: { ...base.queries[QID]!, state: 'fetching' as QueryState } } };
    const after = sqlLabDecider.evolve(state, {
      type: 'sqllab/inactiveRunsCleared',
      data: { now: 10_000, interval: 5000 },
    });
    expect(after.queries[QID]?.state).toBe('success');
  });

  it('sqllab-and-platform §4: a data-preview query can be re-run and is replaced, tables following it', () => {
    const preview = started({ sqlEditorId: null, isDataPreview: true });
    const table: SqlLabEvent = {
      type: 'sqllab/tableAdded',
      data: { table: { ...tableEntry(), dataPreviewQueryId: QID } },
    };
    const given = [...withTab, preview, table];
    spec
      .given(given)
      .when({
        type: 'ReRunDataPreview',
        data: { oldQueryId: QID, request: runRequest({ id: QID2, sqlEditorId: null }) },
      })
      .then([
        {
          type: 'sqllab/dataPreviewReplaced',
          data: {
            oldQueryId: QID,
            query: newEditorQuery(runRequest({ id: QID2, sqlEditorId: null, isDataPreview: true })),
          },
        },
      ]);
    const state = fold([
      ...given,
      {
        type: 'sqllab/dataPreviewReplaced',
        data: {
          oldQueryId: QID,
          query: newEditorQuery(runRequest({ id: QID2, sqlEditorId: null, isDataPreview: true })),
        },
      },
    ]);
    expect(Object.keys(state.queries)).toEqual([QID2]);
    expect(state.tables[0]?.dataPreviewQueryId).toBe(QID2);
    expect(state.activeSouthPaneTab).toBe(QID2);
  });

  it('only a data preview can be replaced', () => {
    spec
      .given([...withTab, started()])
      .when({ type: 'ReRunDataPreview', data: { oldQueryId: QID, request: runRequest({ id: QID2 }) } })
      .thenThrows('not_a_data_preview');
  });

  it("removing the tab's latest query makes the previous one latest", () => {
    const state = fold([
      ...withTab,
      started(),
      started({ id: QID2, startDttm: 2000 }),
      { type: 'sqllab/runRemoved', data: { queryId: QID2 } },
    ]);
    expect(queryEditorById(state, 'a')?.latestQueryId).toBe(QID);
    expect(Object.keys(state.queries)).toEqual([QID]);
  });

  it('sqllab-and-platform §4 Tabs: closing a tab removes its queries', () => {
    const state = fold([
      ...withTab,
      added(tab('b', 'B')),
      started(),
      started({ id: QID2, sqlEditorId: 'b' }),
      { type: 'sqllab/tabClosed', data: { queryEditorId: 'a', at: 3 } },
    ]);
    expect(Object.keys(state.queries)).toEqual([QID2]);
  });
});

describe('SQL Lab queries: states and badges', () => {
  it('sqllab-and-platform §4: in progress are running, started, pending, fetching, scheduled; finished are stopped, failed, success, timed_out', () => {
    expect((['running', 'started', 'pending', 'fetching', 'scheduled'] as const).every(isQueryInProgress)).toBe(true);
    expect((['stopped', 'failed', 'success', 'timed_out'] as const).every(isQueryFinished)).toBe(true);
    expect((['stopped', 'failed', 'success', 'timed_out'] as const).some(isQueryInProgress)).toBe(false);
  });

  it('sqllab-and-platform §4 Badges: offline, failed, stopped danger; pending, fetching info; running warning; success success', () => {
    expect(['offline', 'failed', 'stopped'].map((s) => queryStateBadge(s as QueryState))).toEqual([
      'danger',
      'danger',
      'danger',
    ]);
    expect(queryStateBadge('pending')).toBe('info');
    expect(queryStateBadge('fetching')).toBe('info');
    expect(queryStateBadge('running')).toBe('warning');
    expect(queryStateBadge('success')).toBe('success');
  });
});

function tableEntry() {
  return {
    id: 't1',
    dbId: 1,
    queryEditorId: 'a',
    catalog: null,
    schema: 'public',
    name: 'flights',
    expanded: true,
    dataPreviewQueryId: null,
    columns: [],
    selectStar: null,
    primaryKey: null,
    foreignKeys: [],
    indexes: [],
    isMetadataLoading: false,
    isExtraMetadataLoading: false,
    initialized: false,
    persistData: null,
    inLocalStorage: true,
  };
}

describe('SQL Lab queries: replay without the tab', () => {
  it('a run of a tab that is not there (its creation undone) is not shown, and the bottom pane stays', () => {
    const state = fold([started({ sqlEditorId: 'a' })]);
    expect(state.queries).toEqual({});
    expect(state.activeSouthPaneTab).toBe('Results');
  });
});
