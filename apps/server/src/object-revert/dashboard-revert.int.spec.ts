/**
 * Reverting one past layout edit of a dashboard's shared draft over real HTTP and sockets on a real
 * PostgreSQL (issue 13 item 2): the revert takes that edit back and keeps the others' later edits;
 * refused, naming who, when someone built on it since; no write right, no revert.
 */
import type { Envelope } from '@strata/events';
import {
  DraftTestKit,
  eventually,
  live,
  markdown,
  streamOf,
  type Who,
} from '../dashboard-drafts/testing/draft-test-kit';
import { bearerToken, HttpClient, TEST_ADMIN, type HttpResult } from '../testing/auth-test-app';
import { ObjectRevertModule } from './object-revert.module';

describe('POST /api/v1/dashboard/{id}/history/{batchId}/revert (real HTTP, sockets, PostgreSQL)', () => {
  let kit: DraftTestKit;
  let asAdmin: (path: string) => Promise<HttpResult>;

  beforeAll(async () => {
    kit = await DraftTestKit.start([ObjectRevertModule]);
    const token = await bearerToken(kit.server.url, TEST_ADMIN.username, TEST_ADMIN.password);
    const http = new HttpClient(kit.server.url);
    asAdmin = (path) => http.post(path, {}, { authorization: `Bearer ${token}` });
  }, 300_000);

  afterAll(async () => {
    await kit?.close();
  });

  /** The batch of `who`'s latest `type` event on the draft. */
  async function batchOf(dashboardId: number, type: string, who: Who): Promise<string> {
    const events: Envelope[] = await kit.store().readStream(streamOf(dashboardId));
    const found = events.filter((e) => e.type === type && e.meta.actor === String(kit.ids[who])).at(-1);
    if (!found) throw new Error(`no ${type} of ${who}`);
    return found.meta.batchId;
  }

  it("reverting alice's resize restores the width and keeps bob's later text", async () => {
    const id = await kit.newDashboard('Revert a resize');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    await kit.send(b.c, id, 'CreateComponent', markdown('MARKDOWN-bob'));
    const width = (await kit.draftOf(id)).layout['MARKDOWN-alice']!.meta.width;
    expect(await kit.send(a.c, id, 'ResizeComponent', { id: 'MARKDOWN-alice', width: 2 })).toMatchObject({
      result: 'committed',
    });
    await kit.send(b.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-bob', code: 'bob typed this' });
    const resize = await batchOf(id, 'dashboard/componentResized', 'alice');

    const reverted = await asAdmin(`/api/v1/dashboard/${id}/history/${resize}/revert`);
    expect(reverted.status).toBe(200);
    expect(reverted.body.result.reverted_batch_id).toBe(resize);
    const draft = await kit.draftOf(id);
    expect(draft.layout['MARKDOWN-alice']!.meta.width).toBe(width);
    expect(draft.layout['MARKDOWN-bob']!.meta.code).toBe('bob typed this');
    // The editors see it live, like any edit.
    await eventually(
      () => live(b.c, id).some((e) => e.type === 'dashboard/layoutChangeReverted'),
      "bob's socket to get the revert",
    );
    kit.closeSockets();
  });

  it("reverting alice's markdown after bob typed in it is refused, naming bob; carol without rights gets 403", async () => {
    const id = await kit.newDashboard('Revert refused');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-alice'));
    await kit.send(b.c, id, 'UpdateMarkdown', { id: 'MARKDOWN-alice', code: 'bob typed this' });
    const added = await batchOf(id, 'dashboard/componentCreated', 'alice');

    const refused = await asAdmin(`/api/v1/dashboard/${id}/history/${added}/revert`);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe(
      "'Adding of a markdown' cannot be reverted: bob changed it since; reverting it would remove their work.",
    );
    expect((await kit.draftOf(id)).layout['MARKDOWN-alice']!.meta.code).toBe('bob typed this');
    expect((await kit.api('carol').post(`/api/v1/dashboard/${id}/history/${added}/revert`, {})).status).toBe(403);
    kit.closeSockets();
  });

  it('a change of the saved dashboard (its creation, a save) is refused with the way back: restore a version', async () => {
    const id = await kit.newDashboard('Saved changes');
    const events: Envelope[] = await kit.store().readStream(`dashboard:${id}`);
    const created = events[0]!.meta.batchId;
    const refused = await asAdmin(`/api/v1/dashboard/${id}/history/${created}/revert`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/only layout edits made since the last save can/);
    expect((await asAdmin(`/api/v1/dashboard/${id}/history/no-such-batch/revert`)).status).toBe(404);
  });
});
