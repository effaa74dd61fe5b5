/**
 * Stop and async runs against a real PostgreSQL, BullMQ-free (the in-process queue; the Redis queue has
 * its own test in src/jobs): Stop cancels the statement IN THE DATABASE (pg_stat_activity shows an
 * hour-long pg_sleep gone within the test's time limit), a Stop before the run starts means it never
 * starts, and an async run completes through the queue, its event arrives on a socket.io-client socket and at GET /api/v1/async_event/.
 */
import { PROTOCOL_VERSION, WIRE_EVENT, type ServerMessage } from '@strata/events';
import { io, type Socket } from 'socket.io-client';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let db: number;
let asyncDb: number;

beforeAll(async () => {
  app = await startSqlLabTestApp({ realtime: true });
  db = await app.addDatabase('target');
  asyncDb = await app.addDatabase('target-async', { allow_run_async: true });
});
afterAll(async () => {
  await app?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The backends running `SELECT pg_sleep(<seconds>)` on this file's target database (other test files may
 * sleep on the same server): each test sleeps an hour, so only a Stop ends it in time.
 */
const sleepers = async (seconds = 3600) =>
  app.targetQuery<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE query LIKE $1 AND state = 'active' AND datname = current_database() AND pid <> pg_backend_pid()`,
    [`%pg_sleep(${seconds})%`],
  );

/** The bound of every wait here: generous (a loaded machine is slow, not failing), below the test's own. */
const WAIT_MS = 30_000;

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe('Stop', () => {
  it('cancels a running sync query in the database; the run ends stopped', async () => {
    const id = clientId();
    const running = app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT 1; SELECT pg_sleep(3600)',
    });
    await until(async () => (await sleepers()).length > 0, WAIT_MS);
    const stop = await app.admin.post('/api/v1/query/stop', { client_id: id });
    expect(stop.status).toBe(200);
    await until(async () => (await sleepers()).length === 0, WAIT_MS);
    const res = await running;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'stopped', data: [] });
    expect((await app.admin.get(`/api/v1/query/${id}`)).body.result.state).toBe('stopped');
  });

  it('a Stop that overtakes its execute request is kept: the run starts stopped, never runs, no rows', async () => {
    // The Run then Stop of a loaded machine, in the order the server may see them: the Stop first.
    const id = clientId();
    const stop = await app.admin.post('/api/v1/query/stop', { client_id: id });
    expect(stop.status).toBe(200);
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT pg_sleep(3603)',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'stopped', data: [] });
    expect(await sleepers(3603)).toEqual([]);
    expect((await app.admin.get(`/api/v1/query/${id}`)).body.result).toMatchObject({ state: 'stopped', rows: null });
  });

  it("a user's own Stop that overtakes their execute request stops their run (not only an admin's)", async () => {
    const id = clientId();
    const owner = await app.userClient('quick', ['Alpha', 'sql_lab']);
    await owner.post('/api/v1/query/stop', { client_id: id });
    const res = await owner.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT pg_sleep(3604)',
    });
    expect(res.body).toMatchObject({ status: 'stopped', data: [] });
    expect(await sleepers(3604)).toEqual([]);
  });

  it("a Stop kept before the run by another user does not stop the owner's run", async () => {
    const id = clientId();
    const meddler = await app.userClient('meddler', ['sql_lab']);
    expect((await meddler.post('/api/v1/query/stop', { client_id: id })).status).toBe(200);
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT 7 AS n',
    });
    expect(res.body).toMatchObject({ status: 'success', data: [{ n: 7 }] });
  });

  it('a Stop that arrives while an async run waits in the queue means it never starts', async () => {
    // Fill both worker slots so the next run waits.
    const blockers = [clientId(), clientId()];
    for (const id of blockers)
      await app.admin.post('/api/v1/sqllab/execute/', {
        database_id: asyncDb,
        client_id: id,
        sql: 'SELECT pg_sleep(3600)',
        runAsync: true,
      });
    const id = clientId();
    const queued = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: asyncDb,
      client_id: id,
      sql: "SELECT 'never' AS x",
      runAsync: true,
    });
    expect(queued.status).toBe(202);
    expect(queued.body.query.state).toBe('pending');
    await app.admin.post('/api/v1/query/stop', { client_id: id });
    for (const b of blockers) await app.admin.post('/api/v1/query/stop', { client_id: b });
    await until(async () => (await sleepers()).length === 0, WAIT_MS);
    // A barrier: two later runs hold both worker slots at once only after the stopped run (ahead of
    // them in line) has left its slot, i.e. after its worker decided whether to start it.
    const later = [clientId(), clientId()];
    for (const l of later)
      await app.admin.post('/api/v1/sqllab/execute/', {
        database_id: asyncDb,
        client_id: l,
        sql: 'SELECT pg_sleep(3601)',
        runAsync: true,
      });
    await until(async () => (await sleepers(3601)).length === 2, WAIT_MS);
    const row = (await app.admin.get(`/api/v1/query/${id}`)).body.result;
    for (const l of later) await app.admin.post('/api/v1/query/stop', { client_id: l });
    await until(async () => (await sleepers(3601)).length === 0, WAIT_MS);
    expect(row).toMatchObject({ state: 'stopped', rows: null, executedSql: null, startDttm: expect.any(Number) });
    expect(row.extra.progress).toBeUndefined();
  });

  it('only the owner (or an admin) may stop (403); bad input 400', async () => {
    const id = clientId();
    const running = app.admin.post('/api/v1/sqllab/execute/', {
      database_id: db,
      client_id: id,
      sql: 'SELECT pg_sleep(3600)',
    });
    await until(async () => (await sleepers()).length > 0, WAIT_MS);
    const analyst = await app.userClient('analyst', ['sql_lab']);
    const refused = await analyst.post('/api/v1/query/stop', { client_id: id });
    expect(refused.status).toBe(403);
    expect((await app.admin.get(`/api/v1/query/${id}`)).body.result.state).toBe('running');
    expect((await app.admin.post('/api/v1/query/stop', { client_id: 'x' })).status).toBe(400);
    await app.admin.post('/api/v1/query/stop', { client_id: id });
    expect((await running).body.status).toBe('stopped');
  });
});

describe('async runs', () => {
  let socket: Socket;
  const received: ServerMessage[] = [];
  beforeAll(async () => {
    socket = io(app.t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { authorization: `Bearer ${app.admin.token}` },
    });
    socket.on(WIRE_EVENT, (m: ServerMessage) => received.push(m));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(() => {
    socket?.disconnect();
  });

  it('202 pending, runs on the queue, pushes a done event to the socket, and results are fetched by key', async () => {
    const id = clientId();
    const res = await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: asyncDb,
      client_id: id,
      sql: 'SELECT * FROM t1200',
      runAsync: true,
      queryLimit: 100,
    });
    expect(res.status).toBe(202);
    expect(res.body.query).toMatchObject({ id, state: 'pending', runAsync: true });
    const message = await until(
      async () => received.find((m) => m.type === 'async_event' && m.event.client_id === id),
      WAIT_MS,
    );
    if (message.type !== 'async_event') throw new Error('unreachable');
    expect(message.event).toMatchObject({ status: 'done', errors: [] });
    const query = (await app.admin.get(`/api/v1/query/${id}`)).body.result;
    expect(query).toMatchObject({ state: 'success', rows: 100, limitingFactor: 'DROPDOWN' });
    expect(message.event.result_url).toMatch(
      new RegExp(`^/api/v1/sqllab/results/\\?q=\\(key:'?${query.resultsKey}'?\\)$`),
    );
    const results = await app.admin.get(message.event.result_url!);
    expect(results.status).toBe(200);
    expect(results.body.data).toHaveLength(100);
    expect(results.body.query.id).toBe(id);

    const polled = await app.admin.get('/api/v1/async_event/');
    expect(polled.body.result.map((e: { client_id: string }) => e.client_id)).toContain(id);
    const mine = polled.body.result.find((e: { client_id: string }) => e.client_id === id);
    expect(mine.id).toBe(message.event.id);
    expect(
      (await app.admin.get(`/api/v1/async_event/?last_id=${mine.id}`)).body.result.map((e: { id: string }) => e.id),
    ).not.toContain(mine.id);
  });

  it('a failing async run pushes an error event with the errors; other users see none of it', async () => {
    const id = clientId();
    await app.admin.post('/api/v1/sqllab/execute/', {
      database_id: asyncDb,
      client_id: id,
      sql: 'SELECT * FROM missing_table',
      runAsync: true,
    });
    const message = await until(
      async () => received.find((m) => m.type === 'async_event' && m.event.client_id === id),
      WAIT_MS,
    );
    if (message.type !== 'async_event') throw new Error('unreachable');
    expect(message.event.status).toBe('error');
    expect(message.event.result_url).toBeNull();
    expect(message.event.errors?.[0].message).toMatch(/missing_table/);
    const other = await app.userClient('other', ['sql_lab']);
    expect((await other.get('/api/v1/async_event/')).body.result).toEqual([]);
    expect((await other.get('/api/v1/async_event/?last_id=abc')).status).toBe(400);
  });

  it('an async run past SQLLAB_ASYNC_TIME_LIMIT_SEC is timed_out with the async message', async () => {
    const config = app.t.config as { sqllab: { timeoutSec: number; asyncTimeLimitSec: number } };
    const saved = config.sqllab;
    config.sqllab = { ...saved, asyncTimeLimitSec: 1 };
    try {
      const id = clientId();
      // An hour-long statement: only the time limit ends it within the test's.
      await app.admin.post('/api/v1/sqllab/execute/', {
        database_id: asyncDb,
        client_id: id,
        sql: 'SELECT pg_sleep(3602)',
        runAsync: true,
      });
      const message = await until(
        async () => received.find((m) => m.type === 'async_event' && m.event.client_id === id),
        WAIT_MS,
      );
      if (message.type !== 'async_event') throw new Error('unreachable');
      expect(message.event.errors?.[0]).toMatchObject({
        error_type: 'SQLLAB_TIMEOUT_ERROR',
        message:
          'The query was killed after 1 seconds. It might be too complex, or the database might be under heavy load.',
      });
      expect((await app.admin.get(`/api/v1/query/${id}`)).body.result.state).toBe('timed_out');
    } finally {
      config.sqllab = saved;
    }
  });

  it('the owner follows a run live on query:<client_id>; another user may not subscribe', async () => {
    const id = clientId();
    await app.admin.post('/api/v1/sqllab/execute/', { database_id: db, client_id: id, sql: 'SELECT 1 AS one' });
    socket.emit(WIRE_EVENT, {
      type: 'subscribe',
      protocolVersion: PROTOCOL_VERSION,
      stream: `query:${id}`,
      fromVersion: 0,
    });
    const subscribed = await until(
      async () => received.find((m) => m.type === 'subscribed' && m.stream === `query:${id}`),
      WAIT_MS,
    );
    if (subscribed.type !== 'subscribed') throw new Error('unreachable');
    expect(subscribed.events.map((e) => e.type)).toEqual([
      'sqllab/queryStarted',
      'sqllab/queryProgressed',
      'sqllab/querySucceeded',
    ]);

    const other = await app.userClient('watcher', ['sql_lab']);
    const otherSocket = io(app.t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { authorization: `Bearer ${other.token}` },
    });
    const answers: ServerMessage[] = [];
    otherSocket.on(WIRE_EVENT, (m: ServerMessage) => answers.push(m));
    await new Promise<void>((resolve) => otherSocket.once('connect', () => resolve()));
    otherSocket.emit(WIRE_EVENT, {
      type: 'subscribe',
      protocolVersion: PROTOCOL_VERSION,
      stream: `query:${id}`,
      fromVersion: 0,
    });
    const refused = await until(
      async () => answers.find((m) => m.type !== 'subscribed' || m.stream !== `query:${id}`) ?? null,
      WAIT_MS,
    ).finally(() => otherSocket.disconnect());
    expect(refused).toMatchObject({ type: 'error', stream: `query:${id}` });
    expect(answers.some((m) => m.type === 'subscribed')).toBe(false);
  });
});
