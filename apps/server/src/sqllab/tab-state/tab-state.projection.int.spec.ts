/**
 * The `tab_state` and `table_schema` read models are folds of the log (issue 11 item 4): after any
 * sequence of tab and table commands of two users through the tab-state API (create, save any fields,
 * activate, delete; add, replace, expand or collapse, remove a table), the live tables equal a rebuild
 * from the log.
 */
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt } from '../../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { TabStateModule } from './tab-state.module';

let t: AuthTestApp;
let users: ApiClient[];
let dbs: number[];

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [TabStateModule] });
  users = [await userClient(t, ['sql_lab']), await userClient(t, ['sql_lab'])];
  dbs = [
    await insertDatabase(t, { name: 'tabs-a', uri: 'postgresql://reader@127.0.0.1:5432/test' }),
    await insertDatabase(t, { name: 'tabs-b', uri: 'postgresql://reader@127.0.0.1:5432/test' }),
  ];
});
afterAll(() => t.close());

/** Any subset of a tab's saved fields, as the editor's autosave PUTs them (`database_id` by index). */
const saved = fc.record(
  {
    label: fc.constantFrom('Delays', 'Routes'),
    database_id: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
    catalog: fc.option(fc.constant('main'), { nil: null }),
    schema: fc.option(fc.constantFrom('public', 'reports'), { nil: null }),
    sql: fc.constantFrom('SELECT 1', 'SELECT origin FROM flights'),
    query_limit: fc.option(fc.constantFrom(100, 1000), { nil: null }),
    template_params: fc.constantFrom('{}', '{"x": 1}'),
    hide_left_bar: fc.boolean(),
    autorun: fc.boolean(),
    extra_json: fc.record({ updatedAt: fc.integer({ min: 1, max: 9 }), version: fc.constant(1) }),
  },
  { requiredKeys: [] },
);

type Saved = typeof saved extends fc.Arbitrary<infer F> ? F : never;
type Step =
  | { kind: 'createTab'; by: number }
  | { kind: 'save'; by: number; tab: number; fields: Saved }
  | { kind: 'activate' | 'deleteTab'; by: number; tab: number }
  | { kind: 'addTable'; by: number; tab: number; name: string; schema: string | null }
  | { kind: 'expand'; by: number; table: number; expanded: boolean }
  | { kind: 'removeTable'; by: number; table: number };

const by = fc.integer({ min: 0, max: 1 });
const tab = fc.integer({ min: 0, max: 3 });
const table = fc.integer({ min: 0, max: 3 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('createTab' as const), by }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('save' as const), by, tab, fields: saved }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('activate' as const), by, tab }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteTab' as const), by, tab }) },
  {
    // Few names, so a table is often added again to its tab and replaces the earlier entry.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('addTable' as const),
      by,
      tab,
      name: fc.constantFrom('flights', 'airports'),
      schema: fc.option(fc.constant('public'), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('expand' as const), by, table, expanded: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeTable' as const), by, table }) },
);

const pick = (ids: number[], n: number) => (ids.length === 0 ? null : ids[n % ids.length]);

it('rebuilt from the log, `tab_state` and `table_schema` equal the live tables after any sequence of tab commands', async () => {
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 20 }), async (steps) => {
      const tabs: number[] = [];
      const tables: number[] = [];
      for (const s of steps) {
        const user = users[s.by];
        if (s.kind === 'createTab') {
          const created = await user.post('/tabstateview/', {
            queryEditor: { name: 'Tab', dbId: dbs[0], sql: 'SELECT 1' },
          });
          expect(created.status).toBe(200);
          tabs.push(created.body.id as number);
          continue;
        }
        const tabId = s.kind === 'expand' || s.kind === 'removeTable' ? null : pick(tabs, s.tab);
        const tableId = s.kind === 'expand' || s.kind === 'removeTable' ? pick(tables, s.table) : null;
        if (tabId === null && tableId === null) continue;
        let answer: { status: number; body: { id?: number } };
        switch (s.kind) {
          case 'save': {
            const { database_id, ...rest } = s.fields;
            const fields =
              database_id === undefined
                ? rest
                : { ...rest, database_id: database_id === null ? null : dbs[database_id] };
            answer = await user.put(`/tabstateview/${tabId}`, fields);
            break;
          }
          case 'activate':
            answer = await user.post(`/tabstateview/${tabId}/activate`);
            break;
          case 'deleteTab':
            answer = await user.delete(`/tabstateview/${tabId}`);
            break;
          case 'addTable':
            answer = await user.post('/tableschemaview/', {
              table: { queryEditorId: tabId, dbId: dbs[0], schema: s.schema, name: s.name, columns: [] },
            });
            if (answer.status === 200) tables.push(answer.body.id as number);
            break;
          case 'expand':
            answer = await user.post(`/tableschemaview/${tableId}/expanded`, { expanded: s.expanded });
            break;
          case 'removeTable':
            answer = await user.delete(`/tableschemaview/${tableId}`);
            break;
        }
        // Another user's tab or table (403) or one deleted before (404) records nothing.
        expect([200, 403, 404]).toContain(answer.status);
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'tab_state', ['tab_state', 'table_schema']);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 15 },
  );
}, 120_000);
