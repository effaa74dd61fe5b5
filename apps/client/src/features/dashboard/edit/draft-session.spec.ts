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
import { pendingStorageKey } from './pending-store';
import { rejectedText } from './rejected-edits';
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

/**
 * An editor (user `userId`) in its own tab, live on the draft (or still connecting, with `live: false`).
 * Its unacknowledged commands are kept in this document's localStorage, as in the browser.
 */
async function editor(userId: string, { live = true } = {}) {
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
  if (live) await until(() => session.getView().connection === 'live', `${userId} live`);
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
  localStorage.clear();
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

describe("an undo another editor built on (issue 12: never remove someone's work unseen)", () => {
  it("refuses Alice's undo of the markdown Bob typed in, and says why, naming him; Bob's text stays", async () => {
    const alice = await editor('1');
    const carol = await editor('2');
    alice.session.execute(markdown('MARKDOWN-a'));
    await until(() => carol.layout()['MARKDOWN-a'] !== undefined, 'the markdown at carol');
    carol.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-a', code: "carol's text" } });
    await until(() => alice.layout()['MARKDOWN-a']?.meta.code === "carol's text", 'her text at alice');
    expect(alice.session.getView().canUndo).toBe(false);
    expect(alice.session.getView().undoBlocked).toBe('bob has since changed this; undoing it would remove their work.');
    expect(alice.session.undo()).toBe(false);
    expect(alice.notices.warning).toEqual(['bob has since changed this; undoing it would remove their work.']);
    expect(alice.layout()['MARKDOWN-a']!.meta.code).toBe("carol's text");
  });
});

describe('an editor whose connection drops (issue 12 "Disconnects")', () => {
  const stored = (userId: string) => localStorage.getItem(pendingStorageKey(DASHBOARD, userId));
  const created = (id: string) =>
    server
      .log(DASHBOARD)
      .filter(
        (e) => e.type === 'dashboard/componentCreated' && (e.data as { component: { id: string } }).component.id === id,
      ).length;

  it('keeps editing offline, shows the changes as pending, and lands each once on reconnect', async () => {
    const a = await editor('1');
    a.session.execute(markdown('MARKDOWN-m'));
    await until(() => a.session.getView().pending === 0, 'the markdown committed');
    server.goOffline();
    await until(() => a.session.getView().connection === 'offline', 'A offline');

    expect(a.session.execute(header('HEADER-offline'))).toBe(true);
    expect(a.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-m', code: '# offline' } })).toBe(true);
    // Drawn at once and counted as waiting; the server has none of it yet, the browser keeps both.
    expect(a.layout()['HEADER-offline']).toBeDefined();
    expect(a.layout()['MARKDOWN-m']!.meta.code).toBe('# offline');
    expect(a.session.getView().pending).toBe(2);
    expect(server.draft(DASHBOARD).layout['HEADER-offline']).toBeUndefined();
    expect(JSON.parse(stored('1')!).pending.map((c: { command: { type: string } }) => c.command.type)).toEqual([
      'CreateComponent',
      'UpdateMarkdown',
    ]);
    // Someone else edits meanwhile.
    expect(server.command(DASHBOARD, '2', header('HEADER-bob').type, header('HEADER-bob').data).ok).toBe(true);

    server.goOnline();
    await until(
      () =>
        a.session.getView().connection === 'live' &&
        a.session.getView().pending === 0 &&
        a.layout()['HEADER-bob'] !== undefined,
      'A back and acknowledged',
    );
    expect(server.draft(DASHBOARD).layout['MARKDOWN-m']!.meta.code).toBe('# offline');
    expect(created('HEADER-offline')).toBe(1);
    expect(a.layout()).toEqual(server.draft(DASHBOARD).layout);
    expect(a.session.getView().rejected).toEqual([]);
    expect(stored('1')).toBeNull();
  });

  it('shows a pending edit that no longer applies as rejected with the reason, and lands the rest', async () => {
    const a = await editor('1');
    a.session.execute(markdown('MARKDOWN-gone'));
    await until(() => a.session.getView().pending === 0, 'the markdown committed');
    server.goOffline();
    await until(() => a.session.getView().connection === 'offline', 'A offline');
    a.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-gone', code: '# my notes' } });
    a.session.execute(header('HEADER-lands'));
    // Bob deletes the markdown while A is away.
    expect(server.command(DASHBOARD, '2', 'DeleteComponent', { id: 'MARKDOWN-gone' }).ok).toBe(true);

    server.goOnline();
    await until(() => a.session.getView().pending === 0 && a.session.getView().rejected.length === 1, 'the refusal');
    const [refused] = a.session.getView().rejected;
    expect(refused!.reason).toBe(DashboardMessages.COMPONENT_MISSING);
    expect(rejectedText(refused!)).toEqual({ componentId: 'MARKDOWN-gone', kind: 'markdown', text: '# my notes' });
    expect(a.layout()['HEADER-lands']).toBeDefined();
    expect(a.layout()).toEqual(server.draft(DASHBOARD).layout);
    // Listed until dismissed, across a reload too.
    expect(JSON.parse(stored('1')!).rejected).toHaveLength(1);
    a.session.dismissRejected(refused!.commandId);
    expect(a.session.getView().rejected).toEqual([]);
    expect(stored('1')).toBeNull();
  });

  it('keeps a text edit that lost to another editor, and Re-apply writes it over their text', async () => {
    const a = await editor('1');
    a.session.execute(markdown('MARKDOWN-shared'));
    await until(() => a.session.getView().pending === 0, 'the markdown committed');
    server.goOffline();
    await until(() => a.session.getView().connection === 'offline', 'A offline');
    // A types from the empty text; Bob, online, writes his text first.
    a.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-shared', code: '# A', baseCode: '' } });
    expect(server.command(DASHBOARD, '2', 'UpdateMarkdown', { id: 'MARKDOWN-shared', code: '# B' }).ok).toBe(true);

    server.goOnline();
    await until(() => a.session.getView().rejected.length === 1, 'the refusal');
    await until(() => a.session.getView().pending === 0, 'nothing pending');
    const [refused] = a.session.getView().rejected;
    expect(refused!.reason).toBe(DashboardMessages.TEXT_CHANGED);
    expect(rejectedText(refused!)!.text).toBe('# A');
    expect(a.notices.danger).toEqual([DashboardMessages.TEXT_CHANGED]);
    // Bob's text is not overwritten, and A sees it.
    expect(a.layout()['MARKDOWN-shared']!.meta.code).toBe('# B');

    expect(a.session.reapply(refused!.commandId)).toBe(true);
    expect(a.session.getView().rejected).toEqual([]);
    await until(() => a.session.getView().pending === 0, 'the re-applied text committed');
    expect(server.draft(DASHBOARD).layout['MARKDOWN-shared']!.meta.code).toBe('# A');
    expect(a.layout()).toEqual(server.draft(DASHBOARD).layout);
    expect(stored('1')).toBeNull();
  });

  it('keeps a text edit refused on arrival because the text changed before it was sent', async () => {
    const a = await editor('1');
    a.session.execute(markdown('MARKDOWN-typed'));
    await until(() => a.session.getView().pending === 0, 'the markdown committed');
    expect(server.command(DASHBOARD, '2', 'UpdateMarkdown', { id: 'MARKDOWN-typed', code: '# B' }).ok).toBe(true);
    await until(() => a.layout()['MARKDOWN-typed']!.meta.code === '# B', "B's text at A");
    // A was typing from the empty text: the local decide refuses, nothing is sent, the text is kept.
    const before = server.log(DASHBOARD).length;
    expect(
      a.session.execute({ type: 'UpdateMarkdown', data: { id: 'MARKDOWN-typed', code: '# A', baseCode: '' } }),
    ).toBe(false);
    expect(a.session.getView().rejected.map((e) => [e.reason, rejectedText(e)!.text])).toEqual([
      [DashboardMessages.TEXT_CHANGED, '# A'],
    ]);
    expect(server.log(DASHBOARD).length).toBe(before);
  });

  it('after a reload, applies what was pending again and sends it; the server applies each command once', async () => {
    const a = await editor('1');
    server.goOffline();
    await until(() => a.session.getView().connection === 'offline', 'A offline');
    a.session.execute(header('HEADER-before-reload'));
    a.session.execute(markdown('MARKDOWN-before-reload'));
    a.session.undo();
    expect(a.layout()['MARKDOWN-before-reload']).toBeUndefined();
    // The page goes away with three commands unsent.
    a.session.close();
    expect(JSON.parse(stored('1')!).pending).toHaveLength(3);

    // Reloaded while still offline: what waits is counted before the draft arrives.
    const again = await editor('1', { live: false });
    expect(again.session.getView().pending).toBe(3);
    server.goOnline();
    await until(() => again.session.getView().pending === 0, 'the resent commands acknowledged');
    expect(created('HEADER-before-reload')).toBe(1);
    expect(created('MARKDOWN-before-reload')).toBe(1);
    // The undo was resent too: the markdown is undone on the server, and A may redo it.
    expect(server.draft(DASHBOARD).layout['HEADER-before-reload']).toBeDefined();
    expect(server.draft(DASHBOARD).layout['MARKDOWN-before-reload']).toBeUndefined();
    expect(again.layout()).toEqual(server.draft(DASHBOARD).layout);
    expect(again.session.getView().canRedo).toBe(true);
    expect(stored('1')).toBeNull();
  });

  it('after a reload, does not apply again what the server committed before the page went', async () => {
    const a = await editor('1');
    a.session.execute(header('HEADER-acked-late'));
    a.session.execute(markdown('MARKDOWN-acked-late'));
    await until(() => a.session.getView().pending === 0, 'both committed');
    server.holdAcks = true;
    a.session.undo();
    a.session.execute({ type: 'UpdateComponentText', data: { id: 'HEADER-acked-late', text: 'Late' } });
    await until(() => server.heldAcks() === 2, 'the commands at the server');
    a.session.close();
    // The server decides them after the page is gone: their acks never reach the browser.
    server.releaseAcks();
    expect(JSON.parse(stored('1')!).pending).toHaveLength(2);

    const again = await editor('1');
    await until(() => again.session.getView().pending === 0, 'nothing left to send');
    // One undo, not two: the markdown stays undone and the header renamed once.
    expect(server.log(DASHBOARD).filter((e) => e.type === 'history/undone')).toHaveLength(1);
    expect(again.layout()['MARKDOWN-acked-late']).toBeUndefined();
    expect(again.layout()['HEADER-acked-late']!.meta.text).toBe('Late');
    expect(again.layout()).toEqual(server.draft(DASHBOARD).layout);
    expect(stored('1')).toBeNull();
  });

  it('keeps what is pending for the next page load when the stream fails for another reason', async () => {
    const a = await editor('1');
    server.holdAcks = true;
    a.session.execute(header('HEADER-kept'));
    await until(() => server.heldAcks() === 1, 'the command at the server');
    server.io.emit(WIRE_EVENT, {
      type: 'error',
      stream: `dashboard-draft:${DASHBOARD}`,
      error_type: 'GENERIC_BACKEND_ERROR',
      message: 'The server could not handle this message; try again.',
    });
    await until(() => a.session.getView().connection === 'failed', 'the failure');
    expect(a.session.getView().rejected).toEqual([]);
    expect(JSON.parse(stored('1')!).pending).toHaveLength(1);
  });

  it('shows what was pending as rejected when the user may no longer edit', async () => {
    const a = await editor('1');
    server.goOffline();
    await until(() => a.session.getView().connection === 'offline', 'A offline');
    a.session.execute(header('HEADER-not-mine'));
    a.session.close();
    server.forbid('1');
    server.goOnline();

    const again = await editor('1', { live: false });
    await until(() => again.session.getView().connection === 'failed', 'the refusal of the draft');
    expect(again.session.getView().rejected.map((e) => [e.command.type, e.reason])).toEqual([
      ['CreateComponent', 'You may not edit this dashboard.'],
    ]);
    expect(again.session.getView().pending).toBe(0);
    expect(created('HEADER-not-mine')).toBe(0);
  });
});
