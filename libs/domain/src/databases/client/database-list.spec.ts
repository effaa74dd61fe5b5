import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import {
  databaseListFold,
  type DatabaseListEvent,
  type DatabaseView,
  type RelatedObjectsView,
} from './database-list.events';
import { databaseListSummaries } from './database-list.summaries';

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
    };
    expect(unreadableSummaries(databaseListSummaries, samples)).toEqual([]);
  });
});
