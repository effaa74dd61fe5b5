import { deciderSpec } from '@strata/domain/testing';
import { datasetColumn } from './column-inference';
import { COUNT_STAR, datasetDecider, type CreateDataset } from './dataset.decider';

const columns = [
  datasetColumn({ name: 'origin', type: 'text', type_generic: 1, is_dttm: false }),
  datasetColumn({ name: 'dep_time', type: 'timestamp', type_generic: 2, is_dttm: true }),
];
const create = (over: Partial<CreateDataset['data']> = {}): CreateDataset => ({
  type: 'CreateDataset',
  data: {
    id: 5,
    owner_id: 3,
    kind: 'virtual',
    table_name: 'late flights',
    database_id: 1,
    catalog: null,
    schema: 'public',
    sql: 'SELECT origin, dep_time FROM flights',
    template_params: null,
    columns,
    is_managed_externally: false,
    external_url: null,
    description: null,
    ...over,
  },
});
const spec = deciderSpec(datasetDecider);

describe('dataset decider', () => {
  it('spec §3: the default metric is COUNT(*), the first temporal column is the main one, the creator owns it', () => {
    const { owner_id: _owner, ...data } = create().data;
    spec.given([]).when(create()).then([{ type: 'dataset/datasetCreated', data: { ...data, metrics: [COUNT_STAR], main_dttm_col: 'dep_time', owners: [3] } }]);
  });

  it('refuses a virtual dataset without SQL, no columns, duplicate columns, an empty name', () => {
    spec.given([]).when(create({ sql: '  ' })).thenThrows('virtual_dataset_without_sql');
    spec.given([]).when(create({ columns: [] })).thenThrows('dataset_without_columns');
    spec.given([]).when(create({ columns: [columns[0], columns[0]] })).thenThrows('duplicate_column');
    spec.given([]).when(create({ table_name: ' x' })).thenThrows('invalid_table_name');
  });
});
