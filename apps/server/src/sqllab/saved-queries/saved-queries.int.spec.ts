import { EventStore } from '../../event-store/event-store.port';
import type { AuthTestApp } from '../../testing/auth-test-app';
import { DataSource } from 'typeorm';
import { insertDatabase, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { startSavedQueriesApp } from './testing/saved-queries-test-app';

describe('/api/v1/saved_query/ (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let ana: ApiClient;
  let bob: ApiClient;
  let admin: ApiClient;
  let gamma: ApiClient;
  let dbId: number;

  const body = (over: Record<string, unknown> = {}) => ({
    label: 'Busiest airports',
    db_id: dbId,
    catalog: null,
    schema: 'public',
    sql: 'SELECT origin, count(*) FROM flights GROUP BY 1',
    template_parameters: '{"x": 1}',
    description: 'for the weekly report',
    ...over,
  });

  beforeAll(async () => {
    ({ t, ana, bob, admin, gamma, dbId } = await startSavedQueriesApp('examples-test'));
  });
  afterAll(() => t.close());

  it('creates (201 {id, result}), reads back, updates and deletes, each change an event on saved_query:<id>', async () => {
    const created = await ana.post('/api/v1/saved_query/', body());
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(created.body.result).toMatchObject({
      id,
      label: 'Busiest airports',
      db_id: dbId,
      database: { id: dbId, database_name: 'examples-test' },
      schema: 'public',
      catalog: null,
      sql: 'SELECT origin, count(*) FROM flights GROUP BY 1',
      template_parameters: '{"x": 1}',
      description: 'for the weekly report',
      created_by: { id: ana.userId },
    });

    const got = await ana.get(`/api/v1/saved_query/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ id, result: created.body.result });

    const updated = await ana.put(`/api/v1/saved_query/${id}`, body({ sql: 'SELECT 2', label: 'Renamed' }));
    expect(updated.status).toBe(200);
    expect(updated.body.result).toMatchObject({ sql: 'SELECT 2', label: 'Renamed', schema: 'public' });
    expect((await ana.get(`/api/v1/saved_query/${id}`)).body.result.sql).toBe('SELECT 2');

    expect((await ana.delete(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect((await ana.get(`/api/v1/saved_query/${id}`)).status).toBe(404);
    expect((await ana.delete(`/api/v1/saved_query/${id}`)).status).toBe(404);

    const events = await t.app.get(EventStore).readStream(`saved_query:${id}`);
    expect(events.map((e) => e.type)).toEqual([
      'sqllab/savedQueryCreated',
      // One PUT: one event per changed field, in one batch.
      'sqllab/savedQueryRenamed',
      'sqllab/savedQuerySqlEdited',
      'sqllab/savedQueryDeleted',
    ]);
    expect(events[1].data).toEqual({ label: 'Renamed' });
    expect(events[2].data).toEqual({ sql: 'SELECT 2' });
    expect(events[2].meta.batchId).toBe(events[1].meta.batchId);
    expect(events[0].meta.actor).toBe(String(ana.userId));
  });

  it('PUT changes only the fields it is sent: the rest of the saved query stays as it was', async () => {
    const id = (await ana.post('/api/v1/saved_query/', body())).body.id as number;
    const fields = async () => {
      const {
        changed_on: _on,
        changed_on_delta_humanized: _delta,
        changed_by: _by,
        ...rest
      } = (await ana.get(`/api/v1/saved_query/${id}`)).body.result;
      return rest;
    };
    let expected = await fields();
    for (const change of [
      { label: 'Only the label' },
      { sql: 'SELECT 3' },
      { description: '' },
      { schema: 'other' },
      { template_parameters: null },
    ]) {
      const res = await ana.put(`/api/v1/saved_query/${id}`, change);
      expect([res.status, change]).toEqual([200, change]);
      expected = { ...expected, ...change };
      expect([await fields(), change]).toEqual([expected, change]);
    }
  });

  it('keeps others out: another user gets 404 on read, 403 on update or delete, and nothing changes; admins pass', async () => {
    const id = (await ana.post('/api/v1/saved_query/', body({ label: 'mine' }))).body.id as number;
    expect((await bob.get(`/api/v1/saved_query/${id}`)).status).toBe(404);
    const put = await bob.put(`/api/v1/saved_query/${id}`, { sql: 'DROP TABLE x' });
    expect(put.status).toBe(403);
    expect(put.body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    expect((await bob.delete(`/api/v1/saved_query/${id}`)).status).toBe(403);
    expect((await ana.get(`/api/v1/saved_query/${id}`)).body.result.sql).toBe(body().sql);
    expect((await admin.get(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect(
      (await admin.put(`/api/v1/saved_query/${id}`, { description: 'checked by admin' })).body.result.description,
    ).toBe('checked by admin');
    // Gamma has no SavedQuery permission at all.
    expect((await gamma.get('/api/v1/saved_query/')).status).toBe(403);
    expect((await gamma.post('/api/v1/saved_query/', body())).status).toBe(403);
  });

  it('refuses bad input with 400/404/422 and stores nothing', async () => {
    const before = await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM saved_query');
    const bad = [
      await ana.post('/api/v1/saved_query/', { ...body(), label: undefined }),
      await ana.post('/api/v1/saved_query/', { ...body(), db_id: 'abc' }),
      await ana.post('/api/v1/saved_query/', { ...body(), sql: 12 }),
      await ana.put('/api/v1/saved_query/1', { label: 5 }),
    ];
    for (const res of bad) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    const unknownDb = await ana.post('/api/v1/saved_query/', body({ db_id: 999999 }));
    expect(unknownDb.status).toBe(422);
    expect((await ana.post('/api/v1/saved_query/', body({ label: '   ' }))).status).toBe(422);
    expect((await ana.get('/api/v1/saved_query/abc')).status).toBe(404);
    expect((await ana.put('/api/v1/saved_query/999999', { label: 'x' })).status).toBe(404);
    expect((await ana.get('/api/v1/saved_query/?q=(page:')).status).toBe(400);
    expect((await ana.get('/api/v1/saved_query/?q=(page_size:1000)')).status).toBe(400);
    expect((await ana.get('/api/v1/saved_query/?q=(order_column:password)')).status).toBe(400);
    expect(await t.app.get(DataSource).query('SELECT count(*)::int AS n FROM saved_query')).toEqual(before);
  });

  it('lists only your own, with search on label and sql, a database filter, order and pages', async () => {
    const carol = await userClient(t, ['sql_lab']);
    const otherDb = await insertDatabase(t, { name: 'other-db', uri: 'mysql://root@127.0.0.1:3306/test' });
    for (const [label, sql, db] of [
      ['Alpha revenue', 'SELECT sum(revenue) FROM sales', dbId],
      ['beta users', 'SELECT count(*) FROM users', dbId],
      ['Gamma 100% check', 'SELECT 1', otherDb],
    ] as const) {
      expect((await carol.post('/api/v1/saved_query/', body({ label, sql, db_id: db }))).status).toBe(201);
    }
    await bob.post('/api/v1/saved_query/', body({ label: 'Alpha of bob' }));

    const all = await carol.get('/api/v1/saved_query/?q=(order_column:label,order_direction:asc)');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.result.map((r: { label: string }) => r.label)).toEqual([
      'Alpha revenue',
      'beta users',
      'Gamma 100% check',
    ]);

    const byLabel = await carol.get(
      `/api/v1/saved_query/?q=${encodeURIComponent('(filters:!((col:label,opr:ct,value:alpha)))')}`,
    );
    expect(byLabel.body.result.map((r: { label: string }) => r.label)).toEqual(['Alpha revenue']);
    const allText = await carol.get(
      `/api/v1/saved_query/?q=${encodeURIComponent('(filters:!((col:label,opr:all_text,value:users)))')}`,
    );
    expect(allText.body.result.map((r: { label: string }) => r.label)).toEqual(['beta users']);
    // A % in the search is a character, not a wildcard.
    const percent = await carol.get(
      `/api/v1/saved_query/?q=${encodeURIComponent("(filters:!((col:label,opr:ct,value:'0%')))")}`,
    );
    expect(percent.body.count).toBe(1);
    const byDb = await carol.get(
      `/api/v1/saved_query/?q=${encodeURIComponent(`(filters:!((col:database,opr:rel_o_m,value:${otherDb})))`)}`,
    );
    expect(byDb.body.result.map((r: { label: string }) => r.label)).toEqual(['Gamma 100% check']);

    const page1 = await carol.get(
      '/api/v1/saved_query/?q=(order_column:label,order_direction:desc,page:1,page_size:2)',
    );
    expect(page1.body.count).toBe(3);
    expect(page1.body.result.map((r: { label: string }) => r.label)).toEqual(['Alpha revenue']);
  });

  it('bulk deletes only when every id is yours: all or nothing', async () => {
    const mine = [];
    for (const label of ['bulk 1', 'bulk 2'])
      mine.push((await ana.post('/api/v1/saved_query/', body({ label }))).body.id as number);
    const bobs = (await bob.post('/api/v1/saved_query/', body({ label: 'bob bulk' }))).body.id as number;
    const refused = await ana.delete(`/api/v1/saved_query/?q=!(${mine.join(',')},${bobs})`);
    expect(refused.status).toBe(403);
    for (const id of mine) expect((await ana.get(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect((await ana.delete('/api/v1/saved_query/?q=!(999999)')).status).toBe(404);
    expect((await ana.delete('/api/v1/saved_query/?q=!()')).status).toBe(400);
    const done = await ana.delete(`/api/v1/saved_query/?q=!(${mine.join(',')})`);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Deleted 2 saved queries' });
    for (const id of mine) expect((await ana.get(`/api/v1/saved_query/${id}`)).status).toBe(404);
    expect((await bob.get(`/api/v1/saved_query/${bobs}`)).status).toBe(200);
  });

  it('rebuilding saved_query from the log gives the same rows', async () => {
    const rows = () => t.app.get(DataSource).query('SELECT * FROM saved_query ORDER BY id');
    const live = await rows();
    expect(live.length).toBeGreaterThan(3);
    await t.app.get(EventStore).rebuild('saved_query');
    expect(await rows()).toEqual(live);
  });
});
