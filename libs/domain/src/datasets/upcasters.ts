/**
 * Datasets edited before the intent events were written as one `dataset/datasetUpdated {changes}` per
 * save, `columns` and `metrics` as whole lists (patches already applied). Each old save reads as the
 * events of the fields it named, without knowing the dataset: a list becomes one edit per item (an edit
 * of an item the dataset lacks adds it) and a reorder naming the whole list (what it leaves out goes), so
 * the fold is the list the save wrote.
 */
import type { EventLike, UpcasterMap } from '@strata/events';
import type { DatasetChanges } from './dataset.commands';
import type { DatasetEdited } from './dataset.events';

type OldDatasetUpdated = EventLike<'dataset/datasetUpdated', { changes?: DatasetChanges }>;

export function datasetUpdatedAsIntents(changes: DatasetChanges): DatasetEdited[] {
  const has = (key: keyof DatasetChanges) => changes[key] !== undefined;
  const events: DatasetEdited[] = [];
  if (has('table_name')) events.push({ type: 'dataset/datasetRenamed', data: { table_name: changes.table_name! } });
  if (has('schema')) events.push({ type: 'dataset/datasetSchemaChanged', data: { schema: changes.schema ?? null } });
  if (has('sql')) events.push({ type: 'dataset/datasetSqlChanged', data: { sql: changes.sql ?? null } });
  if (has('template_params'))
    events.push({ type: 'dataset/templateParamsChanged', data: { template_params: changes.template_params ?? null } });
  if (changes.columns) {
    for (const column of changes.columns) events.push({ type: 'dataset/datasetColumnEdited', data: { column } });
    events.push({
      type: 'dataset/datasetColumnsReordered',
      data: { column_names: changes.columns.map((c) => c.column_name) },
    });
  }
  if (changes.metrics) {
    for (const metric of changes.metrics) events.push({ type: 'dataset/metricEdited', data: { metric } });
    events.push({
      type: 'dataset/metricsReordered',
      data: { metric_names: changes.metrics.map((m) => m.metric_name) },
    });
  }
  if (has('main_dttm_col'))
    events.push({ type: 'dataset/mainDatetimeColumnChanged', data: { main_dttm_col: changes.main_dttm_col ?? null } });
  if (has('owners')) events.push({ type: 'dataset/datasetOwnersChanged', data: { owners: changes.owners! } });
  if (has('description'))
    events.push({ type: 'dataset/datasetDescribed', data: { description: changes.description ?? null } });
  if (has('external_url'))
    events.push({ type: 'dataset/externalUrlChanged', data: { external_url: changes.external_url ?? null } });
  if (has('is_managed_externally'))
    events.push({
      type: changes.is_managed_externally ? 'dataset/externalManagementStarted' : 'dataset/externalManagementStopped',
      data: {},
    });
  return events;
}

export const datasetUpcasters: UpcasterMap = {
  'dataset/datasetUpdated': (event) => {
    const events = datasetUpdatedAsIntents((event as OldDatasetUpdated).data.changes ?? {});
    // A save that named nothing changed nothing; it stays as it was so the stream keeps its versions.
    return events.length > 0 ? events : event;
  },
};
