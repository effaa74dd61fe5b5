/**
 * What the dashboard writers record on `dashboard:<id>` (issue 11 "One vocabulary"), over real HTTP on a
 * real PostgreSQL: a save is one event per property it changes, in one batch; publish and unpublish are
 * intents of their own; the metadata-only body and the filters endpoint set only their keys; a permalink
 * is a command decided on its own stream. The read models equal a rebuild from the log.
 */
import { dashboardPermalinkStream, dashboardStream } from '@strata/domain';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

let t: AuthTestApp;
let alice: ApiClient;

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DashboardsModule] });
  alice = await userClient(t, ['Alpha']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The events each write appended: [type, data] per event, one list per batch. */
async function batchesAfter(id: number, version: number) {
  const events = (await t.app.get(EventStore).readStream(dashboardStream(id))).filter((e) => e.version > version);
  const batches = new Map<string, [string, unknown][]>();
  for (const e of events) batches.set(e.meta.batchId, [...(batches.get(e.meta.batchId) ?? []), [e.type, e.data]]);
  return [...batches.values()];
}

it('a save records one event per property it changes, in one batch, and nothing when nothing changes', async () => {
  const created = await alice.post('/api/v1/dashboard/', { dashboard_title: 'Sales' });
  const id = created.body.id as number;
  const before = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
  const saved = await alice.put(`/api/v1/dashboard/${id}`, {
    dashboard_title: 'Revenue',
    slug: 'revenue',
    css: '.a {}',
    json_metadata: { color_scheme: 'bnbColors', refresh_frequency: 60 },
  });
  expect(saved.status).toBe(200);
  expect(await batchesAfter(id, before.version)).toEqual([
    [
      ['dashboard/dashboardRenamed', { dashboard_title: 'Revenue' }],
      ['dashboard/slugChanged', { slug: 'revenue' }],
      ['dashboard/cssEdited', { css: '.a {}' }],
      ['dashboard/colorSchemeChanged', { color_scheme: 'bnbColors' }],
      ['dashboard/refreshFrequencySaved', { refresh_frequency: 60 }],
    ],
  ]);
  const after = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
  expect(after).toMatchObject({ dashboard_title: 'Revenue', slug: 'revenue', css: '.a {}' });
  expect(JSON.parse(after.json_metadata)).toEqual({ color_scheme: 'bnbColors', refresh_frequency: 60 });

  const again = await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Revenue', css: '.a {}' });
  expect(again.status).toBe(200);
  expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result.version).toBe(after.version);
});

it('publish, unpublish, the metadata-only body and the filters endpoint record their own intents', async () => {
  const id = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Ops' })).body.id as number;
  const start = (await alice.get(`/api/v1/dashboard/${id}`)).body.result.version as number;
  expect((await alice.put(`/api/v1/dashboard/${id}`, { published: true })).status).toBe(200);
  expect((await alice.put(`/api/v1/dashboard/${id}`, { published: false })).status).toBe(200);
  const settings = await alice.put(`/api/v1/dashboard/${id}`, {
    json_metadata: { cross_filters_enabled: false, filter_bar_orientation: 'HORIZONTAL' },
  });
  expect(settings.status).toBe(200);
  const filters = await alice.put(`/api/v1/dashboard/${id}/filters`, {
    added: [],
    modified: [],
    deleted: [],
    reordered: [],
  });
  expect(filters.status).toBe(200);
  const batches = await batchesAfter(id, start);
  expect(batches.map((b) => b.map(([type]) => type))).toEqual([
    ['dashboard/dashboardPublished'],
    ['dashboard/dashboardUnpublished'],
    ['dashboard/filterBarOrientationChanged', 'dashboard/crossFiltersDisabled'],
    ['dashboard/nativeFiltersConfigured'],
  ]);
  expect(batches[2]![0]![1]).toEqual({ filter_bar_orientation: 'HORIZONTAL' });
  const result = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
  expect(result.published).toBe(false);
  expect(JSON.parse(result.json_metadata)).toEqual({
    cross_filters_enabled: false,
    filter_bar_orientation: 'HORIZONTAL',
    native_filter_configuration: [],
  });
});

it('a permalink is decided on its own stream; the read models equal a rebuild from the log', async () => {
  const id = (await alice.post('/api/v1/dashboard/', { dashboard_title: 'Links' })).body.id as number;
  const link = await alice.post(`/api/v1/dashboard/${id}/permalink`, { dataMask: {}, activeTabs: [] });
  expect(link.status).toBe(201);
  const events = await t.app.get(EventStore).readStream(dashboardPermalinkStream(link.body.key));
  expect(events.map((e) => [e.type, e.meta.actor, e.meta.undoable])).toEqual([
    ['dashboard/permalinkCreated', String(alice.userId), false],
  ]);

  const ds = t.app.get(DataSource);
  const snapshot = async () => [
    await ds.query('SELECT * FROM dashboards ORDER BY id'),
    await ds.query(`SELECT key, value FROM key_value WHERE resource = 'dashboard_permalink' ORDER BY key`),
  ];
  const live = await snapshot();
  const store = t.app.get(EventStore);
  for (const name of ['dashboards', 'dashboard_permalink']) await store.rebuild(name);
  expect(await snapshot()).toEqual(live);
});
