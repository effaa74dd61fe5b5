/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { WIRE_EVENT, type AsyncEvent } from '@strata/events';
import { SQLLAB_BROWSER_STORAGE_KEY } from '@strata/domain';
import { createTestContext } from '../../../shared/test-context';
import { TestServer } from '../../../testing/test-server';
import { HttpClient } from '../../api/http-client';
import { createErrors } from '../../errors/errors.feature';
import { createToasts, type ToastsFeature } from '../../toasts/toasts.feature';
import { LAST_ASYNC_EVENT_ID_KEY } from '../async/async-events';
import { socketPush } from '../async/socket-push';
import { createSqlLab, type SqlLabDeps, type SqlLabFeature } from '../sqllab.feature';
import { sqlLabTestApi } from '../testing/sqllab-test-api';

let server: TestServer;
let api: ReturnType<typeof sqlLabTestApi>;
let toasts: ToastsFeature;
let sqllab: SqlLabFeature | undefined;
let sockets: { io: Server; http: HttpServer; url: string } | undefined;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`condition not met in time: ${check.toString()}`);
    await wait(25);
  }
}

/** A socket.io server speaking the wire protocol: every async event of the test API is pushed to it. */
async function startSockets() {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', cors: { origin: true, credentials: true } });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  api.control.onAsyncEvent = (event) => void io.emit(WIRE_EVENT, { type: 'async_event', event: event as AsyncEvent });
  return { io, http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

async function open(deps: Partial<SqlLabDeps>) {
  const context = createTestContext();
  sqllab = createSqlLab({
    context,
    http: new HttpClient({ baseUrl: server.baseUrl }),
    toasts,
    errors: createErrors(context, toasts),
    backendPersistence: false,
    storage: localStorage,
    asyncPollDelayMs: 50,
    ...deps,
  });
  await sqllab.catalog.loadDatabases();
  return sqllab;
}

beforeEach(async () => {
  localStorage.clear();
  api = sqlLabTestApi();
  server = await new TestServer(api.handler).start();
  toasts = createToasts(createTestContext());
});

afterEach(async () => {
  sqllab?.dispose();
  sqllab = undefined;
  toasts.dispose();
  await server.stop();
  if (sockets) {
    await sockets.io.close();
    sockets = undefined;
  }
});

const runOf = (id: string) => sqllab!.store.getState().queries[id]!;
/** What the page has written to the browser's storage. */
const stored = () => localStorage.getItem(SQLLAB_BROWSER_STORAGE_KEY) ?? '';

describe('async runs (database with allow_run_async)', () => {
  it('finishes through the socket push: no event is read by polling, and the stored rows are fetched', async () => {
    sockets = await startSockets();
    api.control.pushOnly = true;
    // The socket opens with the first async run, before the run ends: the run is held until it is there.
    let release = () => undefined as void;
    api.control.asyncRunHeld = new Promise<void>((done) => (release = done));
    const connected = new Promise<void>((done) => sockets!.io.once('connection', () => done()));
    const lab = await open({ openPush: () => socketPush({ url: sockets!.url, sessionId: 's1' }) });
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT * FROM flights' });
    const id = lab.run(tab, 'all')!;
    expect(runOf(id).state).toBe('pending');
    await connected;
    expect(runOf(id).state).toMatch(/pending|running/);
    release();
    await until(() => runOf(id).state === 'success' && runOf(id).results?.data.length === 1000);
    expect(api.executed.at(-1)).toMatchObject({ client_id: id, runAsync: true });
    expect(runOf(id)).toMatchObject({ rows: 1000, limitingFactor: 'DROPDOWN', resultsKey: 'key-1' });
    // The results were asked with the display limit added to the event's result_url.
    const fetched = server.requests.filter((r) => r.url.startsWith('/api/v1/sqllab/results/'));
    expect(decodeURIComponent(fetched.at(-1)!.url)).toContain('(key:key-1,rows:10000)');
  });

  it('polls the event list after the last id seen while the socket is down, and keeps that id in storage', async () => {
    localStorage.setItem(LAST_ASYNC_EVENT_ID_KEY, '0');
    // Nobody listens on this port: the socket never connects and polling carries the events.
    const lab = await open({ openPush: () => socketPush({ url: 'http://127.0.0.1:9', sessionId: 's1' }) });
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT * FROM flights' });
    const first = lab.run(tab, 'all')!;
    await until(() => runOf(first).state === 'success');
    expect(localStorage.getItem(LAST_ASYNC_EVENT_ID_KEY)).toBe('1');
    const second = lab.run(tab, 'all')!;
    await until(() => runOf(second).state === 'success' && runOf(second).results?.data.length === 1000);
    expect(localStorage.getItem(LAST_ASYNC_EVENT_ID_KEY)).toBe('2');
    expect(api.asyncEventPolls).toContain('0');
    expect(api.asyncEventPolls).toContain('1');
    // That polling stops once nothing waits is shown on Jest's fake clock in async/async-events.spec.ts.
  });

  it('catches up by polling when the socket comes up after the event was published', async () => {
    api.control.asyncRunMs = 0;
    sockets = await startSockets();
    // The event is published before the socket is let in: only the catch-up poll can bring it.
    api.control.onAsyncEvent = () => undefined;
    sockets.io.use((_socket, next) => void until(() => api.asyncEvents.length > 0).then(() => next()));
    const lab = await open({
      openPush: () => socketPush({ url: sockets!.url, sessionId: 's1' }),
      asyncPollDelayMs: 60_000,
    });
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT * FROM flights' });
    const id = lab.run(tab, 'all')!;
    await until(() => runOf(id).state === 'success');
  });

  it('records the error of a failed async run with its message', async () => {
    const lab = await open({ openPush: null });
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT * FROM nope' });
    const id = lab.run(tab, 'all')!;
    await until(() => runOf(id).state === 'failed');
    expect(runOf(id).errorMessage).toBe('relation "nope" does not exist');
    expect(runOf(id).errors[0]).toMatchObject({ error_type: 'TABLE_DOES_NOT_EXIST_ERROR' });
  });

  it('after a reload, waits again for async runs still in progress and drops runs stuck for longer than the async limit', async () => {
    let offset = -7 * 60 * 60 * 1000;
    const clock = { ...createTestContext(), now: () => new Date(Date.now() + offset).toISOString() };
    const first = await open({ openPush: null, context: clock });
    const tab = first.addTab({ dbId: 2, schema: 'public', sql: 'SELECT pg_sleep(30)' });
    const stuck = first.run(tab, 'all')!;
    offset = 0;
    // Still running on the server when the page is reloaded, however slow the machine.
    let release = () => undefined as void;
    api.control.asyncRunHeld = new Promise<void>((done) => (release = done));
    first.editSql(tab, 'SELECT * FROM flights', true);
    const alive = first.run(tab, 'all')!;
    await until(() => stored().includes(alive)); // the browser storage write
    first.dispose();
    sqllab = undefined;

    const second = await open({ openPush: null });
    second.open();
    expect(second.store.getState().queries[stuck]).toBeUndefined();
    expect(runOf(alive).state).toMatch(/pending|running/);
    release();
    await until(() => runOf(alive).state === 'success' && runOf(alive).results?.data.length === 1000);
  });

  it('after a reload, asks the server how a synchronous run cut off by the reload ended', async () => {
    const first = await open({ openPush: null });
    const tab = first.addTab({ dbId: 1, schema: 'public', sql: 'SELECT * FROM flights' });
    // Two runs the previous page started and never heard back from (the reload cut their requests).
    const start = (id: string) =>
      first.execute({
        type: 'StartQuery',
        data: {
          id,
          dbId: 1,
          sql: 'SELECT * FROM flights',
          sqlEditorId: tab,
          tab: 'Untitled Query 1',
          catalog: null,
          schema: 'public',
          queryLimit: 1000,
          templateParams: null,
          runAsync: false,
          startDttm: first.now(),
        },
      });
    start('finishedrun');
    start('unknownrun1');
    api.pastQueries.push({
      id: 'finishedrun',
      dbId: 1,
      sql: 'SELECT * FROM flights',
      state: 'success',
      rows: 1000,
      resultsKey: 'key-1',
      limitingFactor: 'DROPDOWN',
    });
    await until(() => stored().includes('finishedrun') && stored().includes('unknownrun1')); // the browser storage write
    first.dispose();
    sqllab = undefined;

    const second = await open({ openPush: null });
    second.open();
    await until(() => runOf('finishedrun').state === 'success' && runOf('finishedrun').results?.data.length === 1000);
    // The server never had the other one: it did not run.
    await until(() => runOf('unknownrun1').state === 'failed');
    expect(runOf('unknownrun1').errorMessage).toBe('Query not found.');
  });

  it('stops a running query: stopped at once, the server asked to cancel it, and its error event changes nothing', async () => {
    const lab = await open({ openPush: null });
    const tab = lab.addTab({ dbId: 2, schema: 'public', sql: 'SELECT pg_sleep(30)' });
    const id = lab.run(tab, 'all')!;
    await until(() => runOf(id).state === 'running');
    expect(runOf(id).extra['progress']).toBe('Running statement 1 out of 1');
    await lab.stop(id);
    expect(runOf(id).state).toBe('stopped');
    expect(api.stopped).toEqual([id]);
    // The server publishes the run's error event; the page forgot the run on Stop, so nothing takes it.
    await until(() => api.asyncEvents.length === 1);
    expect(runOf(id).state).toBe('stopped');
  });
});
