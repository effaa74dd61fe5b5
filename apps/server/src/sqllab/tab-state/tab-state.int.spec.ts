import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { UsersService } from '../../auth/users/users.service';
import { createAuthTestApp, HttpClient, type AuthTestApp } from '../../testing/auth-test-app';
import { insertDatabase, insertQueryRun, userClient, type ApiClient } from '../bootstrap/rest-testing';
import { SavedQueriesModule } from '../saved-queries/saved-queries.module';
import { BACKEND_PERSISTENCE_OFF } from './backend-persistence.guard';
import { TabStateModule } from './tab-state.module';

describe('/tabstateview/ and /tableschemaview/ (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let ana: ApiClient;
  let bob: ApiClient;
  let gamma: ApiClient;
  let dbId: number;

  const editor = (over: Record<string, unknown> = {}) => ({
    id: 'local-abc',
    name: 'Untitled Query 1',
    dbId,
    catalog: null,
    schema: 'public',
    sql: 'SELECT * FROM flights',
    queryLimit: 1000,
    hideLeftBar: false,
    templateParams: '{"a": 1}',
    ...over,
  });
  const count = async (table: string) =>
    (await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [TabStateModule, SavedQueriesModule] });
    ana = await userClient(t, ['sql_lab']);
    bob = await userClient(t, ['sql_lab']);
    gamma = await userClient(t, ['Gamma']);
    dbId = await insertDatabase(t, { name: 'tabs-db', uri: 'postgresql://reader@127.0.0.1:5432/test' });
  });
  afterAll(() => t.close());

  it('round trip with the legacy form-encoded bodies: create, save fields, tables, activate, delete', async () => {
    const created = await ana.form('POST', '/tabstateview/', { queryEditor: editor() });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    expect(Number.isInteger(id)).toBe(true);

    await insertQueryRun(t, {
      clientId: 'qAAAAAAAAA1',
      userId: ana.userId,
      databaseId: dbId,
      sqlEditorId: String(id),
      startMs: 1_700_000_000_000,
    });
    const saved = await ana.form('PUT', `/tabstateview/${id}`, {
      sql: 'SELECT 42',
      label: 'Renamed',
      query_limit: 500,
      latest_query_id: 'qAAAAAAAAA1',
      hide_left_bar: true,
      extra_json: { updatedAt: 1700000000000, version: 1 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toBe(id);

    const table = await ana.form('POST', '/tableschemaview/', {
      table: {
        queryEditorId: id,
        dbId,
        schema: 'public',
        name: 'flights',
        columns: [{ name: 'origin', type: 'TEXT' }],
        selectStar: 'SELECT * FROM flights',
      },
    });
    expect(table.status).toBe(200);
    const tableId = table.body.id as number;
    const collapsed = await ana.form('POST', `/tableschemaview/${tableId}/expanded`, { expanded: false });
    expect(collapsed.body).toEqual({ id: tableId, expanded: false });

    const got = await ana.get(`/tabstateview/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      id,
      user_id: ana.userId,
      label: 'Renamed',
      active: true,
      database_id: dbId,
      catalog: null,
      schema: 'public',
      sql: 'SELECT 42',
      query_limit: 500,
      autorun: false,
      template_params: '{"a": 1}',
      hide_left_bar: true,
      saved_query: null,
      extra_json: { updatedAt: 1700000000000, version: 1 },
      table_schemas: [
        {
          id: tableId,
          tab_state_id: id,
          database_id: dbId,
          schema: 'public',
          table: 'flights',
          expanded: false,
          description: expect.objectContaining({ name: 'flights', selectStar: 'SELECT * FROM flights' }),
        },
      ],
    });
    expect(got.body.latest_query).toMatchObject({
      id: 'qAAAAAAAAA1',
      dbId,
      state: 'success',
      resultsKey: 'key-qAAAAAAAAA1',
    });

    // A second tab becomes the active one; activating the first switches back.
    const second = (await ana.form('POST', '/tabstateview/', { queryEditor: editor({ name: 'Untitled Query 2' }) }))
      .body.id as number;
    expect((await ana.get(`/tabstateview/${id}`)).body.active).toBe(false);
    const activated = await ana.post(`/tabstateview/${id}/activate`);
    expect(activated.status).toBe(200);
    expect(activated.body).toBe(id);
    expect((await ana.get(`/tabstateview/${id}`)).body.active).toBe(true);
    expect((await ana.get(`/tabstateview/${second}`)).body.active).toBe(false);

    expect((await ana.delete(`/tableschemaview/${tableId}`)).body).toBe('OK');
    expect((await ana.get(`/tabstateview/${id}`)).body.table_schemas).toEqual([]);
    const deleted = await ana.delete(`/tabstateview/${second}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe('OK');
    expect((await ana.get(`/tabstateview/${second}`)).status).toBe(404);

    const events = await t.app.get(EventStore).readStream(`tabstate:${ana.userId}`);
    expect(events.map((e) => e.type)).toEqual([
      'sqllab/tabStateCreated',
      // One PUT: one event per saved field, in one batch.
      'sqllab/tabStateRenamed',
      'sqllab/tabStateSqlEdited',
      'sqllab/tabStateQueryLimitChanged',
      'sqllab/tabStateLatestQueryChanged',
      'sqllab/tabStateLeftBarHidden',
      'sqllab/tabStateExtraChanged',
      'sqllab/tableSchemaAdded',
      'sqllab/tableSchemaCollapsed',
      'sqllab/tabStateCreated',
      'sqllab/tabActivated',
      'sqllab/tableSchemaRemoved',
      'sqllab/tabStateDeleted',
    ]);
    expect(new Set(events.slice(1, 7).map((e) => e.meta.batchId)).size).toBe(1);
  });

  it('accepts JSON bodies too, and a saved query link', async () => {
    const saved = await ana.post('/api/v1/saved_query/', {
      label: 'q',
      db_id: dbId,
      sql: 'SELECT 1',
      schema: null,
      catalog: null,
    });
    const id = (await ana.post('/tabstateview/', { queryEditor: editor({ remoteId: saved.body.id }) })).body
      .id as number;
    expect((await ana.put(`/tabstateview/${id}`, { sql: 'SELECT 7', autorun: true })).status).toBe(200);
    const got = (await ana.get(`/tabstateview/${id}`)).body;
    expect(got).toMatchObject({
      sql: 'SELECT 7',
      autorun: true,
      saved_query: { id: saved.body.id },
      latest_query: null,
    });
    // queryEditor as JSON text inside a JSON body, as some clients send it.
    const asText = await ana.post('/tabstateview/', { queryEditor: JSON.stringify({ title: 'From text', dbId }) });
    expect((await ana.get(`/tabstateview/${asText.body.id}`)).body).toMatchObject({
      label: 'From text',
      sql: 'SELECT ...',
    });
  });

  it('PUT changes only the fields it is sent: the rest of the tab stays as it was', async () => {
    const id = (await ana.post('/tabstateview/', { queryEditor: editor({ name: 'Partial' }) })).body.id as number;
    const fields = async () => {
      const { changed_on: _on, ...rest } = (await ana.get(`/tabstateview/${id}`)).body;
      return rest;
    };
    let expected = await fields();
    for (const [body, change] of [
      [{ sql: 'SELECT 8' }, { sql: 'SELECT 8' }],
      [{ label: 'Renamed' }, { label: 'Renamed' }],
      [{ schema: null }, { schema: null }],
      [{ query_limit: 50 }, { query_limit: 50 }],
      [{ hide_left_bar: true }, { hide_left_bar: true }],
      [{ autorun: true }, { autorun: true }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const res = await ana.put(`/tabstateview/${id}`, body);
      expect([res.status, body]).toEqual([200, body]);
      expected = { ...expected, ...change };
      expect([await fields(), body]).toEqual([expected, body]);
    }
  });

  it("is owner-checked: another user's tab is 403, an unknown one 404, and nothing changes", async () => {
    const id = (await ana.form('POST', '/tabstateview/', { queryEditor: editor() })).body.id as number;
    const tableId = (
      await ana.post('/tableschemaview/', { table: { queryEditorId: id, dbId, schema: 'public', name: 't' } })
    ).body.id as number;
    const before = (await ana.get(`/tabstateview/${id}`)).body;
    const attempts = [
      await bob.get(`/tabstateview/${id}`),
      await bob.form('PUT', `/tabstateview/${id}`, { sql: 'DROP TABLE flights' }),
      await bob.post(`/tabstateview/${id}/activate`),
      await bob.delete(`/tabstateview/${id}`),
      await bob.form('POST', `/tabstateview/${id}/migrate_query`, { queryId: 'qAAAAAAAAA1' }),
      await bob.post('/tableschemaview/', { table: { queryEditorId: id, dbId, schema: 'public', name: 'x' } }),
      await bob.post(`/tableschemaview/${tableId}/expanded`, { expanded: false }),
      await bob.delete(`/tableschemaview/${tableId}`),
    ];
    for (const res of attempts) expect(res.status).toBe(403);
    expect((await ana.get(`/tabstateview/${id}`)).body).toEqual(before);
    for (const res of [
      await ana.get('/tabstateview/999999'),
      await ana.put('/tabstateview/999999', { sql: 'x' }),
      await ana.delete('/tabstateview/abc'),
      await ana.delete('/tableschemaview/999999'),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await gamma.get(`/tabstateview/${id}`)).status).toBe(403);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const id = (await ana.post('/tabstateview/', { queryEditor: editor() })).body.id as number;
    const events = async () => (await t.app.get(EventStore).readStream(`tabstate:${ana.userId}`)).length;
    const [eventsBefore, tabsBefore] = [await events(), await count('tab_state')];
    const cases = [
      await ana.form('PUT', `/tabstateview/${id}`, { latest_query_id: 'nosuchquery' }),
      await ana.put(`/tabstateview/${id}`, { database_id: 999999 }),
      await ana.put(`/tabstateview/${id}`, { saved_query_id: 999999 }),
      await ana.put(`/tabstateview/${id}`, { password: 'x' }),
      await ana.put(`/tabstateview/${id}`, { hide_left_bar: 'maybe' }),
      await ana.request('PUT', `/tabstateview/${id}`, 'sql=SELECT%201'),
      await ana.post('/tabstateview/', {}),
      await ana.post('/tabstateview/', { queryEditor: '{not json' }),
      await ana.post('/tableschemaview/', { table: { queryEditorId: id, dbId } }),
      await ana.form('POST', `/tabstateview/${id}/migrate_query`, {}),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    expect(await events()).toBe(eventsBefore);
    expect(await count('tab_state')).toBe(tabsBefore);
  });

  it('migrates a browser-only query to the tab and removes queries, the previous run becoming the latest', async () => {
    const id = (await ana.post('/tabstateview/', { queryEditor: editor() })).body.id as number;
    await insertQueryRun(t, {
      clientId: 'qMIGRATE001',
      userId: ana.userId,
      databaseId: dbId,
      sqlEditorId: 'local-abc',
      startMs: 1_700_000_001_000,
    });
    await insertQueryRun(t, {
      clientId: 'qMIGRATE002',
      userId: ana.userId,
      databaseId: dbId,
      sqlEditorId: 'local-abc',
      startMs: 1_700_000_002_000,
    });
    for (const queryId of ['qMIGRATE001', 'qMIGRATE002']) {
      const res = await ana.form('POST', `/tabstateview/${id}/migrate_query`, { queryId });
      expect(res.status).toBe(200);
      expect(res.body).toBe(id);
    }
    const editorIds = await t.app
      .get(DataSource)
      .query(`SELECT client_id, sql_editor_id FROM query WHERE client_id LIKE 'qMIGRATE%' ORDER BY client_id`);
    expect(editorIds).toEqual([
      { client_id: 'qMIGRATE001', sql_editor_id: String(id) },
      { client_id: 'qMIGRATE002', sql_editor_id: String(id) },
    ]);
    await ana.put(`/tabstateview/${id}`, { latest_query_id: 'qMIGRATE002' });
    expect((await ana.delete(`/tabstateview/${id}/query/qMIGRATE002`)).body).toBe('OK');
    expect((await ana.get(`/tabstateview/${id}`)).body.latest_query.id).toBe('qMIGRATE001');
    expect((await ana.delete(`/tabstateview/${id}/query/nosuchquery`)).status).toBe(404);
    // bob cannot pull ana's query into his tab.
    const bobTab = (await bob.post('/tabstateview/', { queryEditor: editor() })).body.id as number;
    expect((await bob.form('POST', `/tabstateview/${bobTab}/migrate_query`, { queryId: 'qMIGRATE001' })).status).toBe(
      404,
    );
  });

  it('concurrent saves and activations of one user never leave two active tabs', async () => {
    const carol = await userClient(t, ['sql_lab']);
    const ids = await Promise.all(
      [1, 2, 3, 4].map(
        async (n) => (await carol.post('/tabstateview/', { queryEditor: editor({ name: `T${n}` }) })).body.id as number,
      ),
    );
    const results = await Promise.all(
      ids.flatMap((id, n) => [
        carol.post(`/tabstateview/${id}/activate`),
        carol.put(`/tabstateview/${id}`, { sql: `SELECT ${n}` }),
      ]),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const rows = await t.app
      .get(DataSource)
      .query('SELECT id, active, sql FROM tab_state WHERE user_id = $1 ORDER BY id', [carol.userId]);
    expect(rows.filter((r: { active: boolean }) => r.active)).toHaveLength(1);
    // Tabs were created concurrently: their ids need not follow the order of the requests.
    for (const row of rows as { id: number; sql: string }[]) expect(row.sql).toBe(`SELECT ${ids.indexOf(row.id)}`);
    expect(rows).toHaveLength(4);
  });

  it('rebuilding tab_state and table_schema from the log gives the same rows', async () => {
    const snapshot = async () => ({
      tabs: await t.app.get(DataSource).query(`SELECT * FROM tab_state ORDER BY id`),
      tables: await t.app.get(DataSource).query(`SELECT * FROM table_schema ORDER BY id`),
    });
    const live = await snapshot();
    expect(live.tabs.length).toBeGreaterThan(3);
    await t.app.get(EventStore).rebuild('tab_state');
    expect(await snapshot()).toEqual(live);
  });

  it('a log written before the field-edit events still loads: an old tabStateSaved is read, projected and decided on as its field edits', async () => {
    const id = (await ana.post('/tabstateview/', { queryEditor: editor({ name: 'Legacy' }) })).body.id as number;
    const store = t.app.get(EventStore);
    const stream = `tabstate:${ana.userId}`;
    const before = await store.readStream(stream);
    // What today's main wrote for a PUT of these fields (stored events are never rewritten).
    await store.append(
      stream,
      [{ type: 'sqllab/tabStateSaved', data: { tab_id: id, changes: { sql: 'SELECT 7', hide_left_bar: true } } }],
      { expectedVersion: before.at(-1)!.version, meta: { actor: String(ana.userId), undoable: false } },
    );
    expect((await store.readStream(stream, before.at(-1)!.version)).map((e) => [e.type, e.data])).toEqual([
      ['sqllab/tabStateSqlEdited', { tab_id: id, sql: 'SELECT 7' }],
      ['sqllab/tabStateLeftBarHidden', { tab_id: id }],
    ]);
    await store.rebuild('tab_state');
    expect((await ana.get(`/tabstateview/${id}`)).body).toMatchObject({ sql: 'SELECT 7', hide_left_bar: true });
    // Decided on the fold of the stream, old event included: saving the same values records nothing.
    const version = (await store.readStream(stream)).length;
    expect((await ana.put(`/tabstateview/${id}`, { sql: 'SELECT 7', hide_left_bar: true })).status).toBe(200);
    expect(await store.readStream(stream)).toHaveLength(version);
  });

  it('works from a browser session: form posts with the CSRF header pass, without it nothing is stored', async () => {
    await t.app
      .get(UsersService)
      .createUser({ username: 'browser-user', password: 'browser-password', roles: ['sql_lab'] }, 'system');
    const browser = new HttpClient(t.url);
    const csrf = await browser.browserLogin('browser-user', 'browser-password');
    const form = (fields: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(fields).map(([k, v]): [string, string] => [k, JSON.stringify(v)])).toString();
    const contentType = 'application/x-www-form-urlencoded';
    const refused = await browser.request('POST', '/tabstateview/', {
      raw: form({ queryEditor: editor() }),
      contentType,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].error_type).toBe('FRONTEND_CSRF_ERROR');
    const created = await browser.request('POST', '/tabstateview/', {
      raw: form({ queryEditor: editor() }),
      contentType,
      headers: { 'x-csrftoken': csrf },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as number;
    const saved = await browser.request('PUT', `/tabstateview/${id}`, {
      raw: form({ sql: 'SELECT 3' }),
      contentType,
      headers: { 'x-csrftoken': csrf },
    });
    expect(saved.status).toBe(200);
    expect((await browser.get(`/tabstateview/${id}`)).body).toMatchObject({ id, sql: 'SELECT 3', active: true });
  });

  it('with SQLLAB_BACKEND_PERSISTENCE off, every tab call is refused with 403 and the reason, and nothing is written', async () => {
    const before = {
      tabs: await count('tab_state'),
      tables: await count('table_schema'),
      events: await count('events'),
    };
    const flags = t.config.featureFlags;
    flags.SQLLAB_BACKEND_PERSISTENCE = false;
    try {
      const calls = [
        await ana.form('POST', '/tabstateview/', { queryEditor: editor() }),
        await ana.get('/tabstateview/1'),
        await ana.form('PUT', '/tabstateview/1', { sql: 'SELECT 2' }),
        await ana.delete('/tabstateview/1'),
        await ana.form('POST', '/tableschemaview/', { table: { queryEditorId: 1, dbId, schema: 'public', name: 't' } }),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect(res.body.errors[0]).toMatchObject({ message: BACKEND_PERSISTENCE_OFF });
      }
      expect({
        tabs: await count('tab_state'),
        tables: await count('table_schema'),
        events: await count('events'),
      }).toEqual(before);
    } finally {
      flags.SQLLAB_BACKEND_PERSISTENCE = true;
    }
    expect((await ana.form('POST', '/tabstateview/', { queryEditor: editor() })).status).toBe(200);
  });
});
