/**
 * The edit session over REST (issue 5, server): save publishes the draft as the next version, the
 * history says who changed what, restore makes a new version, stale versions conflict, bad input is a
 * 4xx in the spec's error shape. Real HTTP and sockets on a real PostgreSQL.
 */
import { DashboardMessages, GRID_ID } from '@strata/domain';
import { DataSource } from 'typeorm';
import { divider, DraftTestKit, eventually, live, markdown } from './testing/draft-test-kit';

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start();
}, 60_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

describe('versions', () => {
  it('save publishes the draft as the next version; the history says who changed what; restore makes a new version', async () => {
    const id = await kit.newDashboard('Versioned');
    const a = await kit.editor('alice', id);
    const b = await kit.editor('bob', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-a'));
    await kit.send(b.c, id, 'CreateComponent', divider('DIVIDER-b'));
    await kit.send(a.c, id, 'ResizeComponent', { id: 'MARKDOWN-a', width: 8 });

    const saved = await kit.api('bob').post(`/api/v1/dashboard/${id}/draft/save`, { expected_version: 1 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      version: 2,
      result: {
        version: 2,
        saved_by: { id: kit.ids.bob, username: 'bob' },
        summary: 'alice: added 1 markdown, resized 1 markdown; bob: added 1 divider',
      },
    });
    // The save reaches the editors live, and the dashboard serves the new layout at once.
    await eventually(() => live(a.c, id).some((e) => e.type === 'dashboard/draftSaved'), 'the save reaching alice');
    const dashboard = await kit.api('carol').get(`/api/v1/dashboard/${id}`);
    expect(dashboard.status).toBe(404); // not published, not carol's
    const mine = await kit.api('alice').get(`/api/v1/dashboard/${id}`);
    const layout = JSON.parse(mine.body.result.position_json as string);
    expect(layout[GRID_ID].children).toEqual(['ROW-MARKDOWN-a', 'DIVIDER-b']);
    expect(layout['MARKDOWN-a'].meta.width).toBe(8);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');

    // A save clears the undo history: alice's edits are in version 2 now.
    expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'rejected', reason: 'invalid' });

    // An API writer who saw version 1 gets a conflict, never a silent overwrite.
    await kit.send(a.c, id, 'DeleteComponent', { id: 'DIVIDER-b' });
    const stale = await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/save`, { expectedVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: expect.stringContaining('version 1'),
      errors: [{ error_type: 'GENERIC_COMMAND_ERROR' }],
    });

    const list = await kit.api('alice').get(`/api/v1/dashboard/${id}/versions`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, current_version: 2 });
    expect(list.body.result.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.body.result[0].authors.map((u: { username: string }) => u.username)).toEqual(['alice', 'bob']);
    expect(list.body.result[0].changes).toEqual([
      {
        user: { id: kit.ids.alice, username: 'alice' },
        kind: 'dashboard/componentCreated',
        component_id: 'MARKDOWN-a',
        component_type: 'MARKDOWN',
      },
      {
        user: { id: kit.ids.bob, username: 'bob' },
        kind: 'dashboard/componentCreated',
        component_id: 'DIVIDER-b',
        component_type: 'DIVIDER',
      },
      {
        user: { id: kit.ids.alice, username: 'alice' },
        kind: 'dashboard/componentResized',
        component_id: 'MARKDOWN-a',
        component_type: 'MARKDOWN',
      },
    ]);

    const one = await kit.api('alice').get(`/api/v1/dashboard/${id}/versions/1`);
    expect(one.status).toBe(200);
    expect(one.body.result.position_json[GRID_ID].children).toEqual([]);

    // Restoring version 1 is version 3; the unsaved delete goes with it.
    const restored = await kit.api('bob').post(`/api/v1/dashboard/${id}/versions/1/restore`, { expected_version: 2 });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      version: 3,
      result: { version: 3, restored_from: 1, saved_by: { username: 'bob' } },
    });
    const after = await kit.api('alice').get(`/api/v1/dashboard/${id}`);
    expect(JSON.parse(after.body.result.position_json as string)[GRID_ID].children).toEqual([]);
    expect(
      (await kit.api('alice').get(`/api/v1/dashboard/${id}/versions`)).body.result.map(
        (v: { version: number }) => v.version,
      ),
    ).toEqual([3, 2, 1]);
    expect(
      (await kit.api('alice').post(`/api/v1/dashboard/${id}/versions/2/restore`, { expected_version: 2 })).status,
    ).toBe(409);
  });

  it("an owner's discard of everyone's changes returns everyone to the last saved version", async () => {
    const id = await kit.newDashboard('Discarded');
    const a = await kit.editor('alice', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-tmp'));
    const draft = await kit.api('bob').get(`/api/v1/dashboard/${id}/draft`);
    expect(draft.body.result).toMatchObject({ version: 1, stream_version: 2, has_unsaved_changes: true });
    expect(draft.body.result.position_json['MARKDOWN-tmp']).toMatchObject({ type: 'MARKDOWN' });
    expect((await kit.api('carol').get(`/api/v1/dashboard/${id}/draft`)).status).toBe(403);
    const res = await kit.api('bob').post(`/api/v1/dashboard/${id}/draft/discard`, { scope: 'all' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ version: 1, has_unsaved_changes: false });
    expect(res.body.result.position_json[GRID_ID].children).toEqual([]);
    await eventually(
      () => live(a.c, id).some((e) => e.type === 'dashboard/draftDiscarded'),
      'the discard reaching alice',
    );
    expect((await kit.draftOf(id)).layout['MARKDOWN-tmp']).toBeUndefined();
    // Nothing was saved: the dashboard still has its first layout and only one version.
    expect((await kit.api('alice').get(`/api/v1/dashboard/${id}/versions`)).body.count).toBe(1);
  });

  it('the saved layouts rebuild from the log to the live read model', async () => {
    const id = await kit.newDashboard('Rebuilt');
    const a = await kit.editor('alice', id);
    await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-kept'));
    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/save`, {})).status).toBe(200);
    const liveLayout = (await kit.api('alice').get(`/api/v1/dashboard/${id}`)).body.result.position_json as string;
    expect(JSON.parse(liveLayout)['MARKDOWN-kept']).toBeDefined();

    // Saved layouts are facts of the dashboard stream (`dashboard/layoutPublished`): its projection alone rebuilds them.
    const events = await kit.store().readStream(`dashboard:${id}`);
    expect(events.map((e) => e.type)).toEqual(['dashboard/dashboardCreated', 'dashboard/layoutPublished']);
    await kit.server.app.get(DataSource).query(`UPDATE dashboards SET position_json = '{}'::jsonb WHERE id = $1`, [id]);
    await kit.store().rebuild('dashboards');
    expect(
      JSON.parse((await kit.api('alice').get(`/api/v1/dashboard/${id}`)).body.result.position_json as string),
    ).toEqual(JSON.parse(liveLayout));
  });

  it('bad input over HTTP is a 4xx in the error shape, never a 500', async () => {
    const id = await kit.newDashboard('Bad input');
    const wrongBody = await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/save`, { expected_version: 'one' });
    expect(wrongBody.status).toBe(400);
    expect(wrongBody.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    expect((await kit.api('alice').post(`/api/v1/dashboard/abc/draft/save`, {})).status).toBe(400);
    expect((await kit.api('alice').post(`/api/v1/dashboard/999999/draft/save`, {})).status).toBe(404);
    const nothing = await kit.api('alice').post(`/api/v1/dashboard/${id}/draft/save`, {});
    expect(nothing.status).toBe(422);
    expect(nothing.body.errors[0].message).toBe(DashboardMessages.NOTHING_TO_SAVE);
    expect((await kit.api('alice').get(`/api/v1/dashboard/${id}/versions/7`)).status).toBe(404);
    expect((await kit.api('alice').post(`/api/v1/dashboard/${id}/versions/7/restore`, {})).status).toBe(404);
  });
});
