import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { eventually, openStore, type StoreInstance } from '../../test/event-store/store-fixture';
import type { CommittedBatch } from './committed-events';

/** Two store instances on one database stand for two server processes. */
let db: TestDatabase;
let one: StoreInstance;
let two: StoreInstance;
const seenByOne: CommittedBatch[] = [];
const seenByTwo: CommittedBatch[] = [];

beforeAll(async () => {
  db = await createTestDatabase('notifications');
  one = await openStore(db.url, { listen: true });
  two = await openStore(db.url, { listen: true });
  one.committed.committed$.subscribe((b) => seenByOne.push(b));
  two.committed.committed$.subscribe((b) => seenByTwo.push(b));
});
afterAll(async () => {
  await one.close();
  await two.close();
  await db.drop();
});

// A process publishes its own commits at once and another's when the NOTIFY arrives, so the two kinds
// can interleave out of version order; consumers order by version (the gateway fills gaps from the store).
it("brings another process's commits in commit order, and every batch exactly once", async () => {
  const a = await one.store.append(
    'doc:n',
    [
      { type: 'test/a', data: {} },
      { type: 'test/b', data: {} },
    ],
    { expectedVersion: 0, meta: { actor: '1' } },
  );
  const b = await two.store.append('doc:n', [{ type: 'test/c', data: {} }], {
    expectedVersion: 2,
    meta: { actor: '2' },
  });
  const c = await one.store.append('doc:n', [{ type: 'test/d', data: {} }], {
    expectedVersion: 3,
    meta: { actor: '1' },
  });

  await eventually(() => seenByOne.length === 3 && seenByTwo.length === 3);
  // Nothing more about doc:n may arrive (own notifications are ignored). NOTIFYs come in commit order, so
  // once each process has the other's later commit, anything about doc:n would have come before it.
  await one.store.append('doc:n-after', [{ type: 'test/e', data: {} }], { expectedVersion: 0, meta: { actor: '1' } });
  await two.store.append('doc:n-after', [{ type: 'test/f', data: {} }], { expectedVersion: 1, meta: { actor: '2' } });
  const remoteAfter = (seen: CommittedBatch[], version: number) =>
    seen.some((x) => x.stream === 'doc:n-after' && x.origin === 'remote' && x.version === version);
  await eventually(() => remoteAfter(seenByTwo, 1) && remoteAfter(seenByOne, 2));
  const byVersion = (seen: CommittedBatch[]) =>
    seen
      .filter((x) => x.stream === 'doc:n')
      .sort((x, y) => x.version - y.version)
      .map((x) => [x.origin, x.version]);
  expect(byVersion(seenByOne)).toEqual([
    ['local', 2],
    ['remote', 3],
    ['local', 4],
  ]);
  expect(byVersion(seenByTwo)).toEqual([
    ['remote', 2],
    ['local', 3],
    ['remote', 4],
  ]);
  expect(seenByTwo.filter((x) => x.stream === 'doc:n' && x.origin === 'remote').map((x) => x.events)).toEqual([
    a.events,
    c.events,
  ]);
  expect(seenByOne.find((x) => x.stream === 'doc:n' && x.origin === 'remote')!.events).toEqual(b.events);
});

it('wakes a checkpointed subscriber in the other process', async () => {
  await two.dataSource.query(`CREATE TABLE seen_types (type text PRIMARY KEY)`);
  const subscriber = two.store.registerSubscriber(
    {
      name: 'seen_types',
      handles: ['test/remote'],
      apply: async (tx, e) =>
        void (await tx.query(`INSERT INTO seen_types VALUES ($1) ON CONFLICT DO NOTHING`, [e.type])),
      reset: async (tx) => void (await tx.query(`DELETE FROM seen_types`)),
    },
    { pollMs: 3_600_000 },
  );
  // Its start-up pass is over once it has committed a checkpoint at the end of the log (it reads nothing
  // after that commit): from then on only a wake-up can bring the next event in (its poll is an hour).
  const [{ end }] = (await two.dataSource.query(
    `SELECT coalesce((SELECT position FROM events ORDER BY log_order DESC, position DESC LIMIT 1), 0)::text AS end`,
  )) as {
    end: string;
  }[];
  await eventually(async () => {
    const rows = (await two.dataSource.query(
      `SELECT position::text AS position FROM projection_checkpoints WHERE name = $1`,
      [subscriber.name],
    )) as { position: string }[];
    return rows[0]?.position === end;
  });
  await one.store.append('doc:remote', [{ type: 'test/remote', data: {} }], {
    expectedVersion: 0,
    meta: { actor: '1' },
  });
  await eventually(async () => ((await two.dataSource.query(`SELECT type FROM seen_types`)) as unknown[]).length === 1);
});

it('listens again after its connection is cut', async () => {
  const before = seenByTwo.length;
  await one.dataSource.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'strata-listen' AND datname = current_database()`,
  );
  // Both processes lost their LISTEN connection; each reconnects about a second later.
  await eventually(
    async () =>
      (
        (await one.dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'strata-listen' AND datname = current_database()`,
        )) as { n: number }[]
      )[0]!.n === 2,
  );
  // A backend shows in pg_stat_activity once connected, a moment before its LISTEN runs, and a NOTIFY sent
  // in between is not delivered to it: commit again until one arrives, which shows the process listens.
  await eventually(async () => {
    await one.store.append('doc:after-cut', [{ type: 'test/a', data: {} }], {
      expectedVersion: 'any',
      meta: { actor: '1' },
    });
    return seenByTwo.slice(before).some((b) => b.stream === 'doc:after-cut' && b.origin === 'remote');
  });
});
