/**
 * Login throttling (issue 10 item 4), on a real server and PostgreSQL: repeated failures per username
 * and per address are answered 429 with Retry-After, a success clears the username, failures for
 * unknown usernames make no stream per name, and a burst of logins leaves the server responsive.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UNKNOWN_USERS_LOGIN_STREAM } from '@strata/domain';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { HealthModule } from '../../health/health.module';
import { createAuthTestApp, HttpClient, type AuthTestApp, type HttpResult } from '../../testing/auth-test-app';
import { UsersService } from '../users/users.service';

const login = (t: AuthTestApp, username: string, password: string) =>
  new HttpClient(t.url).post('/api/v1/security/login', { username, password });

function expectThrottled(res: HttpResult, atMostSeconds: number): void {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(atMostSeconds);
  expect(res.body).toEqual({
    message: `Too many failed logins. Try again in ${retryAfter} seconds.`,
    errors: [
      {
        message: `Too many failed logins. Try again in ${retryAfter} seconds.`,
        error_type: 'GENERIC_BACKEND_ERROR',
        level: 'warning',
        extra: { retry_after: retryAfter },
      },
    ],
  });
}

describe('per username and per address', () => {
  let t: AuthTestApp;
  const users = ['una', 'uri', 'ursa', 'uma'];

  beforeAll(async () => {
    // Long locks, so no lock can run out while a test looks at it.
    t = await createAuthTestApp({
      loginThrottle: {
        maxFailuresPerUsername: 3,
        maxFailuresPerAddress: 8,
        backoffBaseSeconds: 600,
        backoffMaxSeconds: 3600,
      },
    });
    for (const username of users)
      await t.app
        .get(UsersService)
        .createUser({ username, password: `${username}-password`, roles: ['Gamma'] }, 'system');
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after too many wrong passwords, even to the right one', async () => {
    for (let i = 0; i < 3; i += 1) expect((await login(t, 'una', 'wrong-password')).status).toBe(401);
    expectThrottled(await login(t, 'una', 'wrong-password'), 600);
    expectThrottled(await login(t, 'UNA', 'una-password'), 600);
    // Another account is not locked by una's failures.
    expect((await login(t, 'uri', 'uri-password')).status).toBe(200);
  });

  it("forgets a username's failures once it logs in", async () => {
    for (let i = 0; i < 2; i += 1) expect((await login(t, 'uri', 'wrong-password')).status).toBe(401);
    expect((await login(t, 'uri', 'uri-password')).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await login(t, 'uri', 'wrong-password')).status).toBe(401);
    expect((await login(t, 'uri', 'uri-password')).status).toBe(200);
  });

  it('counts failures of all usernames from one address, and refuses a burst beyond the limit', async () => {
    // So far this address failed 3 (una) + 4 (uri) times: one more is allowed, then the address is locked.
    const burst = await Promise.all(
      ['ursa', 'uma', 'nobody-1', 'nobody-2'].map((name) => login(t, name, 'wrong-password')),
    );
    expect(burst.filter((r) => r.status === 401).length).toBeLessThanOrEqual(2);
    expect(burst.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
    expectThrottled(await login(t, 'uma', 'uma-password'), 1200);
  });
});

describe('the address a failure counts against (TRUST_PROXY)', () => {
  const fromAddress = (t: AuthTestApp, address: string, username: string) =>
    new HttpClient(t.url).post(
      '/api/v1/security/login',
      { username, password: 'wrong-password' },
      { 'x-forwarded-for': address },
    );
  const limits = {
    maxFailuresPerUsername: 1000,
    maxFailuresPerAddress: 2,
    backoffBaseSeconds: 600,
    backoffMaxSeconds: 3600,
  };

  it('ignores X-Forwarded-For from a client when no proxy is trusted, so the header cannot dodge the lock', async () => {
    const t = await createAuthTestApp({ loginThrottle: limits });
    try {
      expect((await fromAddress(t, '10.0.0.1', 'someone')).status).toBe(401);
      expect((await fromAddress(t, '10.0.0.2', 'someone')).status).toBe(401);
      expectThrottled(await fromAddress(t, '10.0.0.3', 'someone'), 600);
    } finally {
      await t.close();
    }
  });

  it('counts each client behind a trusted proxy on its own forwarded address', async () => {
    const t = await createAuthTestApp({ loginThrottle: limits, trustProxy: ['loopback'] });
    try {
      expect((await fromAddress(t, '10.0.0.1', 'someone')).status).toBe(401);
      expect((await fromAddress(t, '10.0.0.1', 'someone')).status).toBe(401);
      expectThrottled(await fromAddress(t, '10.0.0.1', 'someone'), 600);
      // Another client behind the same proxy is not locked out by the first one's failures.
      expect((await fromAddress(t, '10.0.0.2', 'someone')).status).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe('failed logins of unknown usernames', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp();
  });
  afterAll(() => t.close());

  it('open no stream per name, but are still recorded', async () => {
    const streams = async () =>
      Number((await t.app.get(DataSource).query(`SELECT count(DISTINCT stream)::int AS n FROM events`))[0].n);
    expect((await login(t, 'ghost-0', 'whatever-password')).status).toBe(401);
    const before = await streams();
    for (let i = 1; i <= 4; i += 1) expect((await login(t, `ghost-${i}`, 'whatever-password')).status).toBe(401);
    expect(await streams()).toBe(before);
    const failures = await t.app.get(EventStore).readStream(UNKNOWN_USERS_LOGIN_STREAM);
    expect(failures.map((e) => (e.data as { username: string }).username)).toEqual([
      'ghost-0',
      'ghost-1',
      'ghost-2',
      'ghost-3',
      'ghost-4',
    ]);
    expect(
      failures.every(
        (e) => e.type === 'security/loginFailed' && (e.data as { reason: string }).reason === 'unknown_user',
      ),
    ).toBe(true);
  });
});

describe('a burst of logins', () => {
  let t: AuthTestApp;
  let dist: string;
  beforeAll(async () => {
    // A built client is served as static files, which (like DNS and zlib) need libuv's thread pool.
    dist = mkdtempSync(join(tmpdir(), 'strata-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Strata</title>');
    t = await createAuthTestApp({ extraModules: [HealthModule], clientDist: dist });
    await t.app
      .get(UsersService)
      .createUser({ username: 'busy', password: 'busy-password', roles: ['Gamma'] }, 'system');
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('leaves /health answering while most of 50 logins are still being checked', async () => {
    const total = 50;
    let done = 0;
    const logins = Array.from({ length: total }, () =>
      login(t, 'busy', 'busy-password').then((r) => {
        done += 1;
        return r.status;
      }),
    );
    // Once one login is through, the others' password checks are queued.
    await Promise.race(logins);
    const health = await new HttpClient(t.url).get('/health');
    const stillRunning = total - done;
    expect(health.status).toBe(200);
    // Waiting behind the hashes, /health would answer with only the last few (those holding a pool
    // thread) left; "most" leaves a wide margin for a loaded machine, where the hashes run on.
    expect(stillRunning).toBeGreaterThan(total / 2);
    expect(await Promise.all(logins)).toEqual(Array(total).fill(200));
  });
});
