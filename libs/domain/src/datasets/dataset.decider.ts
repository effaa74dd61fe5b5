/**
 * The rules of a dataset, pure. The default metric is COUNT(*) (charts-dashboards-reports §3 Dataset);
 * the main temporal column is the first temporal one. A save decides one event per changed intent
 * against the stream's fold (its column patches too). Uniqueness of the name within a database and
 * schema spans datasets, so the server checks it on the read model (and a unique index backs it).
 */
import { DomainError, type Decider } from '@strata/events';
import { leaveUnchanged, unknownCommand } from '../shared/exhaustive';
import { COUNT_STAR, patchColumns, syncColumns } from './dataset-columns';
import { datasetEditEvents, datasetEditFields } from './dataset-edit';
import type { DatasetCommand } from './dataset.commands';
import type { DatasetColumn, DatasetEvent, DatasetFields, DatasetMetric } from './dataset.events';

export interface DatasetStreamState {
  id: number | null;
  fields: DatasetFields | null;
  deleted: boolean;
}

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

function live(state: DatasetStreamState): DatasetFields {
  if (state.id === null || state.fields === null || state.deleted)
    throw new DomainError('dataset_not_found', 'Dataset not found.');
  return state.fields;
}

export const datasetDecider: Decider<DatasetStreamState, DatasetEvent, DatasetCommand, void> = {
  initialState: () => ({ id: null, fields: null, deleted: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'dataset/datasetCreated': {
        const { id, ...fields } = event.data;
        return { id, fields, deleted: false };
      }
      case 'dataset/datasetRenamed':
      case 'dataset/datasetSchemaChanged':
      case 'dataset/datasetSqlChanged':
      case 'dataset/templateParamsChanged':
      case 'dataset/datasetColumnAdded':
      case 'dataset/datasetColumnEdited':
      case 'dataset/datasetColumnRemoved':
      case 'dataset/datasetColumnsReordered':
      case 'dataset/metricAdded':
      case 'dataset/metricEdited':
      case 'dataset/metricRemoved':
      case 'dataset/metricsReordered':
      case 'dataset/mainDatetimeColumnChanged':
      case 'dataset/datasetOwnersChanged':
      case 'dataset/datasetDescribed':
      case 'dataset/cacheTimeoutChanged':
      case 'dataset/defaultTimeGrainChanged':
      case 'dataset/externalUrlChanged':
      case 'dataset/externalManagementStarted':
      case 'dataset/externalManagementStopped':
        return state.fields
          ? { ...state, fields: { ...state.fields, ...datasetEditFields(event, state.fields) } }
          : state;
      case 'dataset/columnsSynced':
        return state.fields
          ? {
              ...state,
              fields: { ...state.fields, columns: event.data.columns, main_dttm_col: event.data.main_dttm_col },
            }
          : state;
      // The revert's own edit events restored what it reverts; this fact only names the batch.
      case 'dataset/changeReverted':
        return state;
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
        const { columns: patches, ...rest } = command.data;
        const changes = { ...rest, ...(patches ? { columns: patchColumns(patches, fields.columns) } : {}) };
        if (changes.table_name !== undefined && !TABLE_NAME.test(changes.table_name))
          throw new DomainError('invalid_table_name', 'A dataset needs a name of at most 250 characters.');
        if (changes.sql !== undefined && fields.kind === 'virtual' && !changes.sql?.trim())
          throw new DomainError('virtual_dataset_without_sql', 'A virtual dataset needs its SQL.');
        if (changes.sql !== undefined && fields.kind === 'physical' && changes.sql !== null)
          throw new DomainError('physical_dataset_sql', 'A dataset on a table has no SQL.');
        if (changes.columns) checkColumns(changes.columns);
        if (changes.metrics) checkMetrics(changes.metrics);
        // A new column list must still hold the main temporal column, unless the save names another.
        checkMainDttm(
          changes.main_dttm_col !== undefined
            ? changes.main_dttm_col
            : changes.columns
              ? fields.main_dttm_col
              : undefined,
          changes.columns ?? fields.columns,
        );
        return datasetEditEvents(fields, changes);
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
