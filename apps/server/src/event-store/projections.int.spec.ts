import type { EntityManager } from 'typeorm';
import { logEnd, openStore, openTestStore, type StoreInstance } from '../../test/event-store/store-fixture';
import type { CheckpointedSubscriber } from './checkpointed-subscriber';
import type { Projection } from './event-store.port';

/**
 * A small read model defined by the test: how many events of each type each kind of stream has
 * (`dashboard:1` and `dashboard:2` are both kind `dashboard`).
 */
function countsProjection(table: string, handles: string[]): Projection {
  return {
    name: table,
    handles,
    apply: async (tx, event) => {
      const kind = event.stream.split(':')[0];
      await tx.query(
        `INSERT INTO ${table} (kind, type, events) VALUES ($1, $2, 1)
         ON CONFLICT (kind, type) DO UPDATE SET events = ${table}.events + 1`,
        [kind, event.type],
      );
    },
    reset: async (tx) => void (await tx.query(`DELETE FROM ${table}`)),
  };
}

async function readModel(tx: EntityManager, table: string): Promise<Record<string, number>> {
  const found = (await tx.query(`SELECT kind, type, events FROM ${table} ORDER BY kind, type`)) as {
    kind: string;
    type: string;
    events: number;
  }[];
  return Object.fromEntries(found.map((r) => [`${r.kind} ${r.type}`, r.events]));
}

/** Concurrent writers on several streams, one of them rolling back: the mix a live model must survive. */
async function appendTraffic(s: StoreInstance, round: number): Promise<void> {
  const meta = { actor: 'writer' };
  const writers = ['dashboard:1', 'dashboard:2', 'chart:9', 'sqllab:4'].map(async (stream, w) => {
    for (let i = 0; i < 10; i += 1) {
      const events = [
        { type: 'test/edited', data: { i } },
        ...(i % 3 === 0 ? [{ type: 'test/renamed', data: { i } }] : []),
        { type: 'test/viewed', data: { i } },
      ];
      await s.store.append(`${stream}-${round}`, events, {
        expectedVersion: 'any',
        meta: { ...meta, sessionId: String(w) },
      });
    }
  });
  const rolledBack = s.dataSource
    .transaction(async (tx) => {
      await s.store.append(`dashboard:rollback-${round}`, [{ type: 'test/edited', data: {} }], {
        expectedVersion: 0,
        tx,
        meta,
      });
      throw new Error('roll back');
    })
    .catch(() => undefined);
  await Promise.all([...writers, rolledBack]);
}

let s: Awaited<ReturnType<typeof openTestStore>>;
beforeAll(async () => {
  s = await openTestStore('projections');
  for (const table of ['live_counts', 'async_counts']) {
    await s.dataSource.query(
      `CREATE TABLE ${table} (kind text, type text, events int NOT NULL, PRIMARY KEY (kind, type))`,
    );
  }
});
afterAll(async () => s.close());

describe('an in-transaction projection', () => {
  it('rebuilt from the log equals the live read model', async () => {
    s.store.registerProjection(countsProjection('live_counts', ['test/edited', 'test/renamed']));
    await appendTraffic(s, 1);
    const live = await readModel(s.dataSource.manager, 'live_counts');
    expect(live['dashboard test/edited']).toBe(20);
    expect(live['chart test/renamed']).toBe(4);
    expect(Object.keys(live).some((k) => k.endsWith('test/viewed'))).toBe(false);

    await s.store.rebuild('live_counts');
    expect(await readModel(s.dataSource.manager, 'live_counts')).toEqual(live);
  });

  it('is rebuilt while appends keep coming, without losing any of them', async () => {
    await Promise.all([s.store.rebuild('live_counts'), appendTraffic(s, 2), s.store.rebuild('live_counts')]);
    const live = await readModel(s.dataSource.manager, 'live_counts');
    expect(live['dashboard test/edited']).toBe(40);
    await s.store.rebuild('live_counts');
    expect(await readModel(s.dataSource.manager, 'live_counts')).toEqual(live);
  });
});

describe('a checkpointed subscriber', () => {
  let subscriber: CheckpointedSubscriber;

  it('catches up from its checkpoint in position order, and its rebuild equals its live model', async () => {
    // Small batches so catching up takes several transactions.
    subscriber = s.store.registerSubscriber(countsProjection('async_counts', ['test/edited', 'test/viewed']), {
      batchSize: 7,
      pollMs: 60_000,
    });
    await appendTraffic(s, 3);
    await subscriber.drain();
    // Once readers see the whole log, the rebuild below covers it all too.
    const lastPosition = await logEnd(s);
    expect(await subscriber.checkpoint()).toBe(lastPosition);

    const live = await readModel(s.dataSource.manager, 'async_counts');
    expect(live['dashboard test/viewed']).toBe(60); // rounds 1, 2 and 3, two dashboards, ten each
    await s.store.rebuild('async_counts');
    expect(await readModel(s.dataSource.manager, 'async_counts')).toEqual(live);
    expect(await subscriber.checkpoint()).toBe(lastPosition);
  });

  it('is woken by commits, without waiting for its poll', async () => {
    const before = await readModel(s.dataSource.manager, 'async_counts');
    await s.store.append('chart:woken', [{ type: 'test/viewed', data: {} }], {
      expectedVersion: 0,
      meta: { actor: '1' },
    });
    const deadline = Date.now() + 30_000;
    while (
      (await readModel(s.dataSource.manager, 'async_counts'))['chart test/viewed'] === before['chart test/viewed']
    ) {
      if (Date.now() > deadline) throw new Error('the subscriber was not woken');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect((await readModel(s.dataSource.manager, 'async_counts'))['chart test/viewed']).toBe(
      before['chart test/viewed']! + 1,
    );
  });

  it('resumes after a restart from its checkpoint, applying nothing twice', async () => {
    await subscriber.stop();
    await appendTraffic(s, 4);
    const restarted = await openStore(s.db.url);
    try {
      const again = restarted.store.registerSubscriber(
        countsProjection('async_counts', ['test/edited', 'test/viewed']),
        { pollMs: 60_000 },
      );
      await again.drain();
      const live = await readModel(s.dataSource.manager, 'async_counts');
      expect(live['dashboard test/viewed']).toBe(80);
      await restarted.store.rebuild('async_counts');
      expect(await readModel(s.dataSource.manager, 'async_counts')).toEqual(live);
    } finally {
      await restarted.close();
    }
  });
});
