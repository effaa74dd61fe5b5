/**
 * Charts saved before the intent events (issue 11 "old logs still load"): a `chart/chartUpdated
 * {changes}` stored as today's main wrote it is read as the intent events (libs/domain
 * charts/upcasters.ts), so a rebuilt `charts` read model shows that save, and later saves decide
 * against it at the stream's true version.
 */
import { chartStream } from '@strata/domain';
import { DataSource } from 'typeorm';
import { DashboardsModule } from '../dashboards/dashboards.module';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ChartsModule } from './charts.module';

describe('a chart saved as chart/chartUpdated {changes} (real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alice: ApiClient;
  let bob: ApiClient;
  let carsId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars']);
    t = await createChartTestApp([DashboardsModule, ChartsModule]);
    const admin = await userClient(t, ['Admin']);
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    const dbId = await registerExamples(t, fixture);
    carsId = (await admin.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('reads the old save after a rebuild, decides later saves against it, and the live rows equal a rebuild', async () => {
    const created = await alice.post('/api/v1/chart/', {
      slice_name: 'Cars by origin',
      viz_type: 'table',
      datasource_id: carsId,
      datasource_type: 'table',
      params: '{"viz_type":"table"}',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const store = t.app.get(EventStore);
    // The shape the chart decider appended before the intent events.
    await store.append(
      chartStream(id),
      [
        {
          type: 'chart/chartUpdated',
          data: {
            changes: {
              slice_name: 'Cars by region',
              params: '{"viz_type":"pie"}',
              viz_type: 'pie',
              owners: [alice.userId, bob.userId],
              certified_by: 'Data team',
              certification_details: 'Checked',
            },
          },
        },
      ],
      { expectedVersion: 1, meta: { actor: String(alice.userId) } },
    );
    await store.rebuild('charts');
    const read = (await bob.get(`/api/v1/chart/${id}`)).body.result;
    expect(read).toMatchObject({
      slice_name: 'Cars by region',
      viz_type: 'pie',
      params: '{"viz_type":"pie"}',
      owners: [{ id: alice.userId }, { id: bob.userId }],
      certified_by: 'Data team',
      certification_details: 'Checked',
    });

    // Bob is an owner only through the old save; the new save decides on the stream at version 2.
    const saved = await bob.put(`/api/v1/chart/${id}`, { slice_name: 'Cars by region', certified_by: null });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ slice_name: 'Cars by region', certified_by: null });
    const events = await store.readStream(chartStream(id));
    expect(events.map((e) => [e.type, e.version])).toEqual([
      ['chart/chartCreated', 1],
      ['chart/chartRenamed', 2],
      ['chart/vizTypeChanged', 2],
      ['chart/chartParamsChanged', 2],
      ['chart/chartOwnersChanged', 2],
      ['chart/chartCertified', 2],
      ['chart/certificationDetailsChanged', 2],
      ['chart/chartCertificationRemoved', 3],
    ]);

    const ds = t.app.get(DataSource);
    const live = await ds.query('SELECT * FROM charts ORDER BY id');
    await store.rebuild('charts');
    expect(await ds.query('SELECT * FROM charts ORDER BY id')).toEqual(live);
  });
});
