import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { UsersService } from './users.service';

describe('users and roles: admin API, events and read model (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = { authorization: `Bearer ${await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)}` };
  });
  afterAll(() => t.close());

  const api = () => new HttpClient(t.url);

  it('an admin creates a user with roles; the user logs in with exactly those roles', async () => {
    const created = await api().post(
      '/api/v1/security/users/',
      {
        username: 'ana',
        password: 'ana-password',
        first_name: 'Ana',
        last_name: 'Lima',
        email: 'ana@example.com',
        roles: ['Gamma', 'sql_lab'],
      },
      admin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      result: { username: 'ana', active: true, roles: ['Gamma', 'sql_lab'] },
    });

    const me = await api().get('/api/v1/me/', {
      authorization: `Bearer ${await bearerToken(t.url, 'ana', 'ana-password')}`,
    });
    expect(Object.keys(me.body.result.roles).sort()).toEqual(['Gamma', 'sql_lab']);
    expect(me.body.result.permissions).toContainEqual(['can_execute_sql_query', 'SQLLab']);
  });

  it('records the user as events on user:<id>, with the admin as actor and no password anywhere', async () => {
    const id = (await t.app.get(UsersService).findByUsername('ana'))!.id;
    const adminId = (await t.app.get(UsersService).findByUsername('admin'))!.id;
    const events = await t.app.get(EventStore).readStream(`user:${id}`);
    expect(events.map((e) => e.type)).toEqual(['security/userCreated']);
    expect(events[0].meta.actor).toBe(String(adminId));
    expect(JSON.stringify(events)).not.toMatch(/ana-password|scrypt/);
    const [{ password_hash }] = await t.app
      .get(DataSource)
      .query(`SELECT password_hash FROM user_credentials WHERE user_id = $1`, [id]);
    expect(password_hash).toMatch(/^scrypt\$/);
  });

  it('an admin assigns roles; the change applies to the next request of that user', async () => {
    const id = (await t.app.get(UsersService).findByUsername('ana'))!.id;
    const anaToken = { authorization: `Bearer ${await bearerToken(t.url, 'ana', 'ana-password')}` };
    const updated = await api().put(`/api/v1/security/users/${id}`, { roles: ['Alpha'], last_name: 'Souza' }, admin);
    expect(updated.status).toBe(200);
    expect(updated.body.result).toMatchObject({ roles: ['Alpha'], last_name: 'Souza' });
    expect(Object.keys((await api().get('/api/v1/me/', anaToken)).body.result.roles)).toEqual(['Alpha']);
    const types = (await t.app.get(EventStore).readStream(`user:${id}`)).map((e) => e.type);
    expect(types).toEqual(['security/userCreated', 'security/userLastNameChanged', 'security/userRolesChanged']);
  });

  it('refuses the admin API to a Gamma user with 403 in the error shape', async () => {
    await t.app.get(UsersService).createUser({ username: 'gus', password: 'gus-password', roles: ['Gamma'] }, 'system');
    const gamma = { authorization: `Bearer ${await bearerToken(t.url, 'gus', 'gus-password')}` };
    for (const res of [
      await api().get('/api/v1/security/users/', gamma),
      await api().post(
        '/api/v1/security/users/',
        { username: 'sneaky', password: 'sneaky-password', roles: ['Admin'] },
        gamma,
      ),
      await api().put('/api/v1/security/users/1', { roles: ['Admin'] }, gamma),
      await api().get('/api/v1/security/roles/', gamma),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0]).toMatchObject({
        error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
        message: expect.stringMatching(/permission/),
      });
    }
    expect(await t.app.get(UsersService).findByUsername('sneaky')).toBeNull();
    expect((await api().get('/api/v1/security/users/')).status).toBe(401);
  });

  it('refuses a duplicate username (whatever its case) with 422 and errors[]', async () => {
    const res = await api().post(
      '/api/v1/security/users/',
      { username: 'ANA', password: 'another-password', roles: ['Gamma'] },
      admin,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ message: 'A user with this username already exists.' });
  });

  it('validates input: missing fields 400, unknown role and short password 422', async () => {
    expect((await api().post('/api/v1/security/users/', { username: 'x1' }, admin)).status).toBe(400);
    expect(
      (
        await api().post(
          '/api/v1/security/users/',
          { username: 'x1', password: 'long-enough', roles: ['Gamma'], rolez: [] },
          admin,
        )
      ).status,
    ).toBe(400);
    const badRole = await api().post(
      '/api/v1/security/users/',
      { username: 'x1', password: 'long-enough', roles: ['Wizard'] },
      admin,
    );
    expect(badRole.status).toBe(422);
    expect(badRole.body.errors[0].message).toBe('Some roles do not exist: Wizard.');
    const short = await api().post(
      '/api/v1/security/users/',
      { username: 'x1', password: 'short', roles: ['Gamma'] },
      admin,
    );
    expect(short.status).toBe(422);
    expect(short.body.errors[0].message).toBe('The password must be at least 8 characters long.');
    expect((await api().put('/api/v1/security/users/999999', { active: false }, admin)).status).toBe(404);
    expect((await api().get('/api/v1/security/users/abc', admin)).status).toBe(404);
    expect((await api().put('/api/v1/security/users/1', { roles: 'Admin' }, admin)).status).toBe(400);
  });

  it('PUT changes only the fields it is sent: the rest of the user, password included, stays', async () => {
    const created = await api().post(
      '/api/v1/security/users/',
      {
        username: 'pia',
        password: 'pia-password',
        first_name: 'Pia',
        last_name: 'Berg',
        email: 'pia@example.com',
        roles: ['Gamma'],
      },
      admin,
    );
    const id = created.body.id as number;
    const fields = async () => {
      const {
        changed_on: _on,
        changed_by: _by,
        ...rest
      } = (await api().get(`/api/v1/security/users/${id}`, admin)).body.result;
      return rest;
    };
    let expected = await fields();
    for (const change of [
      { first_name: 'Pia-Maria' },
      { last_name: 'Lund' },
      { email: 'pia@example.org' },
      { roles: ['Alpha'] },
      { active: false },
      { active: true },
    ]) {
      const res = await api().put(`/api/v1/security/users/${id}`, change, admin);
      expect([res.status, change]).toEqual([200, change]);
      expected = { ...expected, ...change };
      expect([await fields(), change]).toEqual([expected, change]);
    }
    expect(await bearerToken(t.url, 'pia', 'pia-password')).toEqual(expect.any(String));
  });

  it('shows one user by id', async () => {
    const ana = (await t.app.get(UsersService).findByUsername('ana'))!;
    const res = await api().get(`/api/v1/security/users/${ana.id}`, admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ana.id, result: { username: 'ana', email: 'ana@example.com' } });
    expect(res.body.result).not.toHaveProperty('password');
  });

  it('lists users and roles with their permission pairs', async () => {
    const list = await api().get('/api/v1/security/users/', admin);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(list.body.result.length);
    expect(list.body.result.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['admin', 'ana', 'gus']),
    );
    const adminRow = list.body.result.find((u: { username: string }) => u.username === 'admin');
    expect(adminRow.login_count).toBeGreaterThan(0);
    expect(adminRow.last_login).toEqual(expect.any(String));

    const roles = await api().get('/api/v1/security/roles/', admin);
    expect(roles.body.result.map((r: { name: string }) => r.name)).toEqual([
      'Admin',
      'Alpha',
      'Gamma',
      'sql_lab',
      'Public',
    ]);
    expect(roles.body.result.find((r: { name: string }) => r.name === 'Admin').permissions).toContainEqual([
      'can_write',
      'User',
    ]);
    expect(roles.body.result.find((r: { name: string }) => r.name === 'Public').permissions).toEqual([]);
  });

  it('deactivating a user or changing their password ends their sessions and tokens', async () => {
    const users = t.app.get(UsersService);
    const carl = await users.createUser({ username: 'carl', password: 'carl-password', roles: ['Gamma'] }, 'system');
    const browser = new HttpClient(t.url);
    await browser.browserLogin('carl', 'carl-password');
    await api().put(`/api/v1/security/users/${carl.id}`, { password: 'carl-new-password' }, admin);
    expect((await browser.get('/api/v1/me/')).status).toBe(401);
    expect((await api().post('/api/v1/security/login', { username: 'carl', password: 'carl-password' })).status).toBe(
      401,
    );

    const token = { authorization: `Bearer ${await bearerToken(t.url, 'carl', 'carl-new-password')}` };
    await api().put(`/api/v1/security/users/${carl.id}`, { active: false }, admin);
    expect((await api().get('/api/v1/me/', token)).status).toBe(401);
    expect(
      (await api().post('/api/v1/security/login', { username: 'carl', password: 'carl-new-password' })).status,
    ).toBe(401);
    const types = (await t.app.get(EventStore).readStream(`user:${carl.id}`)).map((e) => e.type);
    expect(types).toEqual(['security/userCreated', 'security/userPasswordChanged', 'security/userDeactivated']);
  });

  it('keeps at least one active admin', async () => {
    const users = t.app.get(UsersService);
    const adminId = (await users.findByUsername('admin'))!.id;
    // Over HTTP the last admin is the acting admin: the own-account rule answers first.
    const res = await api().put(`/api/v1/security/users/${adminId}`, { roles: ['Gamma'] }, admin);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('You cannot take the Admin role away from yourself.');
    expect((await api().put(`/api/v1/security/users/${adminId}`, { active: false }, admin)).status).toBe(422);
    // Whoever else acts (a command-line tool acts as 'system'), the last active admin stays one.
    await expect(users.assignRoles(adminId, ['Gamma'], 'system')).rejects.toThrow(/last active admin/);
    await expect(users.deactivate(adminId, 'system')).rejects.toThrow(/last active admin/);
    expect((await users.findById(adminId))!.roles).toEqual(['Admin']);
  });

  it('lands every one of many concurrent changes to one user: a lost race is decided again, not refused', async () => {
    const users = t.app.get(UsersService);
    const { id } = await users.createUser({ username: 'busy', password: 'busy-password', roles: ['Gamma'] }, 'system');
    const names = Array.from({ length: 30 }, (_, i) => `Name ${i}`);
    const answers = await Promise.all(
      names.map((name) => api().put(`/api/v1/security/users/${id}`, { first_name: name }, admin)),
    );
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 200));
    const changed = (await t.app.get(EventStore).readStream(`user:${id}`)).filter(
      (e) => e.type === 'security/userFirstNameChanged',
    );
    expect(changed).toHaveLength(names.length);
  });

  it('rebuilding the users read model from the log gives the live read model', async () => {
    const ds = t.app.get(DataSource);
    const snapshot = () =>
      ds.query(
        `SELECT u.*, (SELECT array_agg(role ORDER BY role) FROM user_roles r WHERE r.user_id = u.id) AS roles FROM users u ORDER BY id`,
      );
    const live = await snapshot();
    await t.app.get(EventStore).rebuild('users');
    expect(await snapshot()).toEqual(live);
    expect(live.length).toBeGreaterThan(3);
  });
});
