/**
 * The Query read model is a fold of the log: rebuilding it gives the live rows, including the tab links
 * that come from the user's tab stream (a run migrated into a server tab, a run removed from one).
 */
import { EventStore } from '../../event-store/event-store.port';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from '../execute/testing/sqllab-test-app';
import { TabStateModule } from '../tab-state/tab-state.module';

let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  app = await startSqlLabTestApp({ modules: [TabStateModule] });
  db = await app.addDatabase('target');
});
afterAll(async () => {
  await app?.close();
});

const form = (fields: Record<string, unknown>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();
const post = (path: string, fields: Record<string, unknown>) =>
  app.admin.request('POST', path, { raw: form(fields), contentType: 'application/x-www-form-urlencoded' });

it('rebuilding `query` from the log equals the live rows, tab links included', async () => {
  // Runs of a browser-only tab, then the tab reaches the server: its runs migrate, one is removed.
  const runs = [clientId(), clientId(), clientId()];
  for (const id of runs) {
    expect(
      (
        await app.admin.post('/api/v1/sqllab/execute/', {
          database_id: db,
          client_id: id,
          sql: 'SELECT 1 AS one',
          sql_editor_id: 'local-tab',
        })
      ).status,
    ).toBe(200);
  }
  const failed = clientId();
  await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: failed,
    sql: 'SELECT * FROM no_such_table',
    sql_editor_id: 'local-tab',
  });
  const created = await post('/tabstateview/', { queryEditor: { name: 'Migrated', dbId: db, sql: 'SELECT 1' } });
  expect(created.status).toBe(200);
  const tab = created.body.id as number;
  for (const id of [...runs, failed])
    expect((await post(`/tabstateview/${tab}/migrate_query`, { queryId: id })).status).toBe(200);
  expect((await app.admin.request('DELETE', `/tabstateview/${tab}/query/${runs[1]}`)).body).toBe('OK');

  const snapshot = () =>
    app.metaQuery<{ client_id: string; sql_editor_id: string | null }>('SELECT * FROM query ORDER BY id');
  const live = await snapshot();
  expect(Object.fromEntries(live.map((r) => [r.client_id, r.sql_editor_id]))).toEqual({
    [runs[0]]: String(tab),
    [runs[1]]: null,
    [runs[2]]: String(tab),
    [failed]: String(tab),
  });
  await app.t.app.get(EventStore).rebuild('sqllab-query');
  expect(await snapshot()).toEqual(live);
});
