import { DataSource } from 'typeorm';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../testing/auth-test-app';
import { PreferencesModule } from './preferences.module';

describe('/api/v1/me/preferences (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let auth: Record<string, string>;
  const http = () => new HttpClient(t.url);

  beforeAll(async () => {
    t = await createAuthTestApp({ extraModules: [PreferencesModule] });
    auth = { authorization: `Bearer ${await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)}` };
  });
  afterAll(() => t.close());

  it('a user who never chose follows the system; a chosen theme is read back in a new session', async () => {
    expect((await http().get('/api/v1/me/preferences/', auth)).body).toEqual({ result: { theme: 'system' } });
    const put = await http().put('/api/v1/me/preferences/', { theme: 'dark' }, auth);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ result: { theme: 'dark' } });

    const again = { authorization: `Bearer ${await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)}` };
    expect((await http().get('/api/v1/me/preferences/', again)).body).toEqual({ result: { theme: 'dark' } });
    const events = await t.app
      .get(DataSource)
      .query(`SELECT type, data FROM events WHERE stream LIKE 'user-preferences:%' ORDER BY position`);
    expect(events).toEqual([{ type: 'preferences/themePreferenceChanged', data: { theme: 'dark' } }]);
  });

  it('refuses an unknown theme with 400 in the error shape, and a visitor with 401', async () => {
    const bad = await http().put('/api/v1/me/preferences/', { theme: 'purple' }, auth);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('theme');
    expect((await http().get('/api/v1/me/preferences/')).status).toBe(401);
  });
});
