/**
 * The rules of creating a dataset, pure. The default metric is COUNT(*) (spec §3); the main temporal
 * column is the first temporal one. Uniqueness of the name within a database and schema spans datasets,
 * so the service checks it on the read model (and a unique index backs it against races).
 */
import { unknownCommand, leaveUnchanged } from '@strata/domain';
import { DomainError, type Decider } from '@strata/events';
import type { DatasetColumn, DatasetEvent, DatasetFields, DatasetMetric } from './dataset.events';

export interface DatasetState {
  id: number | null;
  fields: DatasetFields | null;
}

export interface CreateDataset {
  type: 'CreateDataset';
  data: Omit<DatasetFields, 'metrics' | 'main_dttm_col' | 'owners'> & { id: number; owner_id: number };
}
export type DatasetCommand = CreateDataset;

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
    if (seen.has(c.column_name)) throw new DomainError('duplicate_column', `The column ${c.column_name} appears more than once.`);
    seen.add(c.column_name);
  }
}

export const datasetDecider: Decider<DatasetState, DatasetEvent, DatasetCommand, void> = {
  initialState: () => ({ id: null, fields: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'dataset/datasetCreated': {
        const { id, ...fields } = event.data;
        return { id, fields };
      }
      default:
        return leaveUnchanged(event.type, state);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateDataset': {
        if (state.id !== null) throw new DomainError('dataset_exists', 'This dataset already exists.');
        const { owner_id, ...data } = command.data;
        if (!TABLE_NAME.test(data.table_name)) throw new DomainError('invalid_table_name', 'A dataset needs a name of at most 250 characters.');
        if (data.kind === 'virtual' && !data.sql?.trim()) throw new DomainError('virtual_dataset_without_sql', 'A virtual dataset needs its SQL.');
        checkColumns(data.columns);
        return [
          {
            type: 'dataset/datasetCreated',
            data: { ...data, metrics: [COUNT_STAR], main_dttm_col: data.columns.find((c) => c.is_dttm)?.column_name ?? null, owners: [owner_id] },
          },
        ];
      }
      default:
        return unknownCommand(command.type);
    }
  },
};
