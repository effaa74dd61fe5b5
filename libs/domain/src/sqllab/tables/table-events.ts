/** Tables in the editor's left bar (sqllab-and-platform §3 Table entry, §4 Tabs: tables). */
import type { EventLike } from '@strata/events';
import type { TableColumn, TableEntry } from '../editor/model';

type OnTable<T = object> = { tableId: string } & T;

/** Where a table is: one entry per db, tab, catalog, schema and name. */
export interface TableRef {
  id: string;
  dbId: number;
  queryEditorId: string;
  catalog: string | null;
  schema: string;
  name: string;
}

export interface TableMetadata {
  columns: readonly TableColumn[];
  selectStar: string | null;
  primaryKey: unknown;
  foreignKeys: readonly unknown[];
  indexes: readonly unknown[];
}

export type TableEvent =
  /** Merged by db, tab, catalog, schema and name: an existing entry is expanded, not duplicated. */
  | EventLike<'sqllab/tableAdded', { table: TableEntry }>
  | EventLike<'sqllab/tableMetadataRequested', OnTable<{ extra: boolean }>>
  | EventLike<'sqllab/tableMetadataLoaded', OnTable<TableMetadata>>
  | EventLike<'sqllab/tableExtraMetadataLoaded', OnTable<{ metadata: Record<string, unknown> }>>
  | EventLike<'sqllab/tableMetadataFailed', OnTable<{ extra: boolean }>>
  | EventLike<'sqllab/tableExpanded', OnTable>
  | EventLike<'sqllab/tableCollapsed', OnTable>
  | EventLike<'sqllab/tableRemoved', OnTable>
  | EventLike<'sqllab/tableDataPreviewSet', OnTable<{ queryId: string }>>;

export type TableEventType = TableEvent['type'];

export const TABLE_EVENT_TYPES = {
  'sqllab/tableAdded': true,
  'sqllab/tableMetadataRequested': true,
  'sqllab/tableMetadataLoaded': true,
  'sqllab/tableExtraMetadataLoaded': true,
  'sqllab/tableMetadataFailed': true,
  'sqllab/tableExpanded': true,
  'sqllab/tableCollapsed': true,
  'sqllab/tableRemoved': true,
  'sqllab/tableDataPreviewSet': true,
} as const satisfies Record<TableEventType, true>;

export type TableCommand =
  | { type: 'AddTable'; data: { table: TableRef; dataPreviewQueryId?: string | null } }
  | { type: 'StartTableMetadataLoad'; data: OnTable<{ extra: boolean }> }
  | { type: 'RecordTableMetadata'; data: OnTable<TableMetadata> }
  | { type: 'RecordTableExtraMetadata'; data: OnTable<{ metadata: Record<string, unknown> }> }
  | { type: 'RecordTableMetadataFailure'; data: OnTable<{ extra: boolean }> }
  | { type: 'ExpandTable'; data: OnTable }
  | { type: 'CollapseTable'; data: OnTable }
  | { type: 'RemoveTable'; data: OnTable }
  | { type: 'SetTableDataPreview'; data: OnTable<{ queryId: string }> };

export type TableCommandType = TableCommand['type'];

export const TABLE_COMMAND_TYPES = {
  AddTable: true,
  StartTableMetadataLoad: true,
  RecordTableMetadata: true,
  RecordTableExtraMetadata: true,
  RecordTableMetadataFailure: true,
  ExpandTable: true,
  CollapseTable: true,
  RemoveTable: true,
  SetTableDataPreview: true,
} as const satisfies Record<TableCommandType, true>;

/** sqllab-and-platform §4: tables are merged by db, tab, catalog, schema and name. */
export function sameTable(a: Omit<TableRef, 'id'>, b: Omit<TableRef, 'id'>): boolean {
  return (
    a.dbId === b.dbId &&
    a.queryEditorId === b.queryEditorId &&
    a.catalog === b.catalog &&
    a.schema === b.schema &&
    a.name === b.name
  );
}

export function newTableEntry(ref: TableRef, dataPreviewQueryId: string | null = null): TableEntry {
  return {
    ...ref,
    expanded: true,
    dataPreviewQueryId,
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
