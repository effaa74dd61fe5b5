import { envelopeBatch, type EventLike } from '@strata/events';
import { upcastEvents } from '../upcasters';
import { databaseDecider } from './database.decider';
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
const created = { type: 'database/databaseCreated', data: { id: 7, ...settings } };

/** Stored events as the store reads them: each its own batch, then upcast. */
const read = (events: readonly EventLike[]) =>
  upcastEvents(
    events.map(
      (e, n) =>
        envelopeBatch(
          [e],
          { actor: '1', at: '2026-01-01T00:00:00Z', batchId: `b${n}` },
          {
            stream: 'database:7',
            version: n + 1,
          },
        )[0]!,
    ),
  );
const fold = (events: readonly EventLike[]) =>
  events.reduce((s, e) => databaseDecider.evolve(s, e as DatabaseEvent), databaseDecider.initialState());

describe('database upcasters: a log written before the form edit was split into intents', () => {
  const old = [
    created,
    { type: 'database/passwordChanged', data: { id: 7, removed: false } },
    {
      type: 'database/settingsChanged',
      data: {
        id: 7,
        changes: { database_name: 'sales eu', allow_dml: true, allows_subquery: false, cache_timeout: 60 },
      },
    },
    { type: 'database/passwordChanged', data: { id: 7, removed: true } },
  ];

  it('reads settingsChanged {changes} as one intent event per changed setting, on the same version', () => {
    const upcast = read(old);
    expect(upcast.map((e) => [e.version, e.type, e.data])).toEqual([
      [1, 'database/databaseCreated', { id: 7, ...settings }],
      [2, 'database/passwordChanged', { id: 7 }],
      [3, 'database/databaseRenamed', { id: 7, database_name: 'sales eu' }],
      [3, 'database/optionEnabled', { id: 7, option: 'allow_dml' }],
      [3, 'database/optionDisabled', { id: 7, option: 'allows_subquery' }],
      [3, 'database/cacheTimeoutChanged', { id: 7, cache_timeout: 60 }],
      [4, 'database/passwordRemoved', { id: 7 }],
    ]);
    expect(new Set(upcast.map((e) => e.id)).size).toBe(upcast.length);
  });

  it('folds the old log to the same state as the new events', () => {
    expect(fold(read(old))).toEqual({
      status: 'active',
      id: 7,
      settings: { ...settings, database_name: 'sales eu', allow_dml: true, allows_subquery: false, cache_timeout: 60 },
      roles: [],
    });
  });

  it("leaves today's passwordChanged as it is, and never drops an event", () => {
    expect(read([{ type: 'database/passwordChanged', data: { id: 7 } }]).map((e) => e.data)).toEqual([{ id: 7 }]);
    const empty = { type: 'database/settingsChanged', data: { id: 7, changes: {} } };
    expect(read([created, empty])).toHaveLength(2);
  });
});
