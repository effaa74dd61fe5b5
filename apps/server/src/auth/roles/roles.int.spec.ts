/**
 * Custom roles over real HTTP on a real PostgreSQL (Superset's `/api/v1/security/roles/` routes): an admin
 * creates a role as (permission, view) pairs, gives it to a user through the users API, and every change
 * of the role's permissions applies to that user's very next request; only admins manage roles; bad
 * bodies are 400 in the error shape; `roles` rebuilt from the log equals the live table.
 */
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt } from '../../projections/testing/rebuild-equals-live';
import { userClient, type ApiClient } from '../../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, HttpClient, type AuthTestApp } from '../../testing/auth-test-app';

const READ_USERS: [string, string] = ['can_read', 'User'];
const READ_ROLES: [string, string] = ['can_read', 'Role'];

describe('custom roles (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let admin: ApiClient;
  let alpha: ApiClient;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await userClient(t, ['Admin']);
    alpha = await userClient(t, ['Alpha']);
  });
  afterAll(() => t?.close());

  const createRole = async (name: string, permissions: [string, string][]) => {
    const res = await admin.post('/api/v1/security/roles/', { name, permissions });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  it('a user holding a custom role gains and loses its rights on the next request', async () => {
    const id = await createRole('user_readers', [READ_USERS]);
    const created = await admin.post('/api/v1/security/users', {
      username: 'reader',
      password: 'a-password-for-tests',
      roles: ['Gamma', 'user_readers'],
    });
    expect(created.status).toBe(201);
    expect(created.body.result.roles).toEqual(['Gamma', 'user_readers']);
    const reader = await userClient(t, ['Gamma', 'user_readers']);

    expect((await reader.get('/api/v1/security/users')).status).toBe(200);
    const me = (await reader.get('/api/v1/me/')).body.result;
    expect([me.permissions, me.roles.user_readers]).toEqual([expect.arrayContaining([READ_USERS]), [READ_USERS]]);
    // The browser login answers the same user, custom pairs included.
    const login = await new HttpClient(t.url).post('/login/', { username: 'reader', password: 'a-password-for-tests' });
    expect([login.status, login.body.result.roles.user_readers]).toEqual([200, [READ_USERS]]);
    expect(login.body.result.permissions).toContainEqual(READ_USERS);
    expect((await reader.get('/api/v1/security/roles/')).status).toBe(403);

    // Revoke: the same token, the next request is refused.
    const replaced = await admin.post(`/api/v1/security/roles/${id}/permissions`, { permissions: [READ_ROLES] });
    expect(replaced.status).toBe(200);
    expect((await admin.get(`/api/v1/security/roles/${id}/permissions/`)).body.result).toEqual([READ_ROLES]);
    const refused = await reader.get('/api/v1/security/users');
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toContain('can_read');
    expect((await reader.get('/api/v1/security/roles/')).status).toBe(200);

    // Grant back.
    await admin.post(`/api/v1/security/roles/${id}/permissions`, { permissions: [READ_ROLES, READ_USERS] });
    expect((await reader.get('/api/v1/security/users')).status).toBe(200);
  });

  it('lists built-in and custom roles; renames; names are unique and not built in; unknown pairs are refused', async () => {
    const id = await createRole('Analysts', [['can_explore', 'Strata']]);
    const list = await admin.get('/api/v1/security/roles/');
    expect(list.status).toBe(200);
    expect(list.body.result).toContainEqual({
      id: null,
      name: 'Alpha',
      built_in: true,
      permissions: expect.any(Array),
    });
    expect(list.body.result).toContainEqual({
      id,
      name: 'Analysts',
      built_in: false,
      permissions: [['can_explore', 'Strata']],
    });

    const taken = await admin.post('/api/v1/security/roles/', { name: 'analysts', permissions: [] });
    expect([taken.status, taken.body.errors[0].extra?.code ?? taken.body.errors[0].message]).toEqual([
      422,
      expect.stringMatching(/role_name_taken|already exists/),
    ]);
    expect((await admin.post('/api/v1/security/roles/', { name: 'gamma' })).status).toBe(422);
    expect(
      (await admin.post('/api/v1/security/roles/', { name: 'x', permissions: [['can_fly', 'Strata']] })).status,
    ).toBe(422);

    const renamed = await admin.put(`/api/v1/security/roles/${id}`, { name: 'Explorers' });
    expect([renamed.status, renamed.body.result.name]).toEqual([200, 'Explorers']);
    expect((await admin.put(`/api/v1/security/roles/${id}`, { name: 'Alpha' })).status).toBe(422);
    expect((await admin.put('/api/v1/security/roles/999999', { name: 'y' })).status).toBe(404);
  });

  it('a role held by a user is neither deleted nor renamed until it is taken from them', async () => {
    const id = await createRole('held', [READ_USERS]);
    const holder = await userClient(t, ['Gamma', 'held']);
    const del = await admin.delete(`/api/v1/security/roles/${id}`);
    expect(del.status).toBe(422);
    expect(del.body.errors[0].message).toContain('hold the role held');
    expect((await admin.put(`/api/v1/security/roles/${id}`, { name: 'held2' })).status).toBe(422);

    expect((await admin.put(`/api/v1/security/users/${holder.userId}`, { roles: ['Gamma'] })).status).toBe(200);
    expect((await admin.delete(`/api/v1/security/roles/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/security/roles/${id}/permissions/`)).status).toBe(404);
    // Gone: it can no longer be given.
    const given = await admin.put(`/api/v1/security/users/${holder.userId}`, { roles: ['held'] });
    expect(given.status).toBe(422);
  });

  it('a delete racing a user being given the role: never a user holding a deleted role', async () => {
    const user = await userClient(t, ['Gamma']);
    for (let round = 0; round < 5; round++) {
      const id = await createRole(`racing_${round}`, [READ_USERS]);
      const [deleted, given] = await Promise.all([
        admin.delete(`/api/v1/security/roles/${id}`),
        admin.put(`/api/v1/security/users/${user.userId}`, { roles: ['Gamma', `racing_${round}`] }),
      ]);
      const gone = (await admin.get(`/api/v1/security/roles/${id}/permissions/`)).status === 404;
      const held = (await admin.get(`/api/v1/security/users/${user.userId}`)).body.result.roles.includes(
        `racing_${round}`,
      );
      expect([deleted.status === 200, given.status === 200]).toEqual([gone, held]);
      expect(gone && held).toBe(false);
      await admin.put(`/api/v1/security/users/${user.userId}`, { roles: ['Gamma'] });
    }
  });

  it('non-admins are refused every roles route (403)', async () => {
    const id = await createRole('for_alpha', []);
    for (const res of [
      await alpha.get('/api/v1/security/roles/'),
      await alpha.post('/api/v1/security/roles/', { name: 'mine', permissions: [] }),
      await alpha.put(`/api/v1/security/roles/${id}`, { name: 'mine' }),
      await alpha.delete(`/api/v1/security/roles/${id}`),
      await alpha.post(`/api/v1/security/roles/${id}/permissions`, { permissions: [READ_USERS] }),
      await alpha.get(`/api/v1/security/roles/${id}/permissions/`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].message).toEqual(expect.any(String));
    }
  });

  it('bad bodies are 400 in the error shape', async () => {
    const id = await createRole('for_bodies', []);
    for (const res of [
      await admin.post('/api/v1/security/roles/', { permissions: [] }),
      await admin.post('/api/v1/security/roles/', { name: 'x', permissions: [['can_read']] }),
      await admin.post('/api/v1/security/roles/', { name: 'x', role: 'typo' }),
      await admin.put(`/api/v1/security/roles/${id}`, { name: 42 }),
      await admin.post(`/api/v1/security/roles/${id}/permissions`, { permissions: 'all' }),
      await admin.request('POST', '/api/v1/security/roles/', '{"name":', 'application/json'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toEqual(
        expect.objectContaining({ message: expect.any(String), error_type: expect.any(String) }),
      );
    }
  });

  it('roles rebuilt from the log equals the live table', async () => {
    const { live, rebuilt } = await liveAndRebuilt(t.app.get(EventStore), t.app.get(DataSource), 'roles', ['roles']);
    expect(live.roles.length).toBeGreaterThan(3);
    expect(rebuilt).toEqual(live);
  });
});
