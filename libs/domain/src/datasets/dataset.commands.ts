/** What users (and the examples loader) ask of a dataset (charts-dashboards-reports §3 Dataset, §7 Datasets). */
import type { DatasetColumn, DatasetFields } from './dataset.events';

/** A column as a request sends it: its name and the fields given; the rest stay as stored. */
export type ColumnPatch = Partial<DatasetColumn> & { column_name: string };

/** The fields an edit may change; the database and kind stay. */
export type DatasetChanges = Partial<
  Pick<
    DatasetFields,
    | 'table_name'
    | 'schema'
    | 'sql'
    | 'template_params'
    | 'columns'
    | 'metrics'
    | 'main_dttm_col'
    | 'owners'
    | 'description'
    | 'cache_timeout'
    | 'default_time_grain'
    | 'external_url'
    | 'is_managed_externally'
  >
>;

/**
 * PUT /api/v1/dataset/{id}: only the fields sent change. `columns` is the new list, each column a patch
 * over the stored column of its name (a column left out is removed), as in Superset.
 */
export type DatasetEdit = Omit<DatasetChanges, 'columns'> & { columns?: ColumnPatch[] };

export interface CreateDataset {
  type: 'CreateDataset';
  /** owner_id null: registered by the server itself (the example datasets), owned by nobody. */
  data: Omit<DatasetFields, 'metrics' | 'main_dttm_col' | 'owners'> & { id: number; owner_id: number | null };
}
export interface UpdateDataset {
  type: 'UpdateDataset';
  data: DatasetEdit;
}
export interface SyncDatasetColumns {
  type: 'SyncDatasetColumns';
  /** The columns as the database describes them now. */
  data: { fetched: DatasetColumn[] };
}
export interface DeleteDataset {
  type: 'DeleteDataset';
  data: Record<string, never>;
}
/**
 * Revert one past edit (a batch of this dataset's stream) as a new intent. Decided on the stream's log,
 * not only its fold (`decideDatasetRevert`), so it is not a case of `datasetDecider.decide`.
 */
export interface RevertDatasetChange {
  type: 'RevertDatasetChange';
  data: { batchId: string };
}
export type DatasetCommand = CreateDataset | UpdateDataset | SyncDatasetColumns | DeleteDataset;
