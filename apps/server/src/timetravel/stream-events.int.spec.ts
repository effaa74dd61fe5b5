/**
 * A bug report's server events (issue 13, "Report a bug"): `GET /api/v1/timetravel/events/?stream=`
 * answers a stream's events to whoever may read the object, and nobody else. Real HTTP on a real
 * PostgreSQL, with the dashboards and drafts modules registering who may read their streams.
 */
import { createAuthTestApp, bearerToken, HttpClient, type AuthTestApp } from '../testing/auth-test-app';
import { UsersService } from '../auth/users/users.service';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { DashboardDraftsModule } from '../dashboard-drafts/dashboard-drafts.module';
import { RealtimeModule } from '../realtime/realtime.module';
import { TimeTravelModule } from './timetravel.module';

let t: AuthTestApp;
const tokens: Record<'alice' | 'carol', string> = { alice: '', carol: '' };

beforeAll(async () => {
  t = await createAuthTestApp({
    extraModules: [RealtimeModule, DashboardsModule, DashboardDraftsModule, TimeTravelModule],
  });
  const users = t.app.get(UsersService);
  for (const who of ['alice', 'carol'] as const) {
    await users.createUser({ username: who, password: `${who}-password`, roles: ['Gamma'] }, 'system');
    tokens[who] = await bearerToken(t.url, who, `${who}-password`);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const as = (who: 'alice' | 'carol') => {
  const http = new HttpClient(t.url);
  const auth = { authorization: `Bearer ${tokens[who]}` };
  return {
    get: (path: string) => http.get(path, auth),
    post: (path: string, body?: unknown) => http.post(path, body, auth),
  };
};
const eventsOf = (who: 'alice' | 'carol', stream: string) =>
  as(who).get(`/api/v1/timetravel/events/?stream=${encodeURIComponent(stream)}`);

describe('GET /api/v1/timetravel/events/', () => {
  it("answers the dashboard's events, in order, to its owner", async () => {
    const created = await as('alice').post('/api/v1/dashboard/', { dashboard_title: 'Reported' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const res = await eventsOf('alice', `dashboard:${id}`);
    expect(res.status).toBe(200);
    expect(res.body.stream).toBe(`dashboard:${id}`);
    const events = res.body.result as { stream: string; version: number; type: string; meta: { actor: string } }[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(events.every((e) => e.stream === `dashboard:${id}`)).toBe(true);
    expect(res.body.version).toBe(events.length);
  });

  it('refuses a user who may not read the dashboard (403), and a stream nobody made readable (404)', async () => {
    const created = await as('alice').post('/api/v1/dashboard/', { dashboard_title: 'Not published' });
    const id = created.body.id as number;

    const refused = await eventsOf('carol', `dashboard:${id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');

    const unknown = await eventsOf('alice', 'no-such-kind:1');
    expect(unknown.status).toBe(404);
    const malformed = await eventsOf('alice', 'not a stream');
    expect(malformed.status).toBe(400);
  });
});
