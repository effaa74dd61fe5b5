/**
 * Group append (append-combiner.ts): autocommitted appends in flight at the same time share one statement
 * and one transaction, yet each caller gets its own answer. Appends sent together share a `log_order`
 * (their transaction's id): that is how these tests see that a batch formed.
 */
import type { Envelope } from '@strata/events';
import type { Pool } from 'pg';
import { eventually, migratedDataSource, openTestStore } from '../../test/event-store/store-fixture';
import { callNamed } from './append-events';
import type { CommittedBatch } from './committed-events';
import { VersionConflictError, type AppendResult } from './event-store.port';

const meta = { actor: '1' };
const moved = (n: number) => ({ type: 'test/moved', data: { n } });

let s: Awaited<ReturnType<typeof openTestStore>>;
const published: CommittedBatch[] = [];

beforeAll(async () => {
  s = await openTestStore('append_combiner');
  s.committed.committed$.subscribe((batch) => published.push(batch));
});
afterAll(async () => s.close());

/** The transaction (log_order) of each of `events`, by event id. */
async function transactionsOf(events: readonly Envelope[]): Promise<Map<string, string>> {
  const found = (await s.dataSource.query(`SELECT id, log_order::text AS tx FROM events WHERE id = ANY($1::uuid[])`, [
    events.map((e) => e.id),
  ])) as { id: string; tx: string }[];
  return new Map(found.map((row) => [row.id, row.tx]));
}

const settled = (appends: Promise<AppendResult>[]) => Promise.allSettled(appends);

describe('appends in flight together', () => {
  it('land on several streams with their own versions and results, sharing statements', async () => {
    const streams = Array.from({ length: 8 }, (_, i) => `several:${i}`);
    const first = await Promise.all(
      streams.map((stream, i) => s.store.append(stream, [moved(i)], { expectedVersion: 0, meta })),
    );
    const second = await Promise.all(
      streams.map((stream, i) => s.store.append(stream, [moved(i), moved(i + 10)], { expectedVersion: 1, meta })),
    );

    first.forEach((result, i) => {
      expect(result).toMatchObject({ version: 1, duplicate: false });
      expect(result.events.map((e) => [e.stream, e.version, e.data])).toEqual([[streams[i], 1, { n: i }]]);
    });
    second.forEach((result, i) => {
      expect(result.version).toBe(3);
      expect(result.events.map((e) => [e.stream, e.version, e.data])).toEqual([
        [streams[i], 2, { n: i }],
        [streams[i], 3, { n: i + 10 }],
      ]);
    });
    for (const [i, stream] of streams.entries()) {
      expect(await s.store.readStream(stream)).toEqual([...first[i]!.events, ...second[i]!.events]);
    }
    // Each committed append is published once, with its own events.
    for (const result of [...first, ...second]) {
      expect(published.filter((b) => b.events[0]!.id === result.events[0]!.id)).toEqual([
        expect.objectContaining({ stream: result.events[0]!.stream, version: result.version, events: result.events }),
      ]);
    }
    // Eight appends sent at once took fewer than eight transactions.
    const txs = await transactionsOf([...first, ...second].flatMap((r) => r.events));
    expect(new Set(first.map((r) => txs.get(r.events[0]!.id))).size).toBeLessThan(8);
    expect(new Set(second.map((r) => txs.get(r.events[0]!.id))).size).toBeLessThan(8);
  });

  it('rejects only the append whose expected version is stale', async () => {
    const streams = Array.from({ length: 6 }, (_, i) => `conflict:${i}`);
    await Promise.all(streams.map((stream) => s.store.append(stream, [moved(0)], { expectedVersion: 0, meta })));

    const results = await settled(
      streams.map((stream, i) => s.store.append(stream, [moved(1)], { expectedVersion: i === 3 ? 0 : 1, meta })),
    );

    const rejected = results[3]!;
    expect(rejected.status).toBe('rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ stream: 'conflict:3', expected: 0, actual: 1 });
    const appended = results.filter((_r, i) => i !== 3).map((r) => (r as PromiseFulfilledResult<AppendResult>).value);
    expect(appended.map((r) => r.version)).toEqual([2, 2, 2, 2, 2]);
    expect(await s.store.streamVersion('conflict:3')).toBe(1);
    // The conflict did not undo the appends that shared its statement.
    const txs = await transactionsOf(appended.flatMap((r) => r.events));
    expect(new Set(txs.values()).size).toBeLessThan(appended.length);
  });

  it("answers a command id already appended with that append's events, inside a shared statement", async () => {
    const a = await s.store.append('dup:doc', [moved(1), moved(2)], {
      expectedVersion: 'any',
      commandId: 'cmd-1',
      meta,
    });
    // The first two appends fill the statements in flight; the three after them queue and go together.
    const [, , b, other, another] = await Promise.all([
      s.store.append('dup:warm1', [moved(0)], { expectedVersion: 0, meta }),
      s.store.append('dup:warm2', [moved(0)], { expectedVersion: 0, meta }),
      s.store.append('dup:doc', [moved(3)], { expectedVersion: 'any', commandId: 'cmd-1', meta }),
      s.store.append('dup:other', [moved(4)], { expectedVersion: 0, meta }),
      s.store.append('dup:another', [moved(5)], { expectedVersion: 0, meta }),
    ]);

    expect(a).toMatchObject({ version: 2, duplicate: false });
    expect(b).toEqual({ events: a.events, version: 2, duplicate: true });
    expect((await s.store.readStream('dup:doc')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(published.filter((batch) => batch.stream === 'dup:doc')).toHaveLength(1);
    const txs = await transactionsOf([...other!.events, ...another!.events]);
    expect(txs.get(other!.events[0]!.id)).toBe(txs.get(another!.events[0]!.id));
  });

  it('runs appends to one stream one after the other, each checked against the one before', async () => {
    const appends = [0, 1, 2, 3, 4].map((n) => s.store.append('order:doc', [moved(n)], { expectedVersion: n, meta }));
    const results = await Promise.all(appends);

    expect(results.map((r) => r.version)).toEqual([1, 2, 3, 4, 5]);
    expect((await s.store.readStream('order:doc')).map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    expect(published.filter((batch) => batch.stream === 'order:doc').map((batch) => batch.version)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    // Never two of one stream in a statement or in flight at once: each its own transaction.
    const txs = await transactionsOf(results.flatMap((r) => r.events));
    expect(new Set(txs.values()).size).toBe(results.length);
  });

  it('keeps writers that each append one after another together in one statement per turn', async () => {
    // Eight writers, each appending to its own stream as soon as its last append is answered (users
    // editing different dashboards). The first append goes alone and the next seven beside it; from
    // then on they share one statement each turn, rather than staying split (one beside seven).
    const writers = 8;
    const turns = 12;
    const results = await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const mine: AppendResult[] = [];
        for (let n = 0; n < turns; n += 1) {
          mine.push(await s.store.append(`steady:${w}`, [moved(n)], { expectedVersion: n, meta }));
        }
        return mine;
      }),
    );

    results.forEach((mine) =>
      expect(mine.map((r) => r.version)).toEqual(Array.from({ length: turns }, (_, n) => n + 1)),
    );
    const txs = await transactionsOf(results.flat().flatMap((r) => r.events));
    expect(new Set(txs.values()).size).toBeLessThanOrEqual(turns + 2);
  });

  it('fails only the append the database refuses, and lands the others sent with it', async () => {
    // PostgreSQL's jsonb refuses the NUL character: the shared statement fails as a whole.
    const [warm, refused, a, b] = await settled([
      s.store.append('refused:warm', [moved(0)], { expectedVersion: 0, meta }),
      s.store.append('refused:bad', [{ type: 'test/moved', data: { n: '\u0000' } }], { expectedVersion: 0, meta }),
      s.store.append('refused:a', [moved(1)], { expectedVersion: 0, meta }),
      s.store.append('refused:a', [moved(2)], { expectedVersion: 1, meta }),
    ]);
    expect(warm!.status).toBe('fulfilled');
    expect(refused!.status).toBe('rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: '22P05' });
    expect([a, b].map((r) => (r as PromiseFulfilledResult<AppendResult>).value?.version)).toEqual([1, 2]);
    expect((await s.store.readStream('refused:a')).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await s.store.streamVersion('refused:bad')).toBe(0);
  });

  it('runs the appends of a statement that lost a race again alone: only the loser gets the conflict', async () => {
    // A caller's transaction holds version 1 of race:held, uncommitted.
    const runner = s.dataSource.createQueryRunner();
    await runner.startTransaction();
    await s.store.append('race:held', [moved(0)], { expectedVersion: 0, tx: runner.manager, meta });

    const appends = settled([
      s.store.append('race:warm', [moved(1)], { expectedVersion: 0, meta }),
      s.store.append('race:held', [moved(2)], { expectedVersion: 0, meta }),
      s.store.append('race:free', [moved(3)], { expectedVersion: 0, meta }),
    ]);
    // The shared statement waits on the caller's version 1 (the unique index) until that commits.
    await eventually(async () => {
      const [row] = (await s.dataSource.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%strata_append_%'`,
      )) as { n: number }[];
      return row!.n > 0;
    });
    await runner.commitTransaction();
    await runner.release();

    const [warm, held, free] = await appends;
    expect(warm!.status).toBe('fulfilled');
    expect(held!.status).toBe('rejected');
    expect((held as PromiseRejectedResult).reason).toMatchObject({ stream: 'race:held', expected: 0, actual: 1 });
    expect((held as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
    expect((free as PromiseFulfilledResult<AppendResult>).value.version).toBe(1);
    expect((await s.store.readStream('race:held')).map((e) => e.data)).toEqual([{ n: 0 }]);
    expect((await s.store.readStream('race:free')).map((e) => e.data)).toEqual([{ n: 3 }]);
  });
});

describe('a named statement outside a transaction (callNamed)', () => {
  it('gives its pooled client back whether PostgreSQL answers or refuses it', async () => {
    // A pool of one client that nothing else uses: a client kept by a refused statement would leave it empty.
    const own = await migratedDataSource(s.db.url, 1);
    try {
      const pool = (own.driver as unknown as { master: Pool }).master;
      for (let i = 0; i < 3; i += 1) {
        await expect(callNamed(own.manager, 'strata_test_refused', 'SELECT 1 / $1::int AS x', [0])).rejects.toThrow(
          /division by zero/,
        );
        expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
      }
      expect(await callNamed(own.manager, 'strata_test_refused', 'SELECT 1 / $1::int AS x', [1])).toEqual([{ x: 1 }]);
      expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    } finally {
      await own.destroy();
    }
  });
});
