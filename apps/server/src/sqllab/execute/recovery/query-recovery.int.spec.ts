/**
 * Recovery at boot against a real PostgreSQL: runs left `running` or `pending` by a process that died
 * are failed as events with a clear message; a run held by a live process (another server on the same
 * database) is left alone, and so is a run that finished meanwhile.
 */
import { LimitingFactor, type QueryStartedData } from '@strata/domain';
import { Client } from 'pg';
import { EventStore } from '../../../event-store/event-store.port';
import { QueryRuns } from '../../queries/query-runs';
import { ExecuteModule } from '../execute.module';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from '../testing/sqllab-test-app';
import { INTERRUPTED_MESSAGE } from './query-recovery';
import { ServerInstance } from './server-instance';

let app: SqlLabTestApp;
let db: number;
let adminId: number;

beforeAll(async () => {
  app = await startSqlLabTestApp();
  db = await app.addDatabase('target', { allow_run_async: true });
  [{ id: adminId }] = await app.metaQuery<{ id: number }>(`SELECT id FROM users WHERE username = 'admin'`);
});
afterAll(async () => {
  await app?.close();
});

/** What a server process leaves in the log when it starts a run (and then maybe dies). */
async function started(overrides: Partial<QueryStartedData>): Promise<string> {
  const id = clientId();
  const query: QueryStartedData = {
    clientId: id,
    userId: adminId,
    databaseId: db,
    sql: 'SELECT pg_sleep(600)',
    renderedSql: 'SELECT pg_sleep(600)',
    sqlEditorId: null,
    tab: null,
    catalog: null,
    schema: null,
    limit: 1000,
    limitingFactor: LimitingFactor.DROPDOWN,
    selectAsCta: false,
    ctasMethod: 'TABLE',
    tmpTableName: null,
    tmpSchemaName: null,
    runAsync: false,
    status: 'running',
    startDttm: Date.now(),
    runner: null,
    ...overrides,
  };
  await app.t.app.get(QueryRuns).decide(id, { type: 'StartQuery', query, statementCount: 1 }, String(adminId));
  return id;
}

/** A "server process": a connection holding the instance lock, as ServerInstance takes it. */
async function processHolding(instanceId: string): Promise<Client> {
  const client = new Client({ connectionString: app.t.db.url });
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1, $2)', [0x5354, Number(instanceId)]);
  return client;
}

const state = async (id: string) => (await app.admin.get(`/api/v1/query/${id}`)).body.result;

it('fails the runs of a dead process at boot, as events, and leaves a live process its runs', async () => {
  const crashed = await processHolding('1111111');
  await crashed.end(); // the process died: its lock went with its connection
  const alive = await processHolding('2222222');
  try {
    const syncOfDead = await started({ runner: '1111111' });
    const asyncOfDead = await started({ runner: '1111111', runAsync: true, status: 'pending' });
    // Queued in a dead process's memory (in-process queue, runner recorded then): gone with it.
    const unheld = await started({ runner: null, runAsync: true, status: 'pending' });
    const ofLive = await started({ runner: '2222222' });
    const finished = await started({ runner: '1111111' });
    await app.t.app.get(QueryRuns).decide(finished, { type: 'StopQuery', at: Date.now() }, String(adminId));

    // What the module does on application bootstrap.
    await app.t.app.get(ExecuteModule).onApplicationBootstrap();

    for (const id of [syncOfDead, asyncOfDead, unheld]) {
      const q = await state(id);
      expect(q).toMatchObject({ state: 'failed', errorMessage: INTERRUPTED_MESSAGE });
      expect(q.endDttm).toEqual(expect.any(Number));
      const events = await app.t.app.get(EventStore).readStream(`query:${id}`);
      expect(events.at(-1)).toMatchObject({ type: 'sqllab/queryFailed', meta: { actor: 'system' } });
    }
    expect((await state(asyncOfDead)).extra.errors[0].error_type).toBe('ASYNC_WORKERS_ERROR');
    expect((await state(ofLive)).state).toBe('running');
    expect((await state(finished)).state).toBe('stopped');
  } finally {
    await alive.end();
  }
});

it('a run this process holds is never taken for dead; a real run records its holder', async () => {
  const instance = app.t.app.get(ServerInstance);
  expect(await instance.isAlive(instance.id)).toBe(true);
  const id = clientId();
  const res = await app.admin.post('/api/v1/sqllab/execute/', {
    database_id: db,
    client_id: id,
    sql: 'SELECT 1 AS one',
  });
  expect(res.status).toBe(200);
  const [start] = await app.t.app.get(EventStore).readStream(`query:${id}`);
  expect(start).toMatchObject({ type: 'sqllab/queryStarted', data: { runner: instance.id } });
  // Once the holder is gone, the lock is too.
  expect(await instance.isAlive('1111111')).toBe(false);
});
