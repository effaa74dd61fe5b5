import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import {
  databaseListFold,
  type DatabaseListEvent,
  type DatabasesPageEvent,
  type DatabaseView,
  type RelatedObjectsView,
} from './database-list.events';
import { databaseListSummaries } from './database-list.summaries';
import { databaseFormOf, EMPTY_DATABASE_FORM, maskUriPassword } from './database-form';
import type { DatabaseFormEvent } from './database-form.events';
import { databaseFormSummaries } from './database-form.summaries';

const db = (id: number, database_name: string): DatabaseView => ({
  id,
  database_name,
  backend: 'postgresql',
  sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@h:5432/d',
  parameters: null,
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allows_cost_estimate: false,
  allow_file_upload: false,
  force_ctas_schema: null,
  cache_timeout: null,
  extra: '{}',
  roles_with_access: [],
  changed_on: '2026-01-01T00:00:00Z',
});
const related: RelatedObjectsView = {
  charts: { count: 1, result: [{ id: 3, slice_name: 'Orders', viz_type: 'table' }] },
  datasets: { count: 1, result: [{ id: 2, table_name: 'orders', schema: 'shop' }] },
};

const fold = (events: DatabaseListEvent[]) => events.reduce(databaseListFold.evolve, databaseListFold.initialState());

describe('databases page fold', () => {
  it('adds a saved database in name order, replaces an edited one, and forgets a deleted one', () => {
    const state = fold([
      { type: 'databaseList/loaded', data: { search: '', count: 2, databases: [db(1, 'b'), db(2, 'd')] } },
      { type: 'databaseList/connectionTested', data: { ok: true, errorType: null, message: 'OK' } },
      { type: 'databaseList/saved', data: { database: db(3, 'c') } },
      { type: 'databaseList/saved', data: { database: { ...db(1, 'b'), allow_dml: true } } },
      { type: 'databaseList/relatedLoaded', data: { id: 2, related } },
      { type: 'databaseList/deleted', data: { id: 2, name: 'd' } },
    ]);
    expect(state.databases!.map((d) => [d.id, d.allow_dml])).toEqual([
      [1, true],
      [3, false],
    ]);
    expect([state.count, state.test, state.related]).toEqual([2, null, {}]);
  });

  it('offers the built-in roles but Admin until the server lists its roles, then its custom ones too', () => {
    expect(fold([]).roleChoices).toEqual(['Alpha', 'Gamma', 'sql_lab', 'Public']);
    const listed = fold([{ type: 'databaseList/rolesListed', data: { roles: ['Admin', 'Gamma', 'Analysts'] } }]);
    expect(listed.roleChoices).toEqual(['Gamma', 'Analysts']);
  });
});

describe('databases page summaries', () => {
  it('reads every event type', () => {
    const samples: SummarySamples<DatabaseListEvent> = {
      'databaseList/loaded': { search: 'pg', count: 1, databases: [db(1, 'pg')] },
      'databaseList/loadFailed': { message: 'Forbidden' },
      'databaseList/saved': { database: db(1, 'pg') },
      'databaseList/deleted': { id: 1, name: 'pg' },
      'databaseList/connectionTested': {
        ok: false,
        errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
        message: 'The hostname "x" cannot be resolved.',
      },
      'databaseList/testCleared': {},
      'databaseList/relatedLoaded': { id: 1, related },
      'databaseList/searchTyped': { text: 'pg' },
      'databaseList/rolesListed': { roles: ['Gamma', 'Analysts'] },
    };
    expect(unreadableSummaries(databaseListSummaries, samples)).toEqual([]);
  });

  it('reads every gesture of the database form, never a password', () => {
    const samples: SummarySamples<DatabaseFormEvent> = {
      'databaseForm/opened': { databaseId: 1, form: databaseFormOf(db(1, 'pg')) },
      'databaseForm/closed': {},
      'databaseForm/nameTyped': { name: 'Sales' },
      'databaseForm/connectionMethodChosen': { method: 'uri' },
      'databaseForm/engineChosen': { engine: 'mysql' },
      'databaseForm/hostTyped': { host: 'db.internal' },
      'databaseForm/portTyped': { port: '5432' },
      'databaseForm/databaseTyped': { database: 'sales' },
      'databaseForm/usernameTyped': { username: 'bi' },
      'databaseForm/passwordTyped': {},
      'databaseForm/sslModeChosen': { sslMode: 'require' },
      'databaseForm/uriTyped': { uri: 'postgresql://u:XXXXXXXXXX@h/d' },
      'databaseForm/optionEnabled': { option: 'allow_dml' },
      'databaseForm/optionDisabled': { option: 'allow_file_upload' },
      'databaseForm/ctasSchemaTyped': { schema: 'tmp' },
      'databaseForm/uploadSchemasTyped': { schemas: 'public, uploads' },
      'databaseForm/cacheTimeoutTyped': { timeout: '600' },
      'databaseForm/roleGranted': { role: 'Gamma' },
      'databaseForm/roleWithdrawn': { role: 'Gamma' },
      'databaseForm/dangerousLoginAccepted': {},
      'databaseForm/dangerousLoginDeclined': {},
      'databaseForm/incompleteRefused': { message: 'Host is required.' },
      'databaseForm/testRequested': {},
      'databaseForm/saveRequested': {},
      'databaseForm/saveRefused': { message: 'A database with the same name already exists.', errorType: null },
    };
    expect(unreadableSummaries(databaseFormSummaries, samples)).toEqual([]);
  });
});

describe('the database form fold', () => {
  const page = (events: DatabasesPageEvent[]) =>
    events.reduce(databaseListFold.evolve, databaseListFold.initialState());

  it('makes the form from its gestures; a change puts the last test away; a save closes it', () => {
    const state = page([
      { type: 'databaseList/searchTyped', data: { text: 'wa' } },
      { type: 'databaseForm/opened', data: { databaseId: null, form: EMPTY_DATABASE_FORM } },
      { type: 'databaseForm/nameTyped', data: { name: 'Sales' } },
      { type: 'databaseForm/engineChosen', data: { engine: 'mysql' } },
      { type: 'databaseForm/passwordTyped', data: {} },
      { type: 'databaseForm/optionEnabled', data: { option: 'allow_file_upload' } },
      { type: 'databaseForm/roleGranted', data: { role: 'Gamma' } },
      { type: 'databaseForm/testRequested', data: {} },
      { type: 'databaseList/connectionTested', data: { ok: true, errorType: null, message: 'OK' } },
    ]);
    expect(state.searchText).toBe('wa');
    expect(state.form).toMatchObject({ pending: null, passwordTyped: true });
    expect(state.form!.values).toMatchObject({
      database_name: 'Sales',
      engine: 'mysql',
      port: '3306',
      password: '',
      allow_file_upload: true,
      roles: ['Gamma'],
    });
    expect(state.test?.ok).toBe(true);
    const changed = databaseListFold.evolve(state, { type: 'databaseForm/hostTyped', data: { host: 'h' } });
    expect(changed.test).toBeNull();
    const refused = databaseListFold.evolve(changed, {
      type: 'databaseForm/saveRefused',
      data: { message: 'Taken', errorType: null },
    });
    expect(refused.form!.error).toEqual({ message: 'Taken', errorType: null });
    expect(
      databaseListFold.evolve(refused, { type: 'databaseList/saved', data: { database: db(5, 'Sales') } }).form,
    ).toBeNull();
  });

  it('keeps a typed URI with its password masked', () => {
    expect(maskUriPassword('postgresql://bi:s3cret@db:5432/sales')).toBe('postgresql://bi:XXXXXXXXXX@db:5432/sales');
    expect(maskUriPassword('postgresql://bi@db/sales')).toBe('postgresql://bi@db/sales');
  });
});
