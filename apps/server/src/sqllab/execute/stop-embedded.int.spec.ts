/**
 * Stop on the embedded examples database (PGlite): it runs one statement at a time on one thread and
 * cannot cancel it, so Stop restarts its process on the same port. The statement (an hour-long sleep, so
 * only the Stop ends it within the test's time limit) is gone with the old process, the run ends stopped,
 * and the same database answers the next query.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { EmbeddedDatabaseRestarter } from './embedded-restart';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';
import { processAlive as alive } from '../../testing/process-alive';

let pglite: EmbeddedPostgres;
let home: string;
let app: SqlLabTestApp;
let db: number;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-pglite-stop-'));
  pglite = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'stop-test-password',
  });
  const restarter: EmbeddedDatabaseRestarter = {
    restartExamples: async () => {
      await pglite.restart();
      return true;
    },
  };
  app = await startSqlLabTestApp({
    customize: (b) => b.overrideProvider(EmbeddedDatabaseRestarter).useValue(restarter),
  });
  db = await app.addDatabase('examples', { uri: pglite.url(), allow_run_async: true });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await pglite?.stop();
  rmSync(home, { recursive: true, force: true });
});

/** Polls `probe`; the bound is generous (a loaded machine is slow, not failing) and below the test's own. */
async function until(probe: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 30_000; !(await probe());) {
    if (Date.now() > deadline) throw new Error(`still not true: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('stops an hour-long pg_sleep by restarting PGlite on the same port; the database answers again', async () => {
  const id = clientId();
  const oldPid = pglite.pid;
  const oldPort = pglite.port;
  const running = app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: id,
    sql: 'SELECT pg_sleep(3600)',
  });
  // Its progress is recorded once the run holds its session (Stop restarts PGlite from then on), just
  // before the statement is sent. Sent, the statement ends only with the old process (PGlite cannot
  // cancel it); a Stop before the send is refused by the early cancel while the restart goes on.
  await until(
    async () => Boolean((await app.admin.get(`/api/v1/query/${id}`)).body.result?.extra?.progress),
    'the run to start',
  );
  expect((await app.admin.post('/api/v1/query/stop', { client_id: id })).status).toBe(200);
  const res = await running;
  expect(res.body.status).toBe('stopped');
  await until(() => !alive(oldPid), 'the old process to be gone');
  // The new process takes a moment to open the data directory; then it serves the same URL.
  await until(() => pglite.pid !== oldPid, 'the new process');
  expect(pglite.port).toBe(oldPort);

  const again = await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: clientId(),
    sql: 'SELECT 41 + 1 AS answer',
  });
  expect(again.status).toBe(200);
  expect(again.body.data).toEqual([{ answer: 42 }]);
}, 60_000);

it('ends a statement past SQLLAB_TIMEOUT with the timeout error by restarting PGlite; the next query runs', async () => {
  const config = app.t.config as { sqllab: { timeoutSec: number; asyncTimeLimitSec: number } };
  const saved = config.sqllab;
  config.sqllab = { ...saved, timeoutSec: 1 };
  const oldPid = pglite.pid;
  try {
    // PGlite ignores statement_timeout: without the restart this would run for an hour.
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: clientId(),
      sql: 'SELECT pg_sleep(3600)',
    });
    expect(res.status).toBe(408);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'SQLLAB_TIMEOUT_ERROR',
      message: 'The query exceeded the 1 seconds timeout.',
    });
    expect(alive(oldPid)).toBe(false);
  } finally {
    config.sqllab = saved;
  }
  // The one PGlite session is free again: the next query waits for the new process and runs.
  const again = await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: clientId(),
    sql: 'SELECT 41 + 1 AS answer',
  });
  expect(again.status).toBe(200);
  expect(again.body.data).toEqual([{ answer: 42 }]);
}, 120_000);

it('answers 503 in the error shape when the examples database is not back within the wait bound, and runs queries once it is', async () => {
  // A second embedded database with a short bound, whose restart cannot finish: another live process
  // holds its data folder until the test lets go.
  const dataDir = join(home, 'held');
  const held = await startEmbeddedPostgres({
    name: 'examples',
    dataDir,
    password: 'held-test-password',
    connectWaitMs: 1000,
  });
  try {
    const heldDb = await app.addDatabase('held', { uri: held.url() });
    const run = () =>
      app.admin.post('/api/v1/sqllab/execute/', {
        database_id: heldDb,
        client_id: clientId(),
        sql: 'SELECT 41 + 1 AS answer',
      });
    expect((await run()).status).toBe(200);
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    await held.restart();
    const refused = await run();
    expect(refused.status).toBe(503);
    expect(refused.body.errors[0]).toMatchObject({
      error_type: 'CONNECTION_HOST_DOWN_ERROR',
      message: expect.stringMatching(/restarting/),
    });
    rmSync(`${dataDir}.lock`);
    let answered = await run();
    for (const deadline = Date.now() + 60_000; answered.status !== 200 && Date.now() < deadline;)
      answered = await run();
    expect(answered.body.data).toEqual([{ answer: 42 }]);
  } finally {
    await held.stop();
  }
}, 120_000);

it('stays up through Stops of async runs, and a query sent right after each Stop waits for the restart and succeeds', async () => {
  // Each round leaves idle pooled connections to the process the Stop kills. A connection error nobody
  // listens to would end this Jest process (an unhandled 'error' event), failing the test.
  for (let round = 1; round <= 5; round++) {
    await Promise.all(
      [1, 2, 3].map(() =>
        app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: clientId(), sql: 'SELECT 1 AS x' }),
      ),
    );
    const id = clientId();
    expect(
      (
        await app.admin.post('/api/v1/sqllab/execute/', {
          database_id: db,
          client_id: id,
          sql: 'SELECT pg_sleep(20)',
          runAsync: true,
        })
      ).status,
    ).toBe(202);
    let state: string | undefined;
    for (const deadline = Date.now() + 30_000; state !== 'running' && Date.now() < deadline;) {
      state = (await app.admin.get(`/api/v1/query/${id}`)).body.result?.state;
    }
    expect(state).toBe('running');
    expect((await app.admin.post('/api/v1/query/stop', { client_id: id })).status).toBe(200);
    const again = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: clientId(),
      sql: 'SELECT 41 + 1 AS answer',
    });
    expect({ round, status: again.status, body: again.body.data ?? again.body.errors }).toEqual({
      round,
      status: 200,
      body: [{ answer: 42 }],
    });
  }
}, 180_000);
