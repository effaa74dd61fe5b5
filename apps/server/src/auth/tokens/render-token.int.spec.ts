import { UsersService } from '../users/users.service';
import { createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../../testing/auth-test-app';
import { ApiTokens } from './api-tokens.service';
import { RENDER_TOKEN_TTL_SECONDS } from './token.service';

/** The report renderer's token (report-render/CONTEXT.md): the owner's eyes for minutes, read-only. */
describe('render tokens (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let http: HttpClient;
  let adminId: number;

  beforeAll(async () => {
    t = await createAuthTestApp();
    http = new HttpClient(t.url);
    const admin = await t.app.get(UsersService).findByUsername(TEST_ADMIN.username);
    adminId = admin!.id;
  });
  afterAll(() => t.close());

  const render = (token: string) => ({ 'x-strata-render-token': token });

  it('opens the pages as the owner: GET answers as that user', async () => {
    const token = await t.app.get(ApiTokens).renderToken(adminId);
    const me = await http.get('/api/v1/me/', render(token));
    expect(me.status).toBe(200);
    expect(me.body.result.username).toBe(TEST_ADMIN.username);
  });

  it('changes nothing: a POST, PUT or DELETE other than chart data is 403, even for an admin', async () => {
    const token = await t.app.get(ApiTokens).renderToken(adminId);
    const create = await http.request('POST', '/api/v1/security/users/', {
      headers: render(token),
      json: {
        username: 'mallory',
        password: 'mallory-password-1',
        first_name: 'M',
        last_name: 'X',
        email: 'm@x.io',
        roles: ['Admin'],
      },
    });
    expect(create.status).toBe(403);
    expect(JSON.stringify(create.body)).toContain('render token');
    const update = await http.request('PUT', `/api/v1/security/users/${adminId}`, {
      headers: render(token),
      json: { first_name: 'Hacked' },
    });
    expect(update.status).toBe(403);
    const logout = await http.request('POST', '/api/v1/security/logout', { headers: render(token) });
    expect(logout.status).toBe(403);
  });

  it('is dead once expired', async () => {
    const issuedLongAgo = Date.now() - (RENDER_TOKEN_TTL_SECONDS + 60) * 1000;
    const token = await t.app.get(ApiTokens).renderToken(adminId, issuedLongAgo);
    expect((await http.get('/api/v1/me/', render(token))).status).toBe(401);
  });

  it('is no bearer token, and a bearer token is no render token', async () => {
    const token = await t.app.get(ApiTokens).renderToken(adminId);
    expect((await http.get('/api/v1/me/', { authorization: `Bearer ${token}` })).status).toBe(401);
    const access = await t.app.get(ApiTokens).accessToken(adminId);
    expect((await http.get('/api/v1/me/', render(access))).status).toBe(401);
  });
});
