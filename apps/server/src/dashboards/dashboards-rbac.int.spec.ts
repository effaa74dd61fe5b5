/**
 * DASHBOARD_RBAC (charts-dashboards-reports §6, REFERENCE §6.2) over real HTTP on a real PostgreSQL, with the flag on and off:
 * roles (names of known roles) taken from create/PUT bodies; a published dashboard with roles seen only by
 * users with one of them, its owners and admins, in the list, GET, /charts, /datasets, copy and
 * permalinks; roles never open a draft; with the flag off roles are ignored and nothing changes.
 */
import { createRequire } from 'node:module';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

// rison ships no types; only `encode` is used.
const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));

const listedIds = async (client: ApiClient) => {
  const res = await client.get(`/api/v1/dashboard/?q=${q({ page_size: 200 })}`);
  expect(res.status).toBe(200);
  return (res.body.result as { id: number }[]).map((d) => d.id);
};

/** Every read of a dashboard the flag governs, as the HTTP statuses the client gets. */
const reads = async (client: ApiClient, id: number) => [
  (await client.get(`/api/v1/dashboard/${id}`)).status,
  (await client.get(`/api/v1/dashboard/${id}/charts`)).status,
  (await client.get(`/api/v1/dashboard/${id}/datasets`)).status,
  (await client.post(`/api/v1/dashboard/${id}/permalink`, { urlParams: [] })).status,
  (await listedIds(client)).includes(id),
];
const SEES = [200, 200, 200, 201, true];
const HIDDEN = [404, 404, 404, 404, false];

describe('with DASHBOARD_RBAC on', () => {
  let t: AuthTestApp;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let gamma: ApiClient;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [DashboardsModule], featureFlags: { DASHBOARD_RBAC: true } });
    admin = await userClient(t, ['Admin']);
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    gamma = await userClient(t, ['Gamma']);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('takes roles from create and PUT bodies as known role names, canonical and without duplicates', async () => {
    const created = await alice.post('/api/v1/dashboard/', {
      dashboard_title: 'Roles',
      roles: ['gamma', 'Gamma', 'sql_lab'],
    });
    expect(created.status).toBe(201);
    expect(created.body.result.roles).toEqual([{ name: 'Gamma' }, { name: 'sql_lab' }]);
    const id = created.body.id as number;
    const put = await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Roles', roles: ['Alpha'] });
    expect(put.status).toBe(200);
    expect(put.body.result.roles).toEqual([{ name: 'Alpha' }]);
    // Left out of the body: kept.
    expect((await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Renamed' })).body.result.roles).toEqual([
      { name: 'Alpha' },
    ]);
    expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result.roles).toEqual([{ name: 'Alpha' }]);

    for (const roles of [['Nope'], [3], 'Gamma', [''], ['Gamma', null]]) {
      const onCreate = await alice.post('/api/v1/dashboard/', { dashboard_title: 'Bad roles', roles });
      const onPut = await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Bad roles', roles });
      expect([onCreate.status, onPut.status, roles]).toEqual([400, 400, roles]);
      expect(onPut.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    }
    expect(
      (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Unknown', roles: ['Nope'] })).body.message,
    ).toMatch(/unknown role "Nope"/);
    expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result).toMatchObject({
      dashboard_title: 'Renamed',
      roles: [{ name: 'Alpha' }],
    });
  });

  it('a published dashboard with roles is seen only by those roles, its owners and admins', async () => {
    const id = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Gamma only', roles: ['Gamma'] })).body
      .id as number;
    // A draft stays its owners' and admins', roles or not.
    expect(await reads(gamma, id)).toEqual(HIDDEN);
    expect((await alice.put(`/api/v1/dashboard/${id}`, { published: true })).status).toBe(200);

    expect(await reads(gamma, id)).toEqual(SEES);
    expect(await reads(alice, id)).toEqual(SEES);
    expect(await reads(admin, id)).toEqual(SEES);
    expect(await reads(bob, id)).toEqual(HIDDEN);
    expect((await bob.post(`/api/v1/dashboard/${id}/copy/`, { json_metadata: {} })).status).toBe(404);

    // Another role: bob (Alpha) now sees it, gamma no longer.
    expect(
      (await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Alpha only', roles: ['Alpha'] })).status,
    ).toBe(200);
    expect(await reads(bob, id)).toEqual(SEES);
    expect(await reads(gamma, id)).toEqual(HIDDEN);

    // No roles: a published dashboard is everyone's again.
    expect((await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Everyone', roles: [] })).status).toBe(200);
    expect(await reads(gamma, id)).toEqual(SEES);
    expect(await reads(bob, id)).toEqual(SEES);
  });

  it('a custom role may be named: the dashboard is seen by its holders, not by others', async () => {
    expect((await admin.post('/api/v1/security/roles/', { name: 'RegionalViewers', permissions: [] })).status).toBe(
      201,
    );
    const regional = await userClient(t, ['Gamma', 'RegionalViewers']);
    // The properties dialog's picker offers it to whoever may write dashboards (the roles list is admins' only).
    const related = await alice.get('/api/v1/dashboard/related/roles');
    expect(related.status).toBe(200);
    expect(related.body.result).toEqual(
      expect.arrayContaining([{ value: 'RegionalViewers', text: 'RegionalViewers' }]),
    );
    expect(related.body.result).toEqual(expect.arrayContaining([{ value: 'Gamma', text: 'Gamma' }]));
    expect((await alice.get('/api/v1/security/roles/')).status).toBe(403);
    const created = await alice.post('/api/v1/dashboard/', {
      dashboard_title: 'Regional',
      roles: ['regionalviewers'],
      published: true,
    });
    expect(created.status).toBe(201);
    // Stored under the role's own name: users hold it by that name.
    expect(created.body.result.roles).toEqual([{ name: 'RegionalViewers' }]);
    const id = created.body.id as number;
    expect(await reads(regional, id)).toEqual(SEES);
    expect(await reads(gamma, id)).toEqual(HIDDEN);
    expect(await reads(bob, id)).toEqual(HIDDEN);
    const put = await alice.put(`/api/v1/dashboard/${id}`, { roles: ['RegionalViewers', 'Ghosts'] });
    expect([put.status, put.body.message]).toEqual([400, expect.stringMatching(/roles: unknown role "Ghosts"/)]);
    expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result.roles).toEqual([{ name: 'RegionalViewers' }]);
  });

  it('a custom role a dashboard names is not deleted: the refusal lists the dashboard; taken off it, it is', async () => {
    const role = await admin.post('/api/v1/security/roles/', { name: 'Auditors', permissions: [] });
    const id = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Audit', roles: ['Auditors'] })).body
      .id as number;
    const refused = await admin.delete(`/api/v1/security/roles/${role.body.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain(`dashboard 'Audit' (id ${id})`);
    expect((await alice.put(`/api/v1/dashboard/${id}`, { roles: [] })).status).toBe(200);
    expect((await admin.delete(`/api/v1/security/roles/${role.body.id}`)).status).toBe(200);
  });

  it('a permalink is read only by those who may see its dashboard', async () => {
    const id = (
      await alice.post('/api/v1/dashboard/', { dashboard_title: 'Linked', roles: ['Gamma'], published: true })
    ).body.id as number;
    const link = await gamma.post(`/api/v1/dashboard/${id}/permalink`, { anchor: 'CHART-1' });
    expect(link.status).toBe(201);
    expect((await gamma.get(`/api/v1/dashboard/permalink/${link.body.key}`)).status).toBe(200);
    expect((await bob.get(`/api/v1/dashboard/permalink/${link.body.key}`)).status).toBe(404);
  });
});

describe('with DASHBOARD_RBAC off (the default)', () => {
  let t: AuthTestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let gamma: ApiClient;

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [DashboardsModule] });
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    gamma = await userClient(t, ['Gamma']);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('ignores roles in bodies: a published dashboard is everyone’s, a draft its owners’', async () => {
    const created = await alice.post('/api/v1/dashboard/', { dashboard_title: 'No RBAC', roles: ['Gamma'] });
    expect(created.status).toBe(201);
    expect(created.body.result.roles).toEqual([]);
    const id = created.body.id as number;
    expect(await reads(bob, id)).toEqual(HIDDEN);
    const put = await alice.put(`/api/v1/dashboard/${id}`, {
      dashboard_title: 'No RBAC',
      roles: ['Alpha'],
      published: true,
    });
    expect(put.status).toBe(200);
    expect(put.body.result.roles).toEqual([]);
    expect(await reads(gamma, id)).toEqual(SEES);
    expect(await reads(bob, id)).toEqual(SEES);
    // Role names are not checked when they are not used; the body's shape still is.
    expect((await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'x', roles: ['Nope'] })).status).toBe(200);
    expect((await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'x', roles: 'Gamma' })).status).toBe(400);
  });
});
