/**
 * Discard is per user (issue 12): an editor's Discard takes back only their own unsaved edits, as one
 * step their Undo reverses; an owner's "discard everyone's changes" keeps the dropped draft, listed in
 * the version history and restorable. Real socket.io clients and HTTP on a real PostgreSQL.
 */
import { GRID_ID } from '@strata/domain';
import { DraftTestKit, eventually, live, markdown } from './testing/draft-test-kit';

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start();
}, 60_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

const ids = async (id: number) => Object.keys((await kit.draftOf(id)).layout).filter((k) => k.startsWith('MARKDOWN-'));

describe('discard my changes', () => {
  it("takes back only the discarding editor's edits; her Undo brings them all back, Redo discards again", async () => {
    const id = await kit.newDashboard('Per user');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(b.c, id, 'CreateComponent', markdown('MARKDOWN-bob'));
    await kit.send(b.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-bob', code: 'bob typed this' });
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    await kit.send(a.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-alice', code: 'alice typed this' });

    expect(await kit.send(a.c, id, 'DiscardMyChanges', {})).toMatchObject({ result: 'committed' });
    expect(await ids(id)).toEqual(['MARKDOWN-bob']);
    // Bob is told by the events themselves: his markdown is still in the draft he folds.
    await eventually(
      () => live(b.c, id).some((e) => e.type === 'dashboard/ownChangesDiscarded'),
      'the discard reaching bob',
    );
    const draft = await kit.api('bob').get(`/api/v1/dashboard/${id}/draft`);
    expect(draft.body.result).toMatchObject({
      has_unsaved_changes: true,
      unsaved_by: [{ user: { username: 'bob' }, count: 2 }],
    });
    // Bob's own undo is untouched.
    expect(await kit.send(b.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    expect((await kit.draftOf(id)).layout['MARKDOWN-bob']!.meta.code).not.toBe('bob typed this');

    expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
    expect((await kit.draftOf(id)).layout['MARKDOWN-alice']!.meta.code).toBe('alice typed this');
    expect(await kit.send(a.c, id, 'Redo', {})).toMatchObject({ result: 'committed' });
    expect(await ids(id)).toEqual(['MARKDOWN-bob']);
    // Only its author undoes a discard.
    const discard = live(a.c, id).findLast((e) => e.type === 'dashboard/ownChangesDiscarded')!;
    expect(await kit.send(b.c, id, 'Undo', { batchId: discard.meta.batchId })).toMatchObject({
      result: 'rejected',
      reason: 'invalid',
    });
  });

  it('over REST the default scope is mine', async () => {
    const id = await kit.newDashboard('Per user REST');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    await kit.send(b.c, id, 'CreateComponent', markdown('MARKDOWN-bob'));
    const res = await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/discard`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ scope: 'mine', result: { has_unsaved_changes: true } });
    expect(await ids(id)).toEqual(['MARKDOWN-bob']);
    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/discard`, { scope: 'x' })).status).toBe(400);
  });
});

describe("an owner discards everyone's changes", () => {
  it('keeps the dropped draft: listed in the versions with who had how many changes, and restorable as the draft', async () => {
    const id = await kit.newDashboard('Dropped');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(b.c, id, 'CreateComponent', markdown('MARKDOWN-bob'));
    await kit.send(b.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-bob', code: 'keep me' });
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    expect((await kit.api('carol').post(`/api/v1/dashboard/${id}/draft/discard`, { scope: 'all' })).status).toBe(403);

    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/discard`, { scope: 'all' })).status).toBe(200);
    await eventually(
      () => live(b.c, id).some((e) => e.type === 'dashboard/draftDiscarded'),
      'the discard reaching bob',
    );
    expect(await ids(id)).toEqual([]);
    const list = await kit.api('bob').get(`/api/v1/dashboard/${id}/versions`);
    expect(list.body.discarded).toEqual([
      expect.objectContaining({
        discard: 1,
        based_on_version: 1,
        discarded_by: { id: kit.ids.alice, username: 'alice' },
        restorable: true,
        summary: 'bob: added 1 markdown, edited 1 markdown; alice: added 1 markdown',
        unsaved_by: [
          { user: { id: kit.ids.bob, username: 'bob' }, count: 2 },
          { user: { id: kit.ids.alice, username: 'alice' }, count: 1 },
        ],
      }),
    ]);
    expect(list.body.count).toBe(1);

    const restored = await kit.api('bob').post(`/api/v1/dashboard/${id}/versions/discarded/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.result.position_json[GRID_ID].children).toEqual(['ROW-MARKDOWN-bob', 'ROW-MARKDOWN-alice']);
    expect((await kit.draftOf(id)).layout['MARKDOWN-bob']!.meta.code).toBe('keep me');
    await eventually(
      () => live(a.c, id).some((e) => e.type === 'dashboard/discardedDraftRestored'),
      'the restore reaching alice',
    );
    // Restoring over unsaved changes would drop them: refused; an unknown discard is a 404.
    expect((await kit.api('bob').post(`/api/v1/dashboard/${id}/versions/discarded/1/restore`, {})).status).toBe(409);
    expect((await kit.api('bob').post(`/api/v1/dashboard/${id}/versions/discarded/9/restore`, {})).status).toBe(404);
  });

  it('over the socket an owner discards everyone’s draft with DiscardDraft', async () => {
    const id = await kit.newDashboard('Socket discard');
    const a = await kit.editor('alice', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    expect(await kit.send(a.c, id, 'DiscardDraft', {})).toMatchObject({ result: 'committed' });
    expect(await ids(id)).toEqual([]);
  });

  it('a discard stored before issue 12 (no layout kept) is read: listed, not restorable', async () => {
    const id = await kit.newDashboard('Old discard');
    const a = await kit.editor('alice', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-old'));
    const old = { version: 1, by: String(kit.ids.alice), at: '2026-01-01T00:00:00.000Z' };
    await kit.store().append(`dashboard-draft:${id}`, [{ type: 'dashboard/draftDiscarded', data: old }], {
      expectedVersion: 'any',
      meta: { actor: String(kit.ids.alice) },
    });
    const list = await kit.api('alice').get(`/api/v1/dashboard/${id}/versions`);
    expect(list.body.discarded).toEqual([
      expect.objectContaining({
        discard: 1,
        restorable: false,
        discarded_by: { id: kit.ids.alice, username: 'alice' },
      }),
    ]);
    expect(await ids(id)).toEqual([]);
    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/versions/discarded/1/restore`, {})).status).toBe(404);
  });
});
