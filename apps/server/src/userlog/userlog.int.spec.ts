import { EventStore } from '../event-store/event-store.port';
import { TokenService } from '../auth/tokens/token.service';
import { UsersService } from '../auth/users/users.service';
import { createAuthTestApp, HttpClient, type AuthTestApp } from '../testing/auth-test-app';

const entry = (n: number) => ({
  event_name: 'spa_navigation',
  ts: 1767225600000 + n,
  source: 'dashboard',
  source_id: 12,
  impression_id: 'imp-abc',
  version: 'v2',
  event_type: 'user',
  event_id: `evt-${n}`,
  visibility: 'visible',
  path: '/dashboard/12/',
});

describe('user-log ingestion: POST /strata/log/ (real HTTP, real PostgreSQL)', () => {
  let t: AuthTestApp;
  let userId: number;
  let browser: HttpClient;

  beforeAll(async () => {
    t = await createAuthTestApp();
    userId = (
      await t.app
        .get(UsersService)
        .createUser({ username: 'lou', password: 'lou-password', roles: ['Gamma'] }, 'system')
    ).id;
    browser = new HttpClient(t.url);
    await browser.browserLogin('lou', 'lou-password');
  });
  afterAll(() => t.close());

  const stream = () => t.app.get(EventStore).readStream(`userlog:${userId}`);

  it('stores each entry as an event on userlog:<userId>, one batch per request, with the page ids; no CSRF token needed', async () => {
    const before = (await stream()).length;
    const res = await browser.post('/strata/log/?explode=events&dashboard_id=12', {
      events: [entry(1), entry(2), entry(3)],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { logged: 3 } });
    const events = (await stream()).slice(before);
    expect(events.map((e) => e.type)).toEqual([
      'platform/userEventLogged',
      'platform/userEventLogged',
      'platform/userEventLogged',
    ]);
    expect(events[0].data).toEqual({ event: entry(1), dashboard_id: 12, guest: false });
    expect(new Set(events.map((e) => e.meta.batchId)).size).toBe(1);
    expect(events[0].meta).toMatchObject({ actor: String(userId), sessionId: expect.any(String) });
  });

  it('accepts beacons: JSON sent as text/plain and as application/x-www-form-urlencoded, and a form with events=<json>', async () => {
    const before = (await stream()).length;
    const body = JSON.stringify({ events: [entry(10)] });
    expect(
      (
        await browser.request('POST', '/strata/log/?explode=events&slice_id=7', {
          raw: body,
          contentType: 'text/plain;charset=UTF-8',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await browser.request('POST', '/strata/log/?explode=events', {
          raw: body,
          contentType: 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(200);
    const form = new URLSearchParams({
      events: JSON.stringify([entry(11), { ...entry(12), path: '/x?a=1&b=2' }]),
    }).toString();
    expect(
      (
        await browser.request('POST', '/strata/log/?explode=events', {
          raw: form,
          contentType: 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(200);
    const events = (await stream()).slice(before);
    expect(events.map((e) => (e.data as { event: { event_id: string } }).event.event_id)).toEqual([
      'evt-10',
      'evt-10',
      'evt-11',
      'evt-12',
    ]);
    expect((events[0].data as { slice_id: number }).slice_id).toBe(7);
    expect((events[3].data as { event: { path: string } }).event.path).toBe('/x?a=1&b=2');
  });

  it('takes a full batch of 1024 entries and refuses 1025 with 413', async () => {
    const full = Array.from({ length: 1024 }, (_, i) => entry(i));
    expect((await browser.post('/strata/log/?explode=events', { events: full })).status).toBe(200);
    const over = await browser.post('/strata/log/?explode=events', { events: [...full, entry(2000)] });
    expect(over.status).toBe(413);
    expect(over.body.errors[0].message).toBe('Too many events in one request: at most 1024.');
    const huge = JSON.stringify({ events: [{ ...entry(1), blob: 'x'.repeat(3 * 1024 * 1024) }] });
    const tooBig = await browser.request('POST', '/strata/log/', { raw: huge, contentType: 'text/plain' });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.errors[0].error_type).toBe('INVALID_PAYLOAD_FORMAT_ERROR');
  });

  it('refuses malformed bodies with 400 and stores nothing', async () => {
    const before = (await stream()).length;
    const cases = [
      await browser.request('POST', '/strata/log/', { raw: '{"events": [', contentType: 'text/plain' }),
      await browser.request('POST', '/strata/log/', { raw: '{"events": [', contentType: 'application/json' }),
      await browser.post('/strata/log/', { events: 'not a list' }),
      await browser.post('/strata/log/', { events: [{ ts: 1 }] }),
      await browser.post('/strata/log/', { events: [{ event_name: 'x', event_type: 'bogus' }] }),
      await browser.post('/strata/log/', {}),
      await browser.post('/strata/log/?dashboard_id=abc', { events: [entry(1)] }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].error_type).toMatch(/^INVALID_PAYLOAD_(FORMAT|SCHEMA)_ERROR$/);
    }
    expect((await stream()).length).toBe(before);
  });

  it('refuses anonymous logs with 401', async () => {
    expect((await new HttpClient(t.url).post('/strata/log/', { events: [entry(1)] })).status).toBe(401);
  });

  it('accepts a guest token in the body (embedded dashboards) and logs to the guest stream', async () => {
    const token = t.app
      .get(TokenService)
      .issueGuest({ user: { username: 'embed-viewer' }, resources: [{ type: 'dashboard', id: 'u-1' }], rls: [] });
    const res = await new HttpClient(t.url).post('/strata/log/?explode=events', {
      events: [entry(99)],
      guest_token: token,
    });
    expect(res.status).toBe(200);
    const events = await t.app.get(EventStore).readStream('userlog:guest');
    expect(events.at(-1)).toMatchObject({
      // Who the token named, for the audit view; the token itself is never kept.
      data: {
        guest: true,
        guest_user: { username: 'embed-viewer', dashboard_ids: ['u-1'] },
        event: { event_id: 'evt-99' },
      },
      meta: { actor: 'guest:embed-viewer' },
    });
    expect(JSON.stringify(events)).not.toContain(token);
    expect(
      (await new HttpClient(t.url).post('/strata/log/', { events: [entry(1)], guest_token: 'forged' })).status,
    ).toBe(401);
    // The X-GuestToken header, as the embedded SDK sends it, works the same way.
    const viaHeader = await new HttpClient(t.url).post(
      '/strata/log/',
      { events: [entry(100)] },
      { 'x-guesttoken': token },
    );
    expect(viaHeader.status).toBe(200);
    expect((await t.app.get(EventStore).readStream('userlog:guest')).at(-1)?.data).toMatchObject({
      guest: true,
      event: { event_id: 'evt-100' },
    });
  });
});
