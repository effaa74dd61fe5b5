import { NO_HISTORY_FILTERS, type QueryHistoryEvent, type QueryHistoryRow } from './query-history.events';
import { queryHistoryFold } from './query-history.fold';

const fold = (events: readonly QueryHistoryEvent[]) =>
  events.reduce(queryHistoryFold.evolve, queryHistoryFold.initialState());
const run = (id: string, userId?: number, user?: string): QueryHistoryRow => ({
  id,
  dbId: 1,
  sql: 'SELECT 1',
  state: 'success',
  ...(userId === undefined ? {} : { userId }),
  ...(user === undefined ? {} : { user }),
});
const failed = { ...NO_HISTORY_FILTERS, state: 'failed' };

describe('the query history (sqllab-and-platform §2)', () => {
  it('shows the answer to the filters and page asked last, not to filters changed since', () => {
    const asked: QueryHistoryEvent[] = [
      { type: 'queryHistory/listRequested', data: { filters: NO_HISTORY_FILTERS, page: 0 } },
      { type: 'queryHistory/listRequested', data: { filters: failed, page: 0 } },
      { type: 'queryHistory/listLoaded', data: { filters: NO_HISTORY_FILTERS, page: 0, rows: [run('a')], count: 1 } },
      { type: 'queryHistory/listLoadFailed', data: { filters: NO_HISTORY_FILTERS, page: 0, message: 'late' } },
    ];
    expect(fold(asked)).toMatchObject({ filters: failed, rows: null, loading: true, error: null });
    expect(
      fold([
        ...asked,
        { type: 'queryHistory/listLoaded', data: { filters: failed, page: 0, rows: [run('b')], count: 1 } },
      ]),
    ).toMatchObject({ rows: [run('b')], count: 1, loading: false });
  });

  it('remembers the users the lists have named, for the user filter', () => {
    const state = fold([
      { type: 'queryHistory/listRequested', data: { filters: NO_HISTORY_FILTERS, page: 0 } },
      {
        type: 'queryHistory/listLoaded',
        data: { filters: NO_HISTORY_FILTERS, page: 0, rows: [run('a', 1, 'admin'), run('b', 2), run('c')], count: 3 },
      },
    ]);
    expect(state.users).toEqual({ '1': 'admin', '2': 'User 2' });
  });
});
