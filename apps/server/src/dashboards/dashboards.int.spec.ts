/**
 * Dashboards over real HTTP on a real PostgreSQL (issue 5, charts-dashboards-reports §5-§7): the save body's rules, 409 for a
 * stale `version`, publish, favourites, the filtered list, colors, permalinks, delete, permissions
 * (403 / 404), bad input as 400 (never 500), and read models equal to a rebuild from the log.
 */
import { createRequire } from 'node:module';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DashboardsModule } from './dashboards.module';

// rison ships no types; only `encode` is used.
const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));

let t: AuthTestApp;
let admin: ApiClient;
let alice: ApiClient;
let bob: ApiClient;
let noDashboards: ApiClient;

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DashboardsModule] });
  admin = await userClient(t, ['Admin']);
  alice = await userClient(t, ['Alpha']);
  bob = await userClient(t, ['Alpha']);
  noDashboards = await userClient(t, ['sql_lab']);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function newDashboard(title: string, owner = alice): Promise<number> {
  const res = await owner.post('/api/v1/dashboard/', { dashboard_title: title });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('PUT /api/v1/dashboard/{id}', () => {
  it("applies the spec's save-body rules: untitled title, empty slug null, certification only with a certifier, refresh_frequency 0", async () => {
    const id = await newDashboard('Rules');
    const res = await alice.put(`/api/v1/dashboard/${id}`, {
      dashboard_title: '   ',
      slug: '  ',
      css: '',
      certification_details: 'orphan details',
      json_metadata: '{}',
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      dashboard_title: '[ untitled dashboard ]',
      slug: null,
      certified_by: null,
      certification_details: null,
    });
    expect(JSON.parse(res.body.result.json_metadata)).toEqual({ refresh_frequency: 0 });

    const certified = await alice.put(`/api/v1/dashboard/${id}`, {
      dashboard_title: ' Sales ',
      slug: ' my sales board! ',
      css: '.x{}',
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      json_metadata: { refresh_frequency: 300, color_scheme: 'supersetColors' },
    });
    expect(certified.status).toBe(200);
    expect(certified.body.result).toMatchObject({
      dashboard_title: 'Sales',
      slug: 'my-sales-board',
      css: '.x{}',
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
    });
    expect(JSON.parse(certified.body.result.json_metadata)).toEqual({
      refresh_frequency: 300,
      color_scheme: 'supersetColors',
    });
    expect((await alice.get('/api/v1/dashboard/my-sales-board')).body.result.id).toBe(id);

    // The slug is unique among dashboards.
    const other = await newDashboard('Other');
    const taken = await alice.put(`/api/v1/dashboard/${other}`, { dashboard_title: 'Other', slug: 'my-sales-board' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors[0].message).toBe('Must be unique: slug');
    // Racing saves for one new slug: one wins, the other is the same 422, never a 500.
    const racers = [await newDashboard('Racer 1'), await newDashboard('Racer 2'), await newDashboard('Racer 3')];
    const raced = await Promise.all(
      racers.map((r) => alice.put(`/api/v1/dashboard/${r}`, { dashboard_title: 'Racer', slug: 'contested' })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 422, 422]);
  });

  it('changes only the fields it is sent: the rest of the dashboard stays as it was', async () => {
    const id = await newDashboard('Partial');
    const full = {
      dashboard_title: 'Quarterly sales',
      slug: 'quarterly-sales',
      css: '.header { color: red; }',
      certified_by: 'Data team',
      certification_details: 'Checked weekly',
      json_metadata: { refresh_frequency: 300, color_scheme: 'supersetColors' },
    };
    expect((await alice.put(`/api/v1/dashboard/${id}`, full)).status).toBe(200);
    const fields = async () => {
      const r = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
      return {
        dashboard_title: r.dashboard_title,
        slug: r.slug,
        css: r.css,
        certified_by: r.certified_by,
        certification_details: r.certification_details,
        json_metadata: JSON.parse(r.json_metadata),
        owners: r.owners.map((o: { id: number }) => o.id).sort(),
      };
    };
    let expected = { ...(await fields()) };
    expect(expected).toMatchObject({ ...full, owners: [alice.userId] });
    for (const [body, change] of [
      [{ owners: [alice.userId, bob.userId] }, { owners: [alice.userId, bob.userId].sort() }],
      [{ css: '' }, { css: '' }],
      [{ dashboard_title: 'Renamed' }, { dashboard_title: 'Renamed' }],
      [{ slug: ' new slug ' }, { slug: 'new-slug' }],
      [{ certification_details: 'Checked daily' }, { certification_details: 'Checked daily' }],
      [{ json_metadata: { refresh_frequency: 60 } }, { json_metadata: { refresh_frequency: 60 } }],
      [{ certified_by: '' }, { certified_by: null, certification_details: null }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const res = await alice.put(`/api/v1/dashboard/${id}`, body);
      expect([res.status, body]).toEqual([200, body]);
      expected = { ...expected, ...change };
      expect([await fields(), body]).toEqual([expected, body]);
    }
  });

  it('adds a native filter without touching the ones already there (PUT .../filters with only `added`)', async () => {
    const id = await newDashboard('Filters');
    const filter = (fid: string) => ({
      id: fid,
      type: 'NATIVE_FILTER',
      name: fid,
      filterType: 'filter_time',
      targets: [{}],
      controlValues: {},
      defaultDataMask: {},
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    });
    expect((await alice.put(`/api/v1/dashboard/${id}/filters`, { added: [filter('NATIVE_FILTER-a')] })).status).toBe(
      200,
    );
    expect((await alice.put(`/api/v1/dashboard/${id}/filters`, { added: [filter('NATIVE_FILTER-b')] })).status).toBe(
      200,
    );
    const metadata = JSON.parse((await alice.get(`/api/v1/dashboard/${id}`)).body.result.json_metadata);
    expect(metadata.native_filter_configuration.map((f: { id: string }) => f.id)).toEqual([
      'NATIVE_FILTER-a',
      'NATIVE_FILTER-b',
    ]);
  });

  it('refuses a stale version with 409 and never overwrites the newer save', async () => {
    const id = await newDashboard('Concurrent');
    const seen = (await alice.get(`/api/v1/dashboard/${id}`)).body.result.version as number;
    const first = await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'First writer', version: seen });
    expect(first.status).toBe(200);
    expect(first.body.version).toBeGreaterThan(seen);

    const stale = await admin.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Second writer', version: seen });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].error_type).toBe('GENERIC_COMMAND_ERROR');
    expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result.dashboard_title).toBe('First writer');

    // With the version it read, the second writer succeeds.
    const fresh = await admin.put(`/api/v1/dashboard/${id}`, {
      dashboard_title: 'Second writer',
      version: first.body.version,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.result.dashboard_title).toBe('Second writer');
    // A stale version also guards publish and metadata-only bodies.
    expect((await alice.put(`/api/v1/dashboard/${id}`, { published: true, version: seen })).status).toBe(409);
  });

  it('publishes with {published}; a draft is seen by its owners and admins only', async () => {
    const id = await newDashboard('Publish me');
    expect((await bob.get(`/api/v1/dashboard/${id}`)).status).toBe(404);
    const published = await alice.put(`/api/v1/dashboard/${id}`, { published: true });
    expect(published.status).toBe(200);
    expect(published.body.result).toMatchObject({ published: true, dashboard_title: 'Publish me' });
    expect((await bob.get(`/api/v1/dashboard/${id}`)).status).toBe(200);
    expect((await admin.put(`/api/v1/dashboard/${id}`, { published: false })).status).toBe(200);
    expect((await bob.get(`/api/v1/dashboard/${id}`)).status).toBe(404);
  });

  it('merges a metadata-only body into json_metadata and answers result.json_metadata and last_modified_time', async () => {
    const id = await newDashboard('Metadata');
    await alice.put(`/api/v1/dashboard/${id}`, {
      dashboard_title: 'Metadata',
      json_metadata: { color_scheme: 'bnbColors' },
    });
    const res = await alice.put(`/api/v1/dashboard/${id}`, {
      json_metadata: { cross_filters_enabled: false, filter_bar_orientation: 'HORIZONTAL' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.result.json_metadata)).toEqual({
      color_scheme: 'bnbColors',
      refresh_frequency: 0,
      cross_filters_enabled: false,
      filter_bar_orientation: 'HORIZONTAL',
    });
    expect(res.body.last_modified_time).toEqual(expect.any(Number));
    // The title stays: a metadata-only body is not a full save.
    expect((await alice.get(`/api/v1/dashboard/${id}`)).body.result.dashboard_title).toBe('Metadata');
  });

  it('editing needs can_write on Dashboard and ownership or admin', async () => {
    const id = await newDashboard('Guarded');
    await alice.put(`/api/v1/dashboard/${id}`, { published: true });
    const denied = await bob.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Bob was here' });
    expect(denied.status).toBe(403);
    expect(denied.body.errors[0]).toMatchObject({
      error_type: 'DASHBOARD_SECURITY_ACCESS_ERROR',
      message: 'You do not have permission to edit this dashboard',
    });
    expect((await noDashboards.put(`/api/v1/dashboard/${id}`, { published: false })).status).toBe(403);
    expect((await bob.delete(`/api/v1/dashboard/${id}`)).status).toBe(403);
    expect((await bob.put(`/api/v1/dashboard/${id}/colors`, { color_scheme: 'x' })).status).toBe(403);
    // Owners can hand the dashboard on; the new owner may then edit it.
    expect(
      (await alice.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Guarded', owners: [alice.userId, bob.userId] }))
        .status,
    ).toBe(200);
    expect((await bob.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Shared' })).status).toBe(200);
    expect((await admin.put(`/api/v1/dashboard/${id}`, { dashboard_title: 'Admin too' })).status).toBe(200);
  });

  it('answers bad input with 4xx in the error shape, never 500', async () => {
    const id = await newDashboard('Bad input');
    const bodies: unknown[] = [
      { dashboard_title: 5 },
      { json_metadata: '{not json' },
      { json_metadata: { refresh_frequency: -1 } },
      { json_metadata: { misspelt_key: true } },
      { dashboard_title: 'x', unknown_field: 1 },
      { position_json: '{}' },
      { published: 'yes' },
      { dashboard_title: 'x', version: 'one' },
      { dashboard_title: 'x', slug: '12345' },
      { dashboard_title: 'x', owners: [999999] },
    ];
    for (const body of bodies) {
      const res = await alice.put(`/api/v1/dashboard/${id}`, body);
      expect([res.status, body]).toEqual([expect.any(Number), body]);
      expect(res.status === 400 || res.status === 422).toBe(true);
      expect(res.body.errors[0].error_type).toEqual(expect.any(String));
    }
    expect(
      (await alice.post('/api/v1/dashboard/', { dashboard_title: 'x', json_metadata: { misspelt_key: 1 } })).status,
    ).toBe(400);
    expect((await alice.put('/api/v1/dashboard/abc', { published: true })).status).toBe(400);
    expect((await alice.put('/api/v1/dashboard/999999', { published: true })).status).toBe(404);
    expect((await alice.delete('/api/v1/dashboard/999999')).status).toBe(404);
    expect((await alice.get(`/api/v1/dashboard/favorite_status/?q=${q(['x'])}`)).status).toBe(400);
    expect((await alice.put(`/api/v1/dashboard/${id}/colors?mark_updated=maybe`, {})).status).toBe(400);
    expect((await alice.put(`/api/v1/dashboard/${id}/colors`, { label_colors: 'red' })).status).toBe(400);
    expect((await alice.post(`/api/v1/dashboard/${id}/permalink`, { anchor: 5 })).status).toBe(400);
    expect((await alice.get('/api/v1/dashboard/permalink/short')).status).toBe(400);
    expect((await alice.get(`/api/v1/dashboard/permalink/${'a'.repeat(32)}`)).status).toBe(404);
    expect((await alice.get(`/api/v1/dashboard/?q=${q({ page_size: 1000 })}`)).status).toBe(400);
  });
});

describe('hostile bodies on every dashboard writer', () => {
  const wrong: unknown[] = [];
  const expect4xx = (res: { status: number; body: { errors?: { error_type?: string }[] } }, what: unknown) => {
    if (!(res.status >= 400 && res.status < 500) || typeof res.body.errors?.[0]?.error_type !== 'string')
      wrong.push([res.status, what]);
  };
  const hostile: unknown[] = [
    [],
    [1, 2],
    'text',
    42,
    { owners: 'x' },
    { owners: [1.5] },
    { owners: [-1] },
    { roles: {} },
    { css: {} },
    { certified_by: [] },
    { dashboard_title: 'x'.repeat(501) },
    { slug: 'x'.repeat(300) },
    { json_metadata: 5 },
    { json_metadata: '[]' },
    { json_metadata: { chart_configuration: 'x' } },
    { json_metadata: { chart_configuration: { '1': 5 } } },
    { json_metadata: { cross_filters_enabled: 'yes' } },
    { json_metadata: { native_filter_configuration: [{}] } },
    { json_metadata: { native_filter_configuration: 'x' } },
    { json_metadata: { positions: 5 } },
    { json_metadata: { timed_refresh_immune_slices: ['a'] } },
    { json_metadata: { expanded_slices: [] } },
    { published: 1 },
    { version: 0 },
    { version: 1e20 },
    { constructor: { prototype: 1 } },
  ];

  it('PUT and POST answer 4xx in the error shape, never 500, and change nothing', async () => {
    const id = await newDashboard('Hostile');
    const before = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    for (const body of hostile) {
      expect4xx(await alice.put(`/api/v1/dashboard/${id}`, body), ['PUT', body]);
      if (!(typeof body === 'object' && body !== null && 'version' in body))
        expect4xx(await alice.post('/api/v1/dashboard/', body), ['POST', body]);
    }
    for (const raw of ['{not json', 'null', '"x"', '[{"dashboard_title": "x"}]']) {
      expect4xx(await alice.request('PUT', `/api/v1/dashboard/${id}`, raw, 'application/json'), ['PUT raw', raw]);
      expect4xx(await alice.request('POST', '/api/v1/dashboard/', raw, 'application/json'), ['POST raw', raw]);
    }
    for (const body of [
      { json_metadata: 5 },
      { json_metadata: {}, duplicate_slices: 'yes' },
      { json_metadata: {}, dashboard_title: 5 },
      { json_metadata: {}, css: [] },
      [],
      'x',
    ]) {
      expect4xx(await alice.post(`/api/v1/dashboard/${id}/copy/`, body), ['copy', body]);
    }
    for (const body of [
      { added: 'x' },
      { added: [{}] },
      { modified: [null] },
      { deleted: [5] },
      { reordered: {} },
      { version: 'x' },
      [],
    ]) {
      expect4xx(await alice.put(`/api/v1/dashboard/${id}/filters`, body), ['filters', body]);
    }
    for (const body of [{ label_colors: { a: 5 } }, { color_scheme: [] }, { shared_label_colors: 'x' }, []]) {
      expect4xx(await alice.put(`/api/v1/dashboard/${id}/colors`, body), ['colors', body]);
    }
    for (const body of [{ dataMask: 'x' }, { activeTabs: 'x' }, { urlParams: 'x' }, []]) {
      expect4xx(await alice.post(`/api/v1/dashboard/${id}/permalink`, body), ['permalink', body]);
    }
    expect(wrong).toEqual([]);
    const after = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    expect(after).toEqual(before);
  });
});

describe('favourites, list, colors, permalinks, delete', () => {
  it('stars and unstars; favorite_status and the list filter agree', async () => {
    const starred = await newDashboard('Starred');
    const plain = await newDashboard('Plain');
    expect((await alice.post(`/api/v1/dashboard/${starred}/favorites/`)).status).toBe(200);
    expect((await alice.post(`/api/v1/dashboard/${starred}/favorites/`)).status).toBe(200); // idempotent
    const status = await alice.get(`/api/v1/dashboard/favorite_status/?q=${q([starred, plain])}`);
    expect(status.body.result).toEqual([
      { id: starred, value: true },
      { id: plain, value: false },
    ]);
    const favs = await alice.get(
      `/api/v1/dashboard/?q=${q({ filters: [{ col: 'id', opr: 'dashboard_is_favorite', value: true }] })}`,
    );
    expect(favs.body.ids).toEqual([starred]);
    // bob cannot star alice's draft: he cannot see it.
    expect((await bob.post(`/api/v1/dashboard/${starred}/favorites/`)).status).toBe(404);
    expect((await alice.delete(`/api/v1/dashboard/${starred}/favorites/`)).status).toBe(200);
    expect((await alice.get(`/api/v1/dashboard/favorite_status/?q=${q([starred])}`)).body.result).toEqual([
      { id: starred, value: false },
    ]);
  });

  it('filters the list on title, owners and published, orders and pages it', async () => {
    const owner = await userClient(t, ['Alpha']);
    const ids = [];
    for (const title of ['Zeta report', 'Alpha report', 'Mid report']) ids.push(await newDashboard(title, owner));
    await owner.put(`/api/v1/dashboard/${ids[1]}`, { published: true });
    const mine = { col: 'owners', opr: 'rel_m_m', value: owner.userId };
    const byTitle = await owner.get(
      `/api/v1/dashboard/?q=${q({ filters: [mine, { col: 'dashboard_title', opr: 'ct', value: 'report' }], order_column: 'dashboard_title', order_direction: 'asc' })}`,
    );
    expect(byTitle.body.result.map((d: { dashboard_title: string }) => d.dashboard_title)).toEqual([
      'Alpha report',
      'Mid report',
      'Zeta report',
    ]);
    const page = await owner.get(
      `/api/v1/dashboard/?q=${q({ filters: [mine], order_column: 'dashboard_title', order_direction: 'desc', page: 1, page_size: 2 })}`,
    );
    expect(page.body).toMatchObject({ count: 3, ids: [ids[1]] });
    const published = await owner.get(
      `/api/v1/dashboard/?q=${q({ filters: [mine, { col: 'published', opr: 'eq', value: true }] })}`,
    );
    expect(published.body.ids).toEqual([ids[1]]);
    // Others see the published one only.
    const seenByBob = await bob.get(`/api/v1/dashboard/?q=${q({ filters: [mine] })}`);
    expect(seenByBob.body.ids).toEqual([ids[1]]);
  });

  it('colors: merges the colour fields; mark_updated=false keeps changed_on', async () => {
    const id = await newDashboard('Colours');
    const before = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    const synced = await alice.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      color_scheme: 'bnbColors',
      label_colors: { boys: '#0000ff' },
      shared_label_colors: ['boys'],
    });
    expect(synced.status).toBe(200);
    expect(JSON.parse(synced.body.result.json_metadata)).toMatchObject({
      color_scheme: 'bnbColors',
      label_colors: { boys: '#0000ff' },
      shared_label_colors: ['boys'],
    });
    const after = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    expect(after.changed_on).toBe(before.changed_on);
    // A sync is no edit: the version an editor holds stays valid.
    expect(after.version).toBe(before.version);
    await alice.put(`/api/v1/dashboard/${id}/colors`, { color_namespace: 'ns' });
    const edited = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    expect(edited.changed_on).not.toBe(before.changed_on);
    // Only the colour field sent changed.
    expect(JSON.parse(edited.json_metadata)).toMatchObject({
      color_namespace: 'ns',
      color_scheme: 'bnbColors',
      label_colors: { boys: '#0000ff' },
      shared_label_colors: ['boys'],
    });
  });

  it('colors: a sync while someone edits neither makes their version stale nor undoes their change', async () => {
    const id = await newDashboard('Colours and filters');
    const { version } = (await alice.get(`/api/v1/dashboard/${id}`)).body.result;
    // An editor's page and a viewer-owner's colour push interleave.
    await alice.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      map_label_colors: { USA: '#1FA8C9' },
      shared_label_colors: ['USA'],
    });
    const saved = await alice.put(`/api/v1/dashboard/${id}`, {
      json_metadata: { cross_filters_enabled: false },
      version,
    });
    expect(saved.status).toBe(200);
    await alice.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      map_label_colors: { USA: '#1FA8C9', Japan: '#454E7C' },
    });
    const metadata = JSON.parse((await alice.get(`/api/v1/dashboard/${id}`)).body.result.json_metadata);
    expect(metadata).toMatchObject({
      cross_filters_enabled: false,
      map_label_colors: { USA: '#1FA8C9', Japan: '#454E7C' },
      shared_label_colors: ['USA'],
    });
    // Pushing what is stored already appends nothing.
    const store = t.app.get(EventStore);
    const stream = `dashboard-colors:${id}`;
    const events = (await store.readStream(stream)).length;
    await alice.put(`/api/v1/dashboard/${id}/colors?mark_updated=false`, {
      map_label_colors: { USA: '#1FA8C9', Japan: '#454E7C' },
    });
    expect(await store.readStream(stream)).toHaveLength(events);
  });

  it('permalinks keep dataMask, activeTabs, anchor and urlParams, for those who may see the dashboard', async () => {
    const id = await newDashboard('Linked');
    const state = {
      dataMask: {
        'NATIVE_FILTER-abc': {
          extraFormData: { filters: [{ col: 'origin', op: 'IN', val: ['USA'] }] },
          filterState: { value: ['USA'] },
        },
      },
      activeTabs: ['TAB-1'],
      anchor: 'CHART-xyz',
      urlParams: [['standalone', '1']],
    };
    const created = await alice.post(`/api/v1/dashboard/${id}/permalink`, state);
    expect(created.status).toBe(201);
    expect(created.body.url).toBe(`${t.url}/superset/dashboard/p/${created.body.key}/`); // absolute (issue 16)
    const read = await alice.get(`/api/v1/dashboard/permalink/${created.body.key}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ dashboardId: String(id), state });
    expect((await bob.get(`/api/v1/dashboard/permalink/${created.body.key}`)).status).toBe(404); // a draft of alice's
    expect((await bob.post(`/api/v1/dashboard/${id}/permalink`, state)).status).toBe(404);
  });

  it('deletes: the dashboard is gone for everyone; read models equal a rebuild from the log', async () => {
    const id = await newDashboard('Doomed');
    expect((await alice.delete(`/api/v1/dashboard/${id}`)).status).toBe(200);
    expect((await alice.get(`/api/v1/dashboard/${id}`)).status).toBe(404);
    expect((await admin.put(`/api/v1/dashboard/${id}`, { published: true })).status).toBe(404);
    expect((await alice.delete(`/api/v1/dashboard/${id}`)).status).toBe(404);

    // Bulk delete is all or nothing: one dashboard alice may not edit keeps all of them.
    const mine = [await newDashboard('Bulk 1'), await newDashboard('Bulk 2')];
    const bobs = await newDashboard('Bob keeps', bob);
    expect((await alice.delete(`/api/v1/dashboard/?q=${q([...mine, bobs])}`)).status).toBe(403);
    expect((await alice.get(`/api/v1/dashboard/${mine[0]}`)).status).toBe(200);
    const bulk = await alice.delete(`/api/v1/dashboard/?q=${q(mine)}`);
    expect(bulk.status).toBe(200);
    expect(bulk.body.message).toBe('Deleted 2 dashboards');
    for (const gone of mine) expect((await alice.get(`/api/v1/dashboard/${gone}`)).status).toBe(404);
    expect((await alice.delete(`/api/v1/dashboard/?q=${q([])}`)).status).toBe(400);

    const ds = t.app.get(DataSource);
    const snapshot = async () => [
      await ds.query('SELECT * FROM dashboards ORDER BY id'),
      await ds.query('SELECT * FROM dashboard_slices ORDER BY 1, 2'),
      await ds.query('SELECT dashboard_id, user_id FROM dashboard_favorites ORDER BY 1, 2'),
      await ds.query(`SELECT key, value FROM key_value WHERE resource = 'dashboard_permalink' ORDER BY key`),
    ];
    const live = await snapshot();
    expect(live[0].length).toBeGreaterThan(5);
    const store = t.app.get(EventStore);
    for (const name of ['dashboards', 'dashboard_favorites', 'dashboard_permalink']) await store.rebuild(name);
    expect(await snapshot()).toEqual(live);
  });
});
