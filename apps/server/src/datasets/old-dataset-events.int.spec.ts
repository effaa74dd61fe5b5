/**
 * Datasets edited before the intent events (issue 11 "old logs still load"): a `dataset/datasetUpdated
 * {changes}` stored as today's main wrote it (whole column and metric lists) is read as the intent
 * events (libs/domain datasets/upcasters.ts), so a rebuilt `datasets` read model shows that save, and
 * later saves decide against it at the stream's true version.
 */
import { COUNT_STAR, datasetStream, type DatasetColumn } from '@strata/domain';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';

describe('a dataset saved as dataset/datasetUpdated {changes} (real PostgreSQL)', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let alice: ApiClient;
  let dbId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['stocks']);
    t = await createChartTestApp();
    alice = await userClient(t, ['Alpha']);
    dbId = await registerExamples(t, fixture);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('reads the old save after a rebuild, decides later saves against it, and the live rows equal a rebuild', async () => {
    const made = await alice.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'stocks' });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    const original = made.body.result.columns as DatasetColumn[];
    // The old save: the list reversed, the first column labelled, the last one dropped, a calculated one added.
    const [first, ...rest] = original;
    const columns: DatasetColumn[] = [
      { ...first!, verbose_name: 'First' },
      ...rest.slice(0, -1).reverse(),
      { ...first!, column_name: 'doubled', expression: 'price * 2', is_dttm: false },
    ];
    const metrics = [{ ...COUNT_STAR, metric_name: 'rows', d3format: ',d' }];
    const store = t.app.get(EventStore);
    await store.append(
      datasetStream(id),
      [{ type: 'dataset/datasetUpdated', data: { changes: { columns, metrics, description: 'Prices' } } }],
      { expectedVersion: 1, meta: { actor: String(alice.userId) } },
    );
    await store.rebuild('datasets');
    const read = (await alice.get(`/api/v1/dataset/${id}`)).body.result;
    expect(read.columns).toEqual(columns);
    expect(read.metrics).toEqual(metrics);
    expect(read.description).toBe('Prices');
    expect(read.column_formats).toEqual({ rows: ',d' });

    // A patch names a column by name and keeps what it leaves out: the old save's label included.
    const saved = await alice.put(`/api/v1/dataset/${id}`, {
      columns: columns.map((c) =>
        c.column_name === 'doubled' ? { ...c, verbose_name: 'Doubled' } : { column_name: c.column_name },
      ),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result.columns).toEqual(
      columns.map((c) => (c.column_name === 'doubled' ? { ...c, verbose_name: 'Doubled' } : c)),
    );
    const events = await store.readStream(datasetStream(id));
    expect(events.at(-1)).toMatchObject({
      type: 'dataset/datasetColumnEdited',
      version: 3,
      data: { column: { column_name: 'doubled', verbose_name: 'Doubled' } },
    });

    const ds = t.app.get(DataSource);
    const live = await ds.query('SELECT * FROM datasets ORDER BY id');
    await store.rebuild('datasets');
    expect(await ds.query('SELECT * FROM datasets ORDER BY id')).toEqual(live);
  });
});
