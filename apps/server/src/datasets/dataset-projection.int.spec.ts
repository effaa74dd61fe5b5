/**
 * `datasets` is a fold of the log (issue 11 item 4): after any sequence of dataset commands (create,
 * saves naming any of the editable fields, column patches and metric lists included, column syncs,
 * delete, by several users, sent as DecideDataset on the CommandBus as the datasets API sends them), the
 * live table equals a rebuild from the log.
 */
import { CommandBus } from '@nestjs/cqrs';
import type { ColumnPatch, DatasetColumn, DatasetCommand, DatasetEdit, DatasetMetric } from '@strata/domain';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt, refusedOrDone } from '../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DatasetsModule } from './datasets.module';
import { DecideDataset } from './decide-dataset';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DatasetsModule] });
});
afterAll(() => t.close());

const user = fc.integer({ min: 1, max: 3 });
const nullable = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const text = fc.string({ maxLength: 12 });
const columnName = fc.constantFrom('ds', 'origin', 'dest', 'price', 'delay');
const word = fc.constantFrom('flights', 'cars', 'stocks');

const column: fc.Arbitrary<DatasetColumn> = fc.record(
  {
    column_name: columnName,
    verbose_name: nullable(text),
    type: nullable(fc.constantFrom('TEXT', 'BIGINT', 'TIMESTAMP')),
    type_generic: nullable(fc.integer({ min: 0, max: 3 })),
    is_dttm: fc.boolean(),
    groupby: fc.boolean(),
    filterable: fc.boolean(),
    expression: nullable(fc.constantFrom('price * 2', "origin || '-' || dest")),
    description: nullable(text),
    certified_by: nullable(fc.constantFrom('Data team')),
    certification_details: nullable(text),
    warning_markdown: nullable(text),
    python_date_format: nullable(fc.constantFrom('%Y-%m-%d')),
  },
  {
    requiredKeys: [
      'column_name',
      'verbose_name',
      'type',
      'type_generic',
      'is_dttm',
      'groupby',
      'filterable',
      'expression',
      'description',
    ],
  },
);
const columns = (minLength: number) =>
  fc.uniqueArray(column, { selector: (c) => c.column_name, minLength, maxLength: 4 });
/** A column as a save sends it: its name and some of its fields (the rest stay as stored). */
const patches: fc.Arbitrary<ColumnPatch[]> = fc.uniqueArray(
  column.chain((c) =>
    fc.subarray(Object.keys(c).filter((key) => key !== 'column_name')).map((keys) => ({
      column_name: c.column_name,
      ...Object.fromEntries(keys.map((key) => [key, c[key as keyof DatasetColumn]])),
    })),
  ),
  { selector: (c) => c.column_name, maxLength: 4 },
);
const metric: fc.Arbitrary<DatasetMetric> = fc.record(
  {
    metric_name: fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('count', 'sum_price', 'avg_delay') },
      { weight: 1, arbitrary: fc.constant(' ') },
    ),
    verbose_name: nullable(text),
    metric_type: nullable(fc.constantFrom('count', 'sum')),
    expression: fc.constantFrom('COUNT(*)', 'SUM(price)', 'AVG(delay)'),
    description: nullable(text),
    d3format: nullable(fc.constantFrom(',.2f', '.1%')),
    currency: nullable(
      fc.record({
        symbol: fc.constantFrom('USD', 'EUR'),
        symbolPosition: nullable(fc.constantFrom('prefix', 'suffix')),
      }),
    ),
    certified_by: nullable(fc.constantFrom('Finance')),
    warning_markdown: nullable(text),
  },
  { requiredKeys: ['metric_name', 'verbose_name', 'metric_type', 'expression', 'description'] },
);

/** Every field a save may change; `table_name` is a word made unique per dataset. */
const editable = fc.record({
  table_name: word,
  schema: nullable(fc.constantFrom('public', 'main')),
  sql: nullable(fc.constantFrom('SELECT * FROM flights', 'SELECT * FROM cars', ' ')),
  template_params: nullable(fc.constantFrom('{"limit": 10}')),
  columns: patches,
  metrics: fc.uniqueArray(metric, { selector: (m) => m.metric_name, maxLength: 3 }),
  main_dttm_col: nullable(columnName),
  owners: fc.uniqueArray(user, { maxLength: 3 }),
  description: nullable(text),
  external_url: nullable(fc.constantFrom('https://example.com/ds')),
  is_managed_externally: fc.boolean(),
});
// A save names one to three of them, so most saves pass the rules and the rest are refused whole.
const edit = editable.chain((all) =>
  fc
    .subarray(Object.keys(all) as (keyof typeof all)[], { minLength: 1, maxLength: 3 })
    .map((keys) => Object.fromEntries(keys.map((key) => [key, all[key]])) as Partial<typeof all>),
);

type Step = { dataset: number; actor: number } & (
  | { kind: 'create'; virtual: boolean; name: string; columns: DatasetColumn[]; databaseId: number }
  | { kind: 'update'; fields: Omit<DatasetEdit, 'table_name'> & { table_name?: string } }
  | { kind: 'sync'; fetched: DatasetColumn[] }
  | { kind: 'delete' }
);

const create = fc.record({
  kind: fc.constant('create' as const),
  virtual: fc.boolean(),
  name: word,
  columns: columns(1),
  databaseId: fc.integer({ min: 1, max: 2 }),
});
const dataset = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc
  .tuple(
    dataset,
    user,
    fc.oneof(
      { weight: 1, arbitrary: create },
      { weight: 8, arbitrary: fc.record({ kind: fc.constant('update' as const), fields: edit }) },
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('sync' as const), fetched: columns(0) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const) }) },
    ),
  )
  .map(([dataset, actor, command]) => ({ dataset, actor, ...command }));
// Each sequence starts by creating its datasets, so most of its steps act on a live one.
const steps = fc
  .tuple(fc.tuple(user, create), fc.tuple(user, create), fc.array(step, { minLength: 5, maxLength: 20 }))
  .map(([[a, first], [b, second], rest]): Step[] => [
    { dataset: 0, actor: a, ...first },
    { dataset: 1, actor: b, ...second },
    ...rest,
  ]);

/** Names stay unique per dataset, so no save breaks the one-dataset-per-name rule the API checks first. */
const nameOf = (id: number, name: string) => `t${id}_${name}`;

function command(s: Step, id: number): DatasetCommand {
  switch (s.kind) {
    case 'create':
      return {
        type: 'CreateDataset',
        data: {
          id,
          owner_id: s.actor,
          kind: s.virtual ? 'virtual' : 'physical',
          table_name: nameOf(id, s.name),
          database_id: s.databaseId,
          catalog: null,
          schema: 'public',
          sql: s.virtual ? 'SELECT * FROM flights' : null,
          template_params: null,
          columns: s.columns,
          is_managed_externally: false,
          external_url: null,
          description: null,
        },
      };
    case 'update': {
      const { table_name, ...fields } = s.fields;
      return {
        type: 'UpdateDataset',
        data: table_name === undefined ? fields : { ...fields, table_name: nameOf(id, table_name) },
      };
    }
    case 'sync':
      return { type: 'SyncDatasetColumns', data: { fetched: s.fetched } };
    case 'delete':
      return { type: 'DeleteDataset', data: {} };
  }
}

it('rebuilt from the log, `datasets` equals the live table after any sequence of dataset commands', async () => {
  const commands = t.app.get(CommandBus);
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  let run = 0;
  await fc.assert(
    fc.asyncProperty(steps, async (sequence) => {
      run += 1;
      for (const s of sequence) {
        const id = run * 10 + s.dataset;
        await refusedOrDone(commands.execute(new DecideDataset(id, command(s, id), { actor: String(s.actor) })));
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'datasets', ['datasets']);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 20 },
  );
}, 180_000);
