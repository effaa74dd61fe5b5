/**
 * A database log written before the form edit was split into intent events (`database/settingsChanged
 * { changes }`, `database/passwordChanged { removed }`) still loads: a rebuild of `databases` gives the
 * settings those events set, and the next change is decided on the upcast fold.
 */
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../testing/auth-test-app';
import { DatabasesModule } from './databases.module';

let t: AuthTestApp;
let admin: HttpClient;

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DatabasesModule] });
  const token = await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password);
  admin = new HttpClient(t.url);
  const request = admin.request.bind(admin);
  admin.request = (method, path, options = {}) =>
    request(method, path, { ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
});

afterAll(async () => {
  await t?.close();
});

const settings = {
  database_name: 'legacy',
  uri: 'postgresql://ana@db.example.org:5432/sales',
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

it('rebuilds the read model from old-shaped events and decides the next change on their upcast fold', async () => {
  const ds = t.app.get(DataSource);
  const store = t.app.get(EventStore);
  const [{ id }] = (await ds.query(`SELECT nextval(pg_get_serial_sequence('databases', 'id'))::int AS id`)) as {
    id: number;
  }[];
  const stream = `database:${id}`;
  // As the server wrote them before: each its own batch.
  const old = [
    { type: 'database/databaseCreated', data: { id, ...settings } },
    { type: 'database/passwordChanged', data: { id, removed: false } },
    {
      type: 'database/settingsChanged',
      data: { id, changes: { database_name: 'legacy eu', allow_dml: true, allows_subquery: false, cache_timeout: 60 } },
    },
    { type: 'database/passwordChanged', data: { id, removed: true } },
  ];
  for (const [n, event] of old.entries()) {
    await store.append(stream, [event], { expectedVersion: n, meta: { actor: 'system', undoable: false } });
  }

  await store.rebuild('databases');
  const shown = await admin.get(`/api/v1/database/${id}`);
  expect(shown.status).toBe(200);
  expect(shown.body.result).toMatchObject({
    database_name: 'legacy eu',
    allow_dml: true,
    allows_subquery: false,
    cache_timeout: 60,
  });

  // Already true in the upcast fold: nothing to record. Then a real change: one intent event after the old ones.
  expect((await admin.put(`/api/v1/database/${id}`, { allow_dml: true, cache_timeout: 60 })).status).toBe(200);
  expect(await store.streamVersion(stream)).toBe(4);
  expect((await admin.put(`/api/v1/database/${id}`, { allow_dml: false })).status).toBe(200);
  const events = await store.readStream(stream, 4);
  expect(events.map((e) => [e.version, e.type, e.data])).toEqual([
    [5, 'database/optionDisabled', { id, option: 'allow_dml' }],
  ]);
  expect((await admin.get(`/api/v1/database/${id}`)).body.result).toMatchObject({
    database_name: 'legacy eu',
    allow_dml: false,
    cache_timeout: 60,
  });
});
