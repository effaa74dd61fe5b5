import type { EventLike } from '@strata/events';
import { summarizeStream } from '../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../audit/testing/readable';
import type { DatabaseEvent, DatabaseSettings } from './database.events';
import { databaseSummaries } from './database.summaries';

const settings: DatabaseSettings = {
  database_name: 'Warehouse',
  uri: 'postgresql+psycopg2://ana@db:5432/sales',
  force_ctas_schema: null,
  cache_timeout: null,
  extra: {},
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allows_cost_estimate: false,
  allows_subquery: true,
  allow_file_upload: false,
};
const created: DatabaseEvent = { type: 'database/databaseCreated', data: { id: 7, ...settings } };
const audit = (events: EventLike[]) => summarizeStream(events, () => ({ who: 'alice' }));

describe('database summaries', () => {
  it('names the database and its engine, and later events by the name it had then', () => {
    expect(
      audit([
        created,
        { type: 'database/optionEnabled', data: { id: 7, option: 'allow_dml' } },
        { type: 'database/databaseRenamed', data: { id: 7, database_name: 'DWH' } },
        { type: 'database/accessGranted', data: { id: 7, role: 'Gamma' } },
      ]),
    ).toEqual([
      "alice connected the database 'Warehouse' (PostgreSQL)",
      "alice turned on 'Allow DML' for the database 'Warehouse'",
      "alice renamed the database 'Warehouse' to 'DWH'",
      "alice gave the role 'Gamma' access to the database 'DWH'",
    ]);
  });

  it('never shows a login or password, even one an old URI still holds', () => {
    const moved: DatabaseEvent = {
      type: 'database/connectionChanged',
      data: { id: 7, uri: 'mysql://root:s3cr/t?@x@db2:3306/shop?charset=utf8' },
    };
    const [, text] = audit([created, moved]);
    expect(text).toBe("alice pointed the database 'Warehouse' at 'db2:3306/shop' (MySQL)");
    expect(text).not.toMatch(/root|s3cr/);
  });

  it('reads every event type, with no earlier events and with them', () => {
    const samples: SummarySamples<DatabaseEvent> = {
      'database/databaseCreated': created.data as SummarySamples<DatabaseEvent>['database/databaseCreated'],
      'database/databaseAdopted': { id: 1, ...settings, database_name: 'examples', uri: 'sqlite://' },
      'database/databaseRenamed': { id: 7, database_name: 'DWH' },
      'database/connectionChanged': { id: 7, uri: 'postgresql://db/sales' },
      'database/optionEnabled': { id: 7, option: 'expose_in_sqllab' },
      'database/optionDisabled': { id: 7, option: 'allow_file_upload' },
      'database/cacheTimeoutChanged': { id: 7, cache_timeout: 60 },
      'database/ctasSchemaChanged': { id: 7, force_ctas_schema: null },
      'database/extraChanged': { id: 7, extra: { engine_params: { password: 'hunter2' } } },
      'database/passwordChanged': { id: 7 },
      'database/passwordRemoved': { id: 7 },
      'database/databaseDeleted': { id: 7, database_name: 'Warehouse' },
      'database/accessGranted': { id: 7, role: 'Alpha' },
      'database/accessRevoked': { id: 7, role: 'Alpha' },
      'database/dangerousLoginConfirmed': { id: 7, username: 'postgres', risks: ['it is a superuser'] },
      'database/fileUploaded': {
        id: 7,
        schema: 'uploads',
        table: 'sales',
        rows: 50000,
        mode: 'append',
        file_type: 'csv',
      },
    };
    const before = databaseSummaries.names!.evolve(databaseSummaries.names!.initial(), created);
    expect(unreadableSummaries(databaseSummaries, samples, [{}, { before }])).toEqual([]);
    expect(
      databaseSummaries.of['database/extraChanged'](samples['database/extraChanged'], {
        who: 'a',
        objectName: undefined,
        before,
      }),
    ).not.toContain('hunter2');
  });
});
