/**
 * `/api/v1/report/` over real HTTP on a real PostgreSQL (issue 14 item 2): create, list with the spec's
 * filters, read, change (full body and `{active}` only), delete; who sees and changes what (owners and the
 * creator, admins all, Gamma nothing); every refused value answered 400 naming its field; a name taken per
 * type; the execution log from run events decided on the stream; read models equal to a rebuild.
 */
import { CommandBus } from '@nestjs/cqrs';
import type { ChartCommand, ReportCommand } from '@strata/domain';
import { createRequire } from 'node:module';
import { DataSource } from 'typeorm';
import { AuditModule } from '../audit/audit.module';
import { DecideChart } from '../charts/decide-chart';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt } from '../projections/testing/rebuild-equals-live';
import { insertDatabase, userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DecideReport } from './decide-report';
import { ReportsModule } from './reports.module';

// rison ships no types; only `encode` is used.
const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));

let t: AuthTestApp;
let admin: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let gamma: ApiClient;
let chartId: number;
let dashboardId: number;
let databaseId: number;

const mail = (target: string, ccTarget = '', bccTarget = '') => ({
  type: 'Email',
  recipient_config_json: { target, ccTarget, bccTarget },
});

/** What the report modal of a dashboard's menu sends (Superset's body). */
const dashboardReport = (over: Record<string, unknown> = {}) => ({
  type: 'Report',
  name: 'Weekly delays',
  description: 'Delays every Monday',
  active: true,
  crontab: '0 9 * * 1',
  timezone: 'America/New_York',
  creation_method: 'dashboards',
  dashboard: dashboardId,
  report_format: 'PNG',
  recipients: [mail('ops@example.com, lead@example.com', 'cc@example.com')],
  extra: { dashboard: { activeTabs: ['TAB-1'], anchor: 'TAB-1', nativeFilters: [] } },
  ...over,
});

const chartReport = (over: Record<string, unknown> = {}) => ({
  type: 'Report',
  name: 'Daily cars',
  crontab: '0 8 * * *',
  creation_method: 'charts',
  chart: chartId,
  report_format: 'CSV',
  recipients: [
    mail('cars@example.com'),
    { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/r' } },
  ],
  ...over,
});

const alertBody = (over: Record<string, unknown> = {}) => ({
  type: 'Alert',
  name: 'Many delays',
  crontab: '*/10 * * * *',
  creation_method: 'alerts_reports',
  chart: chartId,
  database: databaseId,
  sql: 'SELECT count(*) FROM flights WHERE delay > 100',
  validator_type: 'operator',
  validator_config_json: { op: '>', threshold: 10 },
  recipients: [mail('ops@example.com')],
  ...over,
});

async function decideReport(id: number, command: ReportCommand): Promise<void> {
  await t.app.get(CommandBus).execute(new DecideReport(id, command, { actor: 'system', undoable: false }));
}

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [ReportsModule, AuditModule] });
  admin = await userClient(t, ['Admin']);
  alice = await userClient(t, ['Alpha']);
  bob = await userClient(t, ['Alpha']);
  gamma = await userClient(t, ['Gamma']);
  // A chart of Alice's whose dataset is not there: she reads it as its owner, Bob may not.
  const [{ id }] = (await t.app.get(DataSource).query(`SELECT nextval('charts_id_seq')::int AS id`)) as {
    id: number;
  }[];
  chartId = id;
  const createChart: ChartCommand = {
    type: 'CreateChart',
    data: {
      id,
      slice_name: 'Cars by origin',
      viz_type: 'table',
      datasource_id: 999,
      datasource_type: 'table',
      params: null,
      query_context: null,
      description: null,
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      owner_id: alice.userId,
    },
  };
  await t.app.get(CommandBus).execute(new DecideChart(id, createChart, { actor: String(alice.userId) }));
  // A draft dashboard: only Alice (and admins) may see it.
  dashboardId = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Flights' })).body.id;
  databaseId = await insertDatabase(t, { name: 'examples', uri: 'postgresql://reader@127.0.0.1:5432/examples' });
}, 120_000);

afterAll(() => t?.close());

describe('create, read, list', () => {
  it("creates a dashboard's report with Superset's body and answers Superset's fields plus chart_id/dashboard_id", async () => {
    const created = await alice.post('/api/v1/report/', dashboardReport());
    expect(created.status).toBe(201);
    expect(created.body.result).toMatchObject({
      id: created.body.id,
      type: 'Report',
      name: 'Weekly delays',
      description: 'Delays every Monday',
      active: true,
      crontab: '0 9 * * 1',
      timezone: 'America/New_York',
      creation_method: 'dashboards',
      chart_id: null,
      dashboard_id: dashboardId,
      dashboard: { id: dashboardId, dashboard_title: 'Flights' },
      report_format: 'PNG',
      recipients: [mail('ops@example.com,lead@example.com', 'cc@example.com')],
      owners: [{ id: alice.userId, first_name: expect.any(String), last_name: expect.any(String) }],
      created_by: { id: alice.userId },
      changed_by: { id: alice.userId },
      working_timeout: 3600,
      grace_period: 14_400,
      log_retention: 90,
      custom_width: null,
      force_screenshot: false,
      extra: { dashboard: { activeTabs: ['TAB-1'], anchor: 'TAB-1', nativeFilters: [] } },
      last_state: 'Not triggered',
      last_eval_dttm: null,
      validator_type: null,
    });
    const read = await alice.get(`/api/v1/report/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.result).toEqual(created.body.result);
  });

  it("creates a chart's CSV report with an e-mail and a webhook, and an alert with its query and validator", async () => {
    const report = await alice.post('/api/v1/report/', chartReport());
    expect(report.status).toBe(201);
    expect(report.body.result).toMatchObject({
      chart_id: chartId,
      dashboard_id: null,
      chart: { id: chartId, slice_name: 'Cars by origin' },
      timezone: 'UTC',
      recipients: [
        mail('cars@example.com'),
        { type: 'Webhook', recipient_config_json: { target: 'https://hooks.example.com/r' } },
      ],
      extra: {},
    });
    const alert = await alice.post('/api/v1/report/', alertBody());
    expect(alert.status).toBe(201);
    expect(alert.body.result).toMatchObject({
      type: 'Alert',
      database: { id: databaseId, database_name: 'examples' },
      sql: 'SELECT count(*) FROM flights WHERE delay > 100',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
    });
  });

  it('lists with the client-state filters (target id, creation method, creator), type, name search and order', async () => {
    const mine = await alice.get(
      `/api/v1/report/?q=${q({
        filters: [
          { col: 'chart_id', opr: 'eq', value: chartId },
          { col: 'creation_method', opr: 'eq', value: 'charts' },
          { col: 'created_by', opr: 'rel_o_m', value: alice.userId },
        ],
      })}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.result.map((r: { name: string }) => r.name)).toEqual(['Daily cars']);
    expect(mine.body.count).toBe(1);

    const onDashboard = await alice.get(
      `/api/v1/report/?q=${q({ filters: [{ col: 'dashboard_id', opr: 'eq', value: dashboardId }] })}`,
    );
    expect(onDashboard.body.result.map((r: { name: string }) => r.name)).toEqual(['Weekly delays']);

    const alerts = await alice.get(`/api/v1/report/?q=${q({ filters: [{ col: 'type', opr: 'eq', value: 'Alert' }] })}`);
    expect(alerts.body.result.map((r: { name: string }) => r.name)).toEqual(['Many delays']);

    const search = await alice.get(`/api/v1/report/?q=${q({ filters: [{ col: 'name', opr: 'ct', value: 'dail' }] })}`);
    expect(search.body.result.map((r: { name: string }) => r.name)).toEqual(['Daily cars']);
    const byAddress = await alice.get(
      `/api/v1/report/?q=${q({ filters: [{ col: 'name', opr: 'report_all_text', value: 'hooks.example' }] })}`,
    );
    expect(byAddress.body.result.map((r: { name: string }) => r.name)).toEqual(['Daily cars']);

    const ordered = await alice.get(
      `/api/v1/report/?q=${q({ order_column: 'name', order_direction: 'asc', page_size: 2 })}`,
    );
    expect(ordered.body.count).toBe(3);
    expect(ordered.body.result.map((r: { name: string }) => r.name)).toEqual(['Daily cars', 'Many delays']);
    const second = await alice.get(
      `/api/v1/report/?q=${q({ order_column: 'name', order_direction: 'asc', page_size: 2, page: 1 })}`,
    );
    expect(second.body.result.map((r: { name: string }) => r.name)).toEqual(['Weekly delays']);

    // None has run: each answers 'Not triggered', and the status filter finds them under that state.
    const neverRun = await alice.get(
      `/api/v1/report/?q=${q({ filters: [{ col: 'last_state', opr: 'eq', value: 'Not triggered' }] })}`,
    );
    expect(neverRun.body.count).toBe(3);

    const bad = await alice.get(`/api/v1/report/?q=${q({ filters: [{ col: 'sql', opr: 'eq', value: 'x' }] })}`);
    expect(bad.status).toBe(400);
  });
});

describe('change and delete', () => {
  it('PUT with a full body changes what it names; PUT {active} only switches it off and leaves the rest', async () => {
    const id = (await alice.post('/api/v1/report/', dashboardReport({ name: 'To change' }))).body.id;
    const put = await alice.put(`/api/v1/report/${id}`, {
      ...dashboardReport({ name: 'Changed' }),
      crontab: '30 7 * * 1-5',
      timezone: 'Europe/Paris',
      report_format: 'PDF',
      recipients: [mail('new@example.com')],
      custom_width: 1200,
    });
    expect(put.status).toBe(200);
    expect(put.body.result).toMatchObject({
      name: 'Changed',
      crontab: '30 7 * * 1-5',
      timezone: 'Europe/Paris',
      report_format: 'PDF',
      recipients: [mail('new@example.com')],
      custom_width: 1200,
    });
    const before = put.body.result;

    const off = await alice.put(`/api/v1/report/${id}`, { active: false });
    expect(off.status).toBe(200);
    const { active, changed_on: _changed, changed_on_delta_humanized: _ago, ...rest } = off.body.result;
    const { active: _a, changed_on: _c, changed_on_delta_humanized: _h, ...restBefore } = before;
    expect(active).toBe(false);
    expect(rest).toEqual(restBefore);
    // One intent, one event: the stream says what changed, not a bag of fields.
    const events = await t.app.get(EventStore).readStream(`report:${id}`);
    expect(events.at(-1)!.type).toBe('report/reportDeactivated');

    // Made from the dashboard's menu, it sends that dashboard.
    const switched = await alice.put(`/api/v1/report/${id}`, { chart: chartId });
    expect([switched.status, switched.body.errors[0].extra.field]).toEqual([400, 'dashboard']);
  });

  it("PUT {chart} switches a list-made schedule from a dashboard to a chart, dropping the dashboard's view", async () => {
    const id = (
      await alice.post('/api/v1/report/', dashboardReport({ name: 'Switched', creation_method: 'alerts_reports' }))
    ).body.id;
    const put = await alice.put(`/api/v1/report/${id}`, { chart: chartId, report_format: 'CSV' });
    expect(put.status).toBe(200);
    expect(put.body.result).toMatchObject({ chart_id: chartId, dashboard_id: null, report_format: 'CSV', extra: {} });
    const events = await t.app.get(EventStore).readStream(`report:${id}`);
    expect(events.slice(1).map((e) => e.type)).toEqual([
      'report/contentChanged',
      'report/formatChanged',
      'report/dashboardViewChanged',
    ]);
  });

  it('DELETE removes it from reads and lists and frees its name', async () => {
    const id = (await alice.post('/api/v1/report/', chartReport({ name: 'Short lived' }))).body.id;
    const deleted = await alice.delete(`/api/v1/report/${id}`);
    expect(deleted.status).toBe(200);
    expect((await alice.get(`/api/v1/report/${id}`)).status).toBe(404);
    const list = await alice.get(
      `/api/v1/report/?q=${q({ filters: [{ col: 'name', opr: 'eq', value: 'Short lived' }] })}`,
    );
    expect(list.body.count).toBe(0);
    expect((await alice.post('/api/v1/report/', chartReport({ name: 'Short lived' }))).status).toBe(201);
    expect((await alice.delete(`/api/v1/report/${id}`)).status).toBe(404);
  });
});

describe('permissions', () => {
  let id: number;
  beforeAll(async () => {
    id = (await alice.post('/api/v1/report/', dashboardReport({ name: "Alice's own" }))).body.id;
  });

  it("another user neither sees nor changes Alice's schedule; an admin does both", async () => {
    const list = await bob.get('/api/v1/report/');
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(0);
    expect((await bob.get(`/api/v1/report/${id}`)).status).toBe(404);
    expect((await bob.get(`/api/v1/report/${id}/log/`)).status).toBe(404);
    const put = await bob.put(`/api/v1/report/${id}`, { active: false });
    expect(put.status).toBe(403);
    expect(put.body.errors[0].error_type).toBe('MISSING_OWNERSHIP_ERROR');
    expect((await bob.delete(`/api/v1/report/${id}`)).status).toBe(403);
    expect((await alice.get(`/api/v1/report/${id}`)).body.result.active).toBe(true);

    const all = await admin.get(`/api/v1/report/?q=${q({ page_size: 100 })}`);
    expect(all.body.result.map((r: { id: number }) => r.id)).toContain(id);
    expect((await admin.put(`/api/v1/report/${id}`, { description: 'Checked by the admin' })).status).toBe(200);
  });

  it('an owner added by the creator sees and edits it, and cannot drop themselves from the owners', async () => {
    expect((await alice.put(`/api/v1/report/${id}`, { owners: [alice.userId, bob.userId] })).status).toBe(200);
    expect((await bob.get(`/api/v1/report/${id}`)).status).toBe(200);
    const put = await bob.put(`/api/v1/report/${id}`, { owners: [alice.userId] });
    expect(put.status).toBe(200);
    expect(put.body.result.owners.map((o: { id: number }) => o.id).sort()).toEqual([alice.userId, bob.userId].sort());
    expect((await alice.put(`/api/v1/report/${id}`, { owners: [alice.userId, 999_999] })).status).toBe(422);
  });

  it("the owners' search (related/owners) answers report writers with the active users; Gamma 403", async () => {
    const res = await alice.get(`/api/v1/report/related/owners?q=${q({ filter: '', page_size: 100 })}`);
    expect(res.status).toBe(200);
    expect(res.body.result.map((u: { value: number }) => u.value)).toEqual(
      expect.arrayContaining([alice.userId, bob.userId]),
    );
    expect(res.body.result[0]).toEqual({
      value: expect.any(Number),
      text: expect.any(String),
      extra: expect.anything(),
    });
    expect((await gamma.get('/api/v1/report/related/owners')).status).toBe(403);
  });

  it('Gamma has no report permission: 403 on every route', async () => {
    const denied = [
      await gamma.get('/api/v1/report/'),
      await gamma.get(`/api/v1/report/${id}`),
      await gamma.get(`/api/v1/report/${id}/log/`),
      await gamma.post('/api/v1/report/', dashboardReport({ name: 'Gamma report' })),
      await gamma.put(`/api/v1/report/${id}`, { active: false }),
      await gamma.delete(`/api/v1/report/${id}`),
    ];
    expect(denied.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
  });

  it('a chart or dashboard that does not exist, or that the user may not read, is refused naming it (422)', async () => {
    const cases: [ApiClient, Record<string, unknown>, string][] = [
      [alice, chartReport({ name: 'No chart', chart: 999_999 }), 'chart'],
      [bob, chartReport({ name: 'Not his chart' }), 'chart'],
      [alice, dashboardReport({ name: 'No dashboard', dashboard: 999_999 }), 'dashboard'],
      [bob, dashboardReport({ name: 'Not his dashboard' }), 'dashboard'],
      [alice, alertBody({ name: 'No database', database: 999_999 }), 'database'],
    ];
    for (const [client, body, field] of cases) {
      const res = await client.post('/api/v1/report/', body);
      expect([res.status, res.body.errors[0].extra.field]).toEqual([422, field]);
      expect(res.body.errors[0].message).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('refusals name the field', () => {
  // Bodies are made when each test runs: the chart and dashboard ids exist only after beforeAll.
  const cases: [string, () => Record<string, unknown>, string][] = [
    ['a cron that is not one', () => dashboardReport({ crontab: '61 * * *' }), 'crontab'],
    ['an unknown time zone', () => dashboardReport({ timezone: 'Mars/Olympus' }), 'timezone'],
    [
      'an address that is none',
      () => dashboardReport({ recipients: [mail('ops@example.com, not-an-address')] }),
      'recipients',
    ],
    ['no recipient', () => dashboardReport({ recipients: [] }), 'recipients'],
    [
      'a Slack recipient',
      () => dashboardReport({ recipients: [{ type: 'Slack', recipient_config_json: { target: '#ops' } }] }),
      'recipients',
    ],
    [
      'a webhook that is no http URL',
      () => chartReport({ recipients: [{ type: 'Webhook', recipient_config_json: { target: 'ftp://x' } }] }),
      'recipients',
    ],
    ['an unknown format', () => dashboardReport({ report_format: 'DOCX' }), 'report_format'],
    ['CSV of a dashboard', () => dashboardReport({ report_format: 'CSV' }), 'report_format'],
    ['a screenshot too narrow', () => dashboardReport({ custom_width: 100 }), 'custom_width'],
    ['an empty name', () => dashboardReport({ name: '  ' }), 'name'],
    [
      'a chart and a dashboard',
      () => dashboardReport({ creation_method: 'alerts_reports', chart: chartId, dashboard: dashboardId }),
      'chart',
    ],
    ['an unknown type', () => dashboardReport({ type: 'Digest' }), 'type'],
    ['an alert without SQL', () => alertBody({ sql: null }), 'sql'],
    ['an alert without database', () => alertBody({ database: null }), 'database'],
    [
      'an alert with an unknown operator',
      () => alertBody({ validator_config_json: { op: '=~', threshold: 1 } }),
      'validator_config_json',
    ],
    ['a report with SQL', () => chartReport({ sql: 'SELECT 1' }), 'sql'],
    [
      'filter values on a chart',
      () => chartReport({ extra: { dashboard: { activeTabs: [], nativeFilters: [] } } }),
      'extra',
    ],
    ['a working timeout of 0', () => dashboardReport({ working_timeout: 0 }), 'working_timeout'],
  ];
  it.each(cases)('%s: 400 naming it', async (what, body, field) => {
    const res = await alice.post('/api/v1/report/', { ...body(), name: body().name ?? `Refused: ${what}` });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].extra.field).toBe(field);
    expect(res.body.errors[0].message).toMatch(new RegExp(`^${field}: `));
  });

  it('a PUT is checked on the schedule it would leave, and type never changes', async () => {
    const id = (await alice.post('/api/v1/report/', dashboardReport({ name: 'Checked on PUT' }))).body.id;
    for (const [body, field] of [
      [{ crontab: 'every day' }, 'crontab'],
      [{ report_format: 'XLSX' }, 'report_format'],
      [{ type: 'Alert' }, 'type'],
      [{ timezone: 'Nowhere' }, 'timezone'],
    ] as const) {
      const res = await alice.put(`/api/v1/report/${id}`, body);
      expect([res.status, res.body.errors[0].extra.field]).toEqual([400, field]);
    }
    expect((await alice.get(`/api/v1/report/${id}`)).body.result.crontab).toBe('0 9 * * 1');
  });

  it('a field the API does not know is 400 naming it', async () => {
    const res = await alice.post('/api/v1/report/', dashboardReport({ name: 'Unknown field', slack_channel: '#x' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('slack_channel');
  });
});

describe('names are unique per type', () => {
  it('a second report named the same (ignoring case and spaces) is 422 naming `name`; an alert may share it', async () => {
    expect((await alice.post('/api/v1/report/', dashboardReport({ name: 'Shared name' }))).status).toBe(201);
    const dup = await alice.post('/api/v1/report/', chartReport({ name: '  shared NAME ' }));
    expect(dup.status).toBe(422);
    expect(dup.body.errors[0].extra.field).toBe('name');
    expect(dup.body.errors[0].message).toMatch(/^name: .* named 'shared NAME' already exists\.$/);
    expect((await alice.post('/api/v1/report/', alertBody({ name: 'Shared name' }))).status).toBe(201);

    const other = (await alice.post('/api/v1/report/', chartReport({ name: 'Other name' }))).body.id;
    const rename = await alice.put(`/api/v1/report/${other}`, { name: 'SHARED name' });
    expect([rename.status, rename.body.errors[0].extra.field]).toEqual([422, 'name']);
  });
});

describe('execution log', () => {
  it('lists the runs decided on the stream, newest first, paged, with their times, state, value and error', async () => {
    const id = (await alice.post('/api/v1/report/', alertBody({ name: 'Logged alert' }))).body.id;
    await decideReport(id, {
      type: 'StartRun',
      data: { runId: 'run-1', scheduledAt: '2026-03-09T13:00:00Z', at: '2026-03-09T13:00:02Z' },
    });
    await decideReport(id, { type: 'EvaluateAlert', data: { runId: 'run-1', value: 42, at: '2026-03-09T13:00:03Z' } });
    await decideReport(id, { type: 'SucceedRun', data: { runId: 'run-1', at: '2026-03-09T13:00:09Z' } });
    // Inside the grace period: On Grace, begun and ended at once.
    await decideReport(id, {
      type: 'StartRun',
      data: { runId: 'run-2', scheduledAt: '2026-03-09T13:10:00Z', at: '2026-03-09T13:10:01Z' },
    });
    // After it: evaluated again, and it fails.
    await decideReport(id, {
      type: 'StartRun',
      data: { runId: 'run-3', scheduledAt: '2026-03-09T18:00:00Z', at: '2026-03-09T18:00:01Z' },
    });
    await decideReport(id, {
      type: 'FailRun',
      data: { runId: 'run-3', at: '2026-03-09T18:00:05Z', error: 'relation "flights" does not exist' },
    });

    const log = await alice.get(`/api/v1/report/${id}/log/`);
    expect(log.status).toBe(200);
    expect(log.body.count).toBe(3);
    expect(log.body.result).toEqual([
      {
        id: expect.any(Number),
        uuid: 'run-3',
        scheduled_dttm: '2026-03-09T18:00:00.000Z',
        start_dttm: '2026-03-09T18:00:01.000Z',
        end_dttm: '2026-03-09T18:00:05.000Z',
        value: null,
        value_row_json: null,
        state: 'Error',
        error_message: 'relation "flights" does not exist',
      },
      expect.objectContaining({
        uuid: 'run-2',
        state: 'On Grace',
        start_dttm: '2026-03-09T13:10:01.000Z',
        end_dttm: '2026-03-09T13:10:01.000Z',
      }),
      expect.objectContaining({
        uuid: 'run-1',
        state: 'Success',
        value: 42,
        scheduled_dttm: '2026-03-09T13:00:00.000Z',
        start_dttm: '2026-03-09T13:00:02.000Z',
        end_dttm: '2026-03-09T13:00:09.000Z',
        error_message: null,
      }),
    ]);
    const page = await alice.get(`/api/v1/report/${id}/log/?q=${q({ page_size: 1, page: 2 })}`);
    expect(page.body.result.map((r: { uuid: string }) => r.uuid)).toEqual(['run-1']);
    const oldest = await alice.get(`/api/v1/report/${id}/log/?q=${q({ order_direction: 'asc' })}`);
    expect(oldest.body.result.map((r: { uuid: string }) => r.uuid)).toEqual(['run-1', 'run-2', 'run-3']);

    const schedule = (await alice.get(`/api/v1/report/${id}`)).body.result;
    expect(schedule).toMatchObject({
      last_state: 'Error',
      last_eval_dttm: '2026-03-09T18:00:05.000Z',
      last_value: 42,
    });
  });

  it("a run that outlived its working timeout reads as Error with Superset's message", async () => {
    const id = (await alice.post('/api/v1/report/', chartReport({ name: 'Stuck report', working_timeout: 60 }))).body
      .id;
    await decideReport(id, {
      type: 'StartRun',
      data: { runId: 'stuck', scheduledAt: '2026-03-09T08:00:00Z', at: '2026-03-09T08:00:00Z' },
    });
    await decideReport(id, { type: 'TimeOutRun', data: { at: '2026-03-09T08:05:00Z' } });
    const [row] = (await alice.get(`/api/v1/report/${id}/log/`)).body.result;
    expect(row).toMatchObject({
      uuid: 'stuck',
      state: 'Error',
      end_dttm: '2026-03-09T08:05:00.000Z',
      error_message: 'Report Schedule reached a working timeout.',
    });
  });
});

it("the audit names a report's events by the schedule's name as it was then", async () => {
  const id = (await alice.post('/api/v1/report/', chartReport({ name: 'Audited' }))).body.id;
  await alice.put(`/api/v1/report/${id}`, { name: 'Audited twice' });
  const audit = await admin.get(`/api/v1/audit/?q=${q({ object: { type: 'report', id } })}`);
  expect(audit.status).toBe(200);
  const rows = audit.body.result as { type: string; object: { name: string }; summary: string }[];
  expect(rows.map((r) => [r.type, r.object.name])).toEqual([
    ['report/reportRenamed', 'Audited'],
    ['report/reportCreated', 'Audited'],
  ]);
  expect(rows[0].summary).toContain("renamed the report 'Audited' to 'Audited twice'");
});

it('rebuilt from the log, report_schedule and report_execution_log equal the live tables', async () => {
  const { live, rebuilt } = await liveAndRebuilt(t.app.get(EventStore), t.app.get(DataSource), 'reports', [
    'report_schedule',
    'report_execution_log',
  ]);
  expect((live.report_schedule as unknown[]).length).toBeGreaterThan(5);
  expect((live.report_execution_log as unknown[]).length).toBeGreaterThan(3);
  expect(rebuilt).toEqual(live);
});
