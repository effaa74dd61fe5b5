import { deciderSpec } from '@strata/domain/testing';
import { databaseDecider, type DatabaseCommand, type DatabaseState } from './database.decider';
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
const spec = deciderSpec<DatabaseState, DatabaseEvent, DatabaseCommand>(databaseDecider);

describe('database decider', () => {
  it('creates a database and records that a password was set, without its value', () => {
    spec
      .given([])
      .when({ type: 'CreateDatabase', data: { id: 7, settings, passwordSet: true } })
      .then([created, { type: 'database/passwordChanged', data: { id: 7, removed: false } }]);
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
      .then([{ type: 'database/passwordChanged', data: { id: 7, removed: false } }, confirmed]);
    spec
      .given([])
      .when({
        type: 'CreateDatabase',
        data: { id: 7, settings, passwordSet: false, confirmedLogin: { username: 'ana', risks: [] } },
      })
      .then([created]);
  });

  it('records only the settings that really change', () => {
    spec
      .given([created])
      .when({
        type: 'ChangeDatabase',
        data: { changes: { database_name: 'sales', allow_dml: true, cache_timeout: null }, password: 'keep' },
      })
      .then([{ type: 'database/settingsChanged', data: { id: 7, changes: { allow_dml: true } } }]);
    spec
      .given([created])
      .when({ type: 'ChangeDatabase', data: { changes: { allow_dml: false }, password: 'keep' } })
      .then([]);
  });

  it('refuses changes to a deleted or unknown database', () => {
    const deleted: DatabaseEvent = { type: 'database/databaseDeleted', data: { id: 7, database_name: 'sales' } };
    spec.given([created, deleted]).when({ type: 'DeleteDatabase' }).thenThrows('database_not_found');
    spec
      .given([])
      .when({ type: 'ChangeDatabase', data: { changes: {}, password: 'set' } })
      .thenThrows('database_not_found');
  });

  it('grants and revokes access to reach the wanted roles', () => {
    spec
      .given([created, { type: 'database/accessGranted', data: { id: 7, role: 'Gamma' } }])
      .when({ type: 'SetDatabaseAccess', data: { roles: ['sql_lab', 'gamma'] } })
      .then([{ type: 'database/accessGranted', data: { id: 7, role: 'sql_lab' } }]);
    spec
      .given([created, { type: 'database/accessGranted', data: { id: 7, role: 'Gamma' } }])
      .when({ type: 'SetDatabaseAccess', data: { roles: [] } })
      .then([{ type: 'database/accessRevoked', data: { id: 7, role: 'Gamma' } }]);
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
});
