/**
 * `charts` and `chart_favorites` are folds of the log (issue 11 item 4): after any sequence of chart
 * commands (create, each kind of edit, favourite, unfavourite, delete, by several users, sent as
 * DecideChart on the CommandBus as the charts API sends them), the live tables equal a rebuild from the log.
 */
import { CommandBus } from '@nestjs/cqrs';
import type { ChartCommand, ChartEdit } from '@strata/domain';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt, refusedOrDone } from '../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { ChartsModule } from './charts.module';
import { DecideChart } from './decide-chart';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [ChartsModule] });
});
afterAll(() => t.close());

const user = fc.integer({ min: 1, max: 3 });
const nullable = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const text = fc.string({ maxLength: 12 });
// Mostly valid JSON, sometimes not (the rules refuse it: nothing is recorded).
const jsonText = fc.oneof(
  { weight: 4, arbitrary: fc.json({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constant('{not json') },
);

/** Every field a save may change; each save names a random few (the rest stay). */
const edit: fc.Arbitrary<ChartEdit> = fc.record(
  {
    slice_name: fc.oneof(fc.constantFrom('Flights', 'Cars by origin', 'Revenue'), text),
    viz_type: fc.constantFrom('table', 'pie', 'echarts_timeseries_bar'),
    datasource_id: fc.integer({ min: 1, max: 3 }),
    datasource_type: fc.constantFrom('table', 'query'),
    params: nullable(jsonText),
    query_context: nullable(jsonText),
    description: nullable(text),
    cache_timeout: nullable(fc.integer({ min: 0, max: 86_400 })),
    owners: fc.uniqueArray(user, { maxLength: 3 }),
    certified_by: nullable(fc.constantFrom('Data team', 'Finance')),
    certification_details: nullable(text),
  },
  { requiredKeys: [] },
);

type Step = { chart: number; actor: number } & (
  | { kind: 'create'; fields: ChartEdit }
  | { kind: 'update'; fields: ChartEdit }
  | { kind: 'delete' }
  | { kind: 'favorite' | 'unfavorite'; userId: number }
);

const create = fc.record({ kind: fc.constant('create' as const), fields: edit });
const step: fc.Arbitrary<Step> = fc
  .tuple(
    fc.integer({ min: 0, max: 1 }),
    user,
    fc.oneof(
      { weight: 1, arbitrary: create },
      { weight: 4, arbitrary: fc.record({ kind: fc.constant('update' as const), fields: edit }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const) }) },
      {
        weight: 5,
        arbitrary: fc.record({ kind: fc.constantFrom('favorite' as const, 'unfavorite' as const), userId: user }),
      },
    ),
  )
  .map(([chart, actor, command]) => ({ chart, actor, ...command }));
// Each sequence starts by creating its charts, so most of its steps act on a live one.
const steps = fc
  .tuple(fc.tuple(user, create), fc.tuple(user, create), fc.array(step, { minLength: 5, maxLength: 20 }))
  .map(([[a, first], [b, second], rest]): Step[] => [
    { chart: 0, actor: a, ...first },
    { chart: 1, actor: b, ...second },
    ...rest,
  ]);

function command(s: Step, id: number): ChartCommand {
  switch (s.kind) {
    case 'create':
      return {
        type: 'CreateChart',
        data: {
          id,
          slice_name: s.fields.slice_name ?? 'New chart',
          viz_type: s.fields.viz_type ?? 'table',
          datasource_id: s.fields.datasource_id ?? 1,
          datasource_type: s.fields.datasource_type ?? 'table',
          params: s.fields.params ?? null,
          query_context: s.fields.query_context ?? null,
          description: s.fields.description ?? null,
          cache_timeout: s.fields.cache_timeout ?? null,
          certified_by: s.fields.certified_by ?? null,
          certification_details: s.fields.certification_details ?? null,
          owner_id: s.actor,
          owners: s.fields.owners,
        },
      };
    case 'update':
      return { type: 'UpdateChart', data: s.fields };
    case 'delete':
      return { type: 'DeleteChart', data: {} };
    case 'favorite':
      return { type: 'FavoriteChart', data: { userId: s.userId } };
    case 'unfavorite':
      return { type: 'UnfavoriteChart', data: { userId: s.userId } };
  }
}

it('rebuilt from the log, `charts` and `chart_favorites` equal the live tables after any sequence of chart commands', async () => {
  const commands = t.app.get(CommandBus);
  const store = t.app.get(EventStore);
  const dataSource = t.app.get(DataSource);
  let run = 0;
  await fc.assert(
    fc.asyncProperty(steps, async (sequence) => {
      run += 1;
      for (const s of sequence) {
        const id = run * 10 + s.chart;
        await refusedOrDone(commands.execute(new DecideChart(id, command(s, id), { actor: String(s.actor) })));
      }
      const { live, rebuilt } = await liveAndRebuilt(store, dataSource, 'charts', ['charts', 'chart_favorites']);
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 20 },
  );
}, 180_000);
