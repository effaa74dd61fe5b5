/**
 * Datasets as Explore completes them, over real HTTP: list (rison), edit (columns with certification
 * and warning fields, metrics with formats, main temporal column), sync columns from the table, delete,
 * the datasource metadata Explore opens, and the example tables registered as datasets through events.
 */
import { createRequire } from 'node:module';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { ExamplesService } from '../examples/examples.service';
import { userClient, type ApiClient } from '../sqllab/bootstrap/rest-testing';
import type { AuthTestApp } from '../testing/auth-test-app';
import {
  createChartTestApp,
  loadExampleTables,
  registerExamples,
  type ExamplesFixture,
} from '../chart-data/testing/chart-test-app';
import { ExampleDatasets } from './example-datasets';
import { DatasetsService } from './datasets.service';

const rison = createRequire(__filename)('rison') as { encode(value: unknown): string };
const q = (value: unknown) => encodeURIComponent(rison.encode(value));

describe('dataset editing, listing, syncing and metadata', () => {
  let fixture: ExamplesFixture;
  let t: AuthTestApp;
  let admin: ApiClient;
  let alice: ApiClient;
  let bob: ApiClient;
  let dbId: number;

  beforeAll(async () => {
    fixture = await loadExampleTables(['cars', 'stocks']);
    t = await createChartTestApp();
    admin = await userClient(t, ['Admin']);
    alice = await userClient(t, ['Alpha']);
    bob = await userClient(t, ['Alpha']);
    dbId = await registerExamples(t, fixture);
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await fixture?.close();
  });

  it('edits columns, metrics and formats; owners only; the metadata endpoint shows them', async () => {
    const id = (await alice.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'cars' })).body.id;
    const original = (await alice.get(`/api/v1/dataset/${id}`)).body.result;
    const columns = original.columns.map((c: Record<string, unknown>) =>
      c.column_name === 'horsepower'
        ? {
            ...c,
            verbose_name: 'Horse power',
            certified_by: 'Data team',
            certification_details: 'Checked',
            warning_markdown: 'Nulls for some cars',
          }
        : c,
    );
    const metrics = [
      ...original.metrics,
      {
        metric_name: 'avg_hp',
        verbose_name: 'Average HP',
        expression: 'AVG(horsepower)',
        d3format: ',.1f',
        currency: { symbol: 'USD', symbolPosition: 'prefix' },
      },
    ];
    const updated = await alice.put(`/api/v1/dataset/${id}`, {
      columns: [
        ...columns,
        {
          column_name: 'power_to_weight',
          expression: 'horsepower::float / weight_in_lbs',
          type: 'FLOAT',
          type_generic: 0,
        },
      ],
      metrics,
      description: 'Cars of the 70s',
    });
    expect(updated.status).toBe(200);
    expect((await bob.put(`/api/v1/dataset/${id}`, { description: 'not mine' })).status).toBe(403);
    expect(
      (
        await alice.put(`/api/v1/dataset/${id}`, {
          metrics: [{ metric_name: 'bad', expression: '1); DROP TABLE cars; --' }],
        })
      ).status,
    ).toBe(400);
    expect((await alice.put(`/api/v1/dataset/${id}`, { main_dttm_col: 'origin' })).status).toBe(422);
    expect((await alice.put(`/api/v1/dataset/${id}`, { bogus: 1 })).status).toBe(400);

    const meta = await bob.get(`/strata/fetch_datasource_metadata?datasourceKey=${id}__table`);
    expect(meta.status).toBe(200);
    expect(meta.body).toMatchObject({
      id,
      uid: `${id}__table`,
      description: 'Cars of the 70s',
      main_dttm_col: 'year',
      column_formats: { avg_hp: ',.1f' },
      currency_formats: { avg_hp: { symbol: 'USD', symbolPosition: 'prefix' } },
      verbose_map: expect.objectContaining({ horsepower: 'Horse power', avg_hp: 'Average HP', count: 'COUNT(*)' }),
    });
    expect(meta.body.columns.find((c: { column_name: string }) => c.column_name === 'horsepower')).toMatchObject({
      certified_by: 'Data team',
      warning_markdown: 'Nulls for some cars',
    });
    expect((await bob.get(`/superset/fetch_datasource_metadata?datasourceKey=${id}__table`)).status).toBe(200);
    for (const key of ['abc', `${id}`, `${id}__query`, '999999__table']) {
      const res = await bob.get(`/strata/fetch_datasource_metadata?datasourceKey=${key}`);
      expect([key, res.status]).toEqual([key, key.startsWith('999999') ? 404 : 400]);
    }

    // The calculated column and the saved metric work in chart data.
    const chart = await alice.post('/api/v1/chart/data', {
      datasource: { id, type: 'table' },
      queries: [
        {
          columns: ['origin'],
          metrics: [
            'avg_hp',
            {
              expressionType: 'SIMPLE',
              aggregate: 'MAX',
              column: { column_name: 'power_to_weight' },
              label: 'max ptw',
            },
          ],
          orderby: [['origin', true]],
        },
      ],
    });
    expect(chart.status).toBe(200);
    const expected = await fixture.query<{ origin: string; a: number; m: number }>(
      'SELECT origin, AVG(horsepower)::float AS a, MAX(horsepower::float / weight_in_lbs) AS m FROM cars GROUP BY origin ORDER BY origin',
    );
    expect(chart.body.result[0].data.map((r: Record<string, number>) => [r.origin, r.avg_hp, r['max ptw']])).toEqual(
      expected.map((e) => [e.origin, expect.closeTo(e.a, 9), expect.closeTo(e.m, 9)]),
    );
  });

  it('PUT changes only the fields it is sent, down to the fields of each column sent', async () => {
    const created = await alice.post('/api/v1/dataset/', {
      database: dbId,
      schema: 'public',
      table_name: 'stock_prices',
      sql: 'SELECT * FROM stocks',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect(
      (await alice.put(`/api/v1/dataset/${id}`, { description: 'Prices', external_url: 'https://example.com/stocks' }))
        .status,
    ).toBe(200);
    const fields = async () => {
      const r = (await alice.get(`/api/v1/dataset/${id}`)).body.result;
      return {
        table_name: r.table_name,
        sql: r.sql,
        description: r.description,
        external_url: r.external_url,
        main_dttm_col: r.main_dttm_col,
        columns: r.columns,
        metrics: r.metrics,
        owners: r.owners.map((o: { id: number }) => o.id).sort(),
      };
    };
    let expected = await fields();
    // Metrics as the API stores them: every field present.
    const full = (m: Record<string, unknown>) => ({
      verbose_name: null,
      metric_type: null,
      description: null,
      d3format: null,
      currency: null,
      certified_by: null,
      certification_details: null,
      warning_markdown: null,
      ...m,
    });
    const metrics = [
      ...(expected.metrics as Record<string, unknown>[]).map(full),
      full({ metric_name: 'rows', expression: 'COUNT(1)' }),
    ];
    for (const [body, change] of [
      [{ description: 'Daily prices' }, { description: 'Daily prices' }],
      [{ owners: [alice.userId, bob.userId] }, { owners: [alice.userId, bob.userId].sort() }],
      [{ external_url: null }, { external_url: null }],
      [{ metrics }, { metrics }],
    ] as [Record<string, unknown>, Record<string, unknown>][]) {
      const res = await alice.put(`/api/v1/dataset/${id}`, body);
      expect([res.status, body]).toEqual([200, body]);
      expected = { ...expected, ...change };
      expect([await fields(), body]).toEqual([expected, body]);
    }
    // A column sent with only a label keeps its type, temporal flag and the rest.
    const [first, ...others] = expected.columns as Record<string, unknown>[];
    const labelled = await alice.put(`/api/v1/dataset/${id}`, {
      columns: [{ column_name: first!.column_name, verbose_name: 'First' }, ...others],
    });
    expect(labelled.status).toBe(200);
    expect(await fields()).toEqual({ ...expected, columns: [{ ...first, verbose_name: 'First' }, ...others] });
  });

  it('syncs columns from the table, keeping user settings and calculated columns', async () => {
    const id = (await alice.post('/api/v1/dataset/', { database: dbId, schema: 'public', table_name: 'stocks' })).body
      .id;
    const ds = (await alice.get(`/api/v1/dataset/${id}`)).body.result;
    const columns = [
      ...ds.columns
        .filter((c: { column_name: string }) => c.column_name !== 'price')
        .map((c: Record<string, unknown>) => (c.column_name === 'symbol' ? { ...c, verbose_name: 'Ticker' } : c)),
      { column_name: 'gone', type: 'TEXT' },
      { column_name: 'price_x2', expression: 'price * 2' },
    ];
    expect((await alice.put(`/api/v1/dataset/${id}`, { columns })).status).toBe(200);
    const synced = await alice.put(`/api/v1/dataset/${id}/refresh`);
    expect(synced.status).toBe(200);
    const byName = Object.fromEntries(
      synced.body.result.columns.map((c: { column_name: string }) => [c.column_name, c]),
    );
    expect(Object.keys(byName).sort()).toEqual(['date', 'price', 'price_x2', 'symbol']);
    expect(byName.symbol.verbose_name).toBe('Ticker');
    expect(byName.price).toMatchObject({ type_generic: 0 });
    const events = await t.app.get(EventStore).readStream(`dataset:${id}`);
    expect(events.at(-1)).toMatchObject({
      type: 'dataset/columnsSynced',
      data: { added: ['price'], removed: ['gone'] },
    });
  });

  it('lists with rison filters and deletes (owners only); the read model equals a rebuild', async () => {
    const list = await bob.get(
      `/api/v1/dataset/?q=${q({ filters: [{ col: 'table_name', opr: 'ct', value: 'car' }], order_column: 'table_name', order_direction: 'asc' })}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.result.map((d: { table_name: string }) => d.table_name)).toEqual(['cars']);
    expect(list.body.count).toBe(1);
    const gamma = await userClient(t, ['Gamma']);
    expect((await gamma.get(`/api/v1/dataset/?q=${q({})}`)).body.count).toBe(0);
    const id = list.body.ids[0];
    expect((await bob.delete(`/api/v1/dataset/${id}`)).status).toBe(403);

    const rows = () => t.app.get(DataSource).query('SELECT * FROM datasets ORDER BY id');
    const live = await rows();
    await t.app.get(EventStore).rebuild('datasets');
    expect(await rows()).toEqual(live);

    expect((await alice.delete(`/api/v1/dataset/${id}`)).status).toBe(200);
    expect((await alice.get(`/api/v1/dataset/${id}`)).status).toBe(404);
    expect((await alice.delete(`/api/v1/dataset/${id}`)).status).toBe(404);
  });

  it('registers the loaded example tables as physical datasets once, owned by nobody', async () => {
    await t.app.get(DataSource).query(`UPDATE databases SET database_name = 'examples' WHERE id = $1`, [dbId]);
    const examples = {
      status: () => ({
        state: 'ready' as const,
        tables: [
          { name: 'cars', rows: 1, expected_rows: 1, loaded: true },
          { name: 'stocks', rows: 1, expected_rows: 1, loaded: true },
        ],
      }),
    };
    const registrar = new ExampleDatasets(
      examples as unknown as ExamplesService,
      t.app.get(DatasetsService),
      t.app.get(DataSource),
    );
    const before = (await admin.get(`/api/v1/dataset/?q=${q({ page_size: 100 })}`)).body.result.map(
      (d: { table_name: string }) => d.table_name,
    );
    expect(before).not.toContain('cars'); // deleted above
    expect(await registrar.registerLoaded()).toBe(1);
    expect(await registrar.registerLoaded()).toBe(0);
    const all = (
      await admin.get(`/api/v1/dataset/?q=${q({ filters: [{ col: 'table_name', opr: 'eq', value: 'cars' }] })}`)
    ).body.result;
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ kind: 'physical', owners: [], main_dttm_col: 'year' });
    const events = await t.app.get(EventStore).readStream(`dataset:${all[0].id}`);
    expect(events.map((e) => [e.type, e.meta.actor])).toEqual([['dataset/datasetCreated', 'system']]);
  });
});
