import { count, defineSummaries, quote, the } from '../audit/summary';
import { columnChanges, metricChanges } from './dataset-changes';
import { datasetDecider, type DatasetStreamState } from './dataset.decider';
import type { DatasetEvent } from './dataset.events';

type Before = DatasetStreamState | undefined;

/** The dataset's name then: the caller's, else the stream's fold (the decider's own evolve). */
const dataset = (objectName: string | undefined, before: Before) =>
  the('dataset', objectName || before?.fields?.table_name);

const columnBefore = (name: string, before: Before) => before?.fields?.columns.find((c) => c.column_name === name);
const metricBefore = (name: string, before: Before) => before?.fields?.metrics.find((m) => m.metric_name === name);

const parens = (text: string | undefined) => (text === undefined ? '' : ` (${text})`);

/** "'a', 'b'" for a few names, "3 columns" for more. */
const names = (list: readonly string[], noun: string) =>
  list.length <= 3 ? list.map(quote).join(', ') : count(list.length, noun);

/** What a refresh from the database added and removed. */
function synced(added: readonly string[], removed: readonly string[]): string {
  const parts = [
    added.length > 0 ? `added ${names(added, 'column')}` : '',
    removed.length > 0 ? `removed ${names(removed, 'column')}` : '',
  ].filter(Boolean);
  return parts.length === 0 ? 'no column added or removed' : parts.join('; ');
}

/** The host of a link only: its path or query may carry a token, and the audit log is exported. */
function hostOf(url: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url.trim())?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  // Anything but a plain host (and port) may be part of a login a '/' cut short: not shown.
  return /^[A-Za-z0-9.-]+(?::\d+)?$/.test(host) ? host : 'another site';
}

/** Items an old whole-list save left out of the new order (they are gone: dataset.events.ts). */
const leftOut = (names: readonly string[], kept: readonly string[]) => names.filter((n) => !kept.includes(n));

/** What each dataset event says in the audit log (issue 13); SQL and parameters are named, never printed. */
export const datasetSummaries = defineSummaries<DatasetEvent, DatasetStreamState>({
  context: 'datasets',
  names: { initial: datasetDecider.initialState, evolve: datasetDecider.evolve },
  of: {
    'dataset/datasetCreated': (d, { who }) =>
      `${who} created the ${d.kind === 'virtual' ? 'virtual ' : ''}dataset ${quote(d.table_name)}` +
      (d.schema ? ` in the schema ${quote(d.schema)}` : ''),
    'dataset/datasetRenamed': (d, { who, objectName, before }) =>
      `${who} renamed ${dataset(objectName, before)} to ${quote(d.table_name)}`,
    'dataset/datasetSchemaChanged': (d, { who, objectName, before }) =>
      d.schema
        ? `${who} moved ${dataset(objectName, before)} to the schema ${quote(d.schema)}`
        : `${who} took ${dataset(objectName, before)} out of its schema`,
    'dataset/datasetSqlChanged': (_d, { who, objectName, before }) =>
      `${who} changed the SQL of ${dataset(objectName, before)}`,
    'dataset/templateParamsChanged': (_d, { who, objectName, before }) =>
      `${who} changed the template parameters of ${dataset(objectName, before)}`,
    'dataset/datasetColumnAdded': (d, { who, objectName, before }) =>
      `${who} added the ${d.column.expression ? 'calculated ' : ''}column ${quote(d.column.column_name)} to ` +
      dataset(objectName, before),
    'dataset/datasetColumnEdited': (d, { who, objectName, before }) =>
      `${who} edited the column ${quote(d.column.column_name)} of ${dataset(objectName, before)}` +
      parens(columnChanges(columnBefore(d.column.column_name, before), d.column)),
    'dataset/datasetColumnRemoved': (d, { who, objectName, before }) =>
      `${who} removed the column ${quote(d.column_name)} from ${dataset(objectName, before)}`,
    'dataset/datasetColumnsReordered': (d, { who, objectName, before }) => {
      const gone = leftOut(before?.fields?.columns.map((c) => c.column_name) ?? [], d.column_names);
      return (
        `${who} reordered the columns of ${dataset(objectName, before)}` +
        (gone.length > 0 ? ` (removed ${names(gone, 'column')})` : '')
      );
    },
    'dataset/metricAdded': (d, { who, objectName, before }) =>
      `${who} added the metric ${quote(d.metric.metric_name)} to ${dataset(objectName, before)}`,
    'dataset/metricEdited': (d, { who, objectName, before }) =>
      `${who} edited the metric ${quote(d.metric.metric_name)} of ${dataset(objectName, before)}` +
      parens(metricChanges(metricBefore(d.metric.metric_name, before), d.metric)),
    'dataset/metricRemoved': (d, { who, objectName, before }) =>
      `${who} removed the metric ${quote(d.metric_name)} from ${dataset(objectName, before)}`,
    'dataset/metricsReordered': (d, { who, objectName, before }) => {
      const gone = leftOut(before?.fields?.metrics.map((m) => m.metric_name) ?? [], d.metric_names);
      return (
        `${who} reordered the metrics of ${dataset(objectName, before)}` +
        (gone.length > 0 ? ` (removed ${names(gone, 'metric')})` : '')
      );
    },
    'dataset/mainDatetimeColumnChanged': (d, { who, objectName, before }) =>
      d.main_dttm_col
        ? `${who} made ${quote(d.main_dttm_col)} the main time column of ${dataset(objectName, before)}`
        : `${who} removed the main time column of ${dataset(objectName, before)}`,
    'dataset/datasetOwnersChanged': (d, { who, objectName, before }) =>
      `${who} set the owners of ${dataset(objectName, before)} (${count(d.owners.length, 'owner')})`,
    'dataset/datasetDescribed': (d, { who, objectName, before }) =>
      d.description
        ? `${who} described ${dataset(objectName, before)}`
        : `${who} removed the description of ${dataset(objectName, before)}`,
    'dataset/cacheTimeoutChanged': (d, { who, objectName, before }) =>
      d.cache_timeout === null
        ? `${who} set the cache timeout of ${dataset(objectName, before)} back to the default`
        : `${who} set the cache timeout of ${dataset(objectName, before)} to ${count(d.cache_timeout, 'second')}`,
    'dataset/defaultTimeGrainChanged': (d, { who, objectName, before }) =>
      d.default_time_grain
        ? `${who} made ${quote(d.default_time_grain)} the default time grain of ${dataset(objectName, before)}`
        : `${who} removed the default time grain of ${dataset(objectName, before)}`,
    'dataset/externalUrlChanged': (d, { who, objectName, before }) =>
      d.external_url
        ? `${who} linked ${dataset(objectName, before)} to a page on ${quote(hostOf(d.external_url))}`
        : `${who} removed the external link of ${dataset(objectName, before)}`,
    'dataset/externalManagementStarted': (_d, { who, objectName, before }) =>
      `${who} marked ${dataset(objectName, before)} as managed by an outside tool`,
    'dataset/externalManagementStopped': (_d, { who, objectName, before }) =>
      `${who} marked ${dataset(objectName, before)} as no longer managed by an outside tool`,
    'dataset/columnsSynced': (d, { who, objectName, before }) =>
      `${who} refreshed the columns of ${dataset(objectName, before)} from the database (${synced(d.added, d.removed)})`,
    'dataset/changeReverted': (_d, { who, objectName, before }) =>
      `${who} reverted an earlier change of ${dataset(objectName, before)}`,
    'dataset/datasetDeleted': (_d, { who, objectName, before }) => `${who} deleted ${dataset(objectName, before)}`,
  },
});
