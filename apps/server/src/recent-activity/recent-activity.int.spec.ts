/**
 * `GET /api/v1/log/recent_activity/` over real HTTP and a real PostgreSQL (issue 15 item 6): bob edits a
 * chart, creates a dashboard and views both; the answer lists his own views, edits and creations newest
 * first, never the admin's; only an admin may ask for someone else's.
 */
import { ChartsModule } from '../charts/charts.module';
import { encodeRison } from '../common/rison';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { createChartAs, signInBobAndAdmin, type Who } from '../testing/bob-and-admin';
import type { RecentItem } from './recent-activity';
import { RecentActivityModule } from './recent-activity.module';
import { insertDatabase, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { SavedQueriesModule } from '../sqllab/saved-queries/saved-queries.module';

let t: AuthTestApp;
let bobId: number;
let adminId: number;
let chartId: number;
let bobBoard: number;
let adminBoard: number;
let clients: Record<Who, ApiClient>;

const api = (who: Who) => clients[who];
const recent = (who: 'admin' | 'bob', q: unknown = {}) =>
  api(who).get(`/api/v1/log/recent_activity/?q=${encodeURIComponent(encodeRison(q))}`);
const items = async (who: 'admin' | 'bob', q: unknown = {}) => {
  const res = await recent(who, q);
  expect(res.status).toBe(200);
  return res.body.result as RecentItem[];
};
const view = (who: 'admin' | 'bob', param: string) =>
  api(who).post(`/strata/log/?explode=events&${param}`, {
    events: [{ event_name: 'mount_dashboard', ts: Date.now(), event_type: 'user', version: 'v2' }],
  });

beforeAll(async () => {
  t = await createAuthTestApp({
    extraModules: [DashboardsModule, ChartsModule, RecentActivityModule, SavedQueriesModule],
  });
  ({ bobId, adminId, clients } = await signInBobAndAdmin(t));

  chartId = await createChartAs(t, bobId, 'Cars by origin');
  // In this order: bob renames his chart, creates a board, views the chart, then the board; the admin
  // makes and views a board of their own in between.
  expect((await api('bob').put(`/api/v1/chart/${chartId}`, { slice_name: 'Revenue by origin' })).status).toBe(200);
  const created = await api('bob').post('/api/v1/dashboard/', { dashboard_title: 'Sales board' });
  expect(created.status).toBe(201);
  bobBoard = created.body.id as number;
  const admins = await api('admin').post('/api/v1/dashboard/', { dashboard_title: 'Admin board' });
  expect(admins.status).toBe(201);
  adminBoard = admins.body.id as number;
  expect((await view('admin', `dashboard_id=${adminBoard}`)).status).toBe(200);
  expect((await view('bob', `slice_id=${chartId}`)).status).toBe(200);
  expect((await view('bob', `dashboard_id=${bobBoard}`)).status).toBe(200);
  expect((await view('bob', `dashboard_id=${bobBoard}`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('GET /api/v1/log/recent_activity/ (real HTTP, real PostgreSQL)', () => {
  it("lists bob's own views, creations and edits, newest first, each object once per action", async () => {
    const got = await items('bob');
    expect(got.map((i) => [i.action, i.item_type, i.item_id, i.item_title])).toEqual([
      ['viewed', 'dashboard', bobBoard, 'Sales board'],
      ['viewed', 'chart', chartId, 'Revenue by origin'],
      ['created', 'dashboard', bobBoard, 'Sales board'],
      ['edited', 'chart', chartId, 'Revenue by origin'],
      ['created', 'chart', chartId, 'Revenue by origin'],
    ]);
    expect(got[0].item_url).toBe(`/superset/dashboard/${bobBoard}/`);
    expect(got[1].item_url).toBe(`/explore/?slice_id=${chartId}`);
    const times = got.map((i) => Date.parse(i.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('without distinct, every view is an item', async () => {
    const got = await items('bob', { distinct: false });
    expect(got.filter((i) => i.action === 'viewed' && i.item_type === 'dashboard')).toHaveLength(2);
  });

  it("never shows another user's activity: bob naming the admin is a 403, the admin reads their own", async () => {
    const refused = await recent('bob', { actor: adminId });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].error_type).toBe('USER_ACTIVITY_SECURITY_ACCESS_ERROR');
    const own = await items('admin');
    expect(own.map((i) => [i.action, i.item_type, i.item_id])).toEqual([
      ['viewed', 'dashboard', adminBoard],
      ['created', 'dashboard', adminBoard],
    ]);
  });

  it("an admin may ask for bob's, by his id", async () => {
    const got = await items('admin', { actor: bobId });
    expect(got[0]).toMatchObject({ action: 'viewed', item_type: 'dashboard', item_id: bobBoard });
    expect(got.some((i) => i.item_type === 'dashboard' && i.item_id === adminBoard)).toBe(false);
  });

  it('a deleted dashboard leaves the list (its link would 404); the others keep their current names', async () => {
    const made = await api('bob').post('/api/v1/dashboard/', { dashboard_title: 'Short-lived' });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await view('bob', `dashboard_id=${id}`)).status).toBe(200);
    expect((await items('bob')).some((i) => i.item_type === 'dashboard' && i.item_id === id)).toBe(true);
    expect((await api('bob').delete(`/api/v1/dashboard/${id}`)).status).toBe(200);
    const after = await items('bob');
    expect(after.some((i) => i.item_type === 'dashboard' && i.item_id === id)).toBe(false);
    expect(after.some((i) => i.item_type === 'dashboard' && i.item_id === bobBoard)).toBe(true);
  });

  it('page_size caps the answer; an unknown key is a 400', async () => {
    expect(await items('bob', { page_size: 2 })).toHaveLength(2);
    expect((await recent('bob', { colour: 'red' })).status).toBe(400);
  });

  it('a saved query starred and unstarred is still only created: a star is no edit (issue 15 item 6)', async () => {
    const dbId = await insertDatabase(t, { name: 'recent-db', uri: 'postgresql://reader@127.0.0.1:5432/test' });
    const saved = await api('admin').post('/api/v1/saved_query/', {
      label: 'Top routes',
      db_id: dbId,
      sql: 'SELECT 1',
    });
    expect(saved.status).toBe(201);
    const id = saved.body.id as number;
    expect((await api('admin').post(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(200);
    expect((await api('admin').delete(`/api/v1/saved_query/${id}/favorites/`)).status).toBe(200);
    const mine = (await items('admin')).filter((i) => i.item_type === 'saved_query');
    expect(mine.map((i) => [i.action, i.item_id, i.item_title])).toEqual([['created', id, 'Top routes']]);
  });
});
