/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Issue 13: edit mode's draft on the time-travel timeline. Scrubbed into the past, the draft session
// refuses the editor's commands (nothing decided, stored or sent), while another editor's events still
// arrive in the live log. Real socket.io against the draft test server, as draft-session.spec.ts.
import { emptyLayout, GRID_ID } from '@strata/domain';
import { WIRE_EVENT, type ClientMessage } from '@strata/events';
import { createTestContext } from '../../shared/test-context';
import { createDraftSession, type DraftSession } from '../dashboard/edit/draft-session';
import { socketDraftTransport } from '../dashboard/edit/draft-transport';
import { startDraftSocketServer, type DraftSocketServer } from '../dashboard/edit/testing/draft-socket-server';
import { TimeTravel } from './time-travel';

const DASHBOARD = 7;
let server: DraftSocketServer;
const sessions: DraftSession[] = [];
const commands: string[] = [];

async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

async function editor(userId: string) {
  const context = { ...createTestContext(userId), sessionId: `tab-${userId}` };
  const session = createDraftSession({
    dashboardId: DASHBOARD,
    transport: socketDraftTransport({ url: server.url, sessionId: context.sessionId, token: userId }),
    context,
    notices: { danger: () => undefined, warning: () => undefined },
    storage: null,
  });
  sessions.push(session);
  await until(() => session.getView().connection === 'live', `${userId} live`);
  return session;
}

const create = (id: string, componentType: 'HEADER' | 'DIVIDER') => ({
  type: 'CreateComponent' as const,
  data: { id, componentType, destination: { parentId: GRID_ID, index: 0 } },
});
const has = (session: DraftSession, id: string) => id in session.getView().draft.layout;
const liveHas = (session: DraftSession, id: string) => id in session.store.getState().layout;

beforeEach(async () => {
  server = await startDraftSocketServer({
    layouts: { [DASHBOARD]: emptyLayout('Sales') },
    usernames: { '1': 'alice', '2': 'bob' },
  });
  commands.length = 0;
  server.io.on('connection', (socket) =>
    socket.on(WIRE_EVENT, (m: ClientMessage) => void (m.type === 'command' && commands.push(m.command.type))),
  );
});

afterEach(async () => {
  sessions.splice(0).forEach((s) => s.close());
  await server.close();
});

it('scrubbed back, the draft shows the past and refuses edits and undo; Live shows the edit and takes edits again', async () => {
  const alice = await editor('1');
  const timeTravel = new TimeTravel();
  const leave = timeTravel.register({
    name: 'dashboardDraft',
    store: alice.store,
    refused$: alice.refused$,
  });
  const refused: string[] = [];
  timeTravel.refusal$.subscribe((r) => r && refused.push(r));

  expect(alice.execute(create('HEADER-a', 'HEADER'))).toBe(true);
  await until(() => commands.length === 1 && alice.getView().pending === 0, 'the edit acknowledged');
  const before = timeTravel.timeline().findIndex((t) => t.entry.type !== 'dashboard/draftStarted');
  timeTravel.scrubTo(before);
  expect(has(alice, 'HEADER-a')).toBe(false);

  expect(alice.execute(create('DIVIDER-b', 'DIVIDER'))).toBe(false);
  expect(alice.undo()).toBe(false);
  expect(liveHas(alice, 'DIVIDER-b')).toBe(false);
  expect(liveHas(alice, 'HEADER-a')).toBe(true);
  expect(alice.getView().pending).toBe(0);
  expect(commands).toEqual(['CreateComponent']);
  expect(refused).toEqual([
    expect.stringContaining('refused: CreateComponent'),
    expect.stringContaining('refused: Undo'),
  ]);

  timeTravel.resume();
  expect(has(alice, 'HEADER-a')).toBe(true);
  expect(alice.execute(create('DIVIDER-b', 'DIVIDER'))).toBe(true);
  await until(() => commands.length === 2 && alice.getView().pending === 0, 'the second edit acknowledged');
  leave();
});

it("another editor's event arriving while scrubbed enters the live draft; the view stays in the past", async () => {
  const alice = await editor('1');
  const bob = await editor('2');
  const timeTravel = new TimeTravel();
  timeTravel.register({ name: 'dashboardDraft', store: alice.store, refused$: alice.refused$ });
  timeTravel.scrubTo(timeTravel.timeline().length);

  expect(bob.execute(create('HEADER-bob', 'HEADER'))).toBe(true);
  await until(() => liveHas(alice, 'HEADER-bob'), "bob's header in alice's live draft");
  expect(has(alice, 'HEADER-bob')).toBe(false);
  timeTravel.resume();
  expect(has(alice, 'HEADER-bob')).toBe(true);
});
