import { deciderSpec } from '@strata/domain/testing';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, closed, sqlEdited, switched, tab } from '../testing/fixtures';
import { activeQueryEditor, activeTabId, initialSqlLabState, type SqlLabState } from './model';

const spec = deciderSpec(sqlLabDecider);
const fold = (events: readonly SqlLabEvent[]): SqlLabState =>
  events.reduce(sqlLabDecider.evolve, sqlLabDecider.initialState());
const decideOn = (events: readonly SqlLabEvent[], command: Parameters<typeof sqlLabDecider.decide>[0]) =>
  sqlLabDecider.decide(command, fold(events));

describe('SQL Lab tabs: adding', () => {
  it("sqllab-and-platform §2 Tabs: a new tab is named 'Untitled Query N', N one above the highest number used", () => {
    spec
      .given([added(tab('a', 'Untitled Query 1')), added(tab('b', 'Untitled Query 4')), added(tab('c', 'Sales'))])
      .when({ type: 'AddTab', data: { id: 'd', at: 10 } })
      .then([
        {
          type: 'sqllab/tabAdded',
          data: { queryEditor: tab('d', 'Untitled Query 5', { updatedAt: 10 }), clonedFromId: null },
        },
      ]);
  });

  it("sqllab-and-platform §2 Tabs: the first tab is 'Untitled Query 1'", () => {
    const [event] = decideOn([], { type: 'AddTab', data: { id: 'a', at: 1 } });
    expect(event).toMatchObject({ data: { queryEditor: { name: 'Untitled Query 1' } } });
  });

  it('sqllab-and-platform §2 Tabs: names of other forms do not count towards N', () => {
    const [event] = decideOn([added(tab('a', 'Untitled Query x')), added(tab('b', 'Untitled query 7'))], {
      type: 'AddTab',
      data: { id: 'c', at: 1 },
    });
    expect(event).toMatchObject({ data: { queryEditor: { name: 'Untitled Query 1' } } });
  });

  it('sqllab-and-platform §2 Tabs: a rename still unsaved counts for the numbering', () => {
    const renamed: SqlLabEvent = {
      type: 'sqllab/tabRenamed',
      data: { queryEditorId: 'a', name: 'Untitled Query 9', updatedAt: 2 },
    };
    const [event] = decideOn([added(tab('a', 'x')), renamed], { type: 'AddTab', data: { id: 'b', at: 3 } });
    expect(event).toMatchObject({ data: { queryEditor: { name: 'Untitled Query 10' } } });
  });

  it("a new tab takes the active tab's database, catalog, schema and limit", () => {
    const [event] = decideOn([added(tab('a', 'A', { dbId: 3, catalog: 'c', schema: 'public', queryLimit: 50 }))], {
      type: 'AddTab',
      data: { id: 'b', at: 3 },
    });
    expect(event).toMatchObject({
      data: { queryEditor: { dbId: 3, catalog: 'c', schema: 'public', queryLimit: 50, autorun: false } },
    });
  });

  it('sqllab-and-platform §4 Tabs: adding a tab saves pending edits, appends it to history and activates it', () => {
    const state = fold([added(tab('a', 'A')), sqlEdited('a', 'SELECT 1'), added(tab('b', 'B'))]);
    expect(state.unsavedQueryEditor).toBeNull();
    expect(state.queryEditors.find((qe) => qe.id === 'a')?.sql).toBe('SELECT 1');
    expect(state.tabHistory).toEqual(['a', 'b']);
    expect(activeTabId(state)).toBe('b');
  });

  it('a tab id can be used once', () => {
    spec
      .given([added(tab('a', 'A'))])
      .when({ type: 'AddTab', data: { id: 'a', at: 1 } })
      .thenThrows('tab_id_taken');
  });
});

describe('SQL Lab tabs: cloning', () => {
  it("sqllab-and-platform §4 Tabs: a clone is named 'Copy of %s', autorun on, same db, catalog, schema, sql, limit and max rows", () => {
    const source = tab('a', 'Sales', {
      dbId: 2,
      catalog: 'main',
      schema: 's',
      sql: 'SELECT 2',
      queryLimit: 10,
      maxRow: 500,
      templateParams: '{"x":1}',
    });
    const [event] = decideOn([added(source)], { type: 'CloneTab', data: { id: 'b', at: 7, sourceId: 'a' } });
    expect(event).toEqual({
      type: 'sqllab/tabAdded',
      data: {
        clonedFromId: 'a',
        queryEditor: tab('b', 'Copy of Sales', {
          autorun: true,
          dbId: 2,
          catalog: 'main',
          schema: 's',
          sql: 'SELECT 2',
          queryLimit: 10,
          maxRow: 500,
          templateParams: '{"x":1}',
          updatedAt: 7,
        }),
      },
    });
  });

  it('sqllab-and-platform §4 Tabs: the clone copies the unsaved SQL the user sees', () => {
    const [event] = decideOn([added(tab('a', 'A')), sqlEdited('a', 'SELECT 42')], {
      type: 'CloneTab',
      data: { id: 'b', at: 7, sourceId: 'a' },
    });
    expect(event).toMatchObject({ data: { queryEditor: { sql: 'SELECT 42' } } });
  });

  it('cloning a missing tab is refused', () => {
    spec
      .given([])
      .when({ type: 'CloneTab', data: { id: 'b', at: 1, sourceId: 'zz' } })
      .thenThrows('tab_not_found');
  });
});

describe('SQL Lab tabs: closing', () => {
  it('sqllab-and-platform §4 Tabs: removing a tab records it in destroyedQueryEditors with a timestamp', () => {
    spec
      .given([added(tab('a', 'A')), added(tab('b', 'B'))])
      .when({ type: 'CloseTab', data: { queryEditorId: 'b', at: 99 } })
      .then([{ type: 'sqllab/tabClosed', data: { queryEditorId: 'b', at: 99 } }]);
    const state = fold([added(tab('a', 'A')), added(tab('b', 'B')), closed('b', 99)]);
    expect(state.destroyedQueryEditors).toEqual({ b: 99 });
    expect(state.queryEditors.map((qe) => qe.id)).toEqual(['a']);
    expect(state.tabHistory).toEqual(['a']);
  });

  it('sqllab-and-platform §4 Tabs: if the history becomes empty, the last remaining tab becomes active', () => {
    // Tabs loaded from the server are listed without ever having been active here.
    const loaded: SqlLabState = {
      ...initialSqlLabState(),
      queryEditors: [tab('a', 'A'), tab('b', 'B'), tab('c', 'C')],
      tabHistory: ['a'],
    };
    const state = sqlLabDecider.evolve(loaded, closed('a'));
    expect(state.tabHistory).toEqual(['c']);
    expect(activeTabId(state)).toBe('c');
  });

  it('sqllab-and-platform §4 Tabs: closing every tab leaves no history', () => {
    const state = fold([added(tab('a', 'A')), added(tab('b', 'B')), closed('b'), closed('a')]);
    expect(state.queryEditors).toEqual([]);
    expect(state.tabHistory).toEqual([]);
    expect(state.destroyedQueryEditors).toEqual({ a: 5, b: 5 });
  });

  it('sqllab-and-platform §4 Tabs: closing the active tab activates the previous history entry, collapsing duplicates', () => {
    const state = fold([added(tab('a', 'A')), added(tab('b', 'B')), switched('a'), added(tab('c', 'C')), closed('a')]);
    expect(state.tabHistory).toEqual(['b', 'c']);
    const back = fold([added(tab('a', 'A')), added(tab('b', 'B')), switched('a'), switched('b'), closed('a')]);
    expect(back.tabHistory).toEqual(['b']);
  });

  it('sqllab-and-platform §4 Tabs: unsaved edits of the closed tab are dropped', () => {
    const state = fold([added(tab('a', 'A')), added(tab('b', 'B')), sqlEdited('b', 'SELECT 1'), closed('b')]);
    expect(state.unsavedQueryEditor).toBeNull();
    expect(activeQueryEditor(state)?.id).toBe('a');
  });

  it('sqllab-and-platform §2 Tabs: all other tabs can be removed at once, as one batch', () => {
    spec
      .given([added(tab('a', 'A')), added(tab('b', 'B')), added(tab('c', 'C'))])
      .when({ type: 'CloseOtherTabs', data: { queryEditorId: 'b', at: 4 } })
      .then([switched('b'), closed('a', 4), closed('c', 4)]);
    spec
      .given([added(tab('a', 'A')), added(tab('b', 'B')), added(tab('c', 'C'))])
      .when({ type: 'CloseOtherTabs', data: { queryEditorId: 'b', at: 4 } })
      .thenState({
        ...initialSqlLabState(),
        queryEditors: [tab('b', 'B')],
        tabHistory: ['b'],
        destroyedQueryEditors: { a: 4, c: 4 },
      });
  });

  it('closing a missing tab is refused', () => {
    spec
      .given([added(tab('a', 'A'))])
      .when({ type: 'CloseTab', data: { queryEditorId: 'x', at: 1 } })
      .thenThrows('tab_not_found');
  });
});

describe('SQL Lab tabs: switching', () => {
  const three = [added(tab('a', 'A')), added(tab('b', 'B')), added(tab('c', 'C'))];

  it('sqllab-and-platform §2 Tabs: next wraps from the last tab to the first', () => {
    spec
      .given(three)
      .when({ type: 'SwitchToNextTab', data: {} })
      .then([switched('a')]);
  });

  it('sqllab-and-platform §2 Tabs: previous wraps from the first tab to the last', () => {
    spec
      .given([...three, switched('a')])
      .when({ type: 'SwitchToPreviousTab', data: {} })
      .then([switched('c')]);
  });

  it('sqllab-and-platform §2 Tabs: next and previous follow the tab order, not the history', () => {
    spec
      .given([...three, switched('a')])
      .when({ type: 'SwitchToNextTab', data: {} })
      .then([switched('b')]);
  });

  it('with one tab, next and previous do nothing', () => {
    spec
      .given([added(tab('a', 'A'))])
      .when({ type: 'SwitchToNextTab', data: {} })
      .then([]);
  });

  it('sqllab-and-platform §4 Tabs: switching flushes pending edits and appends to history', () => {
    const state = fold([...three, sqlEdited('c', 'SELECT 3'), switched('a')]);
    expect(state.queryEditors.find((qe) => qe.id === 'c')?.sql).toBe('SELECT 3');
    expect(state.unsavedQueryEditor).toBeNull();
    expect(state.tabHistory).toEqual(['a', 'b', 'c', 'a']);
  });

  it('sqllab-and-platform §4 Tabs: switching to the active tab is no event (adjacent duplicates never occur)', () => {
    spec
      .given(three)
      .when({ type: 'SwitchTab', data: { queryEditorId: 'c' } })
      .then([]);
    expect(fold([...three, switched('c'), switched('c')]).tabHistory).toEqual(['a', 'b', 'c']);
  });

  it('switching to a missing tab is refused', () => {
    spec
      .given(three)
      .when({ type: 'SwitchTab', data: { queryEditorId: 'z' } })
      .thenThrows('tab_not_found');
  });
});

describe('SQL Lab tabs: reordering', () => {
  const three = [added(tab('a', 'A')), added(tab('b', 'B')), added(tab('c', 'C'))];

  it('a tab dragged from index 0 to 2 lands last', () => {
    spec
      .given(three)
      .when({ type: 'MoveTab', data: { queryEditorId: 'a', fromIndex: 0, toIndex: 2 } })
      .then([{ type: 'sqllab/tabMoved', data: { queryEditorId: 'a', toIndex: 2 } }]);
    const state = fold([...three, { type: 'sqllab/tabMoved', data: { queryEditorId: 'a', toIndex: 2 } }]);
    expect(state.queryEditors.map((qe) => qe.id)).toEqual(['b', 'c', 'a']);
    expect(activeTabId(state)).toBe('c');
  });

  it('sqllab-and-platform §5: a move is refused when the source is missing', () => {
    spec
      .given(three)
      .when({ type: 'MoveTab', data: { queryEditorId: 'a', fromIndex: 5, toIndex: 1 } })
      .thenThrows('move_source_missing');
  });

  it('sqllab-and-platform §5: a move is refused when the destination is missing', () => {
    spec
      .given(three)
      .when({ type: 'MoveTab', data: { queryEditorId: 'a', fromIndex: 0, toIndex: -1 } })
      .thenThrows('move_destination_missing');
  });

  it('sqllab-and-platform §5: a move is refused when the dragged item is missing', () => {
    spec
      .given(three)
      .when({ type: 'MoveTab', data: { queryEditorId: 'zz', fromIndex: 0, toIndex: 1 } })
      .thenThrows('move_item_missing');
  });
});
