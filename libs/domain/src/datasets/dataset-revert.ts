/**
 * Reverting one past edit of a dataset as a new intent (issue 13 item 2): what the edit set goes back to
 * what it was just before it — a field, or one column or metric (an edited one restored, an added one
 * removed, a removed one put back), or the order of the list — decided as an ordinary save of those
 * values (so the dataset's rules hold: a column left, the main temporal column a temporal one), closed
 * by `dataset/changeReverted {batchId}`. One column's edit blocks the revert of another column's edit
 * only when it touched that same column (shared/revert.ts). A refresh from the database and creation or
 * deletion are not revertible; a refresh blocks the revert of an edit of a column it rewrote.
 */
import { DomainError } from '@strata/events';
import { planRevert, type RevertContext, type RevertRules, type StreamHistory } from '../shared/revert';
import type { DatasetChanges, RevertDatasetChange } from './dataset.commands';
import { datasetDecider, type DatasetStreamState } from './dataset.decider';
import { DATASET_EDIT_EVENTS, type DatasetEdited, type DatasetEvent, type DatasetFields } from './dataset.events';

const isEdit = (event: DatasetEvent): event is DatasetEdited =>
  (DATASET_EDIT_EVENTS as readonly string[]).includes(event.type);

const COLUMN = 'column:';
const METRIC = 'metric:';
const COLUMN_ORDER = 'columns order';
const METRIC_ORDER = 'metrics order';

function keysOf(event: DatasetEvent): string[] {
  switch (event.type) {
    case 'dataset/datasetRenamed':
      return ['table_name'];
    case 'dataset/datasetSchemaChanged':
      return ['schema'];
    case 'dataset/datasetSqlChanged':
      return ['sql'];
    case 'dataset/templateParamsChanged':
      return ['template_params'];
    case 'dataset/datasetColumnAdded':
    case 'dataset/datasetColumnEdited':
      return [COLUMN + event.data.column.column_name];
    case 'dataset/datasetColumnRemoved':
      return [COLUMN + event.data.column_name];
    case 'dataset/datasetColumnsReordered':
      return [COLUMN_ORDER];
    case 'dataset/metricAdded':
    case 'dataset/metricEdited':
      return [METRIC + event.data.metric.metric_name];
    case 'dataset/metricRemoved':
      return [METRIC + event.data.metric_name];
    case 'dataset/metricsReordered':
      return [METRIC_ORDER];
    case 'dataset/mainDatetimeColumnChanged':
      return ['main_dttm_col'];
    case 'dataset/datasetOwnersChanged':
      return ['owners'];
    case 'dataset/datasetDescribed':
      return ['description'];
    case 'dataset/cacheTimeoutChanged':
      return ['cache_timeout'];
    case 'dataset/defaultTimeGrainChanged':
      return ['default_time_grain'];
    case 'dataset/externalUrlChanged':
      return ['external_url'];
    case 'dataset/externalManagementStarted':
    case 'dataset/externalManagementStopped':
      return ['is_managed_externally'];
    case 'dataset/columnsSynced':
      return [
        ...event.data.columns.map((c) => COLUMN + c.column_name),
        ...event.data.removed.map((name) => COLUMN + name),
        COLUMN_ORDER,
        'main_dttm_col',
      ];
    case 'dataset/datasetCreated':
    case 'dataset/changeReverted':
    case 'dataset/datasetDeleted':
      return [];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const FIELD_LABELS: Record<string, string> = {
  table_name: 'the name',
  schema: 'the schema',
  sql: 'the SQL',
  template_params: 'the template parameters',
  main_dttm_col: 'the main temporal column',
  owners: 'the owners',
  description: 'the description',
  cache_timeout: 'the cache timeout',
  default_time_grain: 'the default time grain',
  external_url: 'the external URL',
  is_managed_externally: 'the external management',
  [COLUMN_ORDER]: 'the order of the columns',
  [METRIC_ORDER]: 'the order of the metrics',
};

function keyLabel(key: string): string {
  if (key.startsWith(COLUMN)) return `the column '${key.slice(COLUMN.length)}'`;
  if (key.startsWith(METRIC)) return `the metric '${key.slice(METRIC.length)}'`;
  return FIELD_LABELS[key] ?? key;
}

function intentOf(events: readonly DatasetEvent[]): string {
  const edits = events.filter(isEdit);
  const only = edits.length === 1 ? edits[0]! : undefined;
  if (events[0]?.type === 'dataset/datasetCreated') return 'Creation';
  if (events[0]?.type === 'dataset/columnsSynced') return 'Refresh from the database';
  if (only?.type === 'dataset/datasetRenamed') return 'Rename';
  if (only?.type === 'dataset/datasetColumnEdited') return `Edit of the column '${only.data.column.column_name}'`;
  if (only?.type === 'dataset/metricEdited') return `Edit of the metric '${only.data.metric.metric_name}'`;
  return edits.length > 0 ? 'Edit' : 'Change';
}

export const datasetRevertRules: RevertRules<DatasetStreamState, DatasetEvent> = {
  fold: datasetDecider,
  noun: 'dataset',
  revertedType: 'dataset/changeReverted',
  revertible: isEdit,
  keysOf,
  keyLabel,
  intentOf,
};

/**
 * The item as it was, over what it is now: a save's column is a patch (a field left out keeps its value),
 * so a field the item lacked before (an optional one added later, e.g. a certification) is sent as null.
 */
function restored<T>(now: T, was: T): T {
  const cleared = Object.fromEntries(Object.keys(now as object).map((key) => [key, null]));
  return { ...cleared, ...was } as T;
}

/** `list` with the named items as in `before` (restored, put back at their old place, or removed). */
function restoreItems<T>(
  list: readonly T[],
  before: readonly T[],
  names: ReadonlySet<string>,
  nameOf: (item: T) => string,
  order: boolean,
): T[] {
  const old = new Map(before.map((item) => [nameOf(item), item]));
  const result: T[] = [];
  for (const item of list) {
    const name = nameOf(item);
    if (!names.has(name)) result.push(item);
    else if (old.has(name)) result.push(restored(item, old.get(name)!));
  }
  before.forEach((item, at) => {
    const name = nameOf(item);
    if (names.has(name) && !result.some((x) => nameOf(x) === name)) result.splice(Math.min(at, result.length), 0, item);
  });
  if (!order) return result;
  // The old order for what was there before; what came later keeps its place after them.
  const rank = new Map(before.map((item, i) => [nameOf(item), i]));
  return [...result].sort((a, b) => (rank.get(nameOf(a)) ?? Infinity) - (rank.get(nameOf(b)) ?? Infinity));
}

/** The batch of a revert: a save of the old values of what the edit set, then `dataset/changeReverted`. */
export function decideDatasetRevert(
  command: RevertDatasetChange,
  stream: StreamHistory<DatasetStreamState>,
  ctx: RevertContext,
): DatasetEvent[] {
  const { batchId } = command.data;
  const current = stream.state.fields;
  if (current === null || stream.state.deleted) throw new DomainError('dataset_not_found', 'Dataset not found.');
  const plan = planRevert(datasetRevertRules, stream.events, batchId, ctx);
  // An edit comes after the creation, so the dataset existed before it.
  const before = plan.before.fields!;
  const changes: Record<string, unknown> = {};
  const columns = new Set<string>();
  const metrics = new Set<string>();
  for (const key of plan.keys) {
    if (key.startsWith(COLUMN)) columns.add(key.slice(COLUMN.length));
    else if (key.startsWith(METRIC)) metrics.add(key.slice(METRIC.length));
    // A setting absent before it existed (cache_timeout, default_time_grain) was null.
    else if (key !== COLUMN_ORDER && key !== METRIC_ORDER) changes[key] = before[key as keyof DatasetFields] ?? null;
  }
  if (columns.size > 0 || plan.keys.includes(COLUMN_ORDER))
    changes['columns'] = restoreItems(
      current.columns,
      before.columns,
      columns,
      (c) => c.column_name,
      plan.keys.includes(COLUMN_ORDER),
    );
  if (metrics.size > 0 || plan.keys.includes(METRIC_ORDER))
    changes['metrics'] = restoreItems(
      current.metrics,
      before.metrics,
      metrics,
      (m) => m.metric_name,
      plan.keys.includes(METRIC_ORDER),
    );
  const restore = datasetDecider.decide({ type: 'UpdateDataset', data: changes as DatasetChanges }, stream.state);
  return [...restore, { type: 'dataset/changeReverted', data: { batchId } }];
}
