/**
 * Which SQL Lab events are undo steps. The client dispatches a batch with `meta.undoable` set to
 * `isUndoableSqlLabBatch(events)`: view-only changes (selection, cursor, pane tab, pane sizes, the left
 * bar, switching tabs),
 * server-driven facts (query runs, metadata loading, cost estimates) and hydration are never undo steps.
 */
import type { SqlLabEvent, SqlLabEventType } from './sqllab.events';

const UNDOABLE: Record<SqlLabEventType, boolean> = {
  // Tab operations a user expects Ctrl+Z to take back.
  'sqllab/tabAdded': true,
  'sqllab/tabClosed': true,
  'sqllab/tabMoved': true,
  'sqllab/tabRenamed': true,
  'sqllab/sqlEdited': true,
  'sqllab/databaseSelected': true,
  'sqllab/catalogSelected': true,
  'sqllab/schemaSelected': true,
  'sqllab/queryLimitChanged': true,
  'sqllab/templateParamsChanged': true,
  // Navigation and view-only changes.
  'sqllab/tabSwitched': false,
  'sqllab/southPaneTabSelected': false,
  'sqllab/textSelected': false,
  'sqllab/cursorMoved': false,
  // The layout the user arranges (pane sizes, the left bar) is a view, not an edit: Ctrl+Z after a
  // resize takes back the last real edit (DESIGN.md "Undo": view-only changes are never undo steps).
  'sqllab/panesResized': false,
  'sqllab/leftBarHidden': false,
  'sqllab/leftBarShown': false,
  // Saving happened on the server: undoing it locally would lie about the saved query.
  'sqllab/tabSavedAsQuery': false,
  // The user's own choices in the left bar.
  'sqllab/tableAdded': true,
  'sqllab/tableExpanded': true,
  'sqllab/tableCollapsed': true,
  'sqllab/tableRemoved': true,
  // Metadata arriving from the server.
  'sqllab/tableMetadataRequested': false,
  'sqllab/tableMetadataLoaded': false,
  'sqllab/tableExtraMetadataLoaded': false,
  'sqllab/tableMetadataFailed': false,
  'sqllab/tableDataPreviewSet': false,
  // A run happened in the database: it cannot be taken back by undo.
  'sqllab/runStarted': false,
  'sqllab/runStopped': false,
  'sqllab/resultsFetchStarted': false,
  'sqllab/runSucceeded': false,
  'sqllab/runFailed': false,
  'sqllab/runsRefreshed': false,
  'sqllab/inactiveRunsCleared': false,
  'sqllab/runResultsCleared': false,
  'sqllab/dataPreviewReplaced': false,
  'sqllab/runRemoved': false,
  'sqllab/costEstimateStarted': false,
  'sqllab/costEstimateReturned': false,
  'sqllab/costEstimateFailed': false,
  'sqllab/datasetCreationStarted': false,
  'sqllab/datasetCreated': false,
  'sqllab/datasetCreationFailed': false,
  'sqllab/wentOffline': false,
  'sqllab/cameOnline': false,
  // Loading and syncing (hydration) are never undo steps.
  'sqllab/editorStateRestored': false,
  'sqllab/tabLoaded': false,
  'sqllab/tabMigrated': false,
  'sqllab/tableMigrated': false,
  'sqllab/queryMigrated': false,
  'sqllab/tabDropped': false,
  'sqllab/destroyedTabCleared': false,
  'sqllab/editorStateSaved': false,
  'sqllab/activeTabSynced': false,
};

export function isUndoableSqlLabEvent(type: SqlLabEventType | string): boolean {
  return (UNDOABLE as Record<string, boolean | undefined>)[type] ?? false;
}

/** A batch is an undo step when any of its events is (CloseOtherTabs switches, then closes). */
export function isUndoableSqlLabBatch(events: readonly Pick<SqlLabEvent, 'type'>[]): boolean {
  return events.some((e) => isUndoableSqlLabEvent(e.type));
}
