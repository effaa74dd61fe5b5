/**
 * GET /api/v1/sqllab/results/ (rison) and the CSV export against a real PostgreSQL: stored results come
 * back by key (rows truncates), 404 for an unknown key or someone else's, 410 once expired; the export
 * re-runs the query and holds every row up to SQL_MAX_ROW, not the 1,000 the dropdown kept; it runs
 * under the query's time limit, and a client that leaves mid-file frees the statement's connection.
 */
import { clientId, startSqlLabTestApp, waitFor, type SqlLabTestApp } from '../execute/testing/sqllab-test-app';
import { RESULTS_EXPIRED } from './results.controller';

let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target');
});
afterAll(async () => {
  await app?.close();
});

const run = (body: Record<string, unknown>) =>
  app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: clientId(), ...body });
const results = (q: string, client = app.admin) => client.get(`/api/v1/sqllab/results/?q=${encodeURIComponent(q)}`);

describe('results by key', () => {
  it('serves a finished run by its resultsKey; rows truncates and sets displayLimitReached', async () => {
    const res = await run({ sql: 'SELECT * FROM t1200 ORDER BY id', queryLimit: 1200 });
    const key = res.body.query.resultsKey as string;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    const all = await results(`(key:'${key}')`);
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(1200);
    expect(all.body.query).toMatchObject({ id: res.body.query.id, state: 'success', resultsKey: key });
    const some = await results(`(key:'${key}',rows:10)`);
    expect(some.body.data).toHaveLength(10);
    expect(some.body.displayLimitReached).toBe(true);
  });

  it('410 with the spec message once the stored result expired; 404 for an unknown key or another user', async () => {
    const res = await run({ sql: 'SELECT 1 AS one' });
    const key = res.body.query.resultsKey as string;
    const analyst = await app.userClient('analyst', ['sql_lab']);
    expect((await results(`(key:'${key}')`, analyst)).status).toBe(404);
    await app.metaQuery(`UPDATE query_results SET expires_at = now() - interval '1 second' WHERE key = $1`, [key]);
    const gone = await results(`(key:'${key}')`);
    expect(gone.status).toBe(410);
    expect(gone.body.errors[0]).toMatchObject({ message: RESULTS_EXPIRED, error_type: 'RESULTS_BACKEND_ERROR' });
    expect((await results(`(key:'00000000-0000-0000-0000-000000000000')`)).status).toBe(404);
  });

  it('refuses a q that is not rison or not the schema with 400', async () => {
    expect((await results('(key:')).status).toBe(400);
    expect((await results('(nokey:1)')).status).toBe(400);
    expect((await results("(key:'a',rows:-1)")).status).toBe(400);
  });
});

describe('CSV export', () => {
  it('re-runs the query and streams every row (20,000) although the dropdown kept 1,000', async () => {
    const id = clientId();
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT id, h FROM big ORDER BY id',
      queryLimit: 1000,
      tab: 'My tab',
    });
    expect(res.body.data).toHaveLength(1000);
    const csv = await app.admin.get(`/api/v1/sqllab/export/${id}/`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="sqllab_My_tab_\d{8}T\d{6}\.csv"$/);
    const lines = (csv.body as string).trimEnd().split('\r\n');
    expect(lines).toHaveLength(20001);
    expect(lines[0]).toBe('id,h');
    expect(lines[20000]).toMatch(/^20000,[0-9a-f]{32}$/);
    const [logged] = await app.metaQuery<{ data: { row_count: number } }>(
      `SELECT data FROM events WHERE type = 'sqllab/dataExported' ORDER BY position DESC LIMIT 1`,
    );
    expect(logged.data.row_count).toBe(20000);
  });

  /** Backends (any database) running a statement whose text contains `marker`, other than this probe. */
  const runningWith = async (marker: string) =>
    (
      await app.targetQuery<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE $1 AND pid <> pg_backend_pid()`,
        [`%${marker}%`],
      )
    )[0]!.n;

  const exportUrl = (id: string) => `${app.t.url}/api/v1/sqllab/export/${id}/`;

  it('runs under the query timeout: a statement that streams past it is stopped, not run to its end', async () => {
    // Each batch of 1,000 rows is quick (half a second), but 10 million of them would take hours.
    const sql = 'SELECT g, pg_sleep(0.0005) AS export_timeout_probe FROM generate_series(1, 10000000) g';
    const id = clientId();
    await app.withTimeout(1, async () => {
      await app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: id, sql });
      const response = await fetch(exportUrl(id), { headers: { authorization: `Bearer ${app.admin.token}` } });
      if (response.status === 200) {
        // The rows started flowing: the transfer is cut, never completed.
        await expect(response.text()).rejects.toThrow();
      } else {
        expect(response.status).toBe(408);
        expect(((await response.json()) as { errors: { error_type: string }[] }).errors[0]!.error_type).toBe(
          'SQLLAB_TIMEOUT_ERROR',
        );
      }
    });
    await waitFor(async () => (await runningWith('export_timeout_probe')) === 0, 'the export statement is gone');
  }, 60_000);

  it('a client that goes away mid-file: the statement is cancelled and its connection released at once', async () => {
    // The first 1,000 rows come at once; the next would wait ten minutes.
    const sql =
      'SELECT g, CASE WHEN g > 1000 THEN length(pg_sleep(600.5)::text) END AS export_gone_probe FROM generate_series(1, 2000) g';
    const id = clientId();
    await app.withTimeout(1, () => app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: id, sql }));
    await waitFor(async () => (await runningWith('export_gone_probe')) === 0, 'the timed-out run is gone');
    await app.withTimeout(3600, async () => {
      const abort = new AbortController();
      const response = await fetch(exportUrl(id), {
        headers: { authorization: `Bearer ${app.admin.token}` },
        signal: abort.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let text = '';
      while (!text.includes('\r\n1000,')) text += new TextDecoder().decode((await reader.read()).value);
      await waitFor(async () => (await runningWith('export_gone_probe')) === 1, 'the export waits in pg_sleep');
      abort.abort();
      await waitFor(
        async () => (await runningWith('export_gone_probe')) === 0,
        'the export statement is gone once the client left',
      );
    });
  }, 60_000);

  it('quotes fields that need it; another user gets 404', async () => {
    const id = clientId();
    await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: `SELECT 'a,b' AS x, 'say "hi"' AS y, NULL AS z`,
    });
    const csv = await app.admin.get(`/api/v1/sqllab/export/${id}/`);
    expect(csv.body).toBe('x,y,z\r\n"a,b","say ""hi""",\r\n');
    const analyst = await app.userClient('analyst2', ['sql_lab']);
    expect((await analyst.get(`/api/v1/sqllab/export/${id}/`)).status).toBe(404);
  });
});
