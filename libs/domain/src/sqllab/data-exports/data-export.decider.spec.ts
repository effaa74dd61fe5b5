import { deciderSpec } from '../../testing';
import { dataExportDecider } from './data-export.decider';
import type { DataExportRecord } from './data-export.events';

const record: DataExportRecord = {
  clientId: 'aaaaaaaaaaa',
  row_count: 3,
  database_id: 1,
  database: 'examples',
  schema: 'public',
  sql: 'SELECT * FROM flights',
};
const spec = deciderSpec(dataExportDecider);

describe('data export decider (sqllab-and-platform §7 CSV export)', () => {
  it('an export that reached its end is recorded, again each time it is repeated', () => {
    spec
      .given([])
      .when({ type: 'RecordDataExport', record })
      .then([{ type: 'sqllab/dataExported', data: record }]);
    spec
      .given([{ type: 'sqllab/dataExported', data: record }])
      .when({ type: 'RecordDataExport', record: { ...record, row_count: 0 } })
      .then([{ type: 'sqllab/dataExported', data: { ...record, row_count: 0 } }]);
    spec.given([{ type: 'sqllab/dataExported', data: record }]).thenState({ exports: 1 });
  });

  it('refuses a record that does not say what was exported', () => {
    spec
      .given([])
      .when({ type: 'RecordDataExport', record: { ...record, clientId: 'x' } })
      .thenThrows('export_query_invalid');
    spec
      .given([])
      .when({ type: 'RecordDataExport', record: { ...record, row_count: -1 } })
      .thenThrows('export_row_count_invalid');
    spec
      .given([])
      .when({ type: 'RecordDataExport', record: { ...record, sql: ' ' } })
      .thenThrows('export_sql_required');
  });
});
