import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { userClient, type ApiClient } from '../bootstrap/rest-testing';
import { SqlLabPermalinkModule } from './permalink.module';

describe('/api/v1/sqllab/permalink (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let ana: ApiClient;
  let bob: ApiClient;
  let gamma: ApiClient;

  const state = {
    dbId: 1,
    sql: 'SELECT * FROM flights',
    name: 'Flights',
    schema: 'public',
    catalog: null,
    autorun: false,
    templateParams: '{}',
  };

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [SqlLabPermalinkModule] });
    ana = await userClient(t, ['sql_lab']);
    bob = await userClient(t, ['sql_lab']);
    gamma = await userClient(t, ['Gamma']);
  });
  afterAll(() => t.close());

  it('stores the state under a random key, as an event, and gives it back by key and by kv:key', async () => {
    const created = await ana.post('/api/v1/sqllab/permalink', state);
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.body.url).toBe(`${t.url}/sqllab/p/${key}`); // absolute (issue 16)

    const got = await bob.get(`/api/v1/sqllab/permalink/${key}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(state);
    expect((await bob.get(`/api/v1/sqllab/permalink/kv:${key}`)).body).toEqual(state);

    const events = await t.app.get(EventStore).readStream(`sqllab_permalink:${key}`);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'sqllab/permalinkCreated',
      data: { key, state },
      meta: { actor: String(ana.userId) },
    });

    const second = await ana.post('/api/v1/sqllab/permalink', state);
    expect(second.body.key).not.toBe(key);
  });

  it('404 for unknown or malformed keys; 400 for a bad body, storing nothing; 403 without the permission', async () => {
    expect((await ana.get('/api/v1/sqllab/permalink/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await ana.get("/api/v1/sqllab/permalink/x'%20or%201=1")).status).toBe(404);
    const count = () => t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM key_value`);
    const before = await count();
    for (const body of [{}, { dbId: 'x', sql: 'select 1' }, { dbId: 1 }, { dbId: 1, sql: 'x', autorun: 'yes' }]) {
      const res = await ana.post('/api/v1/sqllab/permalink', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    expect(await count()).toEqual(before);
    expect((await gamma.post('/api/v1/sqllab/permalink', state)).status).toBe(403);
  });

  it('rebuilding key_value from the log gives the same rows', async () => {
    const rows = () =>
      t.app.get(DataSource).query(`SELECT resource, key, value, created_by_fk, created_on FROM key_value ORDER BY key`);
    const live = await rows();
    await t.app.get(EventStore).rebuild('sqllab_permalink');
    expect(await rows()).toEqual(live);
  });
});
