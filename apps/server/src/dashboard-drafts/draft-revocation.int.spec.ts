/**
 * A socket keeps no rights of its own (issue 10 item 2): when a user is removed from a dashboard's owners,
 * loses a role, is deactivated or logs out while their socket is open, the server acts on that socket at
 * once, and every later subscribe and command is judged on the user and session as they are now.
 * Real socket.io clients, real PostgreSQL, through the draft test kit.
 */
import { PROTOCOL_VERSION, type ServerMessage } from '@strata/events';
import { connect, type TestClient } from '../../test/realtime/realtime-test-app';
import { DataSource } from 'typeorm';
import { UsersService } from '../auth/users/users.service';
import { bearerToken, HttpClient } from '../testing/auth-test-app';
import { divider, DraftTestKit, eventually, live, streamOf } from './testing/draft-test-kit';

type Revoked = Extract<ServerMessage, { type: 'revoked' }>;

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start();
}, 60_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

/** Sockets signed in with other tokens than the kit's. */
const opened: TestClient[] = [];
afterEach(() => opened.splice(0).forEach((c) => c.close()));

let userCount = 0;
/** A new Gamma user (so tests never disturb the kit's own users), with a bearer token of their own. */
async function newUser(): Promise<{ id: number; username: string; password: string; token: string }> {
  const username = `revoke${(userCount += 1)}`;
  const password = `${username}-password`;
  const { id } = await kit.server.app.get(UsersService).createUser({ username, password, roles: ['Gamma'] }, 'system');
  return { id, username, password, token: await bearerToken(kit.server.url, username, password) };
}

/** A dashboard alice owns together with these users. */
async function dashboardWith(ownerIds: number[]): Promise<number> {
  const res = await kit
    .api('alice')
    .post('/api/v1/dashboard/', { dashboard_title: `Shared ${ownerIds.join('-')}`, owners: ownerIds });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

/** A socket signed in with `token`, subscribed to the draft. */
async function editorWith(token: string, dashboardId: number): Promise<TestClient> {
  const mine = await connect(kit.server.url, { token, sessionId: `tab-${token.slice(-6)}` });
  mine.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(dashboardId), fromVersion: 0 });
  await mine.next((m) => m.type === 'subscribed');
  opened.push(mine);
  return mine;
}

const disconnected = (c: TestClient) => eventually(() => !c.socket.connected, 'the server to close the socket');

/** Proves the server holds no subscription for `c` on the draft: presence on it is refused. */
async function notSubscribed(c: TestClient, dashboardId: number): Promise<void> {
  c.send({ type: 'presence', stream: streamOf(dashboardId), state: { mode: 'editing', selection: [] } });
  const refused = await c.next((m) => m.type === 'error' && m.stream === streamOf(dashboardId));
  expect(refused).toMatchObject({ message: `Subscribe to ${streamOf(dashboardId)} before sending presence.` });
}

describe('removed from the owners', () => {
  it('loses the draft at once: told so, no later event reaches them, and subscribe and SaveDraft are refused', async () => {
    const id = await kit.newDashboard('Co-owned');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    expect(b.caughtUp.type).toBe('subscribed');

    const put = await new HttpClient(kit.server.url).put(
      `/api/v1/dashboard/${id}`,
      { owners: [kit.ids.alice] },
      { authorization: `Bearer ${kit.tokens.alice}` },
    );
    expect(put.status).toBe(200);

    const revoked = await b.c.next<Revoked>((m) => m.type === 'revoked');
    expect(revoked).toEqual({
      type: 'revoked',
      stream: streamOf(id),
      reason: 'access_changed',
      message: `You no longer have access to ${streamOf(id)}.`,
    });
    await notSubscribed(b.c, id);

    expect(await kit.send(a.c, id, 'CreateComponent', divider('DIVIDER-after'))).toMatchObject({ result: 'committed' });
    await eventually(
      () => live(a.c, id).some((e) => e.type === 'dashboard/componentCreated'),
      "alice's edit reaching alice",
    );
    await notSubscribed(b.c, id); // a round trip on bob's socket after the edit was pushed
    expect(live(b.c, id)).toEqual([]);

    expect(await kit.send(b.c, id, 'SaveDraft', {})).toMatchObject({ result: 'rejected', reason: 'forbidden' });
    b.c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(id), fromVersion: 0 });
    expect(await b.c.next((m) => m.type === 'error' && m.stream === streamOf(id))).toMatchObject({
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
    });
    // alice is still an owner: her subscription was kept.
    expect(a.c.received.some((m) => m.type === 'revoked')).toBe(false);
  });
});

describe('a role taken away', () => {
  it('drops the subscriptions the user may no longer hold, and their next command and subscribe are refused', async () => {
    const gail = await newUser();
    const id = await dashboardWith([gail.id]);
    const g = await editorWith(gail.token, id);
    const versionBefore = await kit.store().streamVersion(streamOf(id));

    await kit.server.app.get(UsersService).assignRoles(gail.id, ['sql_lab'], 'system');

    expect(await g.next<Revoked>((m) => m.type === 'revoked')).toMatchObject({
      stream: streamOf(id),
      reason: 'access_changed',
    });
    expect(g.socket.connected).toBe(true); // her session is still valid: only the stream went
    const save = await kit.send(g, id, 'SaveDraft', {});
    expect(save).toMatchObject({ result: 'rejected', reason: 'forbidden' });
    expect(await kit.send(g, id, 'CreateComponent', divider('DIVIDER-gail'))).toMatchObject({
      result: 'rejected',
      reason: 'forbidden',
    });
    g.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(id), fromVersion: 0 });
    expect(await g.next((m) => m.type === 'error' && m.stream === streamOf(id))).toMatchObject({
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
    });
    expect(await kit.store().streamVersion(streamOf(id))).toBe(versionBefore);
  });
});

describe('deactivated', () => {
  it("closes all the user's sockets, after telling them why", async () => {
    const dean = await newUser();
    const id = await dashboardWith([dean.id]);
    const first = await editorWith(dean.token, id);
    const second = await editorWith(await bearerToken(kit.server.url, dean.username, dean.password), id);

    await kit.server.app.get(UsersService).deactivate(dean.id, 'system');

    for (const c of [first, second]) {
      expect(await c.next<Revoked>((m) => m.type === 'revoked')).toEqual({
        type: 'revoked',
        reason: 'deactivated',
        message: 'Your account was deactivated.',
      });
      await disconnected(c);
    }
    expect(await kit.store().streamVersion(streamOf(id))).toBe(1);
  });
});

describe('logged out', () => {
  it('closes the sockets of that session, and only those', async () => {
    const lou = await newUser();
    const id = await dashboardWith([lou.id]);
    const loggingOut = await editorWith(lou.token, id);
    const otherToken = await bearerToken(kit.server.url, lou.username, lou.password);
    const staying = await editorWith(otherToken, id);
    const browser = new HttpClient(kit.server.url);
    await browser.browserLogin(lou.username, lou.password);
    const cookieSocket = await connect(kit.server.url, { cookie: browser.cookie!, sessionId: 'lou-browser' });
    opened.push(cookieSocket);

    expect(
      (
        await new HttpClient(kit.server.url).post('/api/v1/security/logout', undefined, {
          authorization: `Bearer ${lou.token}`,
        })
      ).status,
    ).toBe(200);
    expect(await loggingOut.next<Revoked>((m) => m.type === 'revoked')).toEqual({
      type: 'revoked',
      reason: 'session_ended',
      message: 'You were signed out.',
    });
    await disconnected(loggingOut);

    expect((await browser.post('/logout/')).status).toBe(200);
    await disconnected(cookieSocket);

    expect(staying.socket.connected).toBe(true);
    expect(await kit.send(staying, id, 'CreateComponent', divider('DIVIDER-lou'))).toMatchObject({
      result: 'committed',
    });
  });
});

describe('every subscribe and command', () => {
  // What another server process committed reaches this one a moment later (LISTEN/NOTIFY): until then
  // only the stored user and session can tell. Changing the read model directly stands for that moment.
  it('is judged on the user and session as stored now, not as they were at the handshake', async () => {
    const db = kit.server.app.get(DataSource);
    const nell = await newUser();
    const id = await dashboardWith([nell.id]);
    const other = await dashboardWith([nell.id]);
    const n = await editorWith(nell.token, id);

    await db.query(`UPDATE users SET roles = '{sql_lab}' WHERE id = $1`, [nell.id]);
    expect(await kit.send(n, id, 'SaveDraft', {})).toMatchObject({ result: 'rejected', reason: 'forbidden' });
    n.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(other), fromVersion: 0 });
    expect(await n.next((m) => m.type === 'error' && m.stream === streamOf(other))).toMatchObject({
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
    });

    await db.query(`UPDATE users SET roles = '{Gamma}' WHERE id = $1`, [nell.id]);
    expect(await kit.send(n, id, 'CreateComponent', divider('DIVIDER-nell'))).toMatchObject({ result: 'committed' });
    await db.query(`DELETE FROM sessions WHERE user_id = $1`, [nell.id]);
    expect(await kit.send(n, id, 'SaveDraft', {})).toMatchObject({
      result: 'rejected',
      reason: 'forbidden',
      message: 'Your session has ended: sign in again.',
    });
    expect(await n.next<Revoked>((m) => m.type === 'revoked')).toMatchObject({ reason: 'session_ended' });
    await disconnected(n);
  });
});
