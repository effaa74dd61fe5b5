/**
 * The dataset pages' facts (issue 15 item 2): loads and the server's answers, and the intents the pages
 * send (create, save, sync, delete), recorded before their call so a page showing the past (time travel)
 * sends nothing. The intents themselves are decided by the server on the dataset's stream `dataset:<id>`
 * (dataset.decider.ts). The editor's unsaved edits and the create dialog's choices are their own unions
 * (dataset-editor.events.ts, dataset-create.events.ts); datasets-client.fold.ts folds all three.
 */
import type { EventLike } from '@strata/events';
import type { DatasetListFilters, DatasetPickerOption, DatasetView } from './dataset-view';

export type DatasetsPageEvent =
  | EventLike<'datasets/listQueried', { requestId: string; filters: DatasetListFilters }>
  | EventLike<'datasets/listLoaded', { requestId: string; count: number; rows: DatasetView[] }>
  | EventLike<'datasets/listFailed', { requestId: string; message: string }>
  | EventLike<'datasets/datasetQueried', { id: number }>
  | EventLike<'datasets/datasetLoaded', { dataset: DatasetView }>
  | EventLike<'datasets/datasetFailed', { id: number; message: string }>
  /** The pickers' choices: the databases and users (the list's filters, the dialog, the owners picker). */
  | EventLike<'datasets/databaseOptionsLoaded', { options: DatasetPickerOption[] }>
  | EventLike<'datasets/ownerOptionsLoaded', { options: DatasetPickerOption[] }>
  /** The schemas of a database, for the list's schema filter. */
  | EventLike<'datasets/schemaOptionsLoaded', { databaseId: number; schemas: string[] }>
  | EventLike<'datasets/createRequested', { table_name: string }>
  | EventLike<'datasets/createRefused', { message: string }>
  | EventLike<'datasets/saveRequested', { id: number }>
  | EventLike<'datasets/syncRequested', { id: number }>
  | EventLike<'datasets/writeRefused', { id: number; message: string }>
  /** The server's answer to a create, a save or a sync: the dataset as it is now. */
  | EventLike<'datasets/datasetSaved', { dataset: DatasetView }>
  | EventLike<'datasets/deleteRequested', { id: number }>
  | EventLike<'datasets/datasetDeleted', { id: number }>;

/**
 * The events after which the editor's draft starts again from the server (opening a dataset, its
 * answer, a save's or sync's answer): an undo step recorded before the last of them would change nothing
 * the analyst sees, so the editor offers undo and redo only of the steps after it.
 */
export const DRAFT_RESTARTS: ReadonlySet<string> = new Set([
  'datasets/datasetQueried',
  'datasets/datasetLoaded',
  'datasets/datasetSaved',
]);
