import type { SavedQueryListEvent, SavedQueryListRow } from './saved-query-list.events';
import { savedQueryListFold } from './saved-query-list.fold';

const fold = (events: readonly SavedQueryListEvent[]) =>
  events.reduce(savedQueryListFold.evolve, savedQueryListFold.initialState());
const row = (id: number): SavedQueryListRow => ({
  id,
  label: `Q${id}`,
  db_id: 1,
  catalog: null,
  schema: 'public',
  sql: 'SELECT 1',
  template_parameters: null,
});

describe('the saved queries list (sqllab-and-platform §2)', () => {
  it('shows the answer to the search and page asked last', () => {
    const state = fold([
      { type: 'savedQueries/listRequested', data: { search: 'd', page: 0 } },
      { type: 'savedQueries/listRequested', data: { search: 'de', page: 0 } },
      { type: 'savedQueries/listLoaded', data: { search: 'd', page: 0, rows: [row(1), row(2)], count: 2 } },
    ]);
    expect(state).toMatchObject({ search: 'de', rows: null, loading: true });
    expect(
      savedQueryListFold.evolve(state, {
        type: 'savedQueries/listLoaded',
        data: { search: 'de', page: 0, rows: [row(1)], count: 1 },
      }),
    ).toEqual({ search: 'de', page: 0, rows: [row(1)], count: 1, loading: false, error: null, favorites: {} });
  });

  it('a failed load stops loading and says why', () => {
    expect(
      fold([
        { type: 'savedQueries/listRequested', data: { search: '', page: 1 } },
        { type: 'savedQueries/listLoadFailed', data: { message: 'Forbidden' } },
      ]),
    ).toMatchObject({ page: 1, loading: false, error: 'Forbidden' });
  });

  it('an edited row replaces its old self; deleted rows leave the page and the count', () => {
    const loaded = fold([
      { type: 'savedQueries/listRequested', data: { search: '', page: 0 } },
      { type: 'savedQueries/listLoaded', data: { search: '', page: 0, rows: [row(1), row(2), row(3)], count: 30 } },
    ]);
    const edited = savedQueryListFold.evolve(loaded, {
      type: 'savedQueries/rowEdited',
      data: { row: { ...row(2), label: 'Renamed', sql: 'SELECT 2' } },
    });
    expect(edited.rows?.map((r) => r.label)).toEqual(['Q1', 'Renamed', 'Q3']);
    const deleted = savedQueryListFold.evolve(edited, { type: 'savedQueries/rowsDeleted', data: { ids: [1, 3, 99] } });
    expect(deleted).toMatchObject({ count: 28, rows: [{ id: 2, label: 'Renamed' }] });
  });

  it("keeps the user's stars: the status read for the rows shown, then each star given or taken off", () => {
    const state = fold([
      { type: 'savedQueries/listRequested', data: { search: '', page: 0 } },
      { type: 'savedQueries/listLoaded', data: { search: '', page: 0, rows: [row(1), row(2)], count: 2 } },
      {
        type: 'savedQueries/favoriteStatusLoaded',
        data: {
          status: [
            { id: 1, value: true },
            { id: 2, value: false },
          ],
        },
      },
      { type: 'savedQueries/rowFavorited', data: { id: 2 } },
      { type: 'savedQueries/rowUnfavorited', data: { id: 1 } },
    ]);
    expect(state.favorites).toEqual({ 1: false, 2: true });
  });
});
