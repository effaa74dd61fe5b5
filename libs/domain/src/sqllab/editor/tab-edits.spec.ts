import { deciderSpec } from '@strata/domain/testing';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabEvent } from '../sqllab.events';
import { added, sqlEdited, switched, tab } from '../testing/fixtures';
import { isUndoableSqlLabBatch, isUndoableSqlLabEvent } from '../undoable';
import { activeQueryEditor, queryEditorById, type SqlLabState } from './model';

const spec = deciderSpec(sqlLabDecider);
const fold = (events: readonly SqlLabEvent[]): SqlLabState =>
  events.reduce(sqlLabDecider.evolve, sqlLabDecider.initialState());
const two = [added(tab('a', 'A')), added(tab('b', 'B'))]; // b is active

describe('SQL Lab tabs: property edits', () => {
  it('sqllab-and-platform §4 Tabs: an edit of the active tab goes to the unsaved copy and stamps updatedAt', () => {
    const state = fold([...two, sqlEdited('b', 'SELECT 1', 50)]);
    expect(state.unsavedQueryEditor).toEqual({ id: 'b', sql: 'SELECT 1', updatedAt: 50 });
    expect(state.queryEditors.find((qe) => qe.id === 'b')?.sql).toBe('');
    expect(activeQueryEditor(state)).toMatchObject({ sql: 'SELECT 1', updatedAt: 50 });
  });

  it('sqllab-and-platform §4 Tabs: an edit of another tab goes to the stored tab', () => {
    const state = fold([...two, sqlEdited('a', 'SELECT 2', 60)]);
    expect(state.unsavedQueryEditor).toBeNull();
    expect(state.queryEditors.find((qe) => qe.id === 'a')).toMatchObject({ sql: 'SELECT 2', updatedAt: 60 });
  });

  it('sqllab-and-platform §4 Tabs: selection changes do not stamp updatedAt', () => {
    spec
      .given(two)
      .when({ type: 'SetSelectedText', data: { queryEditorId: 'b', selectedText: 'SELECT' } })
      .then([{ type: 'sqllab/textSelected', data: { queryEditorId: 'b', selectedText: 'SELECT' } }]);
    const state = fold([...two, { type: 'sqllab/textSelected', data: { queryEditorId: 'b', selectedText: 'SELECT' } }]);
    expect(state.unsavedQueryEditor).toEqual({ id: 'b', selectedText: 'SELECT' });
  });

  it('the SQL command carries its time into the event', () => {
    spec
      .given(two)
      .when({ type: 'SetSql', data: { queryEditorId: 'a', sql: 'SELECT 9', at: 77 } })
      .then([sqlEdited('a', 'SELECT 9', 77)]);
  });

  it('an edit that changes nothing gives no event, so no undo step', () => {
    spec
      .given([...two, sqlEdited('b', 'SELECT 1')])
      .when({ type: 'SetSql', data: { queryEditorId: 'b', sql: 'SELECT 1', at: 9 } })
      .then([]);
  });

  it('sqllab-and-platform §4 Tabs: database, catalog, schema, limit and template parameters are tab properties', () => {
    const events = (['SetDatabase', 'SetCatalog', 'SetSchema', 'SetQueryLimit', 'SetTemplateParams'] as const).map(
      (type, i) => {
        const data = [
          { dbId: 4 },
          { catalog: 'cat' },
          { schema: 'public' },
          { queryLimit: 100 },
          { templateParams: '{"a":1}' },
        ][i]!;
        return sqlLabDecider.decide(
          { type, data: { queryEditorId: 'a', at: 10 + i, ...data } } as never,
          fold(two),
        )[0]!;
      },
    );
    const edited = queryEditorById(fold([...two, ...events]), 'a');
    expect(edited).toMatchObject({
      dbId: 4,
      catalog: 'cat',
      schema: 'public',
      queryLimit: 100,
      templateParams: '{"a":1}',
      updatedAt: 14,
    });
  });

  it('a row limit must be a positive whole number', () => {
    spec
      .given(two)
      .when({ type: 'SetQueryLimit', data: { queryEditorId: 'a', queryLimit: 0, at: 1 } })
      .thenThrows('query_limit_invalid');
    spec
      .given(two)
      .when({ type: 'SetQueryLimit', data: { queryEditorId: 'a', queryLimit: 1.5, at: 1 } })
      .thenThrows('query_limit_invalid');
  });

  it('editing a missing tab is refused', () => {
    spec
      .given(two)
      .when({ type: 'SetSql', data: { queryEditorId: 'z', sql: 'x', at: 1 } })
      .thenThrows('tab_not_found');
  });

  it('sqllab-and-platform §4 Tabs: saving a tab as a saved query sets its remote id and name', () => {
    spec
      .given(two)
      .when({ type: 'SaveAsSavedQuery', data: { queryEditorId: 'a', remoteId: 12, name: ' Revenue ', at: 30 } })
      .then([
        { type: 'sqllab/tabSavedAsQuery', data: { queryEditorId: 'a', remoteId: 12, name: 'Revenue', updatedAt: 30 } },
      ]);
    const state = fold([
      ...two,
      { type: 'sqllab/tabSavedAsQuery', data: { queryEditorId: 'a', remoteId: 12, name: 'Revenue', updatedAt: 30 } },
    ]);
    expect(queryEditorById(state, 'a')).toMatchObject({ remoteId: 12, name: 'Revenue' });
  });

  it('a saved query id must be a positive integer', () => {
    spec
      .given(two)
      .when({ type: 'SaveAsSavedQuery', data: { queryEditorId: 'a', remoteId: -1, name: 'x', at: 1 } })
      .thenThrows('saved_query_id_invalid');
  });
});

describe('SQL Lab tabs: rename, left bar, panes', () => {
  it('sqllab-and-platform §2 Tabs: a tab can be renamed', () => {
    spec
      .given(two)
      .when({ type: 'RenameTab', data: { queryEditorId: 'a', name: '  Revenue  ', at: 3 } })
      .then([{ type: 'sqllab/tabRenamed', data: { queryEditorId: 'a', name: 'Revenue', updatedAt: 3 } }]);
  });

  it('a rename to an empty name is refused', () => {
    spec
      .given(two)
      .when({ type: 'RenameTab', data: { queryEditorId: 'a', name: '  ', at: 3 } })
      .thenThrows('tab_name_empty');
  });

  it("a rename to another tab's 'Untitled Query N' is refused: those names stay unique", () => {
    spec
      .given([added(tab('a', 'Untitled Query 1')), added(tab('b', 'B'))])
      .when({ type: 'RenameTab', data: { queryEditorId: 'b', name: 'Untitled Query 1', at: 3 } })
      .thenThrows('tab_name_taken');
  });

  it('sqllab-and-platform §2 Tabs: toggling the left bar hides it, toggling again shows it (hideLeftBar)', () => {
    spec
      .given(two)
      .when({ type: 'ToggleLeftBar', data: { queryEditorId: 'a', at: 5 } })
      .then([{ type: 'sqllab/leftBarHidden', data: { queryEditorId: 'a', updatedAt: 5 } }]);
    const hidden = [
      ...two,
      { type: 'sqllab/leftBarHidden', data: { queryEditorId: 'a', updatedAt: 5 } } as SqlLabEvent,
    ];
    expect(queryEditorById(fold(hidden), 'a')?.hideLeftBar).toBe(true);
    spec
      .given(hidden)
      .when({ type: 'ToggleLeftBar', data: { queryEditorId: 'a', at: 6 } })
      .then([{ type: 'sqllab/leftBarShown', data: { queryEditorId: 'a', updatedAt: 6 } }]);
  });

  it('sqllab-and-platform §2 Tabs: the bottom pane sub-tab is selectable (activeSouthPaneTab)', () => {
    spec
      .given(two)
      .when({ type: 'SelectSouthPaneTab', data: { tab: 'History' } })
      .thenState({
        ...fold(two),
        activeSouthPaneTab: 'History',
      });
  });

  it('sqllab-and-platform §2 Tabs: the panes keep their sizes as northPercent and southPercent', () => {
    spec
      .given(two)
      .when({ type: 'ResizePanes', data: { queryEditorId: 'b', northPercent: 55, southPercent: 45, at: 8 } })
      .thenState({ ...fold(two), unsavedQueryEditor: { id: 'b', northPercent: 55, southPercent: 45, updatedAt: 8 } });
  });

  it('pane sizes outside 0..100 are refused', () => {
    spec
      .given(two)
      .when({ type: 'ResizePanes', data: { queryEditorId: 'b', northPercent: 120, southPercent: -20, at: 8 } })
      .thenThrows('pane_size_invalid');
  });
});

describe('SQL Lab: which events are undo steps', () => {
  it('DESIGN: selection and other view-only changes are never undo steps', () => {
    expect(isUndoableSqlLabEvent('sqllab/textSelected')).toBe(false);
    expect(isUndoableSqlLabEvent('sqllab/cursorMoved')).toBe(false);
    expect(isUndoableSqlLabEvent('sqllab/southPaneTabSelected')).toBe(false);
    expect(isUndoableSqlLabEvent('sqllab/tabSwitched')).toBe(false);
  });

  it('issue §7: tab operations are undo steps', () => {
    for (const type of [
      'sqllab/tabAdded',
      'sqllab/tabClosed',
      'sqllab/tabRenamed',
      'sqllab/tabMoved',
      'sqllab/sqlEdited',
    ]) {
      expect(isUndoableSqlLabEvent(type)).toBe(true);
    }
  });

  it('an unknown event type is not an undo step', () => {
    expect(isUndoableSqlLabEvent('dashboard/componentMoved')).toBe(false);
  });

  it('closing other tabs (a switch plus closes) is one undo step', () => {
    expect(
      isUndoableSqlLabBatch([switched('b'), { type: 'sqllab/tabClosed', data: { queryEditorId: 'a', at: 1 } }]),
    ).toBe(true);
    expect(isUndoableSqlLabBatch([switched('b')])).toBe(false);
  });
});
