/** decide and evolve for loading and syncing the editor state (sqllab-and-platform §4 Persistence). */
import { DomainError } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { activeTabId, type SqlLabState } from '../editor/model';
import { flushUnsaved, hasTab, historyWithout, without } from '../editor/tab-state';
import type { PersistenceCommand, PersistenceEvent } from './persistence-events';

function requireTab(state: SqlLabState, id: string): void {
  if (!hasTab(state, id)) throw new DomainError('tab_not_found', `There is no tab '${id}'.`);
}

export function decidePersistence(command: PersistenceCommand, state: SqlLabState): PersistenceEvent[] {
  switch (command.type) {
    case 'RestoreEditorState':
      return [{ type: 'sqllab/editorStateRestored', data: command.data }];
    case 'RecordTabLoaded':
      requireTab(state, command.data.queryEditor.id);
      return [{ type: 'sqllab/tabLoaded', data: command.data }];
    case 'RecordTabMigrated': {
      const { localId, remoteId } = command.data;
      requireTab(state, localId);
      if (localId !== remoteId && hasTab(state, remoteId)) {
        throw new DomainError('tab_id_taken', `A tab with id '${remoteId}' already exists.`);
      }
      return [{ type: 'sqllab/tabMigrated', data: { localId, remoteId } }];
    }
    case 'RecordTableMigrated':
      if (!state.tables.some((t) => t.id === command.data.localId)) {
        throw new DomainError('table_not_found', 'There is no such table entry.');
      }
      return [{ type: 'sqllab/tableMigrated', data: command.data }];
    case 'RecordQueryMigrated':
      return state.queries[command.data.queryId] ? [{ type: 'sqllab/queryMigrated', data: command.data }] : [];
    case 'DropTab':
      return hasTab(state, command.data.queryEditorId) ? [{ type: 'sqllab/tabDropped', data: command.data }] : [];
    case 'ClearDestroyedTab':
      return command.data.queryEditorId in state.destroyedQueryEditors
        ? [{ type: 'sqllab/destroyedTabCleared', data: command.data }]
        : [];
    case 'RecordEditorStateSaved':
      return [{ type: 'sqllab/editorStateSaved', data: command.data }];
    case 'RecordActiveTabSynced':
      return [{ type: 'sqllab/activeTabSynced', data: command.data }];
    default:
      return unknownCommand(command);
  }
}

/** Renames a tab id everywhere it is referenced. */
function renameTab(state: SqlLabState, from: string, to: string): SqlLabState {
  const swap = (id: string) => (id === from ? to : id);
  const queries: SqlLabState['queries'] = Object.fromEntries(
    Object.entries(state.queries).map(([id, q]) => [id, q.sqlEditorId === from ? { ...q, sqlEditorId: to } : q]),
  );
  return {
    ...state,
    queryEditors: state.queryEditors.map((qe) => (qe.id === from ? { ...qe, id: to, inLocalStorage: false } : qe)),
    unsavedQueryEditor:
      state.unsavedQueryEditor?.id === from ? { ...state.unsavedQueryEditor, id: to } : state.unsavedQueryEditor,
    tabHistory: state.tabHistory.map(swap),
    tables: state.tables.map((t) => (t.queryEditorId === from ? { ...t, queryEditorId: to } : t)),
    queries,
    queryCostEstimates: Object.fromEntries(Object.entries(state.queryCostEstimates).map(([id, c]) => [swap(id), c])),
  };
}

export function evolvePersistence(state: SqlLabState, event: PersistenceEvent): SqlLabState {
  switch (event.type) {
    case 'sqllab/editorStateRestored':
      return event.data.state;
    case 'sqllab/tabLoaded': {
      const { queryEditor, tables } = event.data;
      if (!hasTab(state, queryEditor.id)) return state;
      const others = state.tables.filter((t) => t.queryEditorId !== queryEditor.id);
      return {
        ...state,
        queryEditors: state.queryEditors.map((qe) =>
          qe.id === queryEditor.id ? { ...queryEditor, loaded: true } : qe,
        ),
        unsavedQueryEditor: state.unsavedQueryEditor?.id === queryEditor.id ? null : state.unsavedQueryEditor,
        tables: [...others, ...tables.filter((t) => t.queryEditorId === queryEditor.id)],
      };
    }
    case 'sqllab/tabMigrated': {
      const { localId, remoteId } = event.data;
      if (!hasTab(state, localId) || (localId !== remoteId && hasTab(state, remoteId))) return state;
      // The server makes the tab it creates its active one (deactivating the others): the tab shown
      // now has to be activated again if it is another.
      return { ...renameTab(state, localId, remoteId), lastUpdatedActiveTab: remoteId };
    }
    case 'sqllab/tableMigrated': {
      const { localId, remoteId } = event.data;
      if (state.tables.some((t) => t.id === remoteId && t.id !== localId)) return state;
      return {
        ...state,
        tables: state.tables.map((t) => (t.id === localId ? { ...t, id: remoteId, inLocalStorage: false } : t)),
      };
    }
    case 'sqllab/queryMigrated': {
      const query = state.queries[event.data.queryId];
      return query
        ? { ...state, queries: { ...state.queries, [query.id]: { ...query, inLocalStorage: false } } }
        : state;
    }
    case 'sqllab/tabDropped': {
      const id = event.data.queryEditorId;
      if (!hasTab(state, id)) return state;
      const next: SqlLabState = {
        ...state,
        queryEditors: state.queryEditors.filter((qe) => qe.id !== id),
        unsavedQueryEditor: state.unsavedQueryEditor?.id === id ? null : state.unsavedQueryEditor,
        tabHistory: historyWithout(state, new Set([id])),
        tables: state.tables.filter((t) => t.queryEditorId !== id),
        queries: without(state.queries, (_, q) => q.sqlEditorId === id),
      };
      return next.unsavedQueryEditor && next.unsavedQueryEditor.id !== activeTabId(next) ? flushUnsaved(next) : next;
    }
    case 'sqllab/destroyedTabCleared':
      return {
        ...state,
        destroyedQueryEditors: without(state.destroyedQueryEditors, (id) => id === event.data.queryEditorId),
      };
    case 'sqllab/editorStateSaved':
      return { ...state, editorTabLastUpdatedAt: Math.max(state.editorTabLastUpdatedAt, event.data.at) };
    case 'sqllab/activeTabSynced':
      return { ...state, lastUpdatedActiveTab: event.data.queryEditorId };
    default:
      return leaveUnchanged(event, state);
  }
}
