import { deciderSpec } from '../testing';
import type { CreateDataset } from './dataset.commands';
import { COUNT_STAR, datasetColumn } from './dataset-columns';
import { datasetDecider } from './dataset.decider';
import type { DatasetEvent, DatasetMetric } from './dataset.events';

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
const { owner_id: _o, ...fields } = create().data;
const created = {
  type: 'dataset/datasetCreated' as const,
  data: { ...fields, metrics: [COUNT_STAR], main_dttm_col: 'dep_time', owners: [3] },
};
const { id: _id, ...createdFields } = created.data;

describe('dataset decider: creating', () => {
  it('charts-dashboards-reports §3: the default metric is COUNT(*), the first temporal column is the main one, the creator owns it', () => {
    spec.given([]).when(create()).then([created]);
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
      .when(create({ columns: [columns[0]!, columns[0]!] }))
      .thenThrows('duplicate_column');
    spec
      .given([])
      .when(create({ table_name: ' x' }))
      .thenThrows('invalid_table_name');
  });
});

describe('dataset decider: a save is one event per changed intent', () => {
  it('settings: name, SQL, main temporal column, owners, description, external management', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateDataset',
        data: {
          table_name: 'delays',
          sql: 'SELECT origin, dep_time FROM flights WHERE delay > 0',
          main_dttm_col: null,
          owners: [3, 4],
          description: 'Late flights',
          external_url: 'https://dbt.example/delays',
          is_managed_externally: true,
        },
      })
      .then([
        { type: 'dataset/datasetRenamed', data: { table_name: 'delays' } },
        { type: 'dataset/datasetSqlChanged', data: { sql: 'SELECT origin, dep_time FROM flights WHERE delay > 0' } },
        { type: 'dataset/mainDatetimeColumnChanged', data: { main_dttm_col: null } },
        { type: 'dataset/datasetOwnersChanged', data: { owners: [3, 4] } },
        { type: 'dataset/datasetDescribed', data: { description: 'Late flights' } },
        { type: 'dataset/externalUrlChanged', data: { external_url: 'https://dbt.example/delays' } },
        { type: 'dataset/externalManagementStarted', data: {} },
      ]);
  });

  it('a field sent with the value it has gives no event; neither does an empty save', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateDataset',
        data: {
          table_name: 'late flights',
          schema: 'public',
          owners: [3],
          columns: [{ column_name: 'origin' }, { column_name: 'dep_time' }],
        },
      })
      .then([]);
    spec.given([created]).when({ type: 'UpdateDataset', data: {} }).then([]);
  });

  it('columns: a patch keeps the fields it leaves out; one event per column edited, added or removed', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateDataset',
        data: {
          columns: [
            { column_name: 'origin', verbose_name: 'Origin' },
            { column_name: 'dep_time' },
            { column_name: 'late', expression: 'delay > 15' },
          ],
        },
      })
      .then([
        { type: 'dataset/datasetColumnEdited', data: { column: { ...columns[0]!, verbose_name: 'Origin' } } },
        {
          type: 'dataset/datasetColumnAdded',
          data: {
            column: {
              ...datasetColumn({ name: 'late', type: null, type_generic: null, is_dttm: false }),
              certified_by: null,
              certification_details: null,
              warning_markdown: null,
              python_date_format: null,
              expression: 'delay > 15',
            },
          },
        },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { columns: [{ column_name: 'dep_time' }], main_dttm_col: 'dep_time' } })
      .then([{ type: 'dataset/datasetColumnRemoved', data: { column_name: 'origin' } }]);
  });

  it('columns: a new order is one reorder event, and the fold is the list as sent', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { columns: [{ column_name: 'dep_time' }, { column_name: 'origin' }] } })
      .then([{ type: 'dataset/datasetColumnsReordered', data: { column_names: ['dep_time', 'origin'] } }]);
    spec
      .given([created])
      .when({
        type: 'UpdateDataset',
        data: { columns: [{ column_name: 'x' }, { column_name: 'dep_time', verbose_name: 'Departure' }] },
      })
      .thenState({
        id: 5,
        deleted: false,
        fields: {
          ...createdFields,
          columns: [
            {
              ...datasetColumn({ name: 'x', type: null, type_generic: null, is_dttm: false }),
              certified_by: null,
              certification_details: null,
              warning_markdown: null,
              python_date_format: null,
            },
            { ...columns[1]!, verbose_name: 'Departure' },
          ],
        },
      });
  });

  it('metrics: one event per metric edited, added or removed, and the fold is the list as sent', () => {
    const avg: DatasetMetric = {
      ...COUNT_STAR,
      metric_name: 'avg_delay',
      expression: 'AVG(delay)',
      verbose_name: null,
    };
    const count = { ...COUNT_STAR, d3format: ',d' };
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { metrics: [avg, count] } })
      .then([
        { type: 'dataset/metricEdited', data: { metric: count } },
        { type: 'dataset/metricAdded', data: { metric: avg } },
        { type: 'dataset/metricsReordered', data: { metric_names: ['avg_delay', 'count'] } },
      ]);
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { metrics: [avg, count] } })
      .thenState({ id: 5, deleted: false, fields: { ...createdFields, metrics: [avg, count] } });
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { metrics: [] } })
      .then([{ type: 'dataset/metricRemoved', data: { metric_name: 'count' } }]);
  });

  it('refuses a main temporal column that is not temporal, a list that drops it, duplicate metrics, and edits of a deleted dataset', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { main_dttm_col: 'origin' } })
      .thenThrows('invalid_main_dttm_col');
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { columns: [{ column_name: 'origin' }] } })
      .thenThrows('invalid_main_dttm_col');
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { metrics: [COUNT_STAR, COUNT_STAR] } })
      .thenThrows('duplicate_metric');
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { columns: [{ column_name: 'origin' }, { column_name: 'origin' }] } })
      .thenThrows('duplicate_column');
    spec
      .given([created, { type: 'dataset/datasetDeleted', data: {} }])
      .when({ type: 'UpdateDataset', data: { description: 'x' } })
      .thenThrows('dataset_not_found');
  });

  it('a dataset on a table has no SQL; a virtual one keeps its SQL', () => {
    spec
      .given([created])
      .when({ type: 'UpdateDataset', data: { sql: ' ' } })
      .thenThrows('virtual_dataset_without_sql');
    spec
      .given([{ ...created, data: { ...created.data, kind: 'physical', sql: null } }])
      .when({ type: 'UpdateDataset', data: { sql: 'SELECT 1' } })
      .thenThrows('physical_dataset_sql');
  });
});

describe('dataset decider: syncing, deleting', () => {
  it('sync keeps user settings and calculated columns, drops vanished columns and moves the main temporal column', () => {
    const labelled = { ...columns[0]!, verbose_name: 'Origin airport' };
    const calculated = {
      ...datasetColumn({ name: 'late', type: null, type_generic: 3, is_dttm: false }),
      expression: 'delay > 15',
    };
    const given: DatasetEvent[] = [
      created,
      { type: 'dataset/datasetColumnEdited', data: { column: labelled } },
      { type: 'dataset/datasetColumnAdded', data: { column: calculated } },
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
            columns: [{ ...labelled, type: 'varchar' }, fetched[1]!, calculated],
            main_dttm_col: 'arr_time',
            added: ['arr_time'],
            removed: ['dep_time'],
          },
        },
      ]);
  });

  it('deletes a live dataset once', () => {
    spec
      .given([created])
      .when({ type: 'DeleteDataset', data: {} })
      .then([{ type: 'dataset/datasetDeleted', data: {} }]);
    spec
      .given([created, { type: 'dataset/datasetDeleted', data: {} }])
      .when({ type: 'DeleteDataset', data: {} })
      .thenThrows('dataset_not_found');
  });
});

describe('dataset decider: cache timeout and default time grain (issue 15 item 2, the editor settings)', () => {
  it('one event per setting changed; a dataset created before them has null, so null again is no change', () => {
    const update = (data: Record<string, unknown>) => ({ type: 'UpdateDataset' as const, data });
    spec
      .given([created])
      .when(update({ cache_timeout: 600, default_time_grain: 'P1D' }))
      .then([
        { type: 'dataset/cacheTimeoutChanged', data: { cache_timeout: 600 } },
        { type: 'dataset/defaultTimeGrainChanged', data: { default_time_grain: 'P1D' } },
      ]);
    spec
      .given([created])
      .when(update({ cache_timeout: null, default_time_grain: null }))
      .then([]);
    spec
      .given([created, { type: 'dataset/cacheTimeoutChanged', data: { cache_timeout: 600 } }])
      .when(update({ cache_timeout: 600, default_time_grain: null }))
      .then([]);
  });
});
