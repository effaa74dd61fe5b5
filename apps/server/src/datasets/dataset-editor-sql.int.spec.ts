/**
 * What the dataset editor (issue 15 item 2) asks of the server beyond the edit itself, on a real
 * PostgreSQL: a virtual dataset's new SQL that the database cannot run is refused with the database's
 * message (the stored query stays), and "sync columns from source" picks up a column added to the table.
 */
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { createChartTestApp } from '../chart-data/testing/chart-test-app';
import { insertDatabase, userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';

let t: AuthTestApp;
let alice: ApiClient;
let target: TestDatabase;
let dbId: number;

async function run(sql: string) {
  const c = new Client({ connectionString: target.url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  target = await createTestDatabase('dataset_editor');
  await run(`CREATE TABLE planets (id int, name text); INSERT INTO planets VALUES (1, 'Mercury'), (2, 'Venus')`);
  t = await createChartTestApp();
  alice = await userClient(t, ['Alpha']);
  dbId = await insertDatabase(t, { name: 'planets_db', uri: target.url });
}, 300_000);

afterAll(async () => {
  await t?.close();
  await target?.drop();
});

describe('the dataset editor against a real database', () => {
  it("refuses a virtual dataset's new SQL that fails, with the database's message; the stored query stays", async () => {
    const created = await alice.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'inner_planets',
      sql: 'SELECT id, name FROM planets',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const refused = await alice.put(`/api/v1/dataset/${id}`, { sql: 'SELECT id, moons FROM planets' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain('column "moons" does not exist');
    expect((await alice.get(`/api/v1/dataset/${id}`)).body.result.sql).toBe('SELECT id, name FROM planets');

    const missing = await alice.put(`/api/v1/dataset/${id}`, { sql: 'SELECT * FROM no_such_planets' });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toContain('relation "no_such_planets" does not exist');

    const accepted = await alice.put(`/api/v1/dataset/${id}`, { sql: 'SELECT id, upper(name) AS name FROM planets' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.result.sql).toBe('SELECT id, upper(name) AS name FROM planets');
  });

  it('syncs columns from the source: a column added to the table appears, user settings stay', async () => {
    const created = await alice.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'planets' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await alice.put(`/api/v1/dataset/${id}`, { columns: [{ column_name: 'name', verbose_name: 'Planet' }] })).status,
    ).toBe(200);

    await run('ALTER TABLE planets ADD COLUMN discovered date');
    const synced = await alice.put(`/api/v1/dataset/${id}/refresh`);
    expect(synced.status).toBe(200);
    const columns = synced.body.result.columns as {
      column_name: string;
      verbose_name: string | null;
      is_dttm: boolean;
    }[];
    expect(columns.map((c) => c.column_name).sort()).toEqual(['discovered', 'id', 'name']);
    expect(columns.find((c) => c.column_name === 'name')!.verbose_name).toBe('Planet');
    expect(columns.find((c) => c.column_name === 'discovered')!.is_dttm).toBe(true);
  });

  it("filters the list by certification: a dataset with a certified metric or column (Superset's dataset_is_certified)", async () => {
    const created = await alice.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'certified_planets',
      sql: 'SELECT id FROM planets',
    });
    const id = created.body.id as number;
    const certified = async (value: boolean) =>
      (
        await alice.get(
          `/api/v1/dataset/?q=${encodeURIComponent(`(filters:!((col:id,opr:dataset_is_certified,value:!${value ? 't' : 'f'})))`)}`,
        )
      ).body.ids as number[];
    expect(await certified(true)).not.toContain(id);
    expect(await certified(false)).toContain(id);
    const metric = { metric_name: 'n', expression: 'COUNT(*)', certified_by: 'Data team' };
    expect((await alice.put(`/api/v1/dataset/${id}`, { metrics: [metric] })).status).toBe(200);
    expect(await certified(true)).toContain(id);
    expect(await certified(false)).not.toContain(id);
  });

  it("answers the users owners may be chosen from (the editor's owners picker)", async () => {
    const answer = await alice.get(
      `/api/v1/dataset/related/owners?q=${encodeURIComponent("(filter:'',page:0,page_size:100)")}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBeGreaterThan(0);
    expect(answer.body.result[0]).toEqual(
      expect.objectContaining({ value: expect.any(Number), text: expect.any(String) }),
    );
  });

  it('sets the cache timeout and default time grain as their own intents; the read model equals a rebuild', async () => {
    const created = await alice.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'planet_settings',
      sql: 'SELECT id FROM planets',
    });
    const id = created.body.id as number;
    expect(created.body.result).toMatchObject({ cache_timeout: null, default_time_grain: null });
    const saved = await alice.put(`/api/v1/dataset/${id}`, { cache_timeout: 600, default_time_grain: 'P1W' });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ cache_timeout: 600, default_time_grain: 'P1W' });
    const events = await t.app.get(EventStore).readStream(`dataset:${id}`);
    expect(events.slice(-2).map((e) => [e.type, e.data])).toEqual([
      ['dataset/cacheTimeoutChanged', { cache_timeout: 600 }],
      ['dataset/defaultTimeGrainChanged', { default_time_grain: 'P1W' }],
    ]);
    expect((await alice.put(`/api/v1/dataset/${id}`, { default_time_grain: 'fortnight' })).status).toBe(400);
    expect((await alice.put(`/api/v1/dataset/${id}`, { cache_timeout: -1 })).status).toBe(400);

    const rows = () => t.app.get(DataSource).query('SELECT * FROM datasets ORDER BY id');
    const live = await rows();
    await t.app.get(EventStore).rebuild('datasets');
    expect(await rows()).toEqual(live);
  });
});
