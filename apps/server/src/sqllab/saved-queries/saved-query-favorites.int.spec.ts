/**
 * Starring saved queries (issue 15 item 6: the home page's favourites), Superset's favourites routes:
 * `POST` / `DELETE /api/v1/saved_query/{id}/favorites/`, `GET /api/v1/saved_query/favorite_status/?q=!(ids)`
 * and the list's `saved_query_is_fav` filter. Real HTTP, real PostgreSQL.
 */
import { EventStore } from '../../event-store/event-store.port';
import type { AuthTestApp } from '../../testing/auth-test-app';
import type { ApiClient } from '../bootstrap/rest-testing';
import { startSavedQueriesApp } from './testing/saved-queries-test-app';

let t: AuthTestApp;
let ana: ApiClient;
let bob: ApiClient;
let admin: ApiClient;
let gamma: ApiClient;
let dbId: number;

beforeAll(async () => {
  ({ t, ana, bob, admin, gamma, dbId } = await startSavedQueriesApp('favourites-db'));
});
afterAll(() => t.close());

async function save(client: ApiClient, label: string): Promise<number> {
  const created = await client.post('/api/v1/saved_query/', { label, db_id: dbId, sql: 'SELECT 1' });
  expect(created.status).toBe(201);
  return created.body.id as number;
}
const status = async (client: ApiClient, ids: number[]) => {
  const res = await client.get(`/api/v1/saved_query/favorite_status/?q=!(${ids.join(',')})`);
  expect(res.status).toBe(200);
  return res.body.result as { id: number; value: boolean }[];
};
const starredLabels = async (client: ApiClient) => {
  const res = await client.get(
    `/api/v1/saved_query/?q=${encodeURIComponent('(filters:!((col:id,opr:saved_query_is_fav,value:!t)))')}`,
  );
  expect(res.status).toBe(200);
  return (res.body.result as { label: string }[]).map((r) => r.label);
};

describe('saved query favourites (real HTTP, real PostgreSQL)', () => {
  it('stars and unstars a saved query: the status, the favourites filter and the events on its stream', async () => {
    const delays = await save(ana, 'Delays');
    const routes = await save(ana, 'Routes');
    const before = (await ana.get(`/api/v1/saved_query/${delays}`)).body.result;

    const star = await ana.post(`/api/v1/saved_query/${delays}/favorites/`);
    expect(star.status).toBe(200);
    expect(star.body).toEqual({ result: 'OK' });
    // Starring twice is one star.
    expect((await ana.post(`/api/v1/saved_query/${delays}/favorites/`)).status).toBe(200);
    expect(await status(ana, [delays, routes])).toEqual([
      { id: delays, value: true },
      { id: routes, value: false },
    ]);
    expect(await starredLabels(ana)).toEqual(['Delays']);
    // A star is no edit: the saved query's last change stays as it was.
    expect((await ana.get(`/api/v1/saved_query/${delays}`)).body.result).toEqual(before);

    expect((await ana.delete(`/api/v1/saved_query/${delays}/favorites/`)).status).toBe(200);
    expect(await status(ana, [delays])).toEqual([{ id: delays, value: false }]);
    expect(await starredLabels(ana)).toEqual([]);

    const events = await t.app.get(EventStore).readStream(`saved_query:${delays}`);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['sqllab/savedQueryCreated', expect.anything()],
      ['sqllab/savedQueryFavorited', { userId: ana.userId }],
      ['sqllab/savedQueryUnfavorited', { userId: ana.userId }],
    ]);
    expect(events[1].meta.actor).toBe(String(ana.userId));
  });

  it("each user's stars are their own: an admin stars anyone's query, the owner's status stays", async () => {
    const id = await save(ana, 'Shared idea');
    expect((await admin.post(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(200);
    expect(await status(admin, [id])).toEqual([{ id, value: true }]);
    expect(await status(ana, [id])).toEqual([{ id, value: false }]);
    expect(await starredLabels(admin)).toContain('Shared idea');
    expect(await starredLabels(ana)).not.toContain('Shared idea');
  });

  it("refuses another user's query (404, as its GET), an unknown id, no SQL Lab (403) and bad input (400)", async () => {
    const id = await save(ana, 'Private');
    const others = await bob.post(`/api/v1/saved_query/${id}/favorites/`);
    expect(others.status).toBe(404);
    expect(others.body.errors[0]).toMatchObject({ message: 'Not found' });
    expect((await bob.delete(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(404);
    expect((await ana.post(`/api/v1/saved_query/999999/favorites/`)).status).toBe(404);
    expect((await ana.post(`/api/v1/saved_query/abc/favorites/`)).status).toBe(404);
    expect((await gamma.post(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(403);
    expect((await gamma.get(`/api/v1/saved_query/favorite_status/?q=!(${id})`)).status).toBe(403);
    const bad = await ana.get(`/api/v1/saved_query/favorite_status/?q=!(abc)`);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    const idText = await ana.get(
      `/api/v1/saved_query/?q=${encodeURIComponent('(filters:!((col:id,opr:ct,value:x)))')}`,
    );
    expect(idText.status).toBe(400);
    expect(idText.body.errors[0].error_type).toBe('INVALID_PAYLOAD_SCHEMA_ERROR');
    // Nothing was recorded by the refusals.
    const events = await t.app.get(EventStore).readStream(`saved_query:${id}`);
    expect(events.map((e) => e.type)).toEqual(['sqllab/savedQueryCreated']);
  });

  it("a deleted saved query leaves its starrers' favourites", async () => {
    const id = await save(ana, 'Soon gone');
    await ana.post(`/api/v1/saved_query/${id}/favorites/`);
    await admin.post(`/api/v1/saved_query/${id}/favorites/`);
    expect((await ana.delete(`/api/v1/saved_query/${id}`)).status).toBe(200);
    expect(await status(ana, [id])).toEqual([{ id, value: false }]);
    expect(await starredLabels(admin)).not.toContain('Soon gone');
    expect((await ana.post(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(404);
  });
});
