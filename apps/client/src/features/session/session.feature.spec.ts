import { firstValueFrom, filter } from 'rxjs';
import { createTestContext } from '../../shared/test-context';
import { TestServer } from '../../testing/test-server';
import { HttpClient } from '../api/http-client';
import { createToasts, type ToastsFeature } from '../toasts/toasts.feature';
import { createSession, type SessionFeature } from './session.feature';

// The server's feature flags reach the client with the user (issue 4): GET /api/v1/me/ carries them.
const user = {
  id: 1,
  username: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'a@x',
  is_active: true,
  roles: { Admin: [] },
  permissions: [],
};
const FLAGS = { GLOBAL_ASYNC_QUERIES: true, HORIZONTAL_FILTER_BAR: false };

let server: TestServer;
let signedIn: boolean;
let toasts: ToastsFeature;
let session: SessionFeature;

beforeEach(async () => {
  signedIn = false;
  server = await new TestServer((request) => {
    if (request.url === '/api/v1/me/')
      return signedIn
        ? { status: 200, body: { result: { ...user, feature_flags: FLAGS } } }
        : { status: 401, body: { message: 'Not authorized' } };
    if (request.url === '/login/' && request.method === 'POST') {
      signedIn = true;
      // As the server's login answer: the user without the flags.
      return { status: 200, body: { result: user } };
    }
    return undefined;
  }).start();
  const context = createTestContext();
  toasts = createToasts(context);
  session = createSession(context, new HttpClient({ baseUrl: server.baseUrl }), toasts);
});

afterEach(async () => {
  session.dispose();
  toasts.dispose();
  await server.stop();
});

const signedIn$ = () => firstValueFrom(session.store.liveState$.pipe(filter((s) => s.status === 'signedIn')));

describe('session feature flags', () => {
  it('has none while nobody is signed in', async () => {
    session.check();
    await firstValueFrom(session.store.liveState$.pipe(filter((s) => s.status === 'anonymous')));
    expect(session.featureFlags()).toBeUndefined();
  });

  it('restores the session with the flags /me answers', async () => {
    signedIn = true;
    session.check();
    await signedIn$();
    expect(session.featureFlags()).toEqual(FLAGS);
  });

  it('after a login, reads the flags from /me (the login answer has none)', async () => {
    session.login('admin', 'secret');
    await signedIn$();
    expect(session.featureFlags()).toEqual(FLAGS);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /login/', 'GET /api/v1/me/']);
  });
});
