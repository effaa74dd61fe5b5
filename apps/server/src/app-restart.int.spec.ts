/**
 * Stopping and starting again keeps users and events (issue 2, "Done when"): the whole server as main.ts
 * wires it (AppModule, embedded databases, configuration read from the environment) on one STRATA_HOME,
 * closed entirely (embedded database processes too) and booted again. Example data is not loaded: only
 * main.ts starts that, and nothing here depends on it.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { loadConfig } from './config/load-config';
import { EventStore } from './event-store/event-store.port';
import { StorageRuntime } from './storage/storage-runtime';
import { HttpClient } from './testing/auth-test-app';
import { RunningHttpApp, startHttpApp } from './testing/http-app';
import { processAlive as alive } from './testing/process-alive';

// Two boots of two embedded PGlite databases each: seconds apiece on a busy 2-core machine.
jest.setTimeout(300_000);

const ENTRY = {
  event_name: 'spa_navigation',
  ts: 1767225600000,
  source: 'dashboard',
  source_id: 1,
  impression_id: 'imp-1',
  version: 'v2',
  event_type: 'user',
  event_id: 'evt-before-restart',
  visibility: 'visible',
  path: '/restart/',
};
const NEW_USER = {
  username: 'riley',
  password: 'riley-password-1',
  first_name: 'Riley',
  last_name: 'Kept',
  roles: ['Gamma'],
};

describe('a whole-server restart on the same STRATA_HOME (embedded mode)', () => {
  let home: string;
  let server: RunningHttpApp | undefined;

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'strata-restart-'));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(home, { recursive: true, force: true });
  });

  /** Boots as `npm start` would with only STRATA_HOME set: no DATABASE_URL, no ADMIN_PASSWORD, dev secret key. */
  const boot = async () => {
    const config = loadConfig({ STRATA_HOME: home, NODE_ENV: 'development' });
    return startHttpApp(
      { imports: [AppModule] },
      // The app's JSON parser reads the user-log post here; main.ts's beacon parser only adds other content types.
      { customize: (b) => b.overrideProvider(AppConfig).useValue(config) },
    );
  };
  const login = async (username: string, password: string) => {
    const res = await new HttpClient(server!.url).post('/api/v1/security/login', {
      username,
      password,
      provider: 'db',
    });
    return { status: res.status, token: res.body?.access_token as string | undefined };
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  it('keeps the admin, the users it created and their events; the admin password is not regenerated', async () => {
    const printed = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    server = await boot();
    const announced = () => printed.mock.calls.some(([line]) => String(line).includes('created the admin user'));
    expect(announced()).toBe(true);
    const passwordFile = join(home, 'admin-password');
    const adminPassword = readFileSync(passwordFile, 'utf8').trim();
    const fileBefore = statSync(passwordFile).mtimeMs;
    const admin = await login('admin', adminPassword);
    expect(admin.status).toBe(200);

    const http = new HttpClient(server.url);
    const created = await http.post('/api/v1/security/users', NEW_USER, as(admin.token!));
    expect(created.status).toBe(201);
    const rileyId = created.body.id as number;
    const riley = await login(NEW_USER.username, NEW_USER.password);
    expect(riley.status).toBe(200);
    const logged = await http.post('/strata/log/?explode=events', { events: [ENTRY] }, as(riley.token!));
    expect([logged.status, logged.body]).toEqual([200, { result: { logged: 1 } }]);
    const streamBefore = await server.app.get(EventStore).readStream(`userlog:${rileyId}`);
    expect(streamBefore).toHaveLength(1);
    const usersBefore = (await http.get('/api/v1/security/users', as(admin.token!))).body.result;

    // Closed entirely: the HTTP server, the pools and both embedded database processes.
    const pids = server.app.get(StorageRuntime).embedded.map((db) => db.pid);
    expect(pids).toHaveLength(2);
    await server.close();
    server = undefined;
    expect(pids.filter(alive)).toEqual([]);

    printed.mockClear();
    server = await boot();
    expect(announced()).toBe(false);
    expect(readFileSync(passwordFile, 'utf8').trim()).toBe(adminPassword);
    expect(statSync(passwordFile).mtimeMs).toBe(fileBefore);
    expect(server.app.get(StorageRuntime).embedded.map((db) => db.pid)).not.toEqual(pids);

    // The read model (users) came back as it was; the admin's token from before still works (the dev
    // SECRET_KEY is kept in STRATA_HOME too). Read before logging in again, which updates last_login.
    const again = new HttpClient(server.url);
    expect((await again.get('/api/v1/security/users', as(admin.token!))).body.result).toEqual(usersBefore);

    expect((await login('admin', adminPassword)).status).toBe(200);
    const rileyAgain = await login(NEW_USER.username, NEW_USER.password);
    expect(rileyAgain.status).toBe(200);
    expect((await login(NEW_USER.username, 'wrong-password')).status).toBe(401);
    const me = await again.get('/api/v1/me/', as(rileyAgain.token!));
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('"riley"');
    // The event store too: the same events, in the same stream versions.
    const streamAfter = await server.app.get(EventStore).readStream(`userlog:${rileyId}`);
    expect(streamAfter.map((e) => e.id)).toEqual(streamBefore.map((e) => e.id));
    expect((streamAfter[0].data as { event: { event_id: string } }).event.event_id).toBe('evt-before-restart');

    // And it keeps appending after the restart, after the earlier events.
    expect(
      (
        await again.post(
          '/strata/log/?explode=events',
          { events: [{ ...ENTRY, event_id: 'evt-after' }] },
          as(rileyAgain.token!),
        )
      ).status,
    ).toBe(200);
    const streamLater = await server.app.get(EventStore).readStream(`userlog:${rileyId}`);
    expect(streamLater.map((e) => e.version)).toEqual([streamBefore[0].version, streamBefore[0].version + 1]);
  });
});
