/**
 * The rules of creating a dataset, pure. The default metric is COUNT(*) (spec §3); the main temporal
 * column is the first temporal one. Uniqueness of the name within a database and schema spans datasets,
 * so the service checks it on the read model (and a unique index backs it against races).
 */
import { unknownCommand, leaveUnchanged } from '@strata/domain';
import { DomainError, type Decider } from '@strata/events';
import { syncColumns } from './column-sync';
import type { DatasetChanges, DatasetColumn, DatasetEvent, DatasetFields, DatasetMetric } from './dataset.events';

export interface DatasetState {
  id: number | null;
  fields: DatasetFields | null;
  deleted: boolean;
}

export interface CreateDataset {
  type: 'CreateDataset';
  /** owner_id null: registered by the server itself (the example datasets), owned by nobody. */
  data: Omit<DatasetFields, 'metrics' | 'main_dttm_col' | 'owners'> & { id: number; owner_id: number | null };
}
export interface UpdateDataset {
  type: 'UpdateDataset';
  data: { changes: DatasetChanges };
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
export type DatasetCommand = CreateDataset | UpdateDataset | SyncDatasetColumns | DeleteDataset;

export const COUNT_STAR: DatasetMetric = {
  metric_name: 'count',
  verbose_name: 'COUNT(*)',
  metric_type: 'count',
  expression: 'COUNT(*)',
  description: null,
};

const TABLE_NAME = /^[^\s].{0,249}$/su;

function checkColumns(columns: DatasetColumn[]): void {
  if (columns.length === 0) throw new DomainError('dataset_without_columns', 'A dataset needs at least one column.');
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.column_name))
      throw new DomainError('duplicate_column', `The column ${c.column_name} appears more than once.`);
    seen.add(c.column_name);
  }
}

function checkMetrics(metrics: DatasetMetric[]): void {
  const seen = new Set<string>();
  for (const m of metrics) {
    if (!m.metric_name.trim()) throw new DomainError('invalid_metric', 'A metric needs a name.');
    if (!m.expression.trim())
      throw new DomainError('invalid_metric', `The metric ${m.metric_name} needs an expression.`);
    if (seen.has(m.metric_name))
      throw new DomainError('duplicate_metric', `The metric ${m.metric_name} appears more than once.`);
    seen.add(m.metric_name);
  }
}

function checkMainDttm(name: string | null | undefined, columns: DatasetColumn[]): void {
  if (name == null) return;
  const column = columns.find((c) => c.column_name === name);
  if (!column || !column.is_dttm)
    throw new DomainError(
      'invalid_main_dttm_col',
      `The main temporal column ${name} is not a temporal column of the dataset.`,
    );
}

function live(state: DatasetState): DatasetFields {
  if (state.id === null || state.fields === null || state.deleted)
    throw new DomainError('dataset_not_found', 'Dataset not found.');
  return state.fields;
}

export const datasetDecider: Decider<DatasetState, DatasetEvent, DatasetCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'dataset/datasetCreated': {
        const { id, ...fields } = event.data;
        return { id, fields, deleted: false };
      }
      case 'dataset/datasetUpdated':
        return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state;
      case 'dataset/columnsSynced':
        return state.fields
          ? {
              ...state,
              fields: { ...state.fields, columns: event.data.columns, main_dttm_col: event.data.main_dttm_col },
            }
          : state;
      case 'dataset/datasetDeleted':
        return { ...state, deleted: true };
      default:
        return leaveUnchanged(event, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateDataset': {
        if (state.id !== null) throw new DomainError('dataset_exists', 'This dataset already exists.');
        const { owner_id, ...data } = command.data;
        if (!TABLE_NAME.test(data.table_name))
          throw new DomainError('invalid_table_name', 'A dataset needs a name of at most 250 characters.');
        if (data.kind === 'virtual' && !data.sql?.trim())
          throw new DomainError('virtual_dataset_without_sql', 'A virtual dataset needs its SQL.');
        checkColumns(data.columns);
        return [
          {
            type: 'dataset/datasetCreated',
            data: {
              ...data,
              metrics: [COUNT_STAR],
              main_dttm_col: data.columns.find((c) => c.is_dttm)?.column_name ?? null,
              owners: owner_id === null ? [] : [owner_id],
            },
          },
        ];
      }
      case 'UpdateDataset': {
        const fields = live(state);
        const changes = command.data.changes;
        if (changes.table_name !== undefined && !TABLE_NAME.test(changes.table_name))
          throw new DomainError('invalid_table_name', 'A dataset needs a name of at most 250 characters.');
        if (changes.sql !== undefined && fields.kind === 'virtual' && !changes.sql?.trim())
          throw new DomainError('virtual_dataset_without_sql', 'A virtual dataset needs its SQL.');
        if (changes.sql !== undefined && fields.kind === 'physical' && changes.sql !== null)
          throw new DomainError('physical_dataset_sql', 'A dataset on a table has no SQL.');
        const columns = changes.columns ?? fields.columns;
        if (changes.columns) checkColumns(changes.columns);
        if (changes.metrics) checkMetrics(changes.metrics);
        checkMainDttm(
          changes.main_dttm_col !== undefined
            ? changes.main_dttm_col
            : changes.columns
              ? fields.main_dttm_col
              : undefined,
          columns,
        );
        if (Object.keys(changes).length === 0) return [];
        return [{ type: 'dataset/datasetUpdated', data: { changes } }];
      }
      case 'SyncDatasetColumns': {
        const fields = live(state);
        const { columns, added, removed } = syncColumns(fields.columns, command.data.fetched);
        checkColumns(columns);
        const main = columns.some((c) => c.column_name === fields.main_dttm_col && c.is_dttm)
          ? fields.main_dttm_col
          : (columns.find((c) => c.is_dttm)?.column_name ?? null);
        return [{ type: 'dataset/columnsSynced', data: { columns, main_dttm_col: main, added, removed } }];
      }
      case 'DeleteDataset':
        live(state);
        return [{ type: 'dataset/datasetDeleted', data: {} }];
      default:
        return unknownCommand(command);
    }
  },
};
