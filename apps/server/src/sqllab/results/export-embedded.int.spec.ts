/**
 * The CSV export on the embedded examples database (PGlite), which cannot cancel one statement: past the
 * query's time limit, or once the client left, the export ends its statement by restarting PGlite (as
 * SQL Lab's Stop does), instead of holding the one backend every other query waits for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { EmbeddedDatabaseRestarter } from '../execute/embedded-restart';
import { clientId, startSqlLabTestApp, waitFor, type SqlLabTestApp } from '../execute/testing/sqllab-test-app';

let pglite: EmbeddedPostgres;
let home: string;
let app: SqlLabTestApp;
let db: number;
let restarts = 0;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-pglite-export-'));
  pglite = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'export-test-password',
  });
  const restarter: EmbeddedDatabaseRestarter = {
    restartExamples: async () => {
      restarts += 1;
      await pglite.restart();
      return true;
    },
  };
  app = await startSqlLabTestApp({
    customize: (b) => b.overrideProvider(EmbeddedDatabaseRestarter).useValue(restarter),
  });
  db = await app.addDatabase('examples', { uri: pglite.url() });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await pglite?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** A query created (and timed out) in SQL Lab, so it can be exported. */
async function startedQuery(sql: string): Promise<string> {
  const id = clientId();
  await app.withTimeout(1, () => app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: id, sql }));
  return id;
}

const exportOf = (id: string, signal?: AbortSignal) =>
  fetch(`${app.t.url}/api/v1/sqllab/export/${id}/`, {
    headers: { authorization: `Bearer ${app.admin.token}` },
    ...(signal ? { signal } : {}),
  });

/** The database answers a new query (after any restart). */
const answers = async () =>
  (
    await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: clientId(),
      sql: 'SELECT 41 + 1 AS answer',
    })
  ).body.data?.[0]?.answer === 42;

it('an export past the time limit is ended by a restart, and the database answers again', async () => {
  const id = await startedQuery('SELECT g, pg_sleep(0.0005) AS s FROM generate_series(1, 10000000) g');
  await waitFor(answers, 'the database is back after the run timed out');
  const before = restarts;
  await app.withTimeout(1, async () => {
    const response = await exportOf(id);
    if (response.status === 200) await expect(response.text()).rejects.toThrow();
    else
      expect(((await response.json()) as { errors: { error_type: string }[] }).errors[0]!.error_type).toBe(
        'SQLLAB_TIMEOUT_ERROR',
      );
  });
  expect(restarts).toBeGreaterThan(before);
  await waitFor(answers, 'the database answers after the export');
}, 120_000);

it('a client that leaves mid-file: the statement is ended by a restart at once, not when its next batch comes', async () => {
  const id = await startedQuery(
    'SELECT g, CASE WHEN g > 1000 THEN length(pg_sleep(600)::text) END AS s FROM generate_series(1, 2000) g',
  );
  await waitFor(answers, 'the database is back after the run timed out');
  const before = restarts;
  await app.withTimeout(3600, async () => {
    const abort = new AbortController();
    const response = await exportOf(id, abort.signal);
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('\r\n1000,')) text += new TextDecoder().decode((await reader.read()).value);
    abort.abort();
    await waitFor(() => restarts > before, 'the export restarted the database');
  });
  await waitFor(answers, 'the database answers after the export');
}, 120_000);
