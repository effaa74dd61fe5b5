/**
 * Connections whose backends are terminated (pg_terminate_backend from an admin connection, as a
 * database restart or an administrator would): pooled idle clients, a session's client between
 * statements, the metadata store's TypeORM pool; and the embedded database's process killed under its
 * pool. Node throws an 'error' event nobody listens to, which in Jest fails the test: none may escape,
 * and the next queries get fresh connections.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDataSource } from '../../storage/data-source';
import { startEmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { parseConnectionUri } from '../connection-uri';
import { EngineConnectionError, type EngineSession } from '../query-engine';
import { PostgresEngine } from './pg-engine';

let db: TestDatabase;
let admin: Client;

beforeAll(async () => {
  db = await createTestDatabase('engines_pg_dropped');
  admin = new Client({ connectionString: db.url, application_name: 'strata-test-admin' });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await db?.drop();
});

/** Terminates every other backend of the test database, then waits until they are gone. */
async function terminateOthers(): Promise<number> {
  const others = `FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`;
  const { rows } = await admin.query<{ pid: number }>(`SELECT pid, pg_terminate_backend(pid) ${others}`);
  const pids = rows.map((r) => r.pid);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
    const left = await admin.query(`SELECT 1 ${others} AND pid = ANY($1)`, [pids]);
    if (left.rowCount === 0) break;
  }
  return pids.length;
}

it('answers the next queries on fresh connections after its idle and checked-out connections were terminated', async () => {
  const engine = new PostgresEngine(parseConnectionUri(db.url));
  // Idle pooled clients, and one held by a session in an open transaction between statements.
  const idle = await Promise.all([1, 2, 3].map(() => engine.openSession()));
  for (const session of idle) await session.release();
  const held = await engine.openSession();
  try {
    await held.begin({ readOnly: true });
    expect(await terminateOthers()).toBeGreaterThanOrEqual(2);
    // The held session's next statement fails (its connection is gone); its release destroys it.
    await expect(held.execute('SELECT 1 AS one')).rejects.toThrow();
  } finally {
    await held.release();
  }
  try {
    // Sent at once: the pool may still hand out the dead idle clients; they are replaced.
    await expectSessionsAnswer(engine, 5);
    expect(await engine.listSchemas()).toContain('public');
  } finally {
    await engine.close();
  }
});

/** `times` sessions in a row, each opened (by `open`), asked 41 + 1 and released. */
async function expectSessionsAnswer(
  engine: PostgresEngine,
  times: number,
  open = () => engine.openSession(),
): Promise<void> {
  for (let i = 0; i < times; i++) {
    const session = await open();
    try {
      expect((await session.execute('SELECT 41 + 1 AS answer')).rows).toEqual([{ answer: 42 }]);
    } finally {
      await session.release();
    }
  }
}

/**
 * Terminates the backends while this process's event loop is blocked (a child process does it), so the
 * pool cannot have read their closing sockets yet when the next session takes a client: exactly the
 * moment right after an (embedded) database restart when the pool still holds its dead idle clients.
 */
function terminateOthersWhileBlocked(): void {
  const script = `
    const { Client } = require('pg');
    const c = new Client({ connectionString: process.env.URL });
    c.connect()
      .then(() => c.query("SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND application_name <> 'strata-test-admin'"))
      .then(() => c.end(), (e) => { console.error(e); process.exit(1); });`;
  execFileSync(process.execPath, ['-e', script], { env: { ...process.env, URL: db.url }, stdio: 'inherit' });
}

it('answers the next sessions after its idle pooled connections were terminated, though the pool still hands out the dead ones', async () => {
  const engine = new PostgresEngine(parseConnectionUri(db.url));
  try {
    const idle = await Promise.all([1, 2, 3].map(() => engine.openSession()));
    for (const session of idle) await session.release();
    terminateOthersWhileBlocked();
    await expectSessionsAnswer(engine, 5);
    // A session opened with its transaction begun: that message is the first use of the dead client.
    terminateOthersWhileBlocked();
    await expectSessionsAnswer(engine, 5, () => engine.openSession({ begin: { readOnly: true, timeoutMs: 30_000 } }));
    terminateOthersWhileBlocked();
    expect(await engine.listSchemas()).toContain('public');
  } finally {
    await engine.close();
  }
});

it("keeps the metadata store's TypeORM pool serving after its connections were terminated", async () => {
  const ds = await openDataSource(db.url, { poolSize: 4 });
  try {
    await Promise.all([1, 2, 3, 4].map(() => ds.query('SELECT pg_sleep(0.05)')));
    const runner = ds.createQueryRunner();
    await runner.connect();
    expect(await terminateOthers()).toBeGreaterThanOrEqual(1);
    await expect(runner.query('SELECT 1')).rejects.toThrow();
    await runner.release();
    let answered: unknown = null;
    for (const deadline = Date.now() + 30_000; answered === null && Date.now() < deadline;) {
      answered = await ds.query('SELECT 41 + 1 AS answer').catch(() => null);
    }
    expect(answered).toEqual([{ answer: 42 }]);
  } finally {
    await ds.destroy();
  }
});

/**
 * A session once the restarted database answers. The wait for a restart is bounded (the gate's
 * connectWaitMs, then pg's connect timeout): on a heavily loaded machine a restart can outlast it, and the
 * caller gets a clear 'host down' error, which is the product's answer then; the test asks again.
 */
async function openWhenBack(engine: PostgresEngine): Promise<EngineSession> {
  for (const deadline = Date.now() + 90_000; ;) {
    try {
      return await engine.openSession();
    } catch (err) {
      if (!(err instanceof EngineConnectionError) || Date.now() > deadline) throw err;
    }
  }
}

it('answers the next sessions on the embedded database after its process was killed under the idle pool (it is started again)', async () => {
  const home = mkdtempSync(join(tmpdir(), 'strata-engine-killed-'));
  const embedded = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'killed-test-password',
    onUnexpectedExit: () => undefined,
    onRecovered: () => undefined,
  });
  const engine = new PostgresEngine(parseConnectionUri(embedded.url()));
  try {
    const idle = await Promise.all([1, 2, 3].map(() => engine.openSession()));
    for (const session of idle) await session.release();
    // Killed, and its end waited for with this event loop blocked: the pool has not seen its clients'
    // sockets close when the next session takes one. PGlite sends no goodbye, so the first sign is an
    // 'error' event on a checked-out client, which nobody listened to before.
    const pid = embedded.pid;
    process.kill(pid, 'SIGKILL');
    // Until this process reaps it, the killed child is a zombie: dead, its sockets closed.
    execFileSync('sh', [
      '-c',
      `while grep -qv '^State:.*Z' /proc/${pid}/status 2>/dev/null && ! grep -q '^State:.*Z' /proc/${pid}/status; do sleep 0.05; done`,
    ]);
    await expectSessionsAnswer(engine, 3, () => openWhenBack(engine));
    expect(embedded.pid).not.toBe(pid);
  } finally {
    await engine.close();
    await embedded.stop();
    rmSync(home, { recursive: true, force: true });
  }
}, 120_000);
