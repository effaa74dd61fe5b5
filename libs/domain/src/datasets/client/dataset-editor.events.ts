/**
 * The dataset editor's unsaved edits (`/tablemodelview/edit/<id>`, issue 15 item 2) as the analyst's
 * intents, folded into `editor.draft` (dataset-editor.evolve.ts). Each is one undo step of the page's log;
 * a text box records one event per change of its text (a paste is one). Columns and metrics are addressed
 * by their place in the draft's list (`index`: a name may be empty or taken twice while it is typed); the
 * name they had then (`column`, `metric`) is for people reading the log.
 *
 * Nothing here reaches the server: Save sends the draft's difference from the server's answer
 * (`datasetEditBody`) and the server decides its own `dataset/*` events.
 */
import type { EventLike } from '@strata/events';

export interface DraftColumnRef {
  index: number;
  column: string;
}

export interface DraftMetricRef {
  index: number;
  metric: string;
}

/** The column flags the Columns tab ticks: temporal, groupable, filterable. */
export type DraftColumnFlag = 'is_dttm' | 'groupby' | 'filterable';

export type DatasetEditorEvent =
  // Calculated columns: added with a free name, named, given SQL and a type, removed.
  | EventLike<'datasetEditor/calculatedColumnAdded', { column: string }>
  | EventLike<'datasetEditor/calculatedColumnRemoved', DraftColumnRef>
  | EventLike<'datasetEditor/calculatedColumnRenamed', DraftColumnRef & { name: string }>
  | EventLike<'datasetEditor/columnExpressionEdited', DraftColumnRef & { expression: string }>
  /** type_generic: Numeric 0, String 1, Temporal 2 (also marks it temporal), Boolean 3; null unknown. */
  | EventLike<'datasetEditor/calculatedColumnTypeChosen', DraftColumnRef & { typeGeneric: number | null }>
  // Any column: what Explore shows and lets a chart do with it.
  | EventLike<'datasetEditor/columnVerboseNameEdited', DraftColumnRef & { verboseName: string }>
  | EventLike<'datasetEditor/columnFlagged', DraftColumnRef & { flag: DraftColumnFlag }>
  | EventLike<'datasetEditor/columnUnflagged', DraftColumnRef & { flag: DraftColumnFlag }>
  | EventLike<'datasetEditor/columnDescriptionEdited', DraftColumnRef & { description: string }>
  | EventLike<'datasetEditor/columnCertifiedByEdited', DraftColumnRef & { certifiedBy: string }>
  | EventLike<'datasetEditor/columnCertificationDetailsEdited', DraftColumnRef & { details: string }>
  | EventLike<'datasetEditor/columnWarningEdited', DraftColumnRef & { warning: string }>
  // Metrics.
  | EventLike<'datasetEditor/metricAdded', { metric: string }>
  | EventLike<'datasetEditor/metricRemoved', DraftMetricRef>
  | EventLike<'datasetEditor/metricRenamed', DraftMetricRef & { name: string }>
  | EventLike<'datasetEditor/metricExpressionEdited', DraftMetricRef & { expression: string }>
  | EventLike<'datasetEditor/metricVerboseNameEdited', DraftMetricRef & { verboseName: string }>
  | EventLike<'datasetEditor/metricD3FormatEdited', DraftMetricRef & { d3format: string }>
  | EventLike<'datasetEditor/metricDescriptionEdited', DraftMetricRef & { description: string }>
  | EventLike<'datasetEditor/metricCertifiedByEdited', DraftMetricRef & { certifiedBy: string }>
  | EventLike<'datasetEditor/metricCertificationDetailsEdited', DraftMetricRef & { details: string }>
  | EventLike<'datasetEditor/metricWarningEdited', DraftMetricRef & { warning: string }>
  // Settings and source.
  | EventLike<'datasetEditor/nameEdited', { tableName: string }>
  | EventLike<'datasetEditor/sqlEdited', { sql: string }>
  | EventLike<'datasetEditor/descriptionEdited', { description: string }>
  | EventLike<'datasetEditor/mainDatetimeColumnChosen', { column: string | null }>
  | EventLike<'datasetEditor/defaultTimeGrainChosen', { grain: string | null }>
  /** As typed: '' is the default; the form refuses what is not a number of seconds. */
  | EventLike<'datasetEditor/cacheTimeoutEdited', { text: string }>
  | EventLike<'datasetEditor/ownersChosen', { owners: number[] }>
  /** Discard: the draft starts again from the server's answer (an undo step: undo brings the edits back). */
  | EventLike<'datasetEditor/draftDiscarded', { id: number }>;

export type DatasetEditorEventType = DatasetEditorEvent['type'];
