import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  DomainError,
  PROTOCOL_VERSION,
  type Decider,
  type Envelope,
  type EventLike,
  type ServerMessage,
} from '@strata/events';
import { UsersService } from '../auth/users/users.service';
import { EventStore, type AppendResult } from '../event-store/event-store.port';
import { DecisionRunner, type DecisionMeta } from '../event-store/load-decide-append';
import { bearerToken, HttpClient } from '../testing/auth-test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import {
  ADMIN,
  connect,
  refusal,
  startRealtimeApp,
  type RealtimeApp,
  type TestClient,
} from '../../test/realtime/realtime-test-app';
import { CommandRouter } from './command-router';
import { RealtimePush } from './realtime-push';
import { UNAUTHENTICATED_MESSAGE } from './socket-auth';
import { StreamAccessPolicy } from './stream-access.policy';

// ---- a tiny bounded context for the test: counters on `counter:<name>` streams (a fixture, not a mock) ----
type CounterEvent = EventLike<'counter/incremented', { by: number }>;
type CounterCommand = { type: 'Increment'; by: number };
const counter: Decider<{ total: number }, CounterEvent, CounterCommand, void> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => (event.type === 'counter/incremented' ? { total: state.total + event.data.by } : state),
  decide: (command, state) => {
    if (!Number.isInteger(command.by) || command.by < 1)
      throw new DomainError('invalid_step', 'A counter goes up by a whole number of at least 1.');
    if (state.total + command.by > 100) throw new DomainError('too_big', 'Value cannot exceed 100');
    return [{ type: 'counter/incremented', data: { by: command.by } }];
  },
};

class DecideCounter extends Command<AppendResult> {
  constructor(
    readonly stream: string,
    readonly command: CounterCommand,
    readonly meta: DecisionMeta,
  ) {
    super();
  }
}

@CommandHandler(DecideCounter)
class DecideCounterHandler implements ICommandHandler<DecideCounter> {
  constructor(private readonly decisions: DecisionRunner) {}

  execute({ stream, command, meta }: DecideCounter): Promise<AppendResult> {
    return this.decisions.loadDecideAppend(stream, counter, command, undefined, meta);
  }
}

@Injectable()
class CounterRoutes implements OnModuleInit {
  constructor(
    private readonly router: CommandRouter,
    private readonly access: StreamAccessPolicy,
  ) {}

  onModuleInit(): void {
    this.access.register({ prefix: 'counter', canRead: (user) => user.via !== 'guest' });
    this.router.register({
      prefix: 'counter',
      commands: ['Increment'],
      authorize: (user, stream) => !stream.endsWith('-locked') || user.roles.includes('Admin'),
      toCommand: (_user, stream, command, meta) => {
        const by = (command.data as { by?: unknown } | undefined)?.by;
        return new DecideCounter(stream, { type: 'Increment', by: typeof by === 'number' ? by : NaN }, meta);
      },
    });
  }
}

@Module({ providers: [CounterRoutes, DecideCounterHandler] })
class CounterModule {}

// ---------------------------------------------------------------------------------------------------

let db: TestDatabase;
let server: RealtimeApp;
let adminToken: string;
let gammaToken: string;
let gammaId: number;
let adminId: number;
const open: TestClient[] = [];

const client = async (options: Parameters<typeof connect>[1]) => {
  const c = await connect(server.url, options);
  open.push(c);
  return c;
};
const store = () => server.app.get(EventStore);
const bump = (stream: string, by = 1, actor = 'someone') =>
  store().append(stream, [{ type: 'counter/incremented', data: { by } }], { expectedVersion: 'any', meta: { actor } });
const isType =
  <T extends ServerMessage['type']>(type: T, stream?: string) =>
  (m: ServerMessage) =>
    m.type === type && (stream === undefined || ('stream' in m && m.stream === stream));
const versions = (events: Envelope[]) => events.map((e) => e.version);

beforeAll(async () => {
  db = await createTestDatabase('realtime');
  server = await startRealtimeApp(db.url, { modules: [CounterModule] });
  const users = server.app.get(UsersService);
  gammaId = (await users.createUser({ username: 'gus', password: 'gus-password', roles: ['Gamma'] }, 'system')).id;
  adminId = (await users.findByUsername(ADMIN.username))!.id;
  adminToken = await bearerToken(server.url, ADMIN.username, ADMIN.password);
  gammaToken = await bearerToken(server.url, 'gus', 'gus-password');
});
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

describe('the handshake', () => {
  it('refuses a socket that proves no identity, or a forged token', async () => {
    const none = await refusal(server.url, {});
    expect(none.message).toBe(UNAUTHENTICATED_MESSAGE);
    expect(none.data).toEqual({ status: 401 });
    expect((await refusal(server.url, { token: `${gammaToken}x` })).message).toBe(UNAUTHENTICATED_MESSAGE);
    expect((await refusal(server.url, { cookie: 'session=forged' })).message).toBe(UNAUTHENTICATED_MESSAGE);
  });

  it("refuses a page of a foreign origin, even with the user's cookie; accepts its own host's pages and non-browser clients", async () => {
    const browser = new HttpClient(server.url);
    await browser.browserLogin('gus', 'gus-password');
    for (const origin of [
      'https://evil.example.com',
      'null',
      `${server.url.replace('127.0.0.1', 'localhost')}`,
      'http://127.0.0.1:1',
    ]) {
      const refused = await refusal(server.url, { cookie: browser.cookie, origin });
      expect(refused.message).toMatch(/websocket error|xhr poll error/);
    }
    const own = await client({ cookie: browser.cookie, origin: server.url });
    own.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: `user:${gammaId}`, fromVersion: 0 });
    expect(await own.next(isType('subscribed'))).toMatchObject({ stream: `user:${gammaId}` });
    await client({ token: gammaToken });
  });

  it('accepts a bearer token (auth.token or Authorization header) and a browser session cookie', async () => {
    for (const options of [{ token: gammaToken }, { bearerHeader: gammaToken }]) {
      const c = await client(options);
      c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: `user:${gammaId}`, fromVersion: 0 });
      expect(await c.next(isType('subscribed'))).toMatchObject({ stream: `user:${gammaId}` });
    }
    const browser = new HttpClient(server.url);
    await browser.browserLogin('gus', 'gus-password');
    const c = await client({ cookie: browser.cookie });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: `user:${gammaId}`, fromVersion: 0 });
    expect(await c.next(isType('subscribed'))).toMatchObject({ stream: `user:${gammaId}` });
  });
});

describe('subscriptions', () => {
  it('deliver a committed event to a subscribed client', async () => {
    const c = await client({ token: gammaToken });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:live', fromVersion: 0 });
    expect(await c.next(isType('subscribed'))).toEqual({
      type: 'subscribed',
      stream: 'counter:live',
      events: [],
      version: 0,
    });

    const appended = await bump('counter:live', 3);
    const pushed = await c.next<Extract<ServerMessage, { type: 'events' }>>(isType('events', 'counter:live'));
    expect(pushed.events).toEqual(appended.events);
  });

  it('catch up after a disconnect with exactly the events committed meanwhile, then go live', async () => {
    const first = await client({ token: gammaToken });
    first.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:away', fromVersion: 0 });
    await first.next(isType('subscribed'));
    await bump('counter:away');
    await bump('counter:away');
    await first.next((m) => m.type === 'events' && m.events.at(-1)!.version === 2);
    first.close();

    await bump('counter:away');
    await bump('counter:away');
    const again = await client({ token: gammaToken });
    again.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:away', fromVersion: 2 });
    const caughtUp = await again.next<Extract<ServerMessage, { type: 'subscribed' }>>(isType('subscribed'));
    expect(versions(caughtUp.events)).toEqual([3, 4]);
    expect(caughtUp.version).toBe(4);
    await bump('counter:away');
    const live = await again.next<Extract<ServerMessage, { type: 'events' }>>(isType('events'));
    expect(versions(live.events)).toEqual([5]);
  });

  it('lose and double nothing when events commit during the catch-up', async () => {
    for (let i = 0; i < 20; i += 1) await bump('counter:busy');
    let writing = true;
    const writer = (async () => {
      while (writing) await bump('counter:busy');
    })();
    const c = await client({ token: gammaToken });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:busy', fromVersion: 5 });
    await c.next(isType('subscribed'));
    // The writer went on through the catch-up and past it: stop once a few commits came live.
    let live = 0;
    while (live < 3)
      live += (await c.next<Extract<ServerMessage, { type: 'events' }>>(isType('events', 'counter:busy'))).events
        .length;
    writing = false;
    await writer;
    const total = await store().streamVersion('counter:busy');
    const reachedTotal = (m: ServerMessage) => m.type === 'events' && m.events.at(-1)!.version === total;
    if (!c.received.some(reachedTotal)) await c.next(reachedTotal);

    const got = c.received.flatMap((m) => (m.type === 'subscribed' || m.type === 'events' ? versions(m.events) : []));
    expect(got).toEqual(Array.from({ length: total - 5 }, (_, i) => i + 6));
  });

  it('stop after unsubscribe', async () => {
    const c = await client({ token: gammaToken });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:quit', fromVersion: 0 });
    await c.next(isType('subscribed'));
    await bump('counter:quit');
    await c.next(isType('events'));
    c.send({ type: 'unsubscribe', stream: 'counter:quit' });
    // A message after the unsubscribe is handled after it (one socket's messages are handled in order).
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:other', fromVersion: 0 });
    await c.next(isType('subscribed', 'counter:other'));
    await bump('counter:quit');
    // A barrier: a later commit on the stream still subscribed. One socket's messages arrive in order, so
    // an event of counter:quit pushed by mistake would arrive before it.
    await bump('counter:other');
    await c.next(isType('events', 'counter:other'));
    expect(c.received.filter((m) => m.type === 'events').map((m) => 'stream' in m && m.stream)).toEqual([
      'counter:quit',
      'counter:other',
    ]);
  });

  it("refuse another user's stream, an unknown kind of stream and an old protocol, and allow an admin", async () => {
    const c = await client({ token: gammaToken });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: `user:${adminId}`, fromVersion: 0 });
    expect(await c.next(isType('error'))).toEqual({
      type: 'error',
      stream: `user:${adminId}`,
      error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
      message: `You do not have access to user:${adminId}.`,
    });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'secrets:1', fromVersion: 0 });
    expect(await c.next(isType('error'))).toMatchObject({
      stream: 'secrets:1',
      error_type: 'OBJECT_DOES_NOT_EXIST_ERROR',
    });
    c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION + 1, stream: 'counter:x', fromVersion: 0 });
    expect(await c.next(isType('error'))).toMatchObject({
      stream: 'counter:x',
      message: expect.stringMatching(/reload/),
    });

    // Nothing of the refused stream reaches the socket: a later commit on an allowed stream (the barrier,
    // one socket's messages arrive in order) comes first.
    c.send({
      type: 'subscribe',
      protocolVersion: PROTOCOL_VERSION,
      stream: 'counter:refusals-barrier',
      fromVersion: 0,
    });
    await c.next(isType('subscribed', 'counter:refusals-barrier'));
    await bump(`user:${adminId}`, 1, 'system');
    await bump('counter:refusals-barrier');
    await c.next(isType('events', 'counter:refusals-barrier'));
    expect(
      c.received.filter(
        (m) => (m.type === 'subscribed' || m.type === 'events') && m.stream !== 'counter:refusals-barrier',
      ),
    ).toEqual([]);

    const admin = await client({ token: adminToken });
    admin.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: `user:${gammaId}`, fromVersion: 0 });
    expect(await admin.next(isType('subscribed'))).toMatchObject({ stream: `user:${gammaId}` });
  });

  it('answer a malformed message with an error and change nothing', async () => {
    const c = await client({ token: gammaToken });
    c.send({ type: 'subscribe', stream: 'counter:m', fromVersion: -1, protocolVersion: PROTOCOL_VERSION });
    expect(await c.next(isType('error'))).toMatchObject({
      error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
      message: expect.stringContaining('fromVersion'),
    });
    c.send({
      type: 'command',
      stream: 'counter:m',
      clientSeq: 1,
      batchId: 'b',
      command: { type: 'Increment', data: { by: 1 } },
    });
    expect(await c.next(isType('error'))).toMatchObject({
      error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR',
      message: expect.stringContaining('commandId'),
    });
    c.send({ type: 'launch' });
    expect(await c.next(isType('error'))).toMatchObject({ error_type: 'INVALID_PAYLOAD_SCHEMA_ERROR' });
    expect(await store().readStream('counter:m')).toEqual([]);
  });

  it('answer text that cannot be stored (NUL, a lone surrogate) with an error, before it reaches the database', async () => {
    const c = await client({ token: adminToken });
    for (const [seq, note] of [
      [1, 'a\u0000b'],
      [2, 'x\ud800'],
    ] as const) {
      c.send({
        type: 'command',
        stream: 'counter:nul',
        clientSeq: seq,
        commandId: `nul-${seq}`,
        batchId: `nul-${seq}`,
        command: { type: 'Increment', data: { by: 1, note } },
      });
      expect(await c.next(isType('error'))).toMatchObject({
        error_type: 'INVALID_PAYLOAD_FORMAT_ERROR',
        message: expect.stringContaining('NUL character or an unpaired UTF-16 surrogate'),
      });
    }
    c.send({ type: 'subscribe', stream: 'counter:nul', fromVersion: 0, protocolVersion: PROTOCOL_VERSION });
    expect(await c.next(isType('subscribed'))).toMatchObject({ stream: 'counter:nul' });
    expect(await store().readStream('counter:nul')).toEqual([]);
  });
});

describe('commands', () => {
  const command = (clientSeq: number, by: unknown, extra: Record<string, unknown> = {}) => ({
    type: 'command' as const,
    stream: 'counter:cmd',
    clientSeq,
    commandId: `cmd-${clientSeq}`,
    batchId: `batch-${clientSeq}`,
    command: { type: 'Increment', data: { by } },
    ...extra,
  });

  it('are acknowledged committed, and their events reach every subscriber', async () => {
    const watcher = await client({ token: adminToken });
    watcher.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:cmd', fromVersion: 0 });
    await watcher.next(isType('subscribed'));
    const writer = await client({ token: gammaToken, sessionId: 'tab-7' });

    writer.send(command(1, 5, { expectedVersion: 0 }));
    expect(await writer.next(isType('ack'))).toEqual({
      type: 'ack',
      clientSeq: 1,
      commandId: 'cmd-1',
      result: 'committed',
      version: 1,
    });
    const pushed = await watcher.next<Extract<ServerMessage, { type: 'events' }>>(isType('events'));
    expect(pushed.events[0]).toMatchObject({
      version: 1,
      type: 'counter/incremented',
      data: { by: 5 },
      meta: { actor: String(gammaId), batchId: 'batch-1', clientSeq: 1, commandId: 'cmd-1', sessionId: 'tab-7' },
    });

    // A retry of the same command (lost ack) is answered again without a second event.
    writer.send(command(1, 5, { expectedVersion: 0 }));
    expect(await writer.next(isType('ack'))).toMatchObject({ result: 'committed', version: 1 });
    expect(versions(await store().readStream('counter:cmd'))).toEqual([1]);
  });

  it('are rejected with conflict, invalid, forbidden or unknown_command, appending nothing', async () => {
    const c = await client({ token: gammaToken });
    const before = await store().streamVersion('counter:cmd');
    c.send(command(2, 1, { expectedVersion: 0 }));
    expect(await c.next(isType('ack'))).toMatchObject({ clientSeq: 2, result: 'rejected', reason: 'conflict' });
    c.send(command(3, 1000));
    expect(await c.next(isType('ack'))).toMatchObject({
      clientSeq: 3,
      result: 'rejected',
      reason: 'invalid',
      message: 'Value cannot exceed 100',
    });
    c.send({ ...command(4, 1), stream: 'counter:cmd-locked' });
    expect(await c.next(isType('ack'))).toMatchObject({ clientSeq: 4, result: 'rejected', reason: 'forbidden' });
    c.send({ ...command(5, 1), command: { type: 'Explode', data: {} } });
    expect(await c.next(isType('ack'))).toMatchObject({ clientSeq: 5, result: 'rejected', reason: 'unknown_command' });
    c.send({ ...command(6, 1), stream: 'user:1' });
    expect(await c.next(isType('ack'))).toMatchObject({ clientSeq: 6, result: 'rejected', reason: 'unknown_command' });
    expect(await store().streamVersion('counter:cmd')).toBe(before);
    expect(await store().streamVersion('counter:cmd-locked')).toBe(0);
  });
});

describe('presence and pushes to a user', () => {
  it('lists who is on a stream and updates on join, change and leave', async () => {
    const gus = await client({ token: gammaToken, sessionId: 'gus-tab' });
    gus.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:room', fromVersion: 0 });
    expect(await gus.next(isType('presence'))).toMatchObject({
      peers: [{ userId: gammaId, username: 'gus', sessionId: 'gus-tab' }],
    });

    const admin = await client({ token: adminToken, sessionId: 'admin-tab' });
    admin.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: 'counter:room', fromVersion: 0 });
    const both = (await gus.next<Extract<ServerMessage, { type: 'presence' }>>(isType('presence'))).peers;
    expect(both.map((p) => p.sessionId).sort()).toEqual(['admin-tab', 'gus-tab']);

    admin.send({ type: 'presence', stream: 'counter:room', state: { mode: 'editing', selection: ['chart-1'] } });
    const changed = await gus.next<Extract<ServerMessage, { type: 'presence' }>>(isType('presence'));
    expect(changed.peers.find((p) => p.sessionId === 'admin-tab')!.state).toEqual({
      mode: 'editing',
      selection: ['chart-1'],
    });

    admin.close();
    const left = await gus.next<Extract<ServerMessage, { type: 'presence' }>>(isType('presence'));
    expect(left.peers.map((p) => p.sessionId)).toEqual(['gus-tab']);
  });

  it("pushToUser reaches that user's sockets only", async () => {
    const gus = await client({ token: gammaToken });
    const admin = await client({ token: adminToken });
    const event = { id: 'e1', job_id: 'job-1', status: 'done' as const, result_url: '/api/v1/sqllab/results/?key=k' };
    server.app.get(RealtimePush).pushToUser(gammaId, { type: 'async_event', event });
    expect(await gus.next(isType('async_event'))).toEqual({ type: 'async_event', event });
    // A barrier: a later push to the admin, which arrives after anything pushed to that socket before.
    const later = { ...event, id: 'e2', job_id: 'job-2' };
    server.app.get(RealtimePush).pushToUser(adminId, { type: 'async_event', event: later });
    await admin.next(isType('async_event'));
    expect(admin.received.filter((m) => m.type === 'async_event')).toEqual([{ type: 'async_event', event: later }]);
  });
});
