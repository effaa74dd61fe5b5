/**
 * Live co-editing of a dashboard over socket.io (issue 5, server): real clients, real PostgreSQL. alice
 * and bob co-own the dashboards; carol may write dashboards but owns none of these; dora may not write any.
 */
import { DashboardMessages, GRID_ID, UNDO_LIMIT, undoLimitWarning, draftDecider } from '@strata/domain';
import { foldEntries, PROTOCOL_VERSION } from '@strata/events';
import type { TestClient } from '../../test/realtime/realtime-test-app';
import { divider, DraftTestKit, eventually, live, markdown, streamOf, type Presence } from './testing/draft-test-kit';

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start();
}, 60_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

describe('two editors on one draft', () => {
  it("see each other's edits live, and each undoes and redoes only their own", async () => {
    const id = await kit.newDashboard('Co-edited');
    const a = await kit.editor('alice', id);
    // The first subscriber opens the draft at the saved layout (version 1).
    expect(a.caughtUp.events.map((e) => e.type)).toEqual(['dashboard/draftStarted']);
    const b = await kit.editor('bob', id);
    expect(b.caughtUp.version).toBe(1);

    expect(await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'))).toMatchObject({
      result: 'committed',
      version: 2,
    });
    await eventually(
      () => live(b.c, id).some((e) => e.type === 'dashboard/componentCreated'),
      "alice's markdown reaching bob",
    );
    expect(live(b.c, id)[0]).toMatchObject({
      type: 'dashboard/componentCreated',
      meta: { actor: String(kit.ids.alice) },
      data: { component: { id: 'MARKDOWN-alice' } },
    });

    expect(await kit.send(b.c, id, 'CreateComponent', divider('DIVIDER-bob'))).toMatchObject({
      result: 'committed',
      version: 3,
    });
    expect(await kit.send(a.c, id, 'ResizeComponent', { id: 'MARKDOWN-alice', width: 6 })).toMatchObject({
      result: 'committed',
      version: 4,
    });
    await eventually(
      () => live(a.c, id).length === 3 && live(b.c, id).length === 3,
      'both editors to hold all three edits',
    );
    const bobsBatch = live(a.c, id).find((e) => e.meta.actor === String(kit.ids.bob))!.meta.batchId!;

    // alice cannot undo bob's edit, not even by naming it.
    const refused = await kit.send(a.c, id, 'Undo', { batchId: bobsBatch });
    expect(refused).toMatchObject({
      result: 'rejected',
      reason: 'invalid',
      message: 'You can only undo or redo your own changes.',
    });

    // alice's two undos take back her resize, then her markdown; bob's divider stays.
    expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    expect((await kit.draftOf(id)).layout['MARKDOWN-alice']!.meta.width).toBe(4);
    expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    let draft = await kit.draftOf(id);
    expect(draft.layout['MARKDOWN-alice']).toBeUndefined();
    expect(draft.layout[GRID_ID]!.children).toEqual(['DIVIDER-bob']);
    // bob's undo stack is his own: his undo removes his divider, not alice's (already undone) work.
    expect(await kit.send(b.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    expect((await kit.draftOf(id)).layout[GRID_ID]!.children).toEqual([]);
    expect(await kit.send(b.c, id, 'Redo', {})).toMatchObject({ result: 'committed' });
    expect(await kit.send(a.c, id, 'Redo', {})).toMatchObject({ result: 'committed' });
    draft = await kit.draftOf(id);
    expect(draft.layout[GRID_ID]!.children).toEqual(['ROW-MARKDOWN-alice', 'DIVIDER-bob']);

    // Both sockets got every marker live, so their folds agree with the server's.
    await eventually(
      () => live(b.c, id).length === live(a.c, id).length && live(a.c, id).length === 8,
      'the markers reaching both editors',
    );
    const foldOf = (c: TestClient) => foldEntries(draftDecider, [...a.caughtUp.events, ...live(c, id)]).layout;
    expect(foldOf(a.c)).toEqual(draft.layout);
    expect(foldOf(b.c)).toEqual(draft.layout);
  });

  it("undo reaches back UNDO_LIMIT of a user's edits, then says so with the spec's warning", async () => {
    const id = await kit.newDashboard('Undo limit');
    const a = await kit.editor('alice', id);
    expect(await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-limit'))).toMatchObject({
      result: 'committed',
    });
    for (let i = 0; i < UNDO_LIMIT; i += 1) {
      expect(await kit.send(a.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-limit', code: `edit ${i}` })).toMatchObject({
        result: 'committed',
      });
    }
    for (let i = 0; i < UNDO_LIMIT; i += 1)
      expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    // The 51st step back (the markdown's creation) is out of reach; the draft keeps it.
    expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({
      result: 'rejected',
      reason: 'invalid',
      message: undoLimitWarning(),
    });
    const draft = await kit.draftOf(id);
    expect(draft.layout['MARKDOWN-limit']!.meta.code).toBe('');
  });

  it('keep every concurrent edit: commands decided against the latest draft are never refused as conflicts', async () => {
    const id = await kit.newDashboard('Busy');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    const acks = await Promise.all([
      ...[1, 2, 3, 4].map((i) => kit.send(a.c, id, 'CreateComponent', divider(`DIVIDER-a${i}`, 0))),
      ...[1, 2, 3, 4].map((i) => kit.send(b.c, id, 'CreateComponent', divider(`DIVIDER-b${i}`, 0))),
    ]);
    expect(acks.map((ack) => ack.result)).toEqual(Array(8).fill('committed'));
    expect((await kit.draftOf(id)).layout[GRID_ID]!.children).toHaveLength(8);
  });

  it('share presence: who is editing and what they have selected', async () => {
    const id = await kit.newDashboard('Presence');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    a.c.send({ type: 'presence', stream: streamOf(id), state: { mode: 'editing', selection: ['HEADER_ID'] } });
    const seen = await b.c.next<Presence>(
      (m) => m.type === 'presence' && m.peers.some((p) => p.username === 'alice' && p.state.mode === 'editing'),
    );
    expect(seen.peers.find((p) => p.username === 'alice')).toMatchObject({
      userId: kit.ids.alice,
      sessionId: 'alice-tab',
      state: { mode: 'editing', selection: ['HEADER_ID'] },
    });
    a.c.close();
    await b.c.next<Presence>((m) => m.type === 'presence' && m.peers.every((p) => p.username !== 'alice'));
  });
});

describe('refusals', () => {
  it("a refused edit changes nothing and says why in the domain's words", async () => {
    const id = await kit.newDashboard('Refusals');
    const a = await kit.editor('alice', id);
    expect(
      await kit.send(a.c, id, 'CreateComponent', {
        id: 'ROW-full',
        componentType: 'ROW',
        destination: { parentId: GRID_ID, index: 0 },
      }),
    ).toMatchObject({ result: 'committed' });
    for (const n of [1, 2, 3]) {
      const ack = await kit.send(a.c, id, 'CreateComponent', {
        id: `MARKDOWN-${n}`,
        componentType: 'MARKDOWN',
        destination: { parentId: 'ROW-full', index: 9 },
      });
      expect(ack).toMatchObject({ result: 'committed' });
    }
    const before = await kit.store().streamVersion(streamOf(id));

    const full = await kit.send(a.c, id, 'CreateComponent', {
      id: 'MARKDOWN-4',
      componentType: 'MARKDOWN',
      destination: { parentId: 'ROW-full', index: 9 },
    });
    expect(full).toMatchObject({ result: 'rejected', reason: 'invalid', message: DashboardMessages.NOT_ENOUGH_SPACE });
    const gone = await kit.send(a.c, id, 'MoveComponent', {
      id: 'MARKDOWN-nowhere',
      destination: { parentId: GRID_ID, index: 0 },
    });
    expect(gone).toMatchObject({ result: 'rejected', reason: 'invalid', message: DashboardMessages.COMPONENT_MISSING });
    const malformed = await kit.send(a.c, id, 'ResizeComponent', { id: 'MARKDOWN-1', width: 'wide' });
    expect(malformed).toMatchObject({
      result: 'rejected',
      reason: 'invalid',
      message: expect.stringContaining('data.width'),
    });
    const stale = await kit.send(a.c, id, 'DeleteComponent', { id: 'MARKDOWN-1' }, { expectedVersion: before - 1 });
    expect(stale).toMatchObject({ result: 'rejected', reason: 'conflict' });
    const unknown = await kit.send(a.c, id, 'StartDraft', {});
    expect(unknown).toMatchObject({ result: 'rejected', reason: 'unknown_command' });

    expect(await kit.store().streamVersion(streamOf(id))).toBe(before);
    expect(live(a.c, id)).toHaveLength(before - 1);
  });

  it('a user without edit rights is refused on subscribe, on commands and over HTTP', async () => {
    const id = await kit.newDashboard('Private');
    const carol = await kit.socket('carol');
    carol.send({ type: 'subscribe', protocolVersion: PROTOCOL_VERSION, stream: streamOf(id), fromVersion: 0 });
    expect(await carol.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      stream: streamOf(id),
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
      message: `You do not have access to ${streamOf(id)}.`,
    });
    expect(await kit.send(carol, id, 'CreateComponent', divider('DIVIDER-carol'))).toMatchObject({
      result: 'rejected',
      reason: 'forbidden',
    });
    // Refused before anything was opened or written.
    expect(await kit.store().streamVersion(streamOf(id))).toBe(0);

    const save = await kit.api('carol').post(`/api/v1/dashboard/${id}/draft/save`, {});
    expect(save.status).toBe(403);
    expect(save.body.errors[0]).toMatchObject({
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
      message: 'You do not have permission to edit this dashboard',
    });
    expect((await kit.api('carol').post(`/api/v1/dashboard/${id}/draft/discard`)).status).toBe(403);
    expect((await kit.api('carol').post(`/api/v1/dashboard/${id}/versions/1/restore`)).status).toBe(403);
    // The dashboard is not published: its history is as hidden as the dashboard.
    expect((await kit.api('carol').get(`/api/v1/dashboard/${id}/versions`)).status).toBe(404);
    // No can_write on Dashboard at all: the permission guard refuses first.
    const dora = await kit.api('dora').post(`/api/v1/dashboard/${id}/draft/save`, {});
    expect(dora.status).toBe(403);
    expect(dora.body.errors[0].message).toEqual(expect.any(String));
    expect(await kit.store().streamVersion(streamOf(id))).toBe(0);
  });
});

describe('reconnecting', () => {
  it('catches up from the last version it had, then goes live', async () => {
    const id = await kit.newDashboard('Reconnect');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(b.c, id, 'CreateComponent', divider('DIVIDER-1'));
    await eventually(() => live(b.c, id).length === 1, "bob's own edit coming back");
    const lastSeen = live(b.c, id).at(-1)!.version;
    b.c.close();

    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-while-away'));
    await kit.send(a.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-while-away', code: '# hello' });
    const again = await kit.editor('bob', id, lastSeen);
    expect(again.caughtUp.events.map((e) => [e.version, e.type])).toEqual([
      [lastSeen + 1, 'dashboard/componentCreated'],
      [lastSeen + 2, 'dashboard/markdownChanged'],
    ]);
    await kit.send(a.c, id, 'DeleteComponent', { id: 'DIVIDER-1' });
    await eventually(
      () => live(again.c, id).some((e) => e.type === 'dashboard/componentDeleted'),
      'the next edit arriving live',
    );
  });
});
