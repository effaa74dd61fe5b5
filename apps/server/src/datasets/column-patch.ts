/**
 * PUT /api/v1/dataset/{id} changes only what it is sent, down to each column: a column sent with a new
 * label keeps its type, temporal flag and the rest (Superset updates a column's given attributes). The
 * list itself is what is sent (a column left out is removed), as in Superset.
 */
import { datasetColumn } from './column-inference';
import type { DatasetChanges, DatasetColumn } from './dataset.events';

/** A column as a request sends it: its name and the fields given. */
export type ColumnPatch = Partial<DatasetColumn> & { column_name: string };

/** The update body: the changes, with columns as patches. */
export type DatasetUpdate = Omit<DatasetChanges, 'columns'> & { columns?: ColumnPatch[] };

/** A column the dataset did not have: what a field left out means for it. */
export function newColumn(name: string): DatasetColumn {
  return {
    ...datasetColumn({ name, type: null, type_generic: null, is_dttm: false }),
    certified_by: null,
    certification_details: null,
    warning_markdown: null,
    python_date_format: null,
  };
}

/** The dataset's changes: each patched column over the stored column of that name, or a new one. */
export function datasetChanges(update: DatasetUpdate, stored: readonly DatasetColumn[]): DatasetChanges {
  const { columns, ...rest } = update;
  if (!columns) return rest;
  const byName = new Map(stored.map((c) => [c.column_name, c]));
  return {
    ...rest,
    columns: columns.map((patch) => ({ ...(byName.get(patch.column_name) ?? newColumn(patch.column_name)), ...patch })),
  };
}
