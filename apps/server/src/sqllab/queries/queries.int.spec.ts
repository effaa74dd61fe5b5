/**
 * The Query read model over REST: one query by numeric or client id, the updated_since poll, the history
 * list with filters and pages, who sees what, and `rebuild` reproducing the live table from the log.
 */
import { PostgresEventStore } from '../../event-store/postgres-event-store';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from '../execute/testing/sqllab-test-app';

let app: SqlLabTestApp;
let db: number;
let other: Awaited<ReturnType<SqlLabTestApp['userClient']>>;
const ids: string[] = [];

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target');
  other = await app.userClient('analyst', ['sql_lab']);
  for (const sql of ['SELECT 1 AS a', 'SELECT * FROM t1200 WHERE id < 5', 'SELECT * FROM nowhere']) {
    const id = clientId();
    ids.push(id);
    await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql,
      tab: 'Tab A',
      sql_editor_id: '7',
      schema: 'public',
    });
  }
});
afterAll(async () => {
  await app?.close();
});

const q = (rison: string) => `?q=${encodeURIComponent(rison)}`;

it('GET /api/v1/query/{id} by client id or numeric id: Query.to_dict in camelCase', async () => {
  const byClient = await app.admin.get(`/api/v1/query/${ids[1]}`);
  expect(byClient.status).toBe(200);
  expect(byClient.body.result).toMatchObject({
    id: ids[1],
    dbId: db,
    db: 'target',
    sql: 'SELECT * FROM t1200 WHERE id < 5',
    sqlEditorId: '7',
    tab: 'Tab A',
    schema: 'public',
    state: 'success',
    rows: 4,
    limitingFactor: 'NOT_LIMITED',
    progress: 100,
    ctas: false,
    userId: expect.any(Number),
    user: expect.any(String),
    startDttm: expect.any(Number),
    endDttm: expect.any(Number),
    changed_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  expect(byClient.body.result.endDttm).toBeGreaterThanOrEqual(byClient.body.result.startDttm);
  const numeric = await app.admin.get(`/api/v1/query/${byClient.body.result.queryId}`);
  expect(numeric.body.result.id).toBe(ids[1]);
  expect((await app.admin.get('/api/v1/query/999999')).status).toBe(404);
  expect((await other.get(`/api/v1/query/${ids[1]}`)).status).toBe(404);
});

it("updated_since returns the user's queries changed since a time", async () => {
  const all = await app.admin.get(`/api/v1/query/updated_since${q('(last_updated_ms:0)')}`);
  expect(all.body.result.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(ids));
  const future = await app.admin.get(`/api/v1/query/updated_since${q(`(last_updated_ms:${Date.now() + 60_000})`)}`);
  expect(future.body.result).toEqual([]);
  expect((await other.get(`/api/v1/query/updated_since${q('(last_updated_ms:0)')}`)).body.result).toEqual([]);
  expect((await app.admin.get(`/api/v1/query/updated_since${q('(last_updated_ms:abc)')}`)).status).toBe(400);
});

it('the history list filters by database, state, text, user and time, orders and pages', async () => {
  const list = (rison: string, client = app.admin) => client.get(`/api/v1/query/${q(rison)}`);
  const all = await list('()');
  expect(all.body.count).toBe(3);
  expect(all.body.result[0].id).toBe(ids[2]); // newest first
  const failed = await list('(filters:!((col:status,opr:eq,value:failed)))');
  expect(failed.body.result.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
  const text = await list("(filters:!((col:sql,opr:ct,value:'t1200')))");
  expect(text.body.result.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
  expect((await list(`(filters:!((col:database_id,opr:eq,value:${db + 1000})))`)).body.count).toBe(0);
  expect(
    (await list(`(filters:!((col:changed_on,opr:gt,value:'${new Date(Date.now() + 60_000).toISOString()}')))`)).body
      .count,
  ).toBe(0);
  const paged = await list('(order_column:changed_on,order_direction:asc,page:1,page_size:2)');
  expect(paged.body).toMatchObject({ count: 3 });
  expect(paged.body.result.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
  // Others see their own history only, and may not ask for someone else's.
  expect((await list('()', other)).body.count).toBe(0);
  const adminId = all.body.result[0].userId as number;
  expect((await list(`(filters:!((col:user_id,opr:eq,value:${adminId})))`, other)).status).toBe(403);
  expect((await list(`(filters:!((col:user_id,opr:eq,value:${adminId})))`)).body.count).toBe(3);
  expect((await list('(filters:!((col:password,opr:eq,value:x)))')).status).toBe(400);
  // Superset's query search names: database / user with rel_o_m, start_time ranges.
  expect(
    (await list(`(filters:!((col:database,opr:rel_o_m,value:${db}),(col:user,opr:rel_o_m,value:${adminId})))`)).body
      .count,
  ).toBe(3);
  expect((await list(`(filters:!((col:start_time,opr:lt,value:${Date.now() - 3_600_000})))`)).body.count).toBe(0);
  expect((await list(`(filters:!((col:start_time,opr:gt,value:${Date.now() - 3_600_000})))`)).body.count).toBe(3);
});

it("a non-admin's history is their own runs only, whatever they search; an admin finds them by user", async () => {
  const list = (rison: string, client = app.admin) => client.get(`/api/v1/query/${q(rison)}`);
  expect((await app.admin.put(`/api/v1/database/${db}/access`, { roles: ['sql_lab'] })).status).toBe(200);
  const mine = clientId();
  const run = await other.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: mine,
    sql: 'SELECT 2 AS mine',
  });
  expect(run.status).toBe(200);
  const own = await list('()', other);
  expect([own.body.count, own.body.result.map((r: { id: string }) => r.id)]).toEqual([1, [mine]]);
  // The admin's runs stay out of every search of theirs: by text, state, database or time.
  expect((await list("(filters:!((col:sql,opr:ct,value:'t1200')))", other)).body.count).toBe(0);
  expect((await list('(filters:!((col:status,opr:eq,value:failed)))', other)).body.count).toBe(0);
  expect((await list(`(filters:!((col:database_id,opr:eq,value:${db})))`, other)).body.count).toBe(1);
  expect((await list(`(filters:!((col:user_id,opr:eq,value:${other.id})))`, other)).body.count).toBe(1);
  expect((await list('()')).body.count).toBe(4);
  const byUser = await list(`(filters:!((col:user_id,opr:eq,value:${other.id})))`);
  expect(byUser.body.result.map((r: { id: string; userId: number }) => [r.id, r.userId])).toEqual([[mine, other.id]]);
});

it('rebuilding the read model from the log gives the live table', async () => {
  const snapshot = () => app.metaQuery('SELECT * FROM query ORDER BY id');
  const before = await snapshot();
  await app.t.app.get(PostgresEventStore).rebuild('sqllab-query');
  expect(await snapshot()).toEqual(before);
});
