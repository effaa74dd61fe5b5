/**
 * An edit of a dataset as intent events, and back: `datasetEditEvents` turns a save into the events of
 * what really changes (one per column or metric added, edited or removed); `datasetEditFields` says what
 * an event sets (evolve and the `datasets` read model apply the same).
 */
import { deepEqual } from '../explore/editor/deep-equal';
import type { DatasetChanges } from './dataset.commands';
import type { DatasetColumn, DatasetEdited, DatasetFields, DatasetMetric } from './dataset.events';

const columnName = (c: DatasetColumn) => c.column_name;
const metricName = (m: DatasetMetric) => m.metric_name;

export function datasetEditFields(
  event: DatasetEdited,
  current: Pick<DatasetFields, 'columns' | 'metrics'>,
): Partial<DatasetFields> {
  switch (event.type) {
    case 'dataset/datasetRenamed':
      return { table_name: event.data.table_name };
    case 'dataset/datasetSchemaChanged':
      return { schema: event.data.schema };
    case 'dataset/datasetSqlChanged':
      return { sql: event.data.sql };
    case 'dataset/templateParamsChanged':
      return { template_params: event.data.template_params };
    case 'dataset/datasetColumnAdded':
    case 'dataset/datasetColumnEdited':
      return { columns: upsert(current.columns, event.data.column, columnName) };
    case 'dataset/datasetColumnRemoved':
      return { columns: current.columns.filter((c) => c.column_name !== event.data.column_name) };
    case 'dataset/datasetColumnsReordered':
      return { columns: arranged(current.columns, event.data.column_names, columnName) };
    case 'dataset/metricAdded':
    case 'dataset/metricEdited':
      return { metrics: upsert(current.metrics, event.data.metric, metricName) };
    case 'dataset/metricRemoved':
      return { metrics: current.metrics.filter((m) => m.metric_name !== event.data.metric_name) };
    case 'dataset/metricsReordered':
      return { metrics: arranged(current.metrics, event.data.metric_names, metricName) };
    case 'dataset/mainDatetimeColumnChanged':
      return { main_dttm_col: event.data.main_dttm_col };
    case 'dataset/datasetOwnersChanged':
      return { owners: event.data.owners };
    case 'dataset/datasetDescribed':
      return { description: event.data.description };
    case 'dataset/cacheTimeoutChanged':
      return { cache_timeout: event.data.cache_timeout };
    case 'dataset/defaultTimeGrainChanged':
      return { default_time_grain: event.data.default_time_grain };
    case 'dataset/externalUrlChanged':
      return { external_url: event.data.external_url };
    case 'dataset/externalManagementStarted':
      return { is_managed_externally: true };
    case 'dataset/externalManagementStopped':
      return { is_managed_externally: false };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** The events of a save whose columns are already patched (patchColumns); none when nothing changes. */
export function datasetEditEvents(fields: DatasetFields, changes: DatasetChanges): DatasetEdited[] {
  const changed = (key: keyof DatasetChanges) => changes[key] !== undefined && !deepEqual(changes[key], fields[key]);
  const events: DatasetEdited[] = [];
  if (changed('table_name')) events.push({ type: 'dataset/datasetRenamed', data: { table_name: changes.table_name! } });
  if (changed('schema'))
    events.push({ type: 'dataset/datasetSchemaChanged', data: { schema: changes.schema ?? null } });
  if (changed('sql')) events.push({ type: 'dataset/datasetSqlChanged', data: { sql: changes.sql ?? null } });
  if (changed('template_params'))
    events.push({ type: 'dataset/templateParamsChanged', data: { template_params: changes.template_params ?? null } });
  if (changes.columns)
    events.push(
      ...listEvents(fields.columns, changes.columns, columnName, {
        added: (column) => ({ type: 'dataset/datasetColumnAdded', data: { column } }),
        edited: (column) => ({ type: 'dataset/datasetColumnEdited', data: { column } }),
        removed: (column_name) => ({ type: 'dataset/datasetColumnRemoved', data: { column_name } }),
        reordered: (column_names) => ({ type: 'dataset/datasetColumnsReordered', data: { column_names } }),
      }),
    );
  if (changes.metrics)
    events.push(
      ...listEvents(fields.metrics, changes.metrics, metricName, {
        added: (metric) => ({ type: 'dataset/metricAdded', data: { metric } }),
        edited: (metric) => ({ type: 'dataset/metricEdited', data: { metric } }),
        removed: (metric_name) => ({ type: 'dataset/metricRemoved', data: { metric_name } }),
        reordered: (metric_names) => ({ type: 'dataset/metricsReordered', data: { metric_names } }),
      }),
    );
  if (changed('main_dttm_col'))
    events.push({ type: 'dataset/mainDatetimeColumnChanged', data: { main_dttm_col: changes.main_dttm_col ?? null } });
  if (changes.owners !== undefined && !sameMembers(changes.owners, fields.owners))
    events.push({ type: 'dataset/datasetOwnersChanged', data: { owners: changes.owners } });
  if (changed('description'))
    events.push({ type: 'dataset/datasetDescribed', data: { description: changes.description ?? null } });
  // Absent on old datasets: null.
  const setting = (key: 'cache_timeout' | 'default_time_grain') =>
    changes[key] !== undefined && !deepEqual(changes[key], fields[key] ?? null);
  if (setting('cache_timeout'))
    events.push({ type: 'dataset/cacheTimeoutChanged', data: { cache_timeout: changes.cache_timeout ?? null } });
  if (setting('default_time_grain'))
    events.push({
      type: 'dataset/defaultTimeGrainChanged',
      data: { default_time_grain: changes.default_time_grain ?? null },
    });
  if (changed('external_url'))
    events.push({ type: 'dataset/externalUrlChanged', data: { external_url: changes.external_url ?? null } });
  if (changed('is_managed_externally'))
    events.push({
      type: changes.is_managed_externally ? 'dataset/externalManagementStarted' : 'dataset/externalManagementStopped',
      data: {},
    });
  return events;
}

interface ListEventMakers<T> {
  added(item: T): DatasetEdited;
  edited(item: T): DatasetEdited;
  removed(name: string): DatasetEdited;
  reordered(names: string[]): DatasetEdited;
}

/** Removed, then edited, then added (appended); reordered when the result's order is not the one sent. */
function listEvents<T>(
  before: readonly T[],
  after: readonly T[],
  nameOf: (item: T) => string,
  make: ListEventMakers<T>,
): DatasetEdited[] {
  const beforeByName = new Map(before.map((item) => [nameOf(item), item]));
  const afterNames = after.map(nameOf);
  const kept = new Set(afterNames);
  const events: DatasetEdited[] = [];
  for (const item of before) if (!kept.has(nameOf(item))) events.push(make.removed(nameOf(item)));
  for (const item of after) {
    const old = beforeByName.get(nameOf(item));
    if (old !== undefined && !deepEqual(old, item)) events.push(make.edited(item));
  }
  for (const item of after) if (!beforeByName.has(nameOf(item))) events.push(make.added(item));
  const order = [
    ...before.map(nameOf).filter((name) => kept.has(name)),
    ...afterNames.filter((name) => !beforeByName.has(name)),
  ];
  if (order.some((name, i) => name !== afterNames[i])) events.push(make.reordered(afterNames));
  return events;
}

function upsert<T>(list: readonly T[], item: T, nameOf: (item: T) => string): T[] {
  const at = list.findIndex((x) => nameOf(x) === nameOf(item));
  return at < 0 ? [...list, item] : list.map((x, i) => (i === at ? item : x));
}

function arranged<T>(list: readonly T[], names: readonly string[], nameOf: (item: T) => string): T[] {
  const byName = new Map(list.map((item) => [nameOf(item), item]));
  return names.flatMap((name) => {
    const item = byName.get(name);
    return item === undefined ? [] : [item];
  });
}

/** Owners are a set: the same users in another order are no change. */
function sameMembers(a: readonly number[], b: readonly number[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((x) => set.has(x));
}
