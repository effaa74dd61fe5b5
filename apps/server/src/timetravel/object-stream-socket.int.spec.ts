/**
 * Chart and dataset streams are readable over the socket by whoever their plain GET answers; a fact that
 * takes that away (the owners changed, the object deleted) revokes the subscribers who lost it, and they
 * see neither that batch nor any later one. Real sockets on a real PostgreSQL.
 */
import { PROTOCOL_VERSION, type Envelope, type ServerMessage } from '@strata/events';
import { connect, type TestClient } from '../../test/realtime/realtime-test-app';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { UsersService } from '../auth/users/users.service';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ChartsModule } from '../charts/charts.module';
import { eventually } from '../dashboard-drafts/testing/draft-test-kit';
import { RealtimeModule } from '../realtime/realtime.module';
import { ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { TimeTravelModule } from './timetravel.module';

type Subscribed = Extract<ServerMessage, { type: 'subscribed' }>;

describe('chart and dataset streams over the socket', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let dbId: number;
  let admin: User;
  let owner: User;
  const sockets: TestClient[] = [];

  interface User {
    api: ApiClient;
    token: string;
  }

  async function user(name: string, roles: string[]): Promise<User> {
    const { id } = await t.app
      .get(UsersService)
      .createUser({ username: name, password: 'a-password-for-tests', roles }, 'system');
    const token = await t.app.get(ApiTokens).accessToken(id);
    return { api: new ApiClient(t.url, token, id), token };
  }

  /** A socket of `who` subscribed to `stream` from its current version (the catch-up answered). */
  async function follow(who: User, stream: string): Promise<TestClient> {
    const c = await connect(t.url, { token: who.token });
    sockets.push(c);
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream, fromVersion: 0 });
    const answer = await c.next((m) => (m.type === 'subscribed' || m.type === 'error') && m.stream === stream);
    expect(answer).toMatchObject({ type: 'subscribed' });
    return c;
  }

  /** Every event `c` received live on `stream` (after its catch-up). */
  const liveEvents = (c: TestClient, stream: string): Envelope[] =>
    c.received
      .filter((m) => m.type === 'events' && m.stream === stream)
      .flatMap((m) => (m as Extract<ServerMessage, { type: 'events' }>).events);
  const allEvents = (c: TestClient, stream: string): Envelope[] => [
    ...c.received
      .filter((m) => m.type === 'subscribed' && m.stream === stream)
      .flatMap((m) => (m as Subscribed).events),
    ...liveEvents(c, stream),
  ];

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([RealtimeModule, ChartsModule, TimeTravelModule]);
    admin = await user('stream_admin', ['Admin']);
    owner = await user('stream_owner', ['Gamma']);
    dbId = await registerExamples(t, fixture);
  }, 300_000);

  afterEach(() => {
    for (const c of sockets.splice(0)) c.close();
  });

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("revokes a Gamma owner removed from a chart's owners, who hears nothing of the chart after", async () => {
    const dataset = await admin.api.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' });
    expect(dataset.status).toBe(201);
    const chart = await admin.api.post('/api/v1/chart/', {
      slice_name: 'Followed by its owner',
      viz_type: 'table',
      datasource_id: dataset.body.id,
      datasource_type: 'table',
      params: JSON.stringify({ row_limit: 10 }),
      owners: [owner.api.userId],
    });
    expect(chart.status).toBe(201);
    const stream = `chart:${chart.body.id}`;
    const followed = await follow(owner, stream);
    const watcher = await follow(admin, stream);

    expect((await admin.api.put(`/api/v1/chart/${chart.body.id}`, { owners: [] })).status).toBe(200);
    expect(await followed.next((m) => m.type === 'revoked' && m.stream === stream)).toMatchObject({
      type: 'revoked',
      reason: 'access_changed',
    });
    expect((await admin.api.put(`/api/v1/chart/${chart.body.id}`, { slice_name: 'Renamed after' })).status).toBe(200);
    await eventually(
      () => liveEvents(watcher, stream).some((e) => e.type === 'chart/chartRenamed'),
      'the rename reaching the admin',
    );
    expect(allEvents(watcher, stream).some((e) => e.type === 'chart/chartOwnersChanged')).toBe(true);
    expect(liveEvents(followed, stream)).toEqual([]);
    expect((await owner.api.get(`/api/v1/chart/${chart.body.id}`)).status).toBe(404);
  });

  it("revokes a dataset's Gamma owner when the dataset is deleted, who never sees the deletion", async () => {
    const dataset = await admin.api.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'cars_followed',
      sql: 'SELECT * FROM cars',
    });
    expect(dataset.status).toBe(201);
    // Its creator owns it; the Gamma user reads it as an owner (their roles grant no database).
    const owners = await admin.api.put(`/api/v1/dataset/${dataset.body.id}`, { owners: [owner.api.userId] });
    expect(owners.status).toBe(200);
    const stream = `dataset:${dataset.body.id}`;
    const followed = await follow(owner, stream);
    const watcher = await follow(admin, stream);

    expect((await admin.api.delete(`/api/v1/dataset/${dataset.body.id}`)).status).toBe(200);
    expect(await followed.next((m) => m.type === 'revoked' && m.stream === stream)).toMatchObject({
      type: 'revoked',
      reason: 'access_changed',
    });
    await eventually(
      () => liveEvents(watcher, stream).some((e) => e.type === 'dataset/datasetDeleted'),
      'the deletion reaching the admin',
    );
    expect(liveEvents(followed, stream)).toEqual([]);
  });
  it("revokes a chart's reader who read it as an owner of its dataset when removed from the dataset's owners", async () => {
    const dataset = await admin.api.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'cars_under_a_chart',
      sql: 'SELECT * FROM cars',
    });
    expect(dataset.status).toBe(201);
    const datasetOwner = await user('dataset_owner', ['Gamma']);
    expect(
      (await admin.api.put(`/api/v1/dataset/${dataset.body.id}`, { owners: [datasetOwner.api.userId] })).status,
    ).toBe(200);
    const chart = await admin.api.post('/api/v1/chart/', {
      slice_name: 'Read through its dataset',
      viz_type: 'table',
      datasource_id: dataset.body.id,
      datasource_type: 'table',
      params: JSON.stringify({ row_limit: 10 }),
    });
    expect(chart.status).toBe(201);
    const stream = `chart:${chart.body.id}`;
    const followed = await follow(datasetOwner, stream);

    expect((await admin.api.put(`/api/v1/dataset/${dataset.body.id}`, { owners: [] })).status).toBe(200);
    expect(await followed.next((m) => m.type === 'revoked' && m.stream === stream)).toMatchObject({
      reason: 'access_changed',
    });
    expect((await datasetOwner.api.get(`/api/v1/chart/${chart.body.id}`)).status).toBe(404);
  });

  it("revokes a dataset's reader when their role's grant on its database is revoked", async () => {
    const dataset = await admin.api.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'cars_granted',
      sql: 'SELECT * FROM cars',
    });
    expect(dataset.status).toBe(201);
    const reader = await user('granted_reader', ['Gamma']);
    expect((await admin.api.put(`/api/v1/database/${dbId}/access`, { roles: ['Gamma'] })).status).toBe(200);
    const stream = `dataset:${dataset.body.id}`;
    const followed = await follow(reader, stream);

    expect((await admin.api.put(`/api/v1/database/${dbId}/access`, { roles: [] })).status).toBe(200);
    expect(await followed.next((m) => m.type === 'revoked' && m.stream === stream)).toMatchObject({
      reason: 'access_changed',
    });
    expect((await reader.api.get(`/api/v1/dataset/${dataset.body.id}`)).status).toBe(404);
  });
});
