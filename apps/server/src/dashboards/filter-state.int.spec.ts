/**
 * A dashboard's filter state under a native_filters_key (issue 16 item 1) over real HTTP on a real
 * PostgreSQL: POST/GET/PUT as Superset answers them, each store a command decided on
 * `dashboard_filter_state:<key>` by its actor; a key read or changed from another dashboard is not found;
 * a dashboard the user cannot read keeps no state for them; bodies are checked at the edge.
 */
import { FILTER_STATE_RESOURCE, filterStateStream } from '@strata/domain';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

const stateOf = (value: unknown) => ({ value: JSON.stringify(value) });
const japan = {
  id: 'x',
  dataMask: { 'NATIVE_FILTER-country': { filterState: { value: ['Japan'] }, extraFormData: {}, ownState: {} } },
  activeTabs: ['TAB-a'],
  anchor: null,
  urlParams: [],
};
const usa = { ...japan, dataMask: { 'NATIVE_FILTER-country': { filterState: { value: ['USA'] } } } };

describe('/api/v1/dashboard/{id}/filter_state (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let published: number;
  let other: number;
  let hidden: number;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [DashboardsModule] });
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    const create = async (title: string, isPublished: boolean) => {
      const res = await alice.post('/api/v1/dashboard/', { dashboard_title: title, published: isPublished });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    published = await create('Kept filters', true);
    other = await create('Other', true);
    hidden = await create("Alice's draft", false);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('keeps, reads and changes the state under a key; each store is a decided event of its actor', async () => {
    const created = await alice.post(`/api/v1/dashboard/${published}/filter_state`, stateOf(japan));
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const read = await bob.get(`/api/v1/dashboard/${published}/filter_state/${key}`);
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body.value as string)).toEqual(japan);

    const changed = await alice.put(`/api/v1/dashboard/${published}/filter_state/${key}`, stateOf(usa));
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: key });
    expect(JSON.parse((await alice.get(`/api/v1/dashboard/${published}/filter_state/${key}`)).body.value)).toEqual(usa);

    const events = await t.app.get(EventStore).readStream(filterStateStream(key));
    expect(events.map((e) => [e.type, e.meta.actor, e.meta.undoable])).toEqual([
      ['dashboard/filterStateCreated', String(alice.userId), false],
      ['dashboard/filterStateChanged', String(alice.userId), false],
    ]);
    expect(events[1]!.data).toEqual({ key, dashboardId: published, state: usa });
  });

  it("only the key's creator changes it (the others keep a key of their own)", async () => {
    const key = (await alice.post(`/api/v1/dashboard/${published}/filter_state`, stateOf(japan))).body.key as string;
    const refused = await bob.put(`/api/v1/dashboard/${published}/filter_state/${key}`, stateOf(usa));
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({ error_type: 'MISSING_OWNERSHIP_ERROR' });
    expect(JSON.parse((await bob.get(`/api/v1/dashboard/${published}/filter_state/${key}`)).body.value)).toEqual(japan);
  });

  it('a key is not found from another dashboard, nor a key that was never handed out', async () => {
    const key = (await alice.post(`/api/v1/dashboard/${published}/filter_state`, stateOf(japan))).body.key as string;
    const got = await alice.get(`/api/v1/dashboard/${other}/filter_state/${key}`);
    expect(got.status).toBe(404);
    expect(got.body.errors[0]).toMatchObject({ error_type: 'OBJECT_DOES_NOT_EXIST_ERROR' });
    expect((await alice.put(`/api/v1/dashboard/${other}/filter_state/${key}`, stateOf(usa))).status).toBe(404);
    expect((await alice.get(`/api/v1/dashboard/${published}/filter_state/${'n'.repeat(32)}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/dashboard/${published}/filter_state/..%2F..`)).status).toBe(404);
    // The key still holds its own dashboard's state.
    expect(JSON.parse((await alice.get(`/api/v1/dashboard/${published}/filter_state/${key}`)).body.value)).toEqual(
      japan,
    );
  });

  it('a dashboard the user may not read keeps and shows no filter state for them', async () => {
    const key = (await alice.post(`/api/v1/dashboard/${hidden}/filter_state`, stateOf(japan))).body.key as string;
    expect(key).toBeTruthy();
    const reads = [
      (await bob.post(`/api/v1/dashboard/${hidden}/filter_state`, stateOf(japan))).status,
      (await bob.get(`/api/v1/dashboard/${hidden}/filter_state/${key}`)).status,
      (await bob.put(`/api/v1/dashboard/${hidden}/filter_state/${key}`, stateOf(usa))).status,
      (await bob.get(`/api/v1/dashboard/999999/filter_state/${key}`)).status,
    ];
    expect(reads).toEqual([404, 404, 404, 404]);
  });

  it('refuses a body that is not a filter state with a 400 in the error shape, storing nothing', async () => {
    const rows = async () =>
      (
        await t.app
          .get(DataSource)
          .query(`SELECT count(*)::int AS n FROM key_value WHERE resource = $1`, [FILTER_STATE_RESOURCE])
      )[0].n as number;
    const before = await rows();
    for (const body of [
      {},
      { value: 'not json' },
      { value: '"a string"' },
      { value: JSON.stringify({ dataMask: { a: 'not a mask' } }) },
      { value: JSON.stringify({ dataMask: {}, activeTabs: 'TAB-a' }) },
      { value: 'x'.repeat(1_000_001) },
    ]) {
      const res = await alice.post(`/api/v1/dashboard/${published}/filter_state`, body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ error_type: expect.any(String), message: expect.any(String) });
      expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|node_modules/);
    }
    const key = (await alice.post(`/api/v1/dashboard/${published}/filter_state`, stateOf(japan))).body.key as string;
    expect((await alice.put(`/api/v1/dashboard/${published}/filter_state/${key}`, { value: '[1]' })).status).toBe(400);
    expect(await rows()).toBe(before + 1);
  });

  it('the filter states in key_value equal a rebuild from the log', async () => {
    const ds = t.app.get(DataSource);
    const read = () =>
      ds.query(`SELECT key, value, created_by_fk, expires_on FROM key_value WHERE resource = $1 ORDER BY key`, [
        FILTER_STATE_RESOURCE,
      ]);
    const live = await read();
    expect(live.length).toBeGreaterThan(0);
    await t.app.get(EventStore).rebuild(FILTER_STATE_RESOURCE);
    expect(await read()).toEqual(live);
  });
});
