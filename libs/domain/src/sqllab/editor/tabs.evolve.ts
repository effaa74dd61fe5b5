/** evolve for the tab events (sqllab-and-platform §4 Tabs). Total: an event naming a missing tab changes nothing. */
import { leaveUnchanged } from '../../shared/exhaustive';
import { activeTabId, visibleQueryEditors, type QueryEditor, type SqlLabState } from './model';
import { nextUntitledName, untitledNumber } from './tab-names';
import { activate, editTab, flushUnsaved, hasTab, historyWithout, without } from './tab-state';
import type { TabEvent } from './tab-events';

/** True when another tab already shows this 'Untitled Query N' name. */
function untitledNameTaken(state: SqlLabState, name: string, exceptId: string): boolean {
  if (untitledNumber(name) === null) return false;
  return visibleQueryEditors(state).some((qe) => qe.id !== exceptId && qe.name === name);
}

function addTab(state: SqlLabState, tab: QueryEditor): SqlLabState {
  if (hasTab(state, tab.id)) return state;
  const flushed = flushUnsaved(state);
  // A replay that skips an undone batch (say, a rename) can meet a name the decision did not see as
  // taken; renumbering keeps 'Untitled Query N' names unique on every copy of the log alike.
  const name = untitledNameTaken(flushed, tab.name, tab.id)
    ? nextUntitledName(flushed.queryEditors.map((qe) => qe.name))
    : tab.name;
  const added = { ...flushed, queryEditors: [...flushed.queryEditors, { ...tab, name }] };
  return activate(added, tab.id);
}

function closeTab(state: SqlLabState, id: string, at: number): SqlLabState {
  if (!hasTab(state, id)) return state;
  const removed = new Set([id]);
  const tabHistory = historyWithout(state, removed);
  const next: SqlLabState = {
    ...state,
    unsavedQueryEditor: state.unsavedQueryEditor?.id === id ? null : state.unsavedQueryEditor,
    queryEditors: state.queryEditors.filter((qe) => qe.id !== id),
    tabHistory,
    queries: without(state.queries, (_, q) => q.sqlEditorId === id),
    tables: state.tables.filter((t) => t.queryEditorId !== id),
    queryCostEstimates: without(state.queryCostEstimates, (key) => key === id),
    destroyedQueryEditors: { ...state.destroyedQueryEditors, [id]: at },
  };
  // Unsaved edits only ever belong to the active tab.
  const unsaved = next.unsavedQueryEditor;
  return unsaved && unsaved.id !== activeTabId(next) ? flushUnsaved(next) : next;
}

function moveTab(state: SqlLabState, id: string, toIndex: number): SqlLabState {
  const from = state.queryEditors.findIndex((qe) => qe.id === id);
  if (from < 0) return state;
  const rest = state.queryEditors.filter((qe) => qe.id !== id);
  const to = Math.max(0, Math.min(toIndex, rest.length));
  return { ...state, queryEditors: [...rest.slice(0, to), state.queryEditors[from]!, ...rest.slice(to)] };
}

export function evolveTabs(state: SqlLabState, event: TabEvent): SqlLabState {
  switch (event.type) {
    case 'sqllab/tabAdded':
      return addTab(state, event.data.queryEditor);
    case 'sqllab/tabClosed':
      return closeTab(state, event.data.queryEditorId, event.data.at);
    case 'sqllab/tabSwitched':
      return activate(state, event.data.queryEditorId);
    case 'sqllab/tabMoved':
      return moveTab(state, event.data.queryEditorId, event.data.toIndex);
    case 'sqllab/tabRenamed': {
      const { queryEditorId, name, updatedAt } = event.data;
      if (untitledNameTaken(state, name, queryEditorId)) return state;
      return editTab(state, queryEditorId, { name, updatedAt });
    }
    case 'sqllab/leftBarHidden':
      return editTab(state, event.data.queryEditorId, { hideLeftBar: true, updatedAt: event.data.updatedAt });
    case 'sqllab/leftBarShown':
      return editTab(state, event.data.queryEditorId, { hideLeftBar: false, updatedAt: event.data.updatedAt });
    case 'sqllab/southPaneTabSelected':
      return { ...state, activeSouthPaneTab: event.data.tab };
    case 'sqllab/panesResized': {
      const { queryEditorId, northPercent, southPercent, updatedAt } = event.data;
      return editTab(state, queryEditorId, { northPercent, southPercent, updatedAt });
    }
    case 'sqllab/sqlEdited':
      return editTab(state, event.data.queryEditorId, { sql: event.data.sql, updatedAt: event.data.updatedAt });
    case 'sqllab/textSelected':
      return editTab(state, event.data.queryEditorId, { selectedText: event.data.selectedText });
    case 'sqllab/cursorMoved':
      return editTab(state, event.data.queryEditorId, { cursorPosition: event.data.cursorPosition });
    case 'sqllab/databaseSelected':
      return editTab(state, event.data.queryEditorId, { dbId: event.data.dbId, updatedAt: event.data.updatedAt });
    case 'sqllab/catalogSelected':
      return editTab(state, event.data.queryEditorId, { catalog: event.data.catalog, updatedAt: event.data.updatedAt });
    case 'sqllab/schemaSelected':
      return editTab(state, event.data.queryEditorId, { schema: event.data.schema, updatedAt: event.data.updatedAt });
    case 'sqllab/queryLimitChanged':
      return editTab(state, event.data.queryEditorId, {
        queryLimit: event.data.queryLimit,
        updatedAt: event.data.updatedAt,
      });
    case 'sqllab/templateParamsChanged':
      return editTab(state, event.data.queryEditorId, {
        templateParams: event.data.templateParams,
        updatedAt: event.data.updatedAt,
      });
    case 'sqllab/tabSavedAsQuery': {
      const { queryEditorId, remoteId, name, updatedAt } = event.data;
      return editTab(state, queryEditorId, { remoteId, name, updatedAt });
    }
    default:
      return leaveUnchanged(event, state);
  }
}
