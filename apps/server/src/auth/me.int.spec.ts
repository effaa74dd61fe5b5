import { DEFAULT_FEATURE_FLAGS } from '@strata/domain';
import { bearerToken, createAuthTestApp, HttpClient, TEST_ADMIN, type AuthTestApp } from '../testing/auth-test-app';

describe('GET /api/v1/me/ feature flags (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;

  beforeAll(async () => {
    t = await createAuthTestApp({ featureFlags: { GLOBAL_ASYNC_QUERIES: true, DASHBOARD_CROSS_FILTERS: false } });
  });
  afterAll(() => t.close());

  it('answers the effective flags: FEATURE_FLAGS over the defaults', async () => {
    const auth = { authorization: `Bearer ${await bearerToken(t.url, TEST_ADMIN.username, TEST_ADMIN.password)}` };
    const me = await new HttpClient(t.url).get('/api/v1/me/', auth);
    expect(me.status).toBe(200);
    expect(me.body.result.username).toBe(TEST_ADMIN.username);
    expect(me.body.result.feature_flags).toEqual({
      ...DEFAULT_FEATURE_FLAGS,
      GLOBAL_ASYNC_QUERIES: true,
      DASHBOARD_CROSS_FILTERS: false,
    });
  });

  it('refuses a visitor with 401 in the error shape', async () => {
    const me = await new HttpClient(t.url).get('/api/v1/me/');
    expect(me.status).toBe(401);
    expect(me.body.errors?.[0]?.message ?? me.body.message).toEqual(expect.any(String));
  });
});
