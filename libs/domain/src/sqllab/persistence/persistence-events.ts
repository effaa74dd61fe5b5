/** Events of loading and syncing the editor state (sqllab-and-platform §4 Persistence). Never undo steps. */
import type { EventLike } from '@strata/events';
import type { QueryEditor, SqlLabState, TableEntry } from '../editor/model';

export type PersistenceEvent =
  /** The merged state of browser storage and server, on load (hydration). */
  | EventLike<'sqllab/editorStateRestored', { state: SqlLabState }>
  /** A tab's full state arrived from the server. */
  | EventLike<'sqllab/tabLoaded', { queryEditor: QueryEditor; tables: readonly TableEntry[] }>
  /** A local-only tab now exists on the server under `remoteId`. */
  | EventLike<'sqllab/tabMigrated', { localId: string; remoteId: string }>
  | EventLike<'sqllab/tableMigrated', { localId: string; remoteId: string }>
  | EventLike<'sqllab/queryMigrated', { queryId: string }>
  /** The server no longer knows the tab (404): removed locally, nothing to delete remotely. */
  | EventLike<'sqllab/tabDropped', { queryEditorId: string }>
  /** The server deleted a closed tab (or answered 404): its destroyed marker goes. */
  | EventLike<'sqllab/destroyedTabCleared', { queryEditorId: string }>
  | EventLike<'sqllab/editorStateSaved', { at: number }>
  | EventLike<'sqllab/activeTabSynced', { queryEditorId: string }>;

export type PersistenceEventType = PersistenceEvent['type'];

export const PERSISTENCE_EVENT_TYPES = {
  'sqllab/editorStateRestored': true,
  'sqllab/tabLoaded': true,
  'sqllab/tabMigrated': true,
  'sqllab/tableMigrated': true,
  'sqllab/queryMigrated': true,
  'sqllab/tabDropped': true,
  'sqllab/destroyedTabCleared': true,
  'sqllab/editorStateSaved': true,
  'sqllab/activeTabSynced': true,
} as const satisfies Record<PersistenceEventType, true>;

export type PersistenceCommand =
  | { type: 'RestoreEditorState'; data: { state: SqlLabState } }
  | { type: 'RecordTabLoaded'; data: { queryEditor: QueryEditor; tables: readonly TableEntry[] } }
  | { type: 'RecordTabMigrated'; data: { localId: string; remoteId: string } }
  | { type: 'RecordTableMigrated'; data: { localId: string; remoteId: string } }
  | { type: 'RecordQueryMigrated'; data: { queryId: string } }
  | { type: 'DropTab'; data: { queryEditorId: string } }
  | { type: 'ClearDestroyedTab'; data: { queryEditorId: string } }
  | { type: 'RecordEditorStateSaved'; data: { at: number } }
  | { type: 'RecordActiveTabSynced'; data: { queryEditorId: string } };

export type PersistenceCommandType = PersistenceCommand['type'];

export const PERSISTENCE_COMMAND_TYPES = {
  RestoreEditorState: true,
  RecordTabLoaded: true,
  RecordTabMigrated: true,
  RecordTableMigrated: true,
  RecordQueryMigrated: true,
  DropTab: true,
  ClearDestroyedTab: true,
  RecordEditorStateSaved: true,
  RecordActiveTabSynced: true,
} as const satisfies Record<PersistenceCommandType, true>;
