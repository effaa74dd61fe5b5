/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// Node builds of socket.io (server and client) in this file: the browser build of `ws` refuses to run.
import { DashboardMessages, emptyLayout, GRID_ID, undoLimitWarning, UNDO_LIMIT } from '@strata/domain';
import type { ClientMessage } from '@strata/events';
import { WIRE_EVENT } from '@strata/events';
import { createTestContext } from '../../../shared/test-context';
import { createDraftSession, type DraftSession } from './draft-session';
import { socketDraftTransport } from './draft-transport';
import { startDraftSocketServer, type DraftSocketServer } from './testing/draft-socket-server';

const DASHBOARD = 7;
let server: DraftSocketServer;
const sessions: DraftSession[] = [];
const subscribes: Extract<ClientMessage, { type: 'subscribe' }>[] = [];

async function until(check: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** An editor (user `userId`) in its own tab, live on the draft. */
async function editor(userId: string) {
  const notices = { danger: [] as string[], warning: [] as string[] };
  const context = {
    ...createTestContext(userId),
    sessionId: `tab-${userId}`,
    newId: (
      (n = 0) =>
      () =>
        `${userId}-${++n}`
    )(),
  };
  const session = createDraftSession({
    dashboardId: DASHBOARD,
    transport: socketDraftTransport({ url: server.url, sessionId: context.sessionId, token: userId }),
    context,
    notices: { danger: (t) => notices.danger.push(t), warning: (t) => notices.warning.push(t) },
  });
  sessions.push(session);
  await until(() => session.getView().connection === 'live', `${userId} live`);
  return { session, notices, layout: () => session.getView().draft.layout };
}

const header = (id: string) => ({
  type: 'CreateComponent' as const,
  data: { id, componentType: 'HEADER' as const, destination: { parentId: GRID_ID, index: 0 } },
});
const markdown = (id: string) => ({
  type: 'CreateComponent' as const,
  data: { id, componentType: 'MARKDOWN' as const, destination: { parentId: GRID_ID, index: 0 }, rowId: `ROW-${id}` },
});

beforeEach(async () => {
  server = await startDraftSocketServer({
    layouts: { [DASHBOARD]: emptyLayout('Sales') },
    usernames: { '1': 'alice', '2': 'bob' },
  });
  subscribes.length = 0;
  server.io.on('connection', (socket) =>
    socket.on(WIRE_EVENT, (m: ClientMessage) => void (m.type === 'subscribe' && subscribes.push(m))),
  );
});

afterEach(async () => {
  sessions.splice(0).forEach((s) => s.close());
  await server.close();
});

describe('an edit session on the shared draft', () => {
  it("shows one's own edit at once, and the other editor sees it once the server commits it", async () => {
    const a = await editor('1');
    const b = await editor('2');
    server.holdAcks = true;
    expect(a.session.execute(header('HEADER-a'))).toBe(true);
    // Optimistic: drawn before any answer, marked pending; the other editor has nothing yet.
    expect(a.layout()['HEADER-a']?.meta.text).toBe('New header');
    expect(a.session.getView().pending).toBe(1);
    expect(b.layout()['HEADER-a']).toBeUndefined();
    server.releaseAcks();
    await until(
      () => b.layout()['HEADER-a'] !== undefined && a.session.getView().pending === 0,
      'the header everywhere',
    );
    expect(a.layout()[GRID_ID]!.children).toEqual(['HEADER-a']);
    expect(b.layout()).toEqual(server.draft(DASHBOARD).layout);
    expect(a.session.getView().unsaved).toBe(true);
  });

  it('lets each editor undo only their own edits, and redo them', async () => {
    const a = await editor('1');
    const b = await editor('2');
    a.session.execute(header('HEADER-a'));
    await until(() => b.layout()['HEADER-a'] !== undefined, 'A header at B');
    b.session.execute(markdown('MARKDOWN-b'));
    await until(() => a.layout()['MARKDOWN-b'] !== undefined, 'B markdown at A');

    expect(a.session.undo()).toBe(true);
    await until(() => b.layout()['HEADER-a'] === undefined, 'A undo at B');
    expect(b.layout()['MARKDOWN-b']).toBeDefined();
    expect(a.layout()['MARKDOWN-b']).toBeDefined();
    // A has nothing left to undo; B's own edit is still B's to undo.
    expect(a.session.getView().canUndo).toBe(false);
    expect(a.session.undo()).toBe(false);
    expect(b.session.getView().canUndo).toBe(true);
    expect(a.session.getView().canRedo).toBe(true);

    expect(a.session.redo()).toBe(true);
    await until(() => b.layout()['HEADER-a'] !== undefined, 'A redo at B');
    expect(server.draft(DASHBOARD).layout).toEqual(a.layout());
  });

  it("rolls a rejected edit back and shows the domain's message", async () => {
    const a = await editor('1');
    const b = await editor('2');
    a.session.execute(markdown('MARKDOWN-x'));
    await until(() => b.layout()['MARKDOWN-x'] !== undefined, 'markdown at B');
    // Both decide against the same draft; the server takes B's delete first, so A's edit is refused.
    server.holdAcks = true;
    b.session.execute({ type: 'DeleteComponent', data: { id: 'MARKDOWN-x' } });
    a.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-x', code: '# mine' } });
    expect(a.layout()['MARKDOWN-x']?.meta.code).toBe('# mine');
    server.releaseAcks();
    await until(() => a.notices.danger.length > 0 && a.session.getView().pending === 0, 'the rejection');
    expect(a.notices.danger).toEqual([DashboardMessages.COMPONENT_MISSING]);
    expect(a.layout()['MARKDOWN-x']).toBeUndefined();
    expect(a.layout()).toEqual(server.draft(DASHBOARD).layout);
  });

  it('refuses locally what the domain refuses, without sending it', async () => {
    const a = await editor('1');
    const before = server.log(DASHBOARD).length;
    expect(a.session.execute({ type: 'DeleteComponent', data: { id: GRID_ID } })).toBe(false);
    expect(a.notices.danger.length).toBe(1);
    expect(server.log(DASHBOARD).length).toBe(before);
  });

  it('catches up from its last version after a reconnect, and sends what was made offline', async () => {
    const a = await editor('1');
    const b = await editor('2');
    a.session.execute(header('HEADER-1'));
    await until(() => b.layout()['HEADER-1'] !== undefined, 'header at B');
    const seen = server.log(DASHBOARD).length;
    // The network drops A's connection (not a server kick): socket.io reconnects on its own.
    server.io.sockets.sockets.forEach((s) => (s.handshake.auth as { token: string }).token === '1' && s.conn.close());
    await until(() => a.session.getView().connection === 'offline', 'A offline');
    b.session.execute(markdown('MARKDOWN-while-away'));
    a.session.execute(header('HEADER-offline'));
    expect(a.layout()['HEADER-offline']).toBeDefined();
    await until(
      () =>
        a.session.getView().connection === 'live' &&
        a.layout()['MARKDOWN-while-away'] !== undefined &&
        a.session.getView().pending === 0,
      'A caught up',
    );
    const resubscribe = subscribes.filter((m) => m.fromVersion > 0).at(-1);
    expect(resubscribe?.fromVersion).toBe(seen);
    expect(server.draft(DASHBOARD).layout['HEADER-offline']).toBeDefined();
    await until(() => b.layout()['HEADER-offline'] !== undefined, 'offline header at B');
    expect(a.layout()).toEqual(server.draft(DASHBOARD).layout);
  });

  it('shows the other editors and what they have selected', async () => {
    const a = await editor('1');
    const b = await editor('2');
    a.session.execute(header('HEADER-sel'));
    await until(() => b.layout()['HEADER-sel'] !== undefined, 'header at B');
    a.session.select(['HEADER-sel']);
    await until(() => (b.session.getView().selections['HEADER-sel'] ?? []).length === 1, 'selection at B');
    expect(b.session.getView().selections['HEADER-sel']![0]!.username).toBe('alice');
    expect(b.session.getView().editors.map((p) => p.username)).toEqual(['alice']);
    expect(a.session.getView().editors.map((p) => p.username)).toEqual(['bob']);
  });

  it('tells the editor when the server takes the draft away', async () => {
    const a = await editor('1');
    const message = `You no longer have access to dashboard-draft:${DASHBOARD}.`;
    server.io.emit(WIRE_EVENT, {
      type: 'revoked',
      stream: `dashboard-draft:${DASHBOARD}`,
      reason: 'access_changed',
      message,
    });
    await until(() => a.session.getView().connection === 'failed', 'the revocation');
    expect(a.session.getView().error).toBe(message);
    expect(a.notices.danger).toEqual([message]);
  });

  it('tells the editor when they were signed out', async () => {
    const a = await editor('1');
    for (const socket of server.io.sockets.sockets.values()) {
      socket.emit(WIRE_EVENT, { type: 'revoked', reason: 'session_ended', message: 'You were signed out.' });
      socket.disconnect(true);
    }
    await until(() => a.session.getView().connection === 'failed', 'the sign-out');
    expect(a.session.getView().error).toBe('You were signed out.');
    expect(a.notices.danger).toEqual(['You were signed out.']);
  });

  it('warns when undo reaches the undo limit', async () => {
    const a = await editor('1');
    for (let i = 0; i <= UNDO_LIMIT; i += 1) a.session.execute(header(`HEADER-${i}`));
    await until(() => a.session.getView().pending === 0, 'all committed');
    expect(a.session.getView().undoLimitExceeded).toBe(true);
    for (let i = 0; i < UNDO_LIMIT; i += 1) expect(a.session.undo()).toBe(true);
    expect(a.session.undo()).toBe(false);
    expect(a.notices.warning).toEqual([undoLimitWarning()]);
    await until(() => a.session.getView().pending === 0, 'undos committed');
    expect(a.layout()[GRID_ID]!.children).toEqual(['HEADER-0']);
  });
});
