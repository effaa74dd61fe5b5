/**
 * Pages in view mode follow `dashboard:<id>` over the socket to learn of new versions (issue 12 "Save
 * keeps everyone working"): whoever may read the dashboard may subscribe, nobody else, and a viewer who
 * loses it is revoked without seeing the batch that took it away. Real sockets on a real PostgreSQL.
 */
import { PROTOCOL_VERSION, type Envelope, type ServerMessage } from '@strata/events';
import { io } from 'socket.io-client';
import { connect, TestClient } from '../../test/realtime/realtime-test-app';
import { TokenService } from '../auth/tokens/token.service';
import { UsersService } from '../auth/users/users.service';
import { bearerToken, HttpClient } from '../testing/auth-test-app';
import { DraftTestKit, eventually, markdown, type Who } from '../dashboard-drafts/testing/draft-test-kit';

type Subscribed = Extract<ServerMessage, { type: 'subscribed' }>;
type Refusal = Extract<ServerMessage, { type: 'error' }>;

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start();
}, 60_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

const recordOf = (id: number) => `dashboard:${id}`;

/** Every event `c` received on the dashboard's record stream, catch-up and live. */
const recordEvents = (c: TestClient, id: number): Envelope[] =>
  c.received
    .filter((m) => (m.type === 'events' || m.type === 'subscribed') && m.stream === recordOf(id))
    .flatMap((m) => (m as Subscribed).events);

async function viewer(who: Who, id: number, fromVersion: number): Promise<{ c: TestClient; answer: ServerMessage }> {
  const c = await kit.socket(who);
  c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: recordOf(id), fromVersion });
  const answer = await c.next<Subscribed | Refusal>(
    (m) => (m.type === 'subscribed' || m.type === 'error') && m.stream === recordOf(id),
  );
  return { c, answer };
}

const put = (who: Who, id: number, body: unknown) =>
  new HttpClient(kit.server.url).request('PUT', `/api/v1/dashboard/${id}`, {
    json: body,
    headers: { authorization: `Bearer ${kit.tokens[who]}` },
  });

async function publishedDashboard(title: string): Promise<{ id: number; version: number }> {
  const id = await kit.newDashboard(title);
  expect((await put('alice', id, { published: true })).status).toBe(200);
  const read = await kit.api('alice').get(`/api/v1/dashboard/${id}`);
  return { id, version: read.body.result.version as number };
}

describe('viewers of a dashboard follow its record stream', () => {
  it('a reader of a published dashboard hears of a version an editor saved, and only what came after its version', async () => {
    const { id, version } = await publishedDashboard('Followed by a viewer');
    const { c, answer } = await viewer('carol', id, version);
    expect(answer).toMatchObject({ type: 'subscribed', events: [], version });

    const editor = await kit.editor('alice', id);
    await kit.send(editor.c, id, 'CreateComponent', markdown('MARKDOWN-a'));
    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/save`)).status).toBe(200);

    await eventually(
      () => recordEvents(c, id).some((e) => e.type === 'dashboard/layoutPublished'),
      'the published layout reaching the viewer',
    );
    const published = recordEvents(c, id).find((e) => e.type === 'dashboard/layoutPublished')!;
    expect(published).toMatchObject({
      meta: { actor: String(kit.ids.alice) },
      data: { draftVersion: 2, source: 'save' },
    });
  });

  it('nobody who cannot read the dashboard may subscribe: not published and not theirs, or no can_read', async () => {
    const hidden = await kit.newDashboard('Not published');
    const refused = await viewer('carol', hidden, 0);
    expect(refused.answer).toMatchObject({ type: 'error', error_type: 'USER_ACTIVITY_SECURITY_ACCESS_ERROR' });
    // The owner may follow it.
    expect((await viewer('bob', hidden, 0)).answer).toMatchObject({ type: 'subscribed' });

    const { id } = await publishedDashboard('Published, but dora reads no dashboards');
    expect((await viewer('dora', id, 0)).answer).toMatchObject({ type: 'error' });
    expect((await viewer('carol', 999_999, 0)).answer).toMatchObject({ type: 'error' });

    // Nothing of the hidden dashboard reaches the refused socket afterwards.
    const editor = await kit.editor('alice', hidden);
    await kit.send(editor.c, hidden, 'CreateComponent', markdown('MARKDOWN-h'));
    expect((await kit.api('alice').post(`/api/v1/dashboard/${hidden}/draft/save`)).status).toBe(200);
    const owner = await viewer('alice', hidden, 0);
    await eventually(
      () => recordEvents(owner.c, hidden).some((e) => e.type === 'dashboard/layoutPublished'),
      'the save reaching an owner',
    );
    expect(recordEvents(refused.c, hidden)).toEqual([]);
  });

  it('an embedded guest gets nothing, even of the dashboard its token names: the guest role reads no dashboards', async () => {
    const { id } = await publishedDashboard('Embedded somewhere');
    const token = kit.server.app
      .get(TokenService)
      .issueGuest({ user: { username: 'embed-viewer' }, resources: [{ type: 'dashboard', id: String(id) }], rls: [] });
    const guest = new TestClient(
      io(kit.server.url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        auth: { guestToken: token },
      }),
    );
    await new Promise<void>((resolve, reject) => {
      guest.socket.once('connect', () => resolve());
      guest.socket.once('connect_error', reject);
    });
    try {
      guest.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: recordOf(id), fromVersion: 0 });
      expect(await guest.next((m) => m.type === 'error' || m.type === 'subscribed')).toMatchObject({ type: 'error' });
    } finally {
      guest.close();
    }
  });

  it('a viewer whose roles no longer read dashboards is revoked at once and hears of no later version', async () => {
    const { id, version } = await publishedDashboard('Followed until the roles change');
    const users = kit.server.app.get(UsersService);
    const { id: ned } = await users.createUser(
      { username: 'ned', password: 'ned-password', roles: ['Gamma'] },
      'system',
    );
    const c = await connect(kit.server.url, { token: await bearerToken(kit.server.url, 'ned', 'ned-password') });
    try {
      c.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: recordOf(id), fromVersion: version });
      await c.next((m) => m.type === 'subscribed' && m.stream === recordOf(id));
      await users.assignRoles(ned, ['sql_lab'], 'system');
      await c.next((m) => m.type === 'revoked' && m.stream === recordOf(id));
      expect((await put('alice', id, { dashboard_title: 'Renamed after ned left' })).status).toBe(200);
      const owner = await viewer('alice', id, version);
      await eventually(
        () => recordEvents(owner.c, id).some((e) => e.type === 'dashboard/dashboardRenamed'),
        'the owner hearing of the rename',
      );
      expect(recordEvents(c, id)).toEqual([]);
    } finally {
      c.close();
    }
  });

  it('a viewer whose dashboard is unpublished is revoked and never sees the batch that hid it', async () => {
    const { id, version } = await publishedDashboard('About to be hidden');
    const { c } = await viewer('carol', id, version);
    // One save of the properties: a new title and unpublished, in one batch.
    expect((await put('alice', id, { dashboard_title: 'Secret plans', published: false })).status).toBe(200);
    await c.next((m) => m.type === 'revoked' && m.stream === recordOf(id));
    // A later change is not sent either.
    expect((await put('alice', id, { dashboard_title: 'More secret plans' })).status).toBe(200);
    const owner = await viewer('alice', id, 0);
    await eventually(
      () => recordEvents(owner.c, id).some((e) => JSON.stringify(e.data).includes('More secret plans')),
      'the owner hearing of the last rename',
    );
    expect(JSON.stringify(c.received)).not.toContain('Secret plans');
    expect(recordEvents(c, id).map((e) => e.type)).toEqual([]);
  });
});
