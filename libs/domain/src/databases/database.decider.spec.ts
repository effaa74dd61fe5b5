import { deciderSpec } from '../testing';
import { databaseDecider, type DatabaseState } from './database.decider';
import type { DatabaseEvent, DatabaseSettings } from './database.events';

const settings: DatabaseSettings = {
  database_name: 'sales',
  uri: 'postgresql://ana@db:5432/sales',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allows_cost_estimate: false,
  allows_subquery: true,
  allow_file_upload: false,
  force_ctas_schema: null,
  cache_timeout: null,
  extra: {},
};
const created: DatabaseEvent = { type: 'database/databaseCreated', data: { id: 7, ...settings } };
const active = (overrides: Partial<DatabaseSettings> = {}, roles: string[] = []): DatabaseState => ({
  status: 'active',
  id: 7,
  settings: { ...settings, ...overrides },
  roles,
});
const spec = deciderSpec(databaseDecider);

describe('database decider', () => {
  it('given nothing, when CreateDatabase with a password, then databaseCreated and passwordChanged without its value', () => {
    spec
      .given([])
      .when({ type: 'CreateDatabase', data: { id: 7, settings, passwordSet: true } })
      .then([created, { type: 'database/passwordChanged', data: { id: 7 } }]);
  });

  it('given a database, when CreateDatabase again, then it is refused', () => {
    spec
      .given([created])
      .when({ type: 'CreateDatabase', data: { id: 7, settings, passwordSet: false } })
      .thenThrows('database_exists');
  });

  it('records the dangerous login the admin confirmed, on create and on a change of connection', () => {
    const confirmedLogin = { username: 'postgres', risks: ['it is a superuser'] };
    const confirmed: DatabaseEvent = { type: 'database/dangerousLoginConfirmed', data: { id: 7, ...confirmedLogin } };
    spec
      .given([])
      .when({ type: 'CreateDatabase', data: { id: 7, settings, passwordSet: false, confirmedLogin } })
      .then([created, confirmed]);
    spec
      .given([created])
      .when({ type: 'ChangeDatabase', data: { changes: {}, password: 'set', confirmedLogin } })
      .then([{ type: 'database/passwordChanged', data: { id: 7 } }, confirmed]);
    spec
      .given([])
      .when({
        type: 'CreateDatabase',
        data: { id: 7, settings, passwordSet: false, confirmedLogin: { username: 'ana', risks: [] } },
      })
      .then([created]);
  });

  it('given a database, when the form changes several settings, then one intent event each, in the form order', () => {
    const changes = {
      database_name: 'sales eu',
      uri: 'postgresql://ana@db-eu:5432/sales',
      allow_dml: true,
      expose_in_sqllab: false,
      force_ctas_schema: 'scratch',
      cache_timeout: 60,
      extra: { metadata_params: {} },
    };
    spec
      .given([created])
      .when({ type: 'ChangeDatabase', data: { changes, password: 'remove' } })
      .then([
        { type: 'database/databaseRenamed', data: { id: 7, database_name: 'sales eu' } },
        { type: 'database/connectionChanged', data: { id: 7, uri: 'postgresql://ana@db-eu:5432/sales' } },
        { type: 'database/optionDisabled', data: { id: 7, option: 'expose_in_sqllab' } },
        { type: 'database/optionEnabled', data: { id: 7, option: 'allow_dml' } },
        { type: 'database/ctasSchemaChanged', data: { id: 7, force_ctas_schema: 'scratch' } },
        { type: 'database/cacheTimeoutChanged', data: { id: 7, cache_timeout: 60 } },
        { type: 'database/extraChanged', data: { id: 7, extra: { metadata_params: {} } } },
        { type: 'database/passwordRemoved', data: { id: 7 } },
      ]);
    spec
      .given([created])
      .when({ type: 'ChangeDatabase', data: { changes, password: 'keep' } })
      .thenState(active(changes));
  });

  it('records only the settings that really change (no setter events)', () => {
    spec
      .given([created])
      .when({
        type: 'ChangeDatabase',
        data: { changes: { database_name: 'sales', allow_dml: true, cache_timeout: null }, password: 'keep' },
      })
      .then([{ type: 'database/optionEnabled', data: { id: 7, option: 'allow_dml' } }]);
    spec
      .given([created])
      .when({ type: 'ChangeDatabase', data: { changes: { allow_dml: false, extra: {} }, password: 'keep' } })
      .then([]);
  });

  it('given a forced CTAS schema and a cache timeout, when the form clears them, then they change to null', () => {
    const tuned: DatabaseEvent[] = [
      created,
      { type: 'database/ctasSchemaChanged', data: { id: 7, force_ctas_schema: 'scratch' } },
      { type: 'database/cacheTimeoutChanged', data: { id: 7, cache_timeout: 60 } },
    ];
    spec
      .given(tuned)
      .when({
        type: 'ChangeDatabase',
        data: { changes: { force_ctas_schema: null, cache_timeout: null }, password: 'keep' },
      })
      .thenState(active());
  });

  it('refuses changes to a deleted or unknown database', () => {
    const deleted: DatabaseEvent = { type: 'database/databaseDeleted', data: { id: 7, database_name: 'sales' } };
    spec.given([created, deleted]).when({ type: 'DeleteDatabase' }).thenThrows('database_not_found');
    spec
      .given([])
      .when({ type: 'ChangeDatabase', data: { changes: {}, password: 'set' } })
      .thenThrows('database_not_found');
    spec
      .given([created, deleted])
      .when({ type: 'SetDatabaseAccess', data: { roles: ['Gamma'] } })
      .thenThrows('database_not_found');
  });

  it('given a database, when DeleteDatabase, then databaseDeleted names it', () => {
    spec
      .given([created])
      .when({ type: 'DeleteDatabase' })
      .then([{ type: 'database/databaseDeleted', data: { id: 7, database_name: 'sales' } }]);
  });

  it('grants and revokes access to reach the wanted roles, ignoring case', () => {
    const gamma: DatabaseEvent = { type: 'database/accessGranted', data: { id: 7, role: 'Gamma' } };
    spec
      .given([created, gamma])
      .when({ type: 'SetDatabaseAccess', data: { roles: ['sql_lab', 'gamma'] } })
      .then([{ type: 'database/accessGranted', data: { id: 7, role: 'sql_lab' } }]);
    spec
      .given([created, gamma])
      .when({ type: 'SetDatabaseAccess', data: { roles: [] } })
      .then([{ type: 'database/accessRevoked', data: { id: 7, role: 'Gamma' } }]);
    spec
      .given([created, gamma])
      .when({ type: 'SetDatabaseAccess', data: { roles: ['sql_lab'] } })
      .thenState(active({}, ['sql_lab']));
  });

  it('adopts a row registered outside the log once', () => {
    spec
      .given([])
      .when({ type: 'AdoptDatabase', data: { id: 1, current: settings, roles: ['Gamma'] } })
      .then([
        { type: 'database/databaseAdopted', data: { id: 1, ...settings } },
        { type: 'database/accessGranted', data: { id: 1, role: 'Gamma' } },
      ]);
    spec
      .given([created])
      .when({ type: 'AdoptDatabase', data: { id: 7, current: settings, roles: [] } })
      .then([]);
  });

  it('records a file upload as one intent, also for a row outside the log, never for a deleted database', () => {
    const data = {
      id: 7,
      schema: 'uploads',
      table: 'sales',
      rows: 3,
      mode: 'replace' as const,
      file_type: 'csv' as const,
    };
    spec
      .given([created])
      .when({ type: 'RecordFileUpload', data })
      .then([{ type: 'database/fileUploaded', data }]);
    spec
      .given([])
      .when({ type: 'RecordFileUpload', data })
      .then([{ type: 'database/fileUploaded', data }]);
    spec
      .given([created, { type: 'database/databaseDeleted', data: { id: 7, database_name: 'x' } }])
      .when({ type: 'RecordFileUpload', data })
      .thenThrows('database_not_found');
  });
});
