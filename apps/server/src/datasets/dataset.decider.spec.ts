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
    spec
      .given([])
      .when(create())
      .then([
        {
          type: 'dataset/datasetCreated',
          data: { ...data, metrics: [COUNT_STAR], main_dttm_col: 'dep_time', owners: [3] },
        },
      ]);
  });

  it('refuses a virtual dataset without SQL, no columns, duplicate columns, an empty name', () => {
    spec
      .given([])
      .when(create({ sql: '  ' }))
      .thenThrows('virtual_dataset_without_sql');
    spec
      .given([])
      .when(create({ columns: [] }))
      .thenThrows('dataset_without_columns');
    spec
      .given([])
      .when(create({ columns: [columns[0], columns[0]] }))
      .thenThrows('duplicate_column');
    spec
      .given([])
      .when(create({ table_name: ' x' }))
      .thenThrows('invalid_table_name');
  });
});

describe('dataset decider: editing, syncing, deleting', () => {
  const { owner_id: _o, ...fields } = create().data;
  const created = {
    type: 'dataset/datasetCreated' as const,
    data: { ...fields, metrics: [COUNT_STAR], main_dttm_col: 'dep_time', owners: [3] },
  };

  it('refuses a main temporal column that is not temporal, duplicate metrics, and edits of a deleted dataset', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { changes: { main_dttm_col: 'origin' } } })
      .thenThrows('invalid_main_dttm_col');
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { changes: { metrics: [COUNT_STAR, COUNT_STAR] } } })
      .thenThrows('duplicate_metric');
    spec
      .given([created, { type: 'dataset/datasetDeleted', data: {} }])
      .when({ type: 'UpdateDataset', data: { changes: { description: 'x' } } })
      .thenThrows('dataset_not_found');
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { changes: { description: 'Late flights' } } })
      .then([{ type: 'dataset/datasetUpdated', data: { changes: { description: 'Late flights' } } }]);
  });

  it('sync keeps user settings and calculated columns, drops vanished columns and moves the main temporal column', () => {
    const labelled = { ...columns[0], verbose_name: 'Origin airport' };
    const calculated = {
      ...datasetColumn({ name: 'late', type: null, type_generic: 3, is_dttm: false }),
      expression: 'delay > 15',
    };
    const given = [
      created,
      { type: 'dataset/datasetUpdated' as const, data: { changes: { columns: [labelled, columns[1], calculated] } } },
    ];
    const fetched = [
      datasetColumn({ name: 'origin', type: 'varchar', type_generic: 1, is_dttm: false }),
      datasetColumn({ name: 'arr_time', type: 'timestamp', type_generic: 2, is_dttm: true }),
    ];
    spec
      .given(given)
      .when({ type: 'SyncDatasetColumns', data: { fetched } })
      .then([
        {
          type: 'dataset/columnsSynced',
          data: {
            columns: [{ ...labelled, type: 'varchar' }, fetched[1], calculated],
            main_dttm_col: 'arr_time',
            added: ['arr_time'],
            removed: ['dep_time'],
          },
        },
      ]);
  });
});
