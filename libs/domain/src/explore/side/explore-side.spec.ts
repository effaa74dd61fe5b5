import type { ExploreSideEvent } from './explore-side.events';
import { exploreSideFold } from './explore-side.fold';

const fold = (events: readonly ExploreSideEvent[]) =>
  events.reduce(exploreSideFold.evolve, exploreSideFold.initialState());

describe('Explore side facts (charts-dashboards-reports §3 Save modal state, §9 data pane)', () => {
  it('an open in progress is shown until its own finish, not an earlier one', () => {
    expect(
      fold([
        { type: 'exploreSide/openStarted', data: { requestId: 'a' } },
        { type: 'exploreSide/openStarted', data: { requestId: 'b' } },
        { type: 'exploreSide/openFinished', data: { requestId: 'a' } },
      ]).opening,
    ).toBe('b');
  });

  it('a chart opened as it was (?as_of=) is a view of the past until the next open', () => {
    const past: ExploreSideEvent[] = [
      { type: 'exploreSide/openStarted', data: { requestId: 'a' } },
      { type: 'exploreSide/pastViewOpened', data: { requestId: 'a', asOf: '42', queries: false } },
      { type: 'exploreSide/openFinished', data: { requestId: 'a' } },
    ];
    expect(fold(past).pastView).toEqual({ asOf: '42', queries: false });
    expect(fold([...past, { type: 'exploreSide/openStarted', data: { requestId: 'b' } }]).pastView).toBeNull();
  });

  it('only the answer to the latest dataset search is listed', () => {
    const item = { id: 1, table_name: 'cars' };
    const state = fold([
      { type: 'exploreSide/datasetsRequested', data: { search: 'c' } },
      { type: 'exploreSide/datasetsRequested', data: { search: 'ca' } },
      { type: 'exploreSide/datasetsLoaded', data: { search: 'c', items: [] } },
      { type: 'exploreSide/datasetsLoaded', data: { search: 'ca', items: [item] } },
    ]);
    expect(state.datasets).toEqual({ search: 'ca', items: [item], loading: false, error: null });
  });

  it('the data pane shows the answer of the tab opened last, and closing it empties it', () => {
    const result = { colnames: ['a'], data: [{ a: 1 }], rowcount: 1 };
    const opened: ExploreSideEvent[] = [
      { type: 'exploreSide/dataTabOpened', data: { tab: 'results', requestId: 'r1' } },
      { type: 'exploreSide/dataTabOpened', data: { tab: 'samples', requestId: 'r2' } },
      { type: 'exploreSide/dataLoaded', data: { requestId: 'r1', result } },
    ];
    expect(fold(opened).dataPane).toMatchObject({ tab: 'samples', loading: true, result: null });
    expect(fold([...opened, { type: 'exploreSide/dataLoaded', data: { requestId: 'r2', result } }]).dataPane).toEqual({
      tab: 'samples',
      requestId: 'r2',
      loading: false,
      result,
      error: null,
    });
    expect(fold([...opened, { type: 'exploreSide/dataPaneClosed', data: {} }]).dataPane).toEqual(
      exploreSideFold.initialState().dataPane,
    );
  });

  it('the save modal: opened, saving, alerted (saving stops), closed', () => {
    const state = fold([
      { type: 'exploreSide/saveModalOpened', data: {} },
      { type: 'exploreSide/dashboardsLoaded', data: { dashboards: [{ id: 1, dashboard_title: 'D' }] } },
      { type: 'exploreSide/saveStarted', data: {} },
      { type: 'exploreSide/saveModalAlerted', data: { message: 'Please enter a chart name' } },
    ]);
    expect(state.saveModal).toEqual({
      isVisible: true,
      dashboards: [{ id: 1, dashboard_title: 'D' }],
      saveModalAlert: 'Please enter a chart name',
      saving: false,
    });
    expect(
      fold([
        { type: 'exploreSide/saveModalOpened', data: {} },
        { type: 'exploreSide/saveModalClosed', data: {} },
      ]),
    ).toMatchObject({ saveModal: { isVisible: false, saving: false } });
  });

  it('an event of another context leaves the state unchanged', () => {
    const state = exploreSideFold.initialState();
    expect(exploreSideFold.evolve(state, { type: 'explore/opened', data: {} } as never)).toBe(state);
  });
});
