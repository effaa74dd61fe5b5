import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { UsersService } from '../users/users.service';

describe('login, tokens, sessions and CSRF (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let users: UsersService;

  beforeAll(async () => {
    t = await createAuthTestApp();
    users = t.app.get(UsersService);
    await users.createUser(
      {
        username: 'gina',
        password: 'gina-password',
        firstName: 'Gina',
        lastName: 'Gamma',
        email: 'gina@example.com',
        roles: ['Gamma'],
      },
      'system',
    );
  });
  afterAll(() => t.close());

  describe('API login (bearer token)', () => {
    it('returns an access token that opens /api/v1/me/ with the user, roles and permissions', async () => {
      const client = new HttpClient(t.url);
      const login = await client.post('/api/v1/security/login', {
        username: 'gina',
        password: 'gina-password',
        provider: 'db',
        refresh: false,
      });
      expect(login.status).toBe(200);
      expect(Object.keys(login.body)).toEqual(['access_token']);
      expect(login.headers.get('set-cookie')).toBeNull();

      const me = await client.get('/api/v1/me/', { authorization: `Bearer ${login.body.access_token}` });
      expect(me.status).toBe(200);
      expect(me.body.result).toMatchObject({
        username: 'gina',
        first_name: 'Gina',
        last_name: 'Gamma',
        email: 'gina@example.com',
        is_active: true,
      });
      expect(Object.keys(me.body.result.roles)).toEqual(['Gamma']);
      expect(me.body.result.roles.Gamma).toContainEqual(['can_write', 'Dashboard']);
      expect(me.body.result.permissions).toContainEqual(['can_read', 'Chart']);
      expect(me.body.result.permissions).not.toContainEqual(['can_execute_sql_query', 'SQLLab']);
    });

    it('gives a refresh token on request, which gets new access tokens but does not open the API itself', async () => {
      const client = new HttpClient(t.url);
      const login = await client.post('/api/v1/security/login', {
        username: 'gina',
        password: 'gina-password',
        refresh: true,
      });
      expect(login.body.refresh_token).toEqual(expect.any(String));
      expect((await client.get('/api/v1/me/', { authorization: `Bearer ${login.body.refresh_token}` })).status).toBe(
        401,
      );
      const refreshed = await client.post('/api/v1/security/refresh', undefined, {
        authorization: `Bearer ${login.body.refresh_token}`,
      });
      expect(refreshed.status).toBe(200);
      expect(
        (await client.get('/api/v1/me/', { authorization: `Bearer ${refreshed.body.access_token}` })).body.result
          .username,
      ).toBe('gina');
      expect(
        (await client.post('/api/v1/security/refresh', undefined, { authorization: 'Bearer nonsense' })).status,
      ).toBe(401);
    });

    it('logout with a bearer token revokes it and its refresh token at once', async () => {
      const client = new HttpClient(t.url);
      const login = await client.post('/api/v1/security/login', {
        username: 'gina',
        password: 'gina-password',
        refresh: true,
      });
      const access = { authorization: `Bearer ${login.body.access_token}` };
      expect((await client.get('/api/v1/me/', access)).status).toBe(200);
      const other = await bearerToken(t.url, 'gina', 'gina-password'); // another session of hers stays open

      expect((await client.post('/api/v1/security/logout', undefined, access)).status).toBe(200);
      const me = await client.get('/api/v1/me/', access);
      expect(me.status).toBe(401);
      expect(me.body.errors[0].message).toMatch(/not logged in/);
      const refreshed = await client.post('/api/v1/security/refresh', undefined, {
        authorization: `Bearer ${login.body.refresh_token}`,
      });
      expect(refreshed.status).toBe(401);
      expect((await client.get('/api/v1/me/', { authorization: `Bearer ${other}` })).status).toBe(200);
    });

    it('logout with only the refresh token revokes the access tokens of its session too', async () => {
      const client = new HttpClient(t.url);
      const login = await client.post('/api/v1/security/login', {
        username: 'gina',
        password: 'gina-password',
        refresh: true,
      });
      const refreshAuth = { authorization: `Bearer ${login.body.refresh_token}` };
      const minted = await client.post('/api/v1/security/refresh', undefined, refreshAuth);
      expect(minted.status).toBe(200);
      expect((await client.post('/logout/', undefined, refreshAuth)).status).toBe(200);
      for (const token of [login.body.access_token, minted.body.access_token]) {
        expect((await client.get('/api/v1/me/', { authorization: `Bearer ${token}` })).status).toBe(401);
      }
      expect((await client.post('/api/v1/security/refresh', undefined, refreshAuth)).status).toBe(401);
    });

    it("a password change or a deactivation revokes all the user's tokens", async () => {
      const client = new HttpClient(t.url);
      await users.createUser({ username: 'tess', password: 'tess-password', roles: ['Gamma'] }, 'system');
      const tess = (await users.findByUsername('tess'))!;
      const login = await client.post('/api/v1/security/login', {
        username: 'tess',
        password: 'tess-password',
        refresh: true,
      });
      await users.updateUser(tess.id, { password: 'tess-new-password' }, 'system');
      expect((await client.get('/api/v1/me/', { authorization: `Bearer ${login.body.access_token}` })).status).toBe(
        401,
      );
      expect(
        (
          await client.post('/api/v1/security/refresh', undefined, {
            authorization: `Bearer ${login.body.refresh_token}`,
          })
        ).status,
      ).toBe(401);

      const again = await client.post('/api/v1/security/login', {
        username: 'tess',
        password: 'tess-new-password',
        refresh: true,
      });
      await users.deactivate(tess.id, 'system');
      await users.updateUser(tess.id, { active: true }, 'system');
      expect((await client.get('/api/v1/me/', { authorization: `Bearer ${again.body.access_token}` })).status).toBe(
        401,
      );
      expect(
        (
          await client.post('/api/v1/security/refresh', undefined, {
            authorization: `Bearer ${again.body.refresh_token}`,
          })
        ).status,
      ).toBe(401);
    });

    it('answers a wrong password and an unknown user with the same 401, in the error shape', async () => {
      const client = new HttpClient(t.url);
      const wrong = await client.post('/api/v1/security/login', { username: 'gina', password: 'not-her-password' });
      const unknown = await client.post('/api/v1/security/login', {
        username: 'nobody',
        password: 'whatever-password',
      });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({
        message: 'Invalid login. Please try again.',
        errors: [
          { message: 'Invalid login. Please try again.', error_type: 'GENERIC_BACKEND_ERROR', level: 'warning' },
        ],
      });
    });

    it('records attempts as events, without the password', async () => {
      await new HttpClient(t.url).post('/api/v1/security/login', { username: 'Gina', password: 'secret-guess-123' });
      const events = await t.app.get(EventStore).readStream('login:gina');
      const failed = events.filter((e) => e.type === 'security/loginFailed');
      expect(failed.at(-1)?.data).toMatchObject({
        username: 'Gina',
        reason: 'wrong_password',
        userId: expect.any(Number),
      });
      expect(events.some((e) => e.type === 'security/loggedIn')).toBe(true);
      expect(JSON.stringify(events)).not.toContain('secret-guess-123');
      expect(JSON.stringify(events)).not.toContain('gina-password');
    });

    it('answers malformed JSON and missing or mistyped fields with 400, never 500', async () => {
      const client = new HttpClient(t.url);
      const malformed = await client.request('POST', '/api/v1/security/login', {
        raw: '{"username": "gina", "password": ',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
      for (const body of [
        {},
        { username: 'gina' },
        { password: 'x' },
        { username: 'gina', password: 42 },
        { username: '', password: 'x' },
      ]) {
        const res = await client.post('/api/v1/security/login', body);
        expect(res.status).toBe(400);
        expect(res.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
      }
      expect((await client.request('POST', '/api/v1/security/login', { raw: '[1,2]' })).status).toBe(400);
      expect(
        (await client.post('/api/v1/security/login', { username: 'gina', password: 'gina-password', provider: 'ldap' }))
          .status,
      ).toBe(400);
    });

    it('refuses requests without credentials or with a forged token', async () => {
      const client = new HttpClient(t.url);
      expect((await client.get('/api/v1/me/')).status).toBe(401);
      const token = await bearerToken(t.url, 'gina', 'gina-password');
      const forged = `${token.slice(0, -4)}AAAA`;
      const res = await client.get('/api/v1/me/', { authorization: `Bearer ${forged}` });
      expect(res.status).toBe(401);
      expect(res.body.errors[0].message).toMatch(/not logged in/);
    });
  });

  describe('browser login (session cookie + CSRF)', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie and answers the user', async () => {
      const browser = new HttpClient(t.url);
      const login = await browser.post('/login/', { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
      expect(login.status).toBe(200);
      expect(login.body.result).toMatchObject({ username: 'admin', is_active: true });
      expect(Object.keys(login.body.result.roles)).toEqual(['Admin']);
      const cookie = login.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^strata_session=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/);
      expect((await browser.get('/api/v1/me/')).body.result.username).toBe('admin');
    });

    it('stores only a hash of the session id', async () => {
      const browser = new HttpClient(t.url);
      await browser.browserLogin('gina', 'gina-password');
      const value = browser.cookie!.split('=')[1];
      const rows = await t.app.get(DataSource).query(`SELECT id_hash FROM sessions`);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((r: { id_hash: string }) => r.id_hash)).not.toContain(value);
    });

    it('refuses a mutating cookie request without a CSRF token (400), and accepts it with one', async () => {
      const browser = new HttpClient(t.url);
      const csrf = await browser.browserLogin(TEST_ADMIN.username, TEST_ADMIN.password);
      const body = { username: 'csrf-target', password: 'csrf-target-pw', roles: ['Gamma'] };

      const missing = await browser.post('/api/v1/security/users/', body);
      expect(missing.status).toBe(400);
      expect(missing.body.errors).toEqual([
        { message: 'The CSRF token is missing.', error_type: 'FRONTEND_CSRF_ERROR', level: 'warning' },
      ]);

      const invalid = await browser.post('/api/v1/security/users/', body, { 'x-csrftoken': `${csrf.slice(0, -2)}xx` });
      expect(invalid.status).toBe(400);
      expect(invalid.body.errors[0]).toMatchObject({
        message: 'The CSRF token is invalid.',
        error_type: 'FRONTEND_CSRF_ERROR',
      });
      expect(await users.findByUsername('csrf-target')).toBeNull();

      // Another session's token does not fit this session.
      const other = await new HttpClient(t.url).browserLogin(TEST_ADMIN.username, TEST_ADMIN.password);
      expect((await browser.post('/api/v1/security/users/', body, { 'x-csrftoken': other })).status).toBe(400);

      const ok = await browser.post('/api/v1/security/users/', body, { 'x-csrftoken': csrf });
      expect(ok.status).toBe(201);
    });

    it('does not ask bearer clients for a CSRF token', async () => {
      const token = await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await new HttpClient(t.url).post(
        '/api/v1/security/users/',
        { username: 'bearer-made', password: 'bearer-made-pw', roles: ['Gamma'] },
        { authorization: `Bearer ${token}` },
      );
      expect(res.status).toBe(201);
    });

    it('logout ends the session on the server: the old cookie no longer works', async () => {
      const browser = new HttpClient(t.url);
      await browser.browserLogin('gina', 'gina-password');
      const stolenCopy = browser.cookie!;
      const logout = await browser.post('/logout/');
      expect(logout.status).toBe(200);
      expect(logout.headers.get('set-cookie')).toMatch(/^strata_session=; Max-Age=0;/);
      expect(browser.cookie).toBeUndefined();
      expect((await browser.get('/api/v1/me/', { cookie: stolenCopy })).status).toBe(401);
      expect((await browser.get('/api/v1/security/csrf_token/', { cookie: stolenCopy })).status).toBe(401);
    });

    it('gives a new session id on each login (no session fixation)', async () => {
      const browser = new HttpClient(t.url);
      await browser.browserLogin('gina', 'gina-password');
      const first = browser.cookie!;
      await browser.browserLogin('gina', 'gina-password');
      expect(browser.cookie).not.toEqual(first);
      expect((await browser.get('/api/v1/me/', { cookie: first })).status).toBe(401);
    });

    it('answers a wrong browser login with 401 and no cookie', async () => {
      const browser = new HttpClient(t.url);
      const res = await browser.post('/login/', { username: 'gina', password: 'wrong-password' });
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await browser.request('POST', '/login/', { raw: 'username=gina' })).status).toBe(400);
    });
  });
});
