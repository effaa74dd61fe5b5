import { EventStore } from '../../event-store/event-store.port';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { UsersService } from './users.service';

/** Issue 15 item 5: deactivate and reactivate, delete, reset a password, and the user's own password change. */
describe('user lifecycle and own password (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let admin: Record<string, string>;
  let adminId: number;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = { authorization: `Bearer ${await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)}` };
    adminId = (await t.app.get(UsersService).findByUsername(TEST_ADMIN.username))!.id;
  });
  afterAll(() => t.close());

  const api = () => new HttpClient(t.url);
  const bearer = async (username: string, password: string) => ({
    authorization: `Bearer ${await bearerToken(t.url, username, password)}`,
  });
  const create = (username: string, roles = ['Gamma']) =>
    t.app.get(UsersService).createUser({ username, password: `${username}-password`, roles }, 'system');
  const types = async (id: number) => (await t.app.get(EventStore).readStream(`user:${id}`)).map((e) => e.type);

  it("deactivation makes the user's existing token 401 at once; reactivation restores login", async () => {
    const dora = await create('dora');
    const token = await bearer('dora', 'dora-password');
    expect((await api().get('/api/v1/me/', token)).status).toBe(200);
    expect((await api().put(`/api/v1/security/users/${dora.id}`, { active: false }, admin)).status).toBe(200);
    expect((await api().get('/api/v1/me/', token)).status).toBe(401);
    expect((await api().post('/api/v1/security/login', { username: 'dora', password: 'dora-password' })).status).toBe(
      401,
    );
    const back = await api().put(`/api/v1/security/users/${dora.id}`, { active: true }, admin);
    expect(back.body.result.active).toBe(true);
    expect((await api().get('/api/v1/me/', await bearer('dora', 'dora-password'))).status).toBe(200);
    expect(await types(dora.id)).toEqual([
      'security/userCreated',
      'security/userDeactivated',
      'security/userReactivated',
    ]);
  });

  it('an admin resets a password: the old one and the old tokens stop, the new one works, it is never returned', async () => {
    const eli = await create('eli');
    const token = await bearer('eli', 'eli-password');
    const res = await api().put(`/api/v1/security/users/${eli.id}`, { password: 'eli-fresh-password' }, admin);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/);
    expect((await api().get('/api/v1/me/', token)).status).toBe(401);
    expect((await api().get('/api/v1/me/', await bearer('eli', 'eli-fresh-password'))).status).toBe(200);
    const weak = await api().put(`/api/v1/security/users/${eli.id}`, { password: 'short' }, admin);
    expect(weak.status).toBe(422);
  });

  it('an admin deletes a user: gone from the list, token 401, username free again; the log keeps the history', async () => {
    const fay = await create('fay');
    const token = await bearer('fay', 'fay-password');
    const res = await api().request('DELETE', `/api/v1/security/users/${fay.id}`, { headers: admin });
    expect(res.status).toBe(200);
    expect((await api().get(`/api/v1/security/users/${fay.id}`, admin)).status).toBe(404);
    expect((await api().get('/api/v1/me/', token)).status).toBe(401);
    expect(await types(fay.id)).toEqual(['security/userCreated', 'security/userDeleted']);
    expect(await t.app.get(UsersService).passwordHash(fay.id)).toBeNull();
    const again = await api().request('DELETE', `/api/v1/security/users/${fay.id}`, { headers: admin });
    expect(again.status).toBe(404);
    expect((await create('fay')).id).not.toBe(fay.id);
  });

  it('refuses an admin deactivating or deleting themselves, and deleting the last admin, with 422 and a message', async () => {
    const self = await api().put(`/api/v1/security/users/${adminId}`, { active: false }, admin);
    expect(self.status).toBe(422);
    expect(self.body.errors[0].message).toBe('You cannot deactivate your own account.');
    const selfDelete = await api().request('DELETE', `/api/v1/security/users/${adminId}`, { headers: admin });
    expect(selfDelete.status).toBe(422);
    expect(selfDelete.body.errors[0].message).toBe('You cannot delete your own account.');
    expect(selfDelete.body.errors[0].error_type).toEqual(expect.any(String));

    // Over HTTP the actor is an active admin, so the last admin is always themselves; a tool acting as
    // 'system' meets the other rule.
    await expect(t.app.get(UsersService).deleteUser(adminId, 'system')).rejects.toThrow(/last active admin/);
    expect((await api().get('/api/v1/security/users/', admin)).status).toBe(200);

    // Not the last-admin rule: with another active admin the own account is still refused, nothing is
    // recorded and the admin stays signed in.
    const before = await types(adminId);
    const iris = await create('iris', ['Admin']);
    const irisToken = await bearer('iris', 'iris-password');
    const irisSelf = await api().put(`/api/v1/security/users/${iris.id}`, { active: false }, irisToken);
    expect(irisSelf.status).toBe(422);
    expect(irisSelf.body.errors[0].message).toBe('You cannot deactivate your own account.');
    expect(
      (await api().request('DELETE', `/api/v1/security/users/${iris.id}`, { headers: irisToken })).body.errors[0]
        .message,
    ).toBe('You cannot delete your own account.');
    expect((await api().put(`/api/v1/security/users/${adminId}`, { active: false }, admin)).status).toBe(422);
    expect(await types(adminId)).toEqual(before);
    expect(await types(iris.id)).toEqual(['security/userCreated']);
    expect((await api().get('/api/v1/me/', irisToken)).status).toBe(200);
  });

  it('refuses an admin taking the Admin role away from themselves (422); another admin may, while one remains', async () => {
    const demoteSelf = await api().put(`/api/v1/security/users/${adminId}`, { roles: ['Gamma'] }, admin);
    expect(demoteSelf.status).toBe(422);
    expect(demoteSelf.body.errors[0].message).toBe('You cannot take the Admin role away from yourself.');
    expect(demoteSelf.body.errors[0].error_type).toEqual(expect.any(String));

    // With a second admin it is still refused: it is the own account, not the last admin, that counts.
    const before = await types(adminId);
    const jo = await create('jo', ['Admin']);
    const joToken = await bearer('jo', 'jo-password');
    const joSelf = await api().put(`/api/v1/security/users/${jo.id}`, { roles: ['Alpha'], first_name: 'Jo' }, joToken);
    expect(joSelf.status).toBe(422);
    expect(joSelf.body.errors[0].message).toBe('You cannot take the Admin role away from yourself.');
    expect(await types(jo.id)).toEqual(['security/userCreated']);
    expect((await api().get('/api/v1/me/', joToken)).status).toBe(200);
    // Keeping Admin, the own other roles may change.
    const joKeeps = await api().put(`/api/v1/security/users/${jo.id}`, { roles: ['Admin', 'sql_lab'] }, joToken);
    expect(joKeeps.status).toBe(200);
    expect(joKeeps.body.result.roles).toEqual(['Admin', 'sql_lab']);

    // Another admin takes it away; then jo, no longer an admin, is refused the users API.
    const demoted = await api().put(`/api/v1/security/users/${jo.id}`, { roles: ['Gamma'] }, admin);
    expect(demoted.status).toBe(200);
    expect(demoted.body.result.roles).toEqual(['Gamma']);
    expect((await api().get('/api/v1/security/users/', joToken)).status).toBe(403);
    expect(await types(adminId)).toEqual(before);

    // The last active admin keeps the role whoever acts (a command-line tool acts as 'system'). Admins
    // that earlier tests made step down first.
    for (const other of await t.app.get(UsersService).list()) {
      if (other.id !== adminId && other.active && other.roles.includes('Admin'))
        expect((await api().put(`/api/v1/security/users/${other.id}`, { roles: ['Gamma'] }, admin)).status).toBe(200);
    }
    await expect(t.app.get(UsersService).assignRoles(adminId, ['Gamma'], 'system')).rejects.toThrow(
      /last active admin/,
    );
    expect((await api().get('/api/v1/security/users/', admin)).status).toBe(200);
  });

  it('a Gamma user may not delete, deactivate or reset anyone: 403', async () => {
    const hal = await create('hal');
    const gamma = await bearer('hal', 'hal-password');
    expect((await api().request('DELETE', `/api/v1/security/users/${adminId}`, { headers: gamma })).status).toBe(403);
    expect((await api().put(`/api/v1/security/users/${adminId}`, { active: false }, gamma)).status).toBe(403);
    expect((await api().put(`/api/v1/security/users/${adminId}`, { password: 'taken-over!' }, gamma)).status).toBe(403);
    expect((await api().get('/api/v1/security/roles/', gamma)).status).toBe(403);
    expect(await types(hal.id)).toEqual(['security/userCreated']);
  });

  it('a user changes their own password with the current one; a wrong current one is 400 in the error shape', async () => {
    const ivy = await create('ivy');
    const token = await bearer('ivy', 'ivy-password');
    const wrong = await api().post(
      '/api/v1/me/password',
      { current_password: 'not-it', new_password: 'ivy-new-password' },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0]).toMatchObject({
      message: 'The current password is not correct.',
      error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
    });
    const weak = await api().post(
      '/api/v1/me/password',
      { current_password: 'ivy-password', new_password: 'x' },
      token,
    );
    expect(weak.status).toBe(422);
    const ok = await api().post(
      '/api/v1/me/password',
      { current_password: 'ivy-password', new_password: 'ivy-new-password' },
      token,
    );
    expect(ok.status).toBe(200);
    expect(JSON.stringify(ok.body)).not.toMatch(/ivy-new-password/);
    expect((await api().get('/api/v1/me/', token)).status).toBe(401);
    expect((await api().get('/api/v1/me/', await bearer('ivy', 'ivy-new-password'))).status).toBe(200);
    expect(await types(ivy.id)).toEqual(['security/userCreated', 'security/userPasswordChanged']);
    const events = JSON.stringify(await t.app.get(EventStore).readStream(`user:${ivy.id}`));
    expect(events).not.toMatch(/ivy-new-password|ivy-password/);
  });

  it('wrong current passwords count as failed logins: after the login limit the change is 429', async () => {
    await create('jon');
    const token = await bearer('jon', 'jon-password');
    const attempt = () =>
      api().post('/api/v1/me/password', { current_password: 'guess', new_password: 'jon-new-password' }, token);
    let last = await attempt();
    for (let i = 0; i < 10 && last.status === 400; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(last.body.errors[0].message).toMatch(/Too many failed logins/);
  });
});
