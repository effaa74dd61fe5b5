/**
 * Under DASHBOARD_RBAC a dashboard lets its viewers read what it shows, so what it shows must be its
 * owner's to choose only among what the owner may read (REFERENCE §6.2): a Gamma owner cannot put a native
 * filter on a dataset they cannot read (filters endpoint, full save, create, copy), nor place a chart of
 * such a dataset (edit session, chart save flow). Real HTTP, real socket.io, real PostgreSQL with the
 * examples' cars table, which Gamma has no access to.
 */
import { GRID_ID } from '@strata/domain';
import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { connect, type TestClient } from '../../test/realtime/realtime-test-app';
import { UsersService } from '../auth/users/users.service';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ChartsModule } from '../charts/charts.module';
import { DashboardDraftsModule } from '../dashboard-drafts/dashboard-drafts.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { ApiClient } from '../sqllab/bootstrap/rest-testing';
import { bearerToken, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

type Ack = Extract<ServerMessage, { type: 'ack' }>;

let fixture: ExamplesFixture;
let t: AuthTestApp;
let admin: ApiClient;
let gamma: ApiClient;
let carsId: number;
/** The admin's chart on cars. */
let theirs: number;
const sockets: TestClient[] = [];
const tokens = new Map<number, string>();

/** A user logged in through the login route: their bearer token serves HTTP and the socket alike. */
async function member(username: string, roles: string[]): Promise<ApiClient> {
  const password = `${username}-password-for-tests`;
  const { id } = await t.app.get(UsersService).createUser({ username, password, roles }, 'system');
  const token = await bearerToken(t.url, username, password);
  tokens.set(id, token);
  return new ApiClient(t.url, token, id);
}

const filterOn = (datasetId: number, id = 'NATIVE_FILTER-cars') => ({
  id,
  type: 'NATIVE_FILTER',
  name: 'Origin',
  filterType: 'filter_select',
  targets: [{ datasetId, column: { name: 'origin' } }],
  controlValues: {},
  defaultDataMask: {},
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
});

const filtersOf = async (dashboardId: number) => {
  const res = await admin.get(`/api/v1/dashboard/${dashboardId}`);
  return (JSON.parse(res.body.result.json_metadata).native_filter_configuration ?? []) as { id: string }[];
};

const gammasDashboard = async (title: string) => {
  const res = await gamma.post('/api/v1/dashboard/', { dashboard_title: title });
  expect(res.status).toBe(201);
  return res.body.id as number;
};

/** The user's socket subscribed to the dashboard's draft. */
async function editor(userId: number, dashboardId: number): Promise<TestClient> {
  const c = await connect(t.url, { token: tokens.get(userId), sessionId: `tab-${userId}` });
  sockets.push(c);
  c.send({
    type: 'subscribe',
    protocolVersion: PROTOCOL_VERSION,
    stream: `dashboard-draft:${dashboardId}`,
    fromVersion: 0,
  });
  await c.next((m) => m.type === 'subscribed', 30_000);
  return c;
}

let seq = 0;
async function placeChart(c: TestClient, dashboardId: number, chartId: number): Promise<Ack> {
  const clientSeq = (seq += 1);
  const data = {
    id: `CHART-${clientSeq}`,
    componentType: 'CHART',
    destination: { parentId: GRID_ID, index: 0 },
    rowId: `ROW-${clientSeq}`,
    chartId,
    sliceName: 'A chart',
  };
  c.send({
    type: 'command',
    stream: `dashboard-draft:${dashboardId}`,
    clientSeq,
    commandId: `cmd-${clientSeq}`,
    batchId: `batch-${clientSeq}`,
    command: { type: 'CreateComponent', data },
  });
  return c.next<Ack>((m) => m.type === 'ack' && m.clientSeq === clientSeq, 30_000);
}

beforeAll(async () => {
  fixture = await loadExampleTables(['cars']);
  t = await createChartTestApp([DashboardsModule, ChartsModule, RealtimeModule, DashboardDraftsModule], {
    featureFlags: { DASHBOARD_RBAC: true },
  });
  admin = await member('grants_admin', ['Admin']);
  gamma = await member('grants_gamma', ['Gamma']);
  const databaseId = await registerExamples(t, fixture);
  carsId = (await admin.post('/api/v1/dataset/', { database: databaseId, schema: 'public', table_name: 'cars' })).body
    .id as number;
  const params = JSON.stringify({
    viz_type: 'table',
    datasource: `${carsId}__table`,
    metrics: ['count'],
    groupby: ['origin'],
  });
  theirs = (
    await admin.post('/api/v1/chart/', {
      slice_name: 'Cars',
      viz_type: 'table',
      datasource_id: carsId,
      datasource_type: 'table',
      params,
    })
  ).body.id as number;
}, 300_000);

afterEach(() => {
  for (const c of sockets.splice(0)) c.close();
});

afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

describe('a Gamma owner under DASHBOARD_RBAC', () => {
  it('cannot add a native filter on a dataset they cannot read, by any path that sets filters', async () => {
    const own = await gammasDashboard('Mine');
    const metadata = { native_filter_configuration: [filterOn(carsId)] };
    const refusals = [
      await gamma.put(`/api/v1/dashboard/${own}/filters`, {
        added: [filterOn(carsId)],
        modified: [],
        deleted: [],
        reordered: [],
      }),
      await gamma.put(`/api/v1/dashboard/${own}`, { dashboard_title: 'Mine', json_metadata: metadata }),
      await gamma.post('/api/v1/dashboard/', { dashboard_title: 'Created with a filter', json_metadata: metadata }),
      await gamma.post(`/api/v1/dashboard/${own}/copy`, {
        dashboard_title: 'Copied with a filter',
        json_metadata: metadata,
      }),
    ];
    for (const res of refusals) {
      expect([res.status, res.body.errors?.[0]?.error_type]).toEqual([403, 'DATASOURCE_SECURITY_ACCESS_ERROR']);
    }
    expect(await filtersOf(own)).toEqual([]);
    const titles = (await admin.get('/api/v1/dashboard/')).body.result.map(
      (d: { dashboard_title: string }) => d.dashboard_title,
    );
    expect(titles).not.toContain('Created with a filter');
    expect(titles).not.toContain('Copied with a filter');
    // On a dataset they may read (one they co-own) a filter is theirs to add.
    const databaseId = (await admin.get(`/api/v1/dataset/${carsId}`)).body.result.database.id as number;
    const coOwned = (
      await admin.post('/api/v1/dataset/', {
        database: databaseId,
        schema: 'public',
        table_name: 'cars_filtered',
        sql: 'SELECT origin FROM cars',
      })
    ).body.id as number;
    expect((await admin.put(`/api/v1/dataset/${coOwned}`, { owners: [admin.userId, gamma.userId] })).status).toBe(200);
    expect(
      (
        await gamma.put(`/api/v1/dashboard/${own}/filters`, {
          added: [filterOn(coOwned)],
          modified: [],
          deleted: [],
          reordered: [],
        })
      ).status,
    ).toBe(200);
    expect((await filtersOf(own)).map((f) => f.id)).toEqual(['NATIVE_FILTER-cars']);
  });

  it('keeps a filter an admin put on such a dataset when saving the rest of the dashboard, and the admin may add it', async () => {
    const own = await gammasDashboard('Filtered by the admin');
    expect(
      (
        await admin.put(`/api/v1/dashboard/${own}/filters`, {
          added: [filterOn(carsId)],
          modified: [],
          deleted: [],
          reordered: [],
        })
      ).status,
    ).toBe(200);
    const metadata = JSON.parse((await gamma.get(`/api/v1/dashboard/${own}`)).body.result.json_metadata);
    const saved = await gamma.put(`/api/v1/dashboard/${own}`, { dashboard_title: 'Renamed', json_metadata: metadata });
    expect(saved.status).toBe(200);
    expect((await filtersOf(own)).map((f) => f.id)).toEqual(['NATIVE_FILTER-cars']);
    // Changing what it targets is adding a target: refused like a new filter.
    const moved = { ...filterOn(carsId), targets: [{ datasetId: carsId, column: { name: 'name' } }] };
    expect(
      (
        await gamma.put(`/api/v1/dashboard/${own}/filters`, {
          added: [],
          modified: [moved],
          deleted: [],
          reordered: [],
        })
      ).status,
    ).toBe(403);
  });

  it("cannot place another user's chart on a dataset they cannot read in the edit session; the admin can", async () => {
    const own = await gammasDashboard('Edited');
    const gammaEditor = await editor(gamma.userId, own);
    const ack = await placeChart(gammaEditor, own, theirs);
    expect(ack).toMatchObject({ result: 'rejected', reason: 'invalid' });
    expect((await placeChart(await editor(admin.userId, own), own, theirs)).result).toBe('committed');
    // Another user's chart on a dataset Gamma may read (one they co-own) is theirs to place.
    const databaseId = (await admin.get(`/api/v1/dataset/${carsId}`)).body.result.database.id as number;
    const shared = await admin.post('/api/v1/dataset/', {
      database: databaseId,
      schema: 'public',
      table_name: 'cars_shared',
      sql: 'SELECT origin FROM cars',
    });
    expect(shared.status).toBe(201);
    expect(
      (await admin.put(`/api/v1/dataset/${shared.body.id}`, { owners: [admin.userId, gamma.userId] })).status,
    ).toBe(200);
    const params = JSON.stringify({
      viz_type: 'table',
      datasource: `${shared.body.id}__table`,
      metrics: ['count'],
      groupby: ['origin'],
    });
    const readable = (
      await admin.post('/api/v1/chart/', {
        slice_name: 'Readable',
        viz_type: 'table',
        datasource_id: shared.body.id,
        datasource_type: 'table',
        params,
      })
    ).body.id as number;
    expect(await placeChart(gammaEditor, own, readable)).toMatchObject({ result: 'committed' });
  });

  it("cannot copy a dashboard they may view into their own when its charts' datasets are not theirs to read", async () => {
    const shown = (await admin.post('/api/v1/dashboard/', { dashboard_title: 'Shown to Gamma', roles: ['Gamma'] })).body
      .id as number;
    expect((await admin.put(`/api/v1/dashboard/${shown}`, { published: true })).status).toBe(200);
    expect((await admin.put(`/api/v1/chart/${theirs}`, { dashboards: [shown] })).status).toBe(200);
    expect((await gamma.get(`/api/v1/dashboard/${shown}`)).status).toBe(200);
    for (const duplicate_slices of [false, true]) {
      const res = await gamma.post(`/api/v1/dashboard/${shown}/copy`, {
        dashboard_title: `Copy ${duplicate_slices}`,
        json_metadata: {},
        duplicate_slices,
      });
      expect([res.status, res.body.errors?.[0]?.error_type, duplicate_slices]).toEqual([
        403,
        'DATASOURCE_SECURITY_ACCESS_ERROR',
        duplicate_slices,
      ]);
    }
    const mine = (await gamma.get('/api/v1/chart/')).body.result.map((c: { slice_name: string }) => c.slice_name);
    expect(mine).not.toContain('Cars');
    expect(
      (await admin.post(`/api/v1/dashboard/${shown}/copy`, { dashboard_title: 'Admin copy', json_metadata: {} }))
        .status,
    ).toBe(200);
  });

  it('cannot put a chart they own but whose dataset they cannot read on their dashboard through the chart save flow', async () => {
    const own = await gammasDashboard('Saved into');
    const params = JSON.stringify({
      viz_type: 'table',
      datasource: `${carsId}__table`,
      metrics: ['count'],
      groupby: ['origin'],
    });
    const given = (
      await admin.post('/api/v1/chart/', {
        slice_name: 'Given to gamma',
        viz_type: 'table',
        datasource_id: carsId,
        datasource_type: 'table',
        params,
        owners: [gamma.userId],
      })
    ).body.id as number;
    const res = await gamma.put(`/api/v1/chart/${given}`, { dashboards: [own] });
    expect([res.status, res.body.errors?.[0]?.error_type]).toEqual([422, 'DATASOURCE_SECURITY_ACCESS_ERROR']);
    expect((await admin.get(`/api/v1/dashboard/${own}/charts`)).body.result).toEqual([]);
  });
});
