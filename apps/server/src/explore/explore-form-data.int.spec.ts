/**
 * Explore's form data cache over real HTTP on a real PostgreSQL (REFERENCE §2.4): each store is a
 * DecideFormData command decided on `explore_form_data:<key>`; its creator alone updates it (403
 * MISSING_OWNERSHIP_ERROR for anyone else, nothing written); the read model equals a rebuild from the log.
 */
import { exploreFormDataStream } from '@strata/domain';
import { DataSource } from 'typeorm';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ApiTokens } from '../auth/tokens/api-tokens.service';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import { ExploreModule } from './explore.module';

describe('/api/v1/explore/form_data (real HTTP, real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let carsId: number;
  let admin: ApiClient;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([ExploreModule]);
    admin = await userClient(t, ['Admin']);
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it("a new chart's form starts with the dataset's default time grain; a form with its own grain keeps it", async () => {
    const open = async (query: string) => {
      const res = await alice.get(`/api/v1/explore/?${query}`);
      expect(res.status).toBe(200);
      return res.body.result.form_data as Record<string, unknown>;
    };
    expect((await open(`datasource_id=${carsId}&datasource_type=table`)).time_grain_sqla).toBeUndefined();
    expect((await admin.put(`/api/v1/dataset/${carsId}`, { default_time_grain: 'P1M' })).status).toBe(200);
    expect(await open(`datasource_id=${carsId}&datasource_type=table`)).toMatchObject({ time_grain_sqla: 'P1M' });
    const link = await alice.post('/api/v1/explore/permalink', {
      formData: { datasource: `${carsId}__table`, time_grain_sqla: 'P1D' },
    });
    expect(await open(`permalink_key=${link.body.key}`)).toMatchObject({ time_grain_sqla: 'P1D' });
    expect((await admin.put(`/api/v1/dataset/${carsId}`, { default_time_grain: null })).status).toBe(200);
  });

  it('stores, reads and updates form data; only its creator may update it', async () => {
    const formData = JSON.stringify({ viz_type: 'table', datasource: `${carsId}__table` });
    const created = await alice.post('/api/v1/explore/form_data', {
      datasource_id: carsId,
      datasource_type: 'table',
      form_data: formData,
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect((await bob.get(`/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: formData });

    const refused = await bob.put(`/api/v1/explore/form_data/${key}`, { form_data: '{"viz_type":"pie"}' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      error_type: 'MISSING_OWNERSHIP_ERROR',
      message: 'This form data belongs to another user.',
    });

    const updated = await alice.put(`/api/v1/explore/form_data/${key}`, { form_data: '{"viz_type":"pie"}' });
    expect(updated.status).toBe(200);
    expect(updated.body).toEqual({ key });
    expect((await alice.get(`/api/v1/explore/form_data/${key}`)).body).toEqual({ form_data: '{"viz_type":"pie"}' });

    const events = await t.app.get(EventStore).readStream(exploreFormDataStream(key));
    expect(events.map((e) => [e.type, e.meta.actor, e.meta.undoable])).toEqual([
      ['explore/formDataStored', String(alice.userId), false],
      ['explore/formDataStored', String(alice.userId), false],
    ]);
    expect(events[1]!.data).toEqual({
      key,
      state: { datasource_id: carsId, datasource_type: 'table', form_data: '{"viz_type":"pie"}', owner: alice.userId },
    });

    expect((await alice.put('/api/v1/explore/form_data/nope-nope-nope-nope', { form_data: '{}' })).status).toBe(404);
    expect((await alice.get('/api/v1/explore/form_data/nope-nope-nope-nope')).status).toBe(404);
  });

  it('answers absolute permalinks at the origin the request used; forwarded headers of an untrusted sender are ignored', async () => {
    const link = await alice.post('/api/v1/explore/permalink', { formData: { datasource: `${carsId}__table` } });
    expect(link.body.url).toBe(`${t.url}/explore/p/${link.body.key}/`);
    const forged = await fetch(`${t.url}/api/v1/explore/permalink`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await t.app.get(ApiTokens).accessToken(alice.userId)}`,
        'content-type': 'application/json',
        'x-forwarded-host': 'evil.example.com',
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ formData: { datasource: `${carsId}__table` } }),
    });
    const body = (await forged.json()) as { key: string; url: string };
    expect(body.url).toBe(`${t.url}/explore/p/${body.key}/`);
  });

  it("a key's form data is read only by whoever may read its dataset", async () => {
    const created = await alice.post('/api/v1/explore/form_data', {
      datasource_id: carsId,
      form_data: JSON.stringify({ viz_type: 'pie' }),
    });
    const gamma = await userClient(t, ['Gamma']);
    const got = await gamma.get(`/api/v1/explore/form_data/${created.body.key}`);
    expect([403, 404]).toContain(got.status);
    expect(JSON.stringify(got.body)).not.toContain('pie');
    expect((await gamma.put(`/api/v1/explore/form_data/${created.body.key}`, { form_data: '{}' })).status).toBe(403);
  });

  it('the form data and permalinks in key_value equal a rebuild from the log', async () => {
    const link = await alice.post('/api/v1/explore/permalink', { formData: { datasource: `${carsId}__table` } });
    expect(link.status).toBe(201);
    const ds = t.app.get(DataSource);
    const read = () =>
      ds.query(
        `SELECT resource, key, value, expires_on FROM key_value WHERE resource IN ('explore_form_data', 'explore_permalink') ORDER BY resource, key`,
      );
    const live = await read();
    expect(live.length).toBeGreaterThanOrEqual(2);
    const store = t.app.get(EventStore);
    for (const name of ['explore_form_data', 'explore_permalink']) await store.rebuild(name);
    expect(await read()).toEqual(live);
  });
});
