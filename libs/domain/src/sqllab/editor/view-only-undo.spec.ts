import { createStore } from '@strata/events';
import { sqlLabDecider } from '../sqllab.decider';
import type { SqlLabCommand } from '../sqllab.commands';
import { isUndoableSqlLabBatch } from '../undoable';
import { queryEditorById } from './model';

/**
 * DESIGN.md "Undo": view-only changes are never undo steps. The pane sizes and the left bar are the
 * user's layout, not an edit: Ctrl+Z right after a resize or a left-bar toggle takes back the last real
 * edit (here the SQL typed) and leaves the layout as it is. Recorded as the client's SQL Lab store does:
 * one batch per command, `undoable: isUndoableSqlLabBatch(events)`.
 */
function sqlLab() {
  let n = 0;
  const stamp = () => ({ batchId: `b${++n}`, at: new Date(1000 + n).toISOString() });
  const store = createStore({ fold: sqlLabDecider, stream: 'sqllab', stamp });
  const execute = (command: SqlLabCommand) => {
    const events = sqlLabDecider.decide(command, store.getState());
    store.dispatch(events, { actor: 'u1', ...stamp(), undoable: isUndoableSqlLabBatch(events) });
  };
  execute({ type: 'AddTab', data: { id: 'a', at: 1 } });
  execute({ type: 'SetSql', data: { queryEditorId: 'a', sql: 'SELECT 1', at: 2 } });
  return { store, execute, tab: () => queryEditorById(store.getState(), 'a')! };
}

describe('SQL Lab: the layout is never an undo step', () => {
  it('an undo after a pane resize undoes the SQL edit before it, and the panes keep their sizes', () => {
    const { store, execute, tab } = sqlLab();
    execute({ type: 'ResizePanes', data: { queryEditorId: 'a', northPercent: 70, southPercent: 30, at: 3 } });
    store.undo('u1');
    expect(tab()).toMatchObject({ sql: '', northPercent: 70, southPercent: 30 });
  });

  it('an undo after hiding the left bar undoes the SQL edit before it, and the bar stays hidden', () => {
    const { store, execute, tab } = sqlLab();
    execute({ type: 'ToggleLeftBar', data: { queryEditorId: 'a', at: 3 } });
    store.undo('u1');
    expect(tab()).toMatchObject({ sql: '', hideLeftBar: true });
  });

  it('after a resize and a left-bar toggle, the next undo still targets the SQL edit', () => {
    const { store, execute } = sqlLab();
    const before = store.log.undoCommand('u1');
    execute({ type: 'ResizePanes', data: { queryEditorId: 'a', northPercent: 60, southPercent: 40, at: 5 } });
    execute({ type: 'ToggleLeftBar', data: { queryEditorId: 'a', at: 6 } });
    expect(store.log.undoCommand('u1')).toEqual(before);
  });
});
