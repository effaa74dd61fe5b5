/**
 * A dashboard's history and its state "as it was" (real HTTP and sockets, real PostgreSQL): layout edits
 * of two editors in the shared draft, one undone, then a save. The history lists the intents of every
 * stream of the dashboard newest first; `?as_of=` answers the saved dashboard of then in GET's shape.
 */
import { GRID_ID } from '@strata/domain';
import { DataSource } from 'typeorm';
import { DraftTestKit, markdown, divider } from '../dashboard-drafts/testing/draft-test-kit';
import { ObjectHistoryModule } from './object-history.module';

interface IntentRow {
  batch_id: string;
  position: number;
  actor: { id: number; username: string };
  event_types: string[];
  events: { stream: string; type: string }[];
  undone: boolean;
}

let kit: DraftTestKit;
beforeAll(async () => {
  kit = await DraftTestKit.start([ObjectHistoryModule]);
}, 120_000);
afterEach(() => kit.closeSockets());
afterAll(async () => {
  await kit?.close();
});

const layoutOf = (result: { position_json: string }) =>
  JSON.parse(result.position_json) as Record<string, { children?: string[] }>;

it('lists draft edits, the undo and the save newest first, and answers the dashboard as it was', async () => {
  const id = await kit.newDashboard('History board');
  const a = await kit.editor('alice', id);
  const b = await kit.editor('bob', id);
  expect(await kit.send(a.c, id, 'CreateComponent', markdown('MARKDOWN-a'))).toMatchObject({ result: 'committed' });
  expect(await kit.send(b.c, id, 'CreateComponent', divider('DIVIDER-b'))).toMatchObject({ result: 'committed' });
  expect(await kit.send(a.c, id, 'Undo', {})).toMatchObject({ result: 'committed' });
  const beforeSave = await kit.api('alice').get(`/api/v1/dashboard/${id}`);
  expect((await kit.api('bob').post(`/api/v1/dashboard/${id}/draft/save`, {})).status).toBe(200);
  const afterSave = await kit.api('alice').get(`/api/v1/dashboard/${id}`);
  expect(layoutOf(afterSave.body.result)[GRID_ID].children).toEqual(['DIVIDER-b']);

  const history = await kit.api('alice').get(`/api/v1/dashboard/${id}/history`);
  expect(history.status).toBe(200);
  const rows = history.body.result as IntentRow[];
  expect(history.body.count).toBe(rows.length);
  const positions = rows.map((r) => r.position);
  expect([...positions].sort((x, y) => y - x)).toEqual(positions);
  const of = (type: string) => rows.find((r) => r.event_types.includes(type))!;
  const created = of('dashboard/dashboardCreated');
  const saved = of('dashboard/draftSaved');
  const undo = of('history/undone');
  const markdownRow = rows.find(
    (r) => r.actor.id === kit.ids.alice && r.event_types.includes('dashboard/componentCreated'),
  )!;
  const dividerRow = rows.find(
    (r) => r.actor.id === kit.ids.bob && r.event_types.includes('dashboard/componentCreated'),
  )!;
  const published = of('dashboard/layoutPublished');
  expect(rows[rows.length - 1]).toBe(created);
  // The save is two batches: the draft's `draftSaved`, then the layout it publishes on `dashboard:<id>`.
  expect(rows.slice(0, 2)).toEqual([published, saved]);
  expect(published.events.map((e) => e.stream)).toEqual([`dashboard:${id}`]);
  expect(saved.actor).toEqual({ id: kit.ids.bob, username: 'bob' });
  expect(published.actor).toEqual({ id: kit.ids.bob, username: 'bob' });
  expect(undo.actor).toEqual({ id: kit.ids.alice, username: 'alice' });
  expect(markdownRow.undone).toBe(true);
  expect(dividerRow.undone).toBe(false);
  expect(positions.indexOf(markdownRow.position)).toBeGreaterThan(positions.indexOf(dividerRow.position));
  expect(markdownRow.events.every((e) => e.stream === `dashboard-draft:${id}`)).toBe(true);

  // Just before the save: the saved dashboard of then (no divider yet), as GET answered it then.
  const then = await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=${undo.position}`);
  expect(then.status).toBe(200);
  expect(Object.keys(then.body.result).sort()).toEqual(Object.keys(beforeSave.body.result).sort());
  expect(then.body).toEqual(beforeSave.body);
  const now = await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=${published.position}`);
  expect(now.body).toEqual(afterSave.body);

  const bad = await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=last-tuesday`);
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0]).toMatchObject({ error_type: 'INVALID_PAYLOAD_FORMAT_ERROR' });
  expect((await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=${created.position - 1}`)).status).toBe(404);

  // carol may read dashboards but not this unpublished one; dora may not read dashboards at all.
  expect((await kit.api('carol').get(`/api/v1/dashboard/${id}/history`)).status).toBe(404);
  expect((await kit.api('carol').get(`/api/v1/dashboard/${id}?as_of=${saved.position}`)).status).toBe(404);
  expect((await kit.api('dora').get(`/api/v1/dashboard/${id}/history`)).status).toBe(403);
  expect((await kit.api('dora').get(`/api/v1/dashboard/${id}?as_of=${saved.position}`)).status).toBe(403);
});

it('a colour sync that commits late, below the checkpoints of an earlier read, is in the next as_of', async () => {
  const id = await kit.newDashboard('Late colours');
  const dataSource = kit.server.app.get(DataSource);
  const late = dataSource.createQueryRunner();
  await late.startTransaction();
  try {
    // PROBLEM: a late commit needs a transaction held open across other appends; the store's own append
    // would lock the dashboard's row through its projection. SOLUTION: the row a colour sync appends,
    // inserted by hand in an open transaction (its position is taken now, below what follows).
    await late.query(
      `INSERT INTO events (id, stream, version, type, data, meta) VALUES (gen_random_uuid(), $1, 1, 'dashboard/colorsSynced', $2, $3)`,
      [
        `dashboard-colors:${id}`,
        JSON.stringify({ colors: { label_colors: { Europe: '#123456' } }, markUpdated: false }),
        JSON.stringify({ actor: String(kit.ids.alice), at: new Date().toISOString(), batchId: 'late-colours' }),
      ],
    );
    for (let batch = 0; batch < 6; batch++) {
      const noise = Array.from({ length: 100 }, () => ({ type: 'test/noOp', data: {} }));
      await kit.store().append(`dashboard:${id}`, noise, { expectedVersion: 'any', meta: { actor: 'system' } });
    }
    const last = (await kit.store().readStream(`dashboard:${id}`)).at(-1)!.position!;
    const before = await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=${last}`);
    expect(JSON.parse(before.body.result.json_metadata as string).label_colors).toBeUndefined();
    await late.commitTransaction();
    const after = await kit.api('alice').get(`/api/v1/dashboard/${id}?as_of=${last}`);
    expect(JSON.parse(after.body.result.json_metadata as string).label_colors).toEqual({ Europe: '#123456' });
  } finally {
    if (late.isTransactionActive) await late.rollbackTransaction();
    await late.release();
  }
});
