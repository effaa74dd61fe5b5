/** decide and evolve for the editor's tables (sqllab-and-platform §4: merged, expanded, collapsed, removed, data preview). */
import { DomainError } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../../shared/exhaustive';
import { queryEditorById, type SqlLabState, type TableEntry } from '../editor/model';
import { without } from '../editor/tab-state';
import { newTableEntry, sameTable, type TableCommand, type TableEvent } from './table-events';

function requireTable(state: SqlLabState, id: string): TableEntry {
  const table = state.tables.find((t) => t.id === id);
  if (!table) throw new DomainError('table_not_found', `There is no table entry '${id}'.`);
  return table;
}

export function decideTables(command: TableCommand, state: SqlLabState): TableEvent[] {
  switch (command.type) {
    case 'AddTable': {
      const { table, dataPreviewQueryId = null } = command.data;
      if (!queryEditorById(state, table.queryEditorId))
        throw new DomainError('tab_not_found', `There is no tab '${table.queryEditorId}'.`);
      if (!table.name || !table.schema)
        throw new DomainError('table_name_required', 'A table needs a schema and a name.');
      if (!Number.isInteger(table.dbId)) throw new DomainError('database_required', 'A table belongs to a database.');
      const existing = state.tables.find((t) => sameTable(t, table));
      if (
        existing &&
        existing.expanded &&
        (dataPreviewQueryId === null || existing.dataPreviewQueryId === dataPreviewQueryId)
      )
        return [];
      if (!existing && state.tables.some((t) => t.id === table.id)) {
        throw new DomainError('table_id_taken', `A table entry '${table.id}' exists.`);
      }
      return [{ type: 'sqllab/tableAdded', data: { table: newTableEntry(table, dataPreviewQueryId) } }];
    }
    case 'StartTableMetadataLoad':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableMetadataRequested', data: command.data }];
    case 'RecordTableMetadata':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableMetadataLoaded', data: command.data }];
    case 'RecordTableExtraMetadata':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableExtraMetadataLoaded', data: command.data }];
    case 'RecordTableMetadataFailure':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableMetadataFailed', data: command.data }];
    case 'ExpandTable':
      return requireTable(state, command.data.tableId).expanded
        ? []
        : [{ type: 'sqllab/tableExpanded', data: command.data }];
    case 'CollapseTable':
      return requireTable(state, command.data.tableId).expanded
        ? [{ type: 'sqllab/tableCollapsed', data: command.data }]
        : [];
    case 'RemoveTable':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableRemoved', data: command.data }];
    case 'SetTableDataPreview':
      requireTable(state, command.data.tableId);
      return [{ type: 'sqllab/tableDataPreviewSet', data: command.data }];
    default:
      return unknownCommand(command);
  }
}

function alterTable(state: SqlLabState, id: string, change: (t: TableEntry) => TableEntry): SqlLabState {
  if (!state.tables.some((t) => t.id === id)) return state;
  return { ...state, tables: state.tables.map((t) => (t.id === id ? change(t) : t)) };
}

function addTable(state: SqlLabState, table: TableEntry): SqlLabState {
  // A table of a tab that is gone (closed, or its creation undone) has nowhere to show.
  if (!state.queryEditors.some((qe) => qe.id === table.queryEditorId)) return state;
  const existing = state.tables.find((t) => sameTable(t, table));
  if (existing) {
    // Keep the existing id and metadata: other entries (the server's table schema) refer to it.
    return alterTable(state, existing.id, (t) => ({
      ...t,
      expanded: true,
      dataPreviewQueryId: table.dataPreviewQueryId ?? t.dataPreviewQueryId,
    }));
  }
  if (state.tables.some((t) => t.id === table.id)) return state;
  return { ...state, tables: [...state.tables, table] };
}

export function evolveTables(state: SqlLabState, event: TableEvent): SqlLabState {
  switch (event.type) {
    case 'sqllab/tableAdded':
      return addTable(state, event.data.table);
    case 'sqllab/tableMetadataRequested':
      return alterTable(state, event.data.tableId, (t) =>
        event.data.extra ? { ...t, isExtraMetadataLoading: true } : { ...t, isMetadataLoading: true },
      );
    case 'sqllab/tableMetadataLoaded': {
      const { columns, selectStar, primaryKey, foreignKeys, indexes } = event.data;
      return alterTable(state, event.data.tableId, (t) => ({
        ...t,
        columns,
        selectStar,
        primaryKey,
        foreignKeys,
        indexes,
        isMetadataLoading: false,
        initialized: true,
      }));
    }
    case 'sqllab/tableExtraMetadataLoaded':
      return alterTable(state, event.data.tableId, (t) => ({
        ...t,
        isExtraMetadataLoading: false,
        persistData: { ...(t.persistData ?? {}), ...event.data.metadata },
      }));
    case 'sqllab/tableMetadataFailed':
      return alterTable(state, event.data.tableId, (t) =>
        event.data.extra ? { ...t, isExtraMetadataLoading: false } : { ...t, isMetadataLoading: false },
      );
    case 'sqllab/tableExpanded':
      return alterTable(state, event.data.tableId, (t) => ({ ...t, expanded: true }));
    case 'sqllab/tableCollapsed':
      return alterTable(state, event.data.tableId, (t) => ({ ...t, expanded: false }));
    case 'sqllab/tableRemoved': {
      const table = state.tables.find((t) => t.id === event.data.tableId);
      if (!table) return state;
      // The table's data preview run goes with it.
      const preview = table.dataPreviewQueryId;
      return {
        ...state,
        tables: state.tables.filter((t) => t.id !== table.id),
        queries: preview ? without(state.queries, (key) => key === preview) : state.queries,
      };
    }
    case 'sqllab/tableDataPreviewSet':
      return alterTable(state, event.data.tableId, (t) => ({ ...t, dataPreviewQueryId: event.data.queryId }));
    default:
      return leaveUnchanged(event, state);
  }
}
