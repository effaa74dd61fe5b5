/**
 * Explore's read models in `key_value` are folds of the log (projections/CONTEXT.md): after any sequence
 * of permalink and form data commands through the real write path (the CommandBus, DecisionRunner, the
 * projections in the append's transaction), rebuilding `explore_permalink` or `explore_form_data` gives
 * the rows the live writes left, the other resource's rows included (each rebuild empties only its own).
 */
import { CommandBus } from '@nestjs/cqrs';
import { EXPLORE_FORM_DATA_TTL_DAYS } from '@strata/domain';
import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { keyValueLiveAndRebuilt } from '../common/testing/key-value-rebuild';
import { EventStore } from '../event-store/event-store.port';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DecideExplorePermalink, DecideFormData } from './decide-explore';
import { ExploreModule } from './explore.module';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [ExploreModule] });
}, 120_000);
afterAll(() => t?.close());

/** Which of the run's three keys a command is about, and who asks. */
const slot = fc.integer({ min: 0, max: 2 });
const actor = fc.integer({ min: 1, max: 3 });
const formData = fc.constantFrom<string>('{"viz_type":"table"}', '{"viz_type":"bar","metrics":["count"]}');

const command = fc.oneof(
  fc.record({
    kind: fc.constant('permalink' as const),
    slot,
    actor,
    formData: fc.record({ datasource: fc.constantFrom('1__table', '2__table'), viz_type: fc.constant('table') }),
    urlParams: fc.option(fc.array(fc.tuple(fc.constantFrom('standalone', 'height'), fc.constantFrom('1', '400'))), {
      nil: undefined,
    }),
  }),
  fc.record({
    kind: fc.constant('createFormData' as const),
    slot,
    actor,
    datasourceId: fc.integer({ min: 1, max: 3 }),
    chartId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    formData,
  }),
  fc.record({
    kind: fc.constant('updateFormData' as const),
    slot,
    actor,
    changes: fc.record(
      { datasource_id: fc.integer({ min: 1, max: 3 }), chart_id: fc.constantFrom(null, 2), form_data: formData },
      { requiredKeys: [] },
    ),
  }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let run = 0;
async function runCommands(commands: Command[]): Promise<void> {
  const bus = t.app.get(CommandBus);
  run += 1;
  for (const c of commands) {
    const key = `key-${run}-${c.slot}`;
    const meta = { actor: String(c.actor), undoable: false };
    try {
      if (c.kind === 'permalink') {
        const state = { formData: c.formData, urlParams: c.urlParams };
        await bus.execute(
          new DecideExplorePermalink(key, { type: 'CreateExplorePermalink', data: { key, state } }, meta),
        );
      } else if (c.kind === 'createFormData') {
        const state = {
          datasource_id: c.datasourceId,
          datasource_type: 'table',
          chart_id: c.chartId,
          form_data: c.formData,
          owner: c.actor,
        };
        await bus.execute(new DecideFormData(key, { type: 'CreateFormData', data: { key, state } }, meta));
      } else {
        const data = { key, userId: c.actor, changes: c.changes };
        await bus.execute(new DecideFormData(key, { type: 'UpdateFormData', data }, meta));
      }
    } catch (err) {
      // A command the rules refuse (a key taken, someone else's form data) is part of a random sequence.
      if (!(err instanceof DomainError)) throw err;
    }
  }
}

it('rebuilt from the log, each Explore key-value read model equals its live rows after any sequence of commands', async () => {
  const ds = t.app.get(DataSource);
  const store = t.app.get(EventStore);
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
      await runCommands(commands);
      for (const name of ['explore_permalink', 'explore_form_data']) {
        const { live, rebuilt } = await keyValueLiveAndRebuilt(store, ds, name);
        expect(rebuilt).toEqual(live);
      }
    }),
    { numRuns: 15 },
  );
});

it('keeps form data for 7 days from its last store, and a permalink as first written', async () => {
  await runCommands([
    { kind: 'createFormData', slot: 0, actor: 1, datasourceId: 1, chartId: null, formData: '{"viz_type":"table"}' },
    { kind: 'updateFormData', slot: 0, actor: 1, changes: { form_data: '{"viz_type":"bar"}' } },
    { kind: 'permalink', slot: 1, actor: 2, formData: { datasource: '1__table', viz_type: 'table' }, urlParams: [] },
    { kind: 'permalink', slot: 1, actor: 3, formData: { datasource: '2__table', viz_type: 'table' }, urlParams: [] },
  ]);
  const [stored] = (await t.app.get(EventStore).readStream(`explore_form_data:key-${run}-0`)).slice(-1);
  const rows = (await t.app
    .get(DataSource)
    .query(
      `SELECT resource, value, created_by_fk, extract(epoch FROM expires_on - $2::timestamptz)::int AS ttl FROM key_value WHERE key IN ($1, $3) ORDER BY resource`,
      [`key-${run}-0`, stored!.meta.at, `key-${run}-1`],
    )) as { resource: string; value: unknown; created_by_fk: number; ttl: number | null }[];
  expect(rows).toEqual([
    {
      resource: 'explore_form_data',
      value: { datasource_id: 1, datasource_type: 'table', chart_id: null, form_data: '{"viz_type":"bar"}', owner: 1 },
      created_by_fk: 1,
      ttl: EXPLORE_FORM_DATA_TTL_DAYS * 24 * 60 * 60,
    },
    {
      resource: 'explore_permalink',
      value: { formData: { datasource: '1__table', viz_type: 'table' }, urlParams: [] },
      created_by_fk: 2,
      ttl: null,
    },
  ]);
});
