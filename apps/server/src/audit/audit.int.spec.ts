/**
 * `GET /api/v1/audit/` over real HTTP, real sockets and a real PostgreSQL (issue 13 item 1): bob renames a
 * chart and edits a dashboard, the admin reads it back by actor and by object, newest first, with
 * summaries naming things as they were then, batch ids and the undone flag; bob reads only his own.
 */
import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { DataSource } from 'typeorm';
import { connect, type TestClient } from '../../test/realtime/realtime-test-app';
import { UsersService } from '../auth/users/users.service';
import { ChartsModule } from '../charts/charts.module';
import { encodeRison } from '../common/rison';
import { DashboardDraftsModule } from '../dashboard-drafts/dashboard-drafts.module';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { EventStore } from '../event-store/event-store.port';
import { RealtimeModule } from '../realtime/realtime.module';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import type { ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createChartAs, signInBobAndAdmin, type Who } from '../testing/bob-and-admin';
import { auditWhere } from './audit-filter';
import { AuditModule } from './audit.module';
import type { AuditQuery } from './audit-query';
import type { AuditRow } from './audit.service';
import { PageContext } from './page-context';
import { toEnvelopes, type EventRow } from '../event-store/event-rows';

type Ack = Extract<ServerMessage, { type: 'ack' }>;

let t: AuthTestApp;
let bobId: number;
let adminId: number;
let tokens: { admin: string; bob: string };
let clients: Record<Who, ApiClient>;
let chartId: number;
let dashboardId: number;
const sockets: TestClient[] = [];

const api = (who: Who) => clients[who];
const audit = (who: 'admin' | 'bob', q: unknown) =>
  api(who).get(`/api/v1/audit/?q=${encodeURIComponent(encodeRison(q))}`);
const rowsOf = (res: { status: number; body: { result: AuditRow[] } }) => {
  expect(res.status).toBe(200);
  return res.body.result;
};

let seq = 0;
async function draftCommand(c: TestClient, type: string, data: unknown): Promise<Ack> {
  const clientSeq = (seq += 1);
  c.send({
    type: 'command',
    stream: `dashboard-draft:${dashboardId}`,
    clientSeq,
    commandId: `audit-cmd-${clientSeq}`,
    batchId: `audit-batch-${clientSeq}`,
    command: { type, data },
  });
  return c.next<Ack>((m) => m.type === 'ack' && m.clientSeq === clientSeq);
}

beforeAll(async () => {
  t = await createAuthTestApp({
    extraModules: [RealtimeModule, DashboardsModule, DashboardDraftsModule, ChartsModule, AuditModule],
  });
  ({ bobId, adminId, tokens, clients } = await signInBobAndAdmin(t));

  // bob's chart (made through the chart command, as the create route does once its dataset is checked).
  chartId = await createChartAs(t, bobId, 'Cars by origin');
  expect((await api('bob').put(`/api/v1/chart/${chartId}`, { slice_name: 'Revenue by origin' })).status).toBe(200);
  expect((await api('bob').put(`/api/v1/chart/${chartId}`, { slice_name: 'Revenue 2026' })).status).toBe(200);

  // bob's dashboard, edited live: a markdown he keeps and a divider he undoes.
  const created = await api('bob').post('/api/v1/dashboard/', { dashboard_title: 'Sales board' });
  expect(created.status).toBe(201);
  dashboardId = created.body.id as number;
  const c = await connect(t.url, { token: tokens.bob, sessionId: 'bob-tab' });
  sockets.push(c);
  c.send({
    type: 'subscribe',
    protocolVersion: PROTOCOL_VERSION,
    stream: `dashboard-draft:${dashboardId}`,
    fromVersion: 0,
  });
  await c.next((m) => m.type === 'subscribed');
  const markdown = { id: 'MARKDOWN-kept', componentType: 'MARKDOWN', destination: { parentId: 'GRID_ID', index: 0 } };
  expect(await draftCommand(c, 'CreateComponent', { ...markdown, rowId: 'ROW-kept' })).toMatchObject({
    result: 'committed',
  });
  const divider = { id: 'DIVIDER-undone', componentType: 'DIVIDER', destination: { parentId: 'GRID_ID', index: 1 } };
  expect(await draftCommand(c, 'CreateComponent', divider)).toMatchObject({ result: 'committed' });
  expect(await draftCommand(c, 'Undo', {})).toMatchObject({ result: 'committed' });

  // Something of the admin's own.
  expect((await api('admin').post('/api/v1/dashboard/', { dashboard_title: 'Admin board' })).status).toBe(201);
}, 120_000);

afterAll(async () => {
  for (const c of sockets) c.close();
  await t?.close();
});

describe('GET /api/v1/audit/ (real HTTP, real PostgreSQL)', () => {
  it('admin filters by bob: his events only, newest first, each with actor, object, summary and batch', async () => {
    const res = await audit('admin', { actor: bobId, page_size: 1000 });
    const rows = rowsOf(res);
    expect(res.body.count).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.every((r) => r.actor.id === bobId && r.actor.username === 'bob')).toBe(true);
    const positions = rows.map((r) => r.position);
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(rows.every((r) => typeof r.batch_id === 'string' && r.summary.length > 0)).toBe(true);
    expect(rows.find((r) => r.type === 'chart/chartRenamed')).toMatchObject({
      object: { type: 'chart', id: chartId },
    });
    expect(rows.some((r) => r.object?.type === 'dashboard' && r.object.id === dashboardId)).toBe(true);
  });

  it('admin filters by the chart: names and summaries as they were at each event, not as it is now', async () => {
    const rows = rowsOf(await audit('admin', { object: { type: 'chart', id: chartId } }));
    expect(rows.map((r) => [r.type, r.object?.name, r.summary])).toEqual([
      ['chart/chartRenamed', 'Revenue by origin', "bob renamed the chart 'Revenue by origin' to 'Revenue 2026'"],
      ['chart/chartRenamed', 'Cars by origin', "bob renamed the chart 'Cars by origin' to 'Revenue by origin'"],
      ['chart/chartCreated', 'Cars by origin', "bob created the Table 'Cars by origin'"],
    ]);
    expect(rows[0].time).toEqual(expect.any(String));
    expect(rows[0].payload).toEqual({ slice_name: 'Revenue 2026' });
  });

  it('marks the intent bob undid as undone, and only that one', async () => {
    const rows = rowsOf(await audit('admin', { object: { type: 'dashboard', id: dashboardId }, page_size: 100 }));
    const created = rows.filter((r) => r.type === 'dashboard/componentCreated');
    expect(created).toHaveLength(2);
    const divider = created.find((r) => JSON.stringify(r.payload).includes('DIVIDER-undone'))!;
    const markdown = created.find((r) => JSON.stringify(r.payload).includes('MARKDOWN-kept'))!;
    expect(divider.undone).toBe(true);
    expect(markdown.undone).toBe(false);
    const undo = rows.find((r) => r.type === 'history/undone')!;
    expect(undo.payload).toMatchObject({ batchId: divider.batch_id });
    expect(rows.every((r) => r.object?.name === 'Sales board')).toBe(true);
  });

  it('pages: page 1 of size 1 is the second newest; a page over 1,000 rows is a 400', async () => {
    const all = rowsOf(await audit('admin', { actor: bobId, page_size: 3 }));
    const second = rowsOf(await audit('admin', { actor: bobId, page: 1, page_size: 1 }));
    expect(second).toEqual([all[1]]);
    const tooBig = await audit('admin', { page_size: 1001 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR' });
  });

  it('bad rison and unknown filters are 400s in the error shape', async () => {
    const bad = await api('admin').get('/api/v1/audit/?q=(actor:');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({
      error_type: 'INVALID_PAYLOAD_FORMAT_ERROR',
      message: expect.any(String),
    });
    expect((await audit('admin', { who: 'bob' })).status).toBe(400);
    expect((await audit('admin', { since: 'yesterday' })).status).toBe(400);
  });

  it("bob gets 403 for the admin's activity, and without a filter sees only his own", async () => {
    const refused = await audit('bob', { actor: adminId });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR' });
    const mine = rowsOf(await audit('bob', { page_size: 1000 }));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.actor.id === bobId)).toBe(true);
    // The admin's dashboard is in the log, but not in bob's view of it.
    const everything = rowsOf(await audit('admin', { page_size: 1000 }));
    expect(everything.some((r) => r.actor.id === adminId)).toBe(true);
  });

  it('filters by event types, free text and time', async () => {
    const renamed = rowsOf(await audit('admin', { types: ['chart/chartRenamed'] }));
    expect(renamed.map((r) => r.payload)).toEqual([
      { slice_name: 'Revenue 2026' },
      { slice_name: 'Revenue by origin' },
    ]);
    const text = rowsOf(await audit('admin', { text: 'Revenue 2026' }));
    expect(text.map((r) => r.type)).toEqual(['chart/chartRenamed']);
    const future = rowsOf(await audit('admin', { since: new Date(Date.now() + 3_600_000).toISOString() }));
    expect(future).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(rowsOf(await audit('admin', { since: tomorrow }))).toEqual([]);
    expect(rowsOf(await audit('admin', { until: tomorrow, types: ['chart/chartCreated'] }))).toHaveLength(1);
  });

  it('never shows a password or its hash, even for the events of a new user', async () => {
    const created = await t.app
      .get(UsersService)
      .createUser({ username: 'carol', password: 'carol-very-secret-pw', roles: ['Gamma'] }, adminId);
    const rows = rowsOf(await audit('admin', { object: { type: 'user', id: created.id } }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ object: { type: 'user', id: created.id, name: 'carol' } });
    const [{ password_hash: hash }] = (await t.app
      .get(DataSource)
      .query(`SELECT password_hash FROM user_credentials WHERE user_id = $1`, [created.id])) as {
      password_hash: string;
    }[];
    const everything = JSON.stringify(rowsOf(await audit('admin', { page_size: 1000 })));
    expect(everything).not.toContain('carol-very-secret-pw');
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain('scrypt$');
  });

  it('user-log entries about a dashboard join the view with the dashboard as their object', async () => {
    const logged = await api('bob').post(`/strata/log/?explode=events&dashboard_id=${dashboardId}`, {
      events: [
        { event_name: 'mount_dashboard', ts: 1767225600000, event_type: 'timing', version: 'v2', duration: 240 },
      ],
    });
    expect(logged.status).toBe(200);
    const rows = rowsOf(await audit('admin', { object: { type: 'dashboard', id: dashboardId } }));
    expect(rows[0]).toMatchObject({
      type: 'platform/userEventLogged',
      actor: { id: bobId, username: 'bob' },
      object: { type: 'dashboard', id: dashboardId, name: 'Sales board' },
      payload: { dashboard_id: dashboardId, duration_ms: 240 },
    });
    expect(rowsOf(await audit('bob', { types: ['platform/userEventLogged'] }))).toHaveLength(1);
  });

  it("a dashboard's filter state events (on streams named by their key) are found by the dashboard, named as it was then", async () => {
    const board = await api('bob').post('/api/v1/dashboard/', { dashboard_title: 'Filters board', published: true });
    expect(board.status).toBe(201);
    const id = board.body.id as number;
    const state = (value: string) => ({
      value: JSON.stringify({ dataMask: { 'NATIVE_FILTER-c': { filterState: { value: [value] } } } }),
    });
    const kept = await api('bob').post(`/api/v1/dashboard/${id}/filter_state`, state('Japan'));
    expect(kept.status).toBe(201);
    const key = kept.body.key as string;
    expect((await api('bob').put(`/api/v1/dashboard/${id}/filter_state/${key}`, state('USA'))).status).toBe(200);
    expect((await api('bob').put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Filters board v2' })).status).toBe(200);
    // Another dashboard's filter state stays out.
    expect((await api('bob').post(`/api/v1/dashboard/${dashboardId}/filter_state`, state('Peru'))).status).toBe(201);

    const rows = rowsOf(await audit('admin', { object: { type: 'dashboard', id } }));
    const filterRows = rows.filter((r) => r.type.startsWith('dashboard/filterState'));
    expect(filterRows.map((r) => r.type)).toEqual(['dashboard/filterStateChanged', 'dashboard/filterStateCreated']);
    for (const row of filterRows)
      expect(row).toMatchObject({
        actor: { id: bobId, username: 'bob' },
        object: { type: 'dashboard', id, name: 'Filters board' },
        payload: { dashboardId: id },
      });
    expect(filterRows[0]!.summary).toBe("bob changed the filters of the dashboard 'Filters board' (1 filter set)");
    expect(rows[0]!.object).toMatchObject({ type: 'dashboard', id, name: 'Filters board v2' });
    expect(
      rowsOf(await audit('admin', { object: { type: 'dashboard', id: dashboardId } })).map((r) => r.type),
    ).toContain('dashboard/filterStateCreated');
  });

  it('an object filter on a dashboard stays index-driven, its filter state events through their own index', async () => {
    const where = auditWhere({ object: { type: 'dashboard', id: dashboardId } } as AuditQuery);
    const plan = await t.app.get(DataSource).transaction(async (m) => {
      // The test log is tiny: a sequential scan would win on cost alone. Forbid it to see what the
      // planner reaches for when the log is large.
      await m.query('SET LOCAL enable_seqscan = off');
      const rows = (await m.query(
        `EXPLAIN SELECT position FROM events WHERE ${where.sql} ORDER BY ${where.order} DESC LIMIT 25`,
        where.params,
      )) as { 'QUERY PLAN': string }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('events_filter_state_dashboard_idx');
    expect(plan).toContain('events_userlog_dashboard_idx');
    expect(plan).not.toMatch(/Seq Scan on events/);
  });

  it("a chart's timings (in Explore, and on a dashboard) are found by the chart, with their duration and a summary", async () => {
    const timing = { ts: 1767225600000, event_type: 'timing', version: 'v2' };
    // Explore on the saved chart: the chart rides in the URL.
    const explored = await api('bob').post(`/strata/log/?explode=events&slice_id=${chartId}`, {
      events: [
        { ...timing, event_name: 'load_chart', source: 'chart', source_id: chartId, duration: 420, is_cached: true },
      ],
    });
    expect(explored.status).toBe(200);
    // On the dashboard: the URL names the dashboard, the entry its chart.
    const drawn = await api('bob').post(`/strata/log/?explode=events&dashboard_id=${dashboardId}`, {
      events: [
        {
          ...timing,
          event_name: 'render_chart',
          source: 'dashboard',
          source_id: dashboardId,
          slice_id: chartId,
          target_name: 'Revenue 2026',
          viz_type: 'table',
          duration: 1234,
        },
      ],
    });
    expect(drawn.status).toBe(200);
    const rows = rowsOf(
      await audit('admin', { object: { type: 'chart', id: chartId }, types: ['platform/userEventLogged'] }),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor: { id: bobId, username: 'bob' },
      object: { type: 'dashboard', id: dashboardId, name: 'Sales board' },
      payload: { dashboard_id: dashboardId, slice_id: chartId, duration_ms: 1234 },
      summary: "bob's chart 'Revenue 2026' was drawn in 1.2 s on the dashboard 'Sales board'",
    });
    expect(rows[1]).toMatchObject({
      object: { type: 'chart', id: chartId, name: 'Revenue 2026' },
      payload: { slice_id: chartId, duration_ms: 420 },
      summary: "bob's chart 'Revenue 2026' loaded in 420 ms (cached)",
    });
  });

  it("live tail: new rows reach admins on audit:all and a user on their own audit stream, never others' rows", async () => {
    const subscribe = async (who: 'admin' | 'bob', stream: string) => {
      const c = await connect(t.url, { token: tokens[who], sessionId: `${who}-audit` });
      sockets.push(c);
      c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
      return { c, answer: await c.next((m) => (m.type === 'subscribed' || m.type === 'error') && m.stream === stream) };
    };
    const rowsOn = (c: TestClient, stream: string) =>
      c.received.flatMap((m) =>
        m.type === 'events' && m.stream === stream ? m.events.map((e) => e.data as AuditRow) : [],
      );
    const admin = await subscribe('admin', 'audit:all');
    expect(admin.answer).toMatchObject({ type: 'subscribed', events: [] });
    const bob = await subscribe('bob', `audit:${bobId}`);
    expect(bob.answer).toMatchObject({ type: 'subscribed' });
    expect((await subscribe('bob', 'audit:all')).answer).toMatchObject({
      type: 'error',
      error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
    });
    expect((await subscribe('bob', `audit:${adminId}`)).answer).toMatchObject({ type: 'error' });

    // The admin's own change reaches the admin's tail only.
    expect((await api('admin').post('/api/v1/dashboard/', { dashboard_title: 'Admin tail board' })).status).toBe(201);
    await admin.c.next((m) => m.type === 'events' && m.events.some((e) => (e.data as AuditRow).actor.id === adminId));
    // bob's rename reaches both, as the REST view words it.
    expect((await api('bob').put(`/api/v1/chart/${chartId}`, { slice_name: 'Tail name' })).status).toBe(200);
    const summary = "bob renamed the chart 'Revenue 2026' to 'Tail name'";
    await bob.c.next((m) => m.type === 'events' && m.events.some((e) => (e.data as AuditRow).summary === summary));
    await admin.c.next((m) => m.type === 'events' && m.events.some((e) => (e.data as AuditRow).summary === summary));
    // Rows reach a socket in batch order: had the admin's row been sent to bob, it would have come first.
    expect(rowsOn(bob.c, `audit:${bobId}`).every((r) => r.actor.id === bobId)).toBe(true);
    expect(rowsOn(admin.c, 'audit:all').find((r) => r.summary === summary)).toMatchObject({
      type: 'chart/chartRenamed',
      object: { type: 'chart', id: chartId, name: 'Revenue 2026' },
      batch_id: expect.any(String),
      undone: false,
    });
  });

  it("a query run's later events name the tab its start ran in", async () => {
    const started = {
      clientId: 'audit-run-1',
      userId: bobId,
      databaseId: 1,
      sql: 'SELECT 1',
      renderedSql: 'SELECT 1',
      sqlEditorId: '7',
      tab: 'Revenue SQL',
      catalog: null,
      schema: null,
      limit: 1000,
      limitingFactor: 'NOT_LIMITED',
      selectAsCta: false,
      ctasMethod: 'TABLE',
      tmpTableName: null,
      tmpSchemaName: null,
      runAsync: false,
      status: 'running',
      startDttm: Date.now(),
    };
    const succeeded = {
      rows: 1,
      limitingFactor: 'NOT_LIMITED',
      resultsKey: null,
      columns: [],
      executedSql: 'SELECT 1',
      tempTable: null,
      tempSchema: null,
      selectSql: null,
      endDttm: Date.now(),
    };
    const store = t.app.get(EventStore);
    const meta = { actor: String(bobId) };
    await store.append('query:audit-run-1', [{ type: 'sqllab/queryStarted', data: started }], {
      expectedVersion: 0,
      meta,
    });
    await store.append('query:audit-run-1', [{ type: 'sqllab/querySucceeded', data: succeeded }], {
      expectedVersion: 1,
      meta,
    });
    const rows = rowsOf(await audit('admin', { types: ['sqllab/querySucceeded'] }));
    expect(rows.map((r) => r.summary)).toEqual(["the query in the tab 'Revenue SQL' succeeded with 1 row"]);
  });
});

describe('a page reads only what its rows need (issue 13 item 6)', () => {
  // dora's chart: created, renamed once by an old-style save (`chart/chartUpdated {changes}`, which an
  // upcaster reads as a rename), renamed again today, with many settings changes in between.
  let doraId: number;
  let doraChart: number;
  const PARAMS_CHANGES = 12;

  beforeAll(async () => {
    doraId = (
      await t.app
        .get(UsersService)
        .createUser({ username: 'dora', password: 'dora-password', roles: ['Alpha'] }, 'system')
    ).id;
    doraChart = await createChartAs(t, doraId, 'First name');
    const meta = { actor: String(doraId) };
    const store = t.app.get(EventStore);
    const params = (n: number) => ({ type: 'chart/chartParamsChanged', data: { params: JSON.stringify({ n }) } });
    const steps = [
      ...Array.from({ length: PARAMS_CHANGES / 2 }, (_, n) => params(n)),
      { type: 'chart/chartUpdated', data: { changes: { slice_name: 'Legacy name' } } },
      ...Array.from({ length: PARAMS_CHANGES / 2 }, (_, n) => params(100 + n)),
      { type: 'chart/chartRenamed', data: { slice_name: 'Final name' } },
    ];
    for (const [i, event] of steps.entries())
      await store.append(`chart:${doraChart}`, [event], { expectedVersion: i + 1, meta });
  }, 60_000);

  const doraPage = async (page: number, page_size: number) =>
    rowsOf(await audit('admin', { actor: doraId, page, page_size }));

  it('names each row as the chart was then, across pages, the old-style rename included', async () => {
    const first = await doraPage(0, 1);
    expect(first.map((r) => [r.type, r.object?.name, r.summary])).toEqual([
      ['chart/chartRenamed', 'Legacy name', "dora renamed the chart 'Legacy name' to 'Final name'"],
    ]);
    // Newest first: the rename, 6 settings changes under 'Legacy name', the old-style rename, 6 under
    // 'First name', the creation.
    const newer = await doraPage(0, 7);
    expect(newer.slice(1).map((r) => [r.object?.name, r.summary])).toEqual(
      Array(6).fill(['Legacy name', "dora changed the settings of the chart 'Legacy name'"]),
    );
    const second = await doraPage(1, 7);
    expect(second[0]).toMatchObject({
      type: 'chart/chartRenamed',
      object: { name: 'First name' },
      summary: "dora renamed the chart 'First name' to 'Legacy name'",
    });
    expect(second.slice(1).map((r) => r.object?.name)).toEqual(Array(6).fill('First name'));
    const last = await doraPage(2, 5);
    expect(last.at(-1)).toMatchObject({
      type: 'chart/chartCreated',
      object: { name: 'First name' },
      summary: "dora created the Table 'First name'",
    });
    expect(last.every((r) => r.undone === false)).toBe(true);
  });

  it("reads only the chart's naming events for a chart row, not its settings changes", async () => {
    const dataSource = t.app.get(DataSource);
    const newest = toEnvelopes(
      (await dataSource.query(
        `SELECT position, id, stream, version, type, data, meta FROM events WHERE stream = $1 ORDER BY position DESC LIMIT 1`,
        [`chart:${doraChart}`],
      )) as EventRow[],
    );
    const context = await PageContext.load(dataSource, newest);
    // The creation, the old-style save and the rename: not the settings changes in between.
    expect(context.eventsRead).toBe(3);
    expect(context.describe(newest).get(newest[0].id)).toMatchObject({ objectName: 'Legacy name' });
  });

  const newestOf = async (stream: string) => {
    const dataSource = t.app.get(DataSource);
    return toEnvelopes(
      (await dataSource.query(
        `SELECT position, id, stream, version, type, data, meta FROM events WHERE stream = $1 ORDER BY position DESC LIMIT 1`,
        [stream],
      )) as EventRow[],
    );
  };

  it("reads a chart's names only from its last rename before the row on", async () => {
    // bob's chart: created, renamed to 'Revenue by origin', 'Revenue 2026', then 'Tail name' (live tail test).
    const newest = await newestOf(`chart:${chartId}`);
    const context = await PageContext.load(t.app.get(DataSource), newest);
    expect(context.eventsRead).toBe(2);
    expect(context.describe(newest).get(newest[0].id)).toMatchObject({
      objectName: 'Revenue 2026',
      summary: "\u0000who\u0000 renamed the chart 'Revenue 2026' to 'Tail name'",
    });
  });

  it('reads from the start when the last event with the name key names nothing', async () => {
    // Written straight into the log (no projection would take a null name), as a stored event may read.
    const meta = JSON.stringify({ actor: String(doraId), at: new Date().toISOString() });
    for (const [type, data] of [
      ['chart/chartRenamed', { slice_name: null }],
      ['chart/chartDescribed', { description: 'x' }],
    ] as const)
      await t.app.get(DataSource).query(
        `INSERT INTO events (id, stream, version, type, data, meta)
         SELECT gen_random_uuid(), $1, max(version) + 1, $2, $3::jsonb, $4::jsonb FROM events WHERE stream = $1`,
        [`chart:${doraChart}`, type, JSON.stringify(data), meta],
      );
    const newest = await newestOf(`chart:${doraChart}`);
    const context = await PageContext.load(t.app.get(DataSource), newest);
    expect(context.describe(newest).get(newest[0].id)).toMatchObject({ objectName: 'Final name' });
  });

  it('still reads a stream whole for a row whose summary names things from earlier events', async () => {
    const dataSource = t.app.get(DataSource);
    const draft = toEnvelopes(
      (await dataSource.query(
        `SELECT position, id, stream, version, type, data, meta FROM events WHERE stream = $1 ORDER BY position`,
        [`dashboard-draft:${dashboardId}`],
      )) as EventRow[],
    );
    const divider = draft.filter((e) => e.type === 'dashboard/componentCreated').slice(-1);
    expect(divider).toHaveLength(1);
    const upTo = draft.indexOf(divider[0]) + 1;
    const context = await PageContext.load(dataSource, divider);
    expect(context.eventsRead).toBeGreaterThanOrEqual(upTo);
    const described = context.describe(divider);
    expect(described.get(divider[0].id)).toMatchObject({ objectName: 'Sales board' });
    // Every event of the draft read is described (kept by row-cache.ts for the next page).
    expect(draft.slice(0, upTo).every((e) => described.has(e.id))).toBe(true);
  });
});
