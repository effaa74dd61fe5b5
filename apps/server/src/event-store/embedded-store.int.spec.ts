/**
 * The event store on the embedded PGlite (the server's default storage, one session for every
 * connection): appends without a transaction and in a caller's, the log order and its horizon, an
 * in-transaction projection's rebuild (the rebuild lock) and a checkpointed subscriber.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Decider, EventLike } from '@strata/events';
import { logEnd, openStore, type StoreInstance } from '../../test/event-store/store-fixture';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../storage/embedded/embedded-postgres';
import { DecisionRunner } from './load-decide-append';

type Added = EventLike<'tally/added', { by: number }>;
const tally: Decider<number, Added, { by: number }, null> = {
  initialState: () => 0,
  evolve: (total, event) => total + event.data.by,
  decide: (command) => [{ type: 'tally/added', data: { by: command.by } }],
};

// initdb of a PGlite database takes seconds on a busy machine.
jest.setTimeout(180_000);

let home: string;
let db: EmbeddedPostgres;
let s: StoreInstance;
beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-embedded-store-'));
  db = await startEmbeddedPostgres({ name: 'metadata', dataDir: join(home, 'db'), password: 'store-test' });
  s = await openStore(db.url());
  await s.dataSource.query(`CREATE TABLE tally_totals (stream text PRIMARY KEY, total integer NOT NULL)`);
  s.store.registerProjection({
    name: 'tally_totals',
    handles: ['tally/added'],
    apply: async (tx, event) =>
      void (await tx.query(
        `INSERT INTO tally_totals VALUES ($1, $2) ON CONFLICT (stream) DO UPDATE SET total = tally_totals.total + $2`,
        [event.stream, (event.data as { by: number }).by],
      )),
    reset: async (tx) => void (await tx.query(`DELETE FROM tally_totals`)),
  });
});
afterAll(async () => {
  await s?.close();
  await db?.stop();
  rmSync(home, { recursive: true, force: true });
});

it('decides, appends, projects, reads the log in order and rebuilds', async () => {
  const runner = new DecisionRunner(s.store, s.dataSource);
  for (const by of [1, 2, 3]) await runner.loadDecideAppend('tally:1', tally, { by }, null, { actor: '1' });
  await s.dataSource.transaction(async (tx) => {
    await runner.loadDecideAppend('tally:2', tally, { by: 10 }, null, { actor: '1' }, { tx });
  });
  await s.store.append('note:1', [{ type: 'test/noted', data: {} }], { expectedVersion: 0, meta: { actor: '1' } });

  expect((await runner.load('tally:1', tally)).state).toBe(6);
  await logEnd(s);
  expect((await s.store.readAll(0)).map((e) => [e.stream, e.version])).toEqual([
    ['tally:1', 1],
    ['tally:1', 2],
    ['tally:1', 3],
    ['tally:2', 1],
    ['note:1', 1],
  ]);
  const live = await s.dataSource.query(`SELECT stream, total FROM tally_totals ORDER BY stream`);
  expect(live).toEqual([
    { stream: 'tally:1', total: 6 },
    { stream: 'tally:2', total: 10 },
  ]);
  await s.store.rebuild('tally_totals');
  expect(await s.dataSource.query(`SELECT stream, total FROM tally_totals ORDER BY stream`)).toEqual(live);
});

it('runs a checkpointed subscriber to the end of the log', async () => {
  await s.dataSource.query(`CREATE TABLE seen (position bigint PRIMARY KEY)`);
  const subscriber = s.store.registerSubscriber(
    {
      name: 'seen',
      handles: ['test/noted', 'tally/added'],
      apply: async (tx, e) => void (await tx.query(`INSERT INTO seen VALUES ($1)`, [e.position])),
      reset: async (tx) => void (await tx.query(`DELETE FROM seen`)),
    },
    { pollMs: 3_600_000 },
  );
  await s.store.append('note:2', [{ type: 'test/noted', data: {} }], { expectedVersion: 0, meta: { actor: '1' } });
  expect(await subscriber.drain()).toBe(await logEnd(s));
  expect((await s.dataSource.query(`SELECT count(*)::int AS n FROM seen`))[0].n).toBe(6);
  await subscriber.stop();
});
