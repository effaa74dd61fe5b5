import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { UsersService } from '../auth/users/users.service';
import { EventStore } from '../event-store/event-store.port';
import { bearerToken, HttpClient } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  ADMIN,
  connect,
  startRealtimeApp,
  type RealtimeApp,
  type TestClient,
} from '../../test/realtime/realtime-test-app';
import { RealtimePush } from './realtime-push';
import { StreamAccessPolicy } from './stream-access.policy';

/**
 * Two server processes (two Nest apps, one database), with and without Redis: a client connected to one
 * process gets what happens on the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const isType = (type: ServerMessage['type']) => (m: ServerMessage) => m.type === type;
/** Resolves once the server has closed the client's socket (at once if it has already). */
const disconnected = (client: TestClient) =>
  client.socket.connected
    ? new Promise<void>((resolve) => client.socket.once('disconnect', () => resolve()))
    : Promise.resolve();

for (const redis of [false, true]) {
  describe(redis ? 'with REDIS_URL' : 'without Redis', () => {
    let db: TestDatabase;
    let one: RealtimeApp;
    let two: RealtimeApp;
    let token: string;
    let userId: number;
    const clients: TestClient[] = [];

    beforeAll(async () => {
      db = await createTestDatabase(redis ? 'multi_redis' : 'multi');
      const options = redis ? { redisUrl: REDIS_URL } : {};
      one = await startRealtimeApp(db.url, options);
      two = await startRealtimeApp(db.url, options);
      for (const app of [one, two]) app.app.get(StreamAccessPolicy).register({ prefix: 'note', canRead: () => true });
      userId = (
        await one.app
          .get(UsersService)
          .createUser({ username: 'nia', password: 'nia-password', roles: ['Gamma'] }, 'system')
      ).id;
      token = await bearerToken(one.url, 'nia', 'nia-password');
      expect((await two.app.get(UsersService).findByUsername(ADMIN.username))?.id).toBeDefined();
    });
    afterAll(async () => {
      // The processes first: a shutdown disconnects its sockets without presence broadcasts, whereas
      // clients leaving first would start broadcasts that could still be asking the other process.
      await one.close();
      await two.close();
      for (const c of clients) c.close();
      await db.drop();
    });

    it("pushes an event committed by one process to the other process's subscribers", async () => {
      const onTwo = await connect(two.url, { token });
      clients.push(onTwo);
      onTwo.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'note:shared', fromVersion: 0 });
      await onTwo.next(isType('subscribed'));
      const appended = await one.app
        .get(EventStore)
        .append('note:shared', [{ type: 'note/written', data: { text: 'hi' } }], {
          expectedVersion: 0,
          meta: { actor: 'x' },
        });
      const pushed = await onTwo.next<Extract<ServerMessage, { type: 'events' }>>(isType('events'));
      expect(pushed.events).toEqual(appended.events);
      // Not twice, Redis or not: a later commit is the barrier (one socket's messages arrive in order).
      await one.app.get(EventStore).append('note:shared', [{ type: 'note/written', data: { text: 'again' } }], {
        expectedVersion: 1,
        meta: { actor: 'x' },
      });
      await onTwo.next((m) => m.type === 'events' && m.events[0]!.version === 2);
      expect(onTwo.received.flatMap((m) => (m.type === 'events' ? m.events.map((e) => e.version) : []))).toEqual([
        1, 2,
      ]);
    });

    it("a logout on one process closes that session's sockets on the other, and a deactivation all of them", async () => {
      const users = one.app.get(UsersService);
      const { id } = await users.createUser(
        { username: `ole${redis ? 'r' : ''}`, password: 'ole-password', roles: ['Gamma'] },
        'system',
      );
      const login = async () =>
        (
          await new HttpClient(one.url).post('/api/v1/security/login', {
            username: `ole${redis ? 'r' : ''}`,
            password: 'ole-password',
          })
        ).body.access_token as string;
      const [first, second] = [await login(), await login()];
      const leaving = await connect(two.url, { token: first });
      const staying = await connect(two.url, { token: second });
      clients.push(leaving, staying);

      expect(
        (await new HttpClient(one.url).post('/api/v1/security/logout', undefined, { authorization: `Bearer ${first}` }))
          .status,
      ).toBe(200);
      expect(await leaving.next(isType('revoked'))).toEqual({
        type: 'revoked',
        reason: 'session_ended',
        message: 'You were signed out.',
      });
      await disconnected(leaving);
      expect(staying.socket.connected).toBe(true);

      await users.deactivate(id, 'system');
      expect(await staying.next(isType('revoked'))).toMatchObject({ reason: 'deactivated' });
      await disconnected(staying);
    });
    if (redis) {
      it('pushes to a user connected to the other process, and lists peers of both processes', async () => {
        const onTwo = await connect(two.url, { token, sessionId: 'tab-two' });
        const onOne = await connect(one.url, { token, sessionId: 'tab-one' });
        clients.push(onTwo, onOne);
        const event = { id: 'e9', job_id: 'job-9', status: 'done' as const, result_url: null };
        one.app.get(RealtimePush).pushToUser(userId, { type: 'async_event', event });
        expect(await onTwo.next(isType('async_event'))).toEqual({ type: 'async_event', event });
        expect(await onOne.next(isType('async_event'))).toEqual({ type: 'async_event', event });

        onOne.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'note:room', fromVersion: 0 });
        await onOne.next(isType('presence'));
        onTwo.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'note:room', fromVersion: 0 });
        const peers = (await onOne.next<Extract<ServerMessage, { type: 'presence' }>>(isType('presence'))).peers;
        expect(peers.map((p) => p.sessionId).sort()).toEqual(['tab-one', 'tab-two']);
      });
    }
  });
}
