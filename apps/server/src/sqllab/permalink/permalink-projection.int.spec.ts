/**
 * The SQL Lab permalinks in `key_value` are a fold of the log (projections/CONTEXT.md): after any sequence
 * of CreateSqlLabPermalink commands through the real write path (the CommandBus, DecisionRunner, the
 * projection in the append's transaction), rebuilding `sqllab_permalink` gives the rows the live writes
 * left; a key is written once, a second create under it changes nothing.
 */
import { CommandBus } from '@nestjs/cqrs';
import { DomainError } from '@strata/events';
import fc from 'fast-check';
import { DataSource } from 'typeorm';
import { keyValueLiveAndRebuilt } from '../../common/testing/key-value-rebuild';
import { EventStore, VersionConflictError } from '../../event-store/event-store.port';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { CreateSqlLabPermalink } from './create-permalink';
import { SqlLabPermalinkModule } from './permalink.module';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [SqlLabPermalinkModule] });
}, 120_000);
afterAll(() => t?.close());

const command = fc.record({
  /** Which of the run's three keys: a key taken already is refused. */
  slot: fc.integer({ min: 0, max: 2 }),
  actor: fc.integer({ min: 1, max: 3 }),
  state: fc.record(
    {
      dbId: fc.integer({ min: 1, max: 3 }),
      sql: fc.constantFrom<string>('SELECT 1', 'SELECT * FROM flights', 'SELECT ‘ä’'),
      name: fc.option(fc.constantFrom('Flights', 'Untitled'), { nil: null }),
      schema: fc.option(fc.constant('public'), { nil: null }),
      autorun: fc.boolean(),
      templateParams: fc.constantFrom('{}', '{"a": 1}'),
    },
    { requiredKeys: ['dbId', 'sql'] },
  ),
});
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let run = 0;
async function runCommands(commands: Command[]): Promise<void> {
  const bus = t.app.get(CommandBus);
  run += 1;
  for (const c of commands) {
    const key = `sqllab-link-${run}-${c.slot}-0000`;
    try {
      await bus.execute(new CreateSqlLabPermalink(key, c.state, { actor: String(c.actor), undoable: false }));
    } catch (err) {
      // A key already taken is refused (the new key's stream must not exist): part of a random sequence.
      if (!(err instanceof DomainError) && !(err instanceof VersionConflictError)) throw err;
    }
  }
}

it('rebuilt from the log, the SQL Lab permalinks equal the live rows after any sequence of creates', async () => {
  const ds = t.app.get(DataSource);
  const store = t.app.get(EventStore);
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
      await runCommands(commands);
      const { live, rebuilt } = await keyValueLiveAndRebuilt(store, ds, 'sqllab_permalink');
      expect(rebuilt).toEqual(live);
    }),
    { numRuns: 15 },
  );
});

it('keeps a permalink as it was first written, for good', async () => {
  await runCommands([
    { slot: 0, actor: 1, state: { dbId: 1, sql: 'SELECT 1' } },
    { slot: 0, actor: 2, state: { dbId: 2, sql: 'SELECT 2' } },
  ]);
  const rows = await t.app
    .get(DataSource)
    .query(`SELECT value, created_by_fk, expires_on FROM key_value WHERE key = $1`, [`sqllab-link-${run}-0-0000`]);
  expect(rows).toEqual([{ value: { dbId: 1, sql: 'SELECT 1' }, created_by_fk: 1, expires_on: null }]);
});
