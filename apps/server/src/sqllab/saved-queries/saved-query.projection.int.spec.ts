/**
 * The `saved_query` read model is a fold of the log (issue 11 item 4): after any sequence of saves,
 * edits of any fields (by the owner, another user, an admin), stars given and taken off (issue 15 item 6)
 * and deletions through the saved-query API, the live tables (`saved_query`, `saved_query_favorites`)
 * equal a rebuild from the log.
 */
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt } from '../../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { SavedQueriesModule } from './saved-queries.module';

let t: AuthTestApp;
let users: ApiClient[];
let dbs: number[];

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [SavedQueriesModule] });
  users = [
    await userClient(t, ['sql_lab', 'Gamma']),
    await userClient(t, ['sql_lab', 'Gamma']),
    await userClient(t, ['Admin']),
  ];
  dbs = [
    await insertDatabase(t, { name: 'saved-a', uri: 'postgresql://reader@127.0.0.1:5432/test' }),
    await insertDatabase(t, { name: 'saved-b', uri: 'postgresql://reader@127.0.0.1:5432/test' }),
  ];
});
afterAll(() => t.close());

const text = fc.constantFrom('a', 'b', 'Busiest airports', 'SELECT 1', '');
const nullable = fc.option(fc.constantFrom('public', 'reports'), { nil: null });
/** Any subset of a saved query's fields, as a PUT or a POST sends them. */
const fields = fc.record(
  {
    label: fc.constantFrom('Delays', 'Routes', 'Airports'),
    description: text,
    db_id: fc.integer({ min: 0, max: 1 }),
    catalog: fc.option(fc.constant('main'), { nil: null }),
    schema: nullable,
    sql: fc.constantFrom('SELECT 1', 'SELECT origin FROM flights', 'SELECT 2'),
    template_parameters: fc.option(fc.constantFrom('{"x": 1}', '{}'), { nil: null }),
  },
  { requiredKeys: [] },
);

type Step =
  | { kind: 'create'; by: number; fields: typeof fields extends fc.Arbitrary<infer F> ? F : never }
  | { kind: 'edit'; by: number; target: number; fields: typeof fields extends fc.Arbitrary<infer F> ? F : never }
  | { kind: 'delete' | 'bulkDelete' | 'star' | 'unstar'; by: number; target: number };

const by = fc.integer({ min: 0, max: 2 });
const target = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('create' as const), by, fields }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('edit' as const), by, target, fields }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('delete' as const, 'bulkDelete' as const), by, target }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('star' as const, 'unstar' as const), by, target }) },
);

/** A body with the database by index; a create fills what the generated fields leave out. */
function body(f: Partial<Record<string, unknown>>, complete: boolean) {
  const withDb = { ...f, ...(f.db_id === undefined ? {} : { db_id: dbs[f.db_id as number] }) };
  return complete ? { label: 'New', db_id: dbs[0], sql: 'SELECT 1', ...withDb } : withDb;
}

it('rebuilt from the log, `saved_query` and its stars equal the live tables after any sequence of saves, edits, stars and deletions', async () => {
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 20 }), async (steps) => {
      const ids: number[] = [];
      for (const s of steps) {
        const user = users[s.by];
        if (s.kind === 'create') {
          const created = await user.post('/api/v1/saved_query/', body(s.fields, true));
          expect(created.status).toBe(201);
          ids.push(created.body.id as number);
          continue;
        }
        if (ids.length === 0) continue;
        const id = ids[s.target % ids.length];
        const answer =
          s.kind === 'edit'
            ? await user.put(`/api/v1/saved_query/${id}`, body(s.fields, false))
            : s.kind === 'star'
              ? await user.post(`/api/v1/saved_query/${id}/favorites/`)
              : s.kind === 'unstar'
                ? await user.delete(`/api/v1/saved_query/${id}/favorites/`)
                : s.kind === 'delete'
                  ? await user.delete(`/api/v1/saved_query/${id}`)
                  : await user.delete(`/api/v1/saved_query/?q=!(${id})`);
        // Another user's query (403) or a deleted one (404) records nothing.
        expect([200, 403, 404]).toContain(answer.status);
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'saved_query', [
        'saved_query',
        'saved_query_favorites',
      ]);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 15 },
  );
}, 120_000);
