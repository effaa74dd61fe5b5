import type { Envelope } from '@strata/events';
import { eventually, logEnd, openTestStore } from '../../test/event-store/store-fixture';
import type { CommittedBatch } from './committed-events';
import { VersionConflictError } from './event-store.port';

const meta = { actor: '1' };
const moved = (n: number) => ({ type: 'test/moved', data: { n } });

let s: Awaited<ReturnType<typeof openTestStore>>;
const published: CommittedBatch[] = [];

beforeAll(async () => {
  s = await openTestStore('event_store');
  s.committed.committed$.subscribe((batch) => published.push(batch));
});
afterAll(async () => s.close());

describe('append and read', () => {
  it('appends one batch with consecutive versions, one batch id, uuids and increasing positions', async () => {
    const result = await s.store.append('doc:read', [moved(1), moved(2)], {
      expectedVersion: 0,
      meta: { actor: '7', sessionId: 'tab-1' },
    });

    expect(result.duplicate).toBe(false);
    expect(result.version).toBe(2);
    expect(result.events.map((e) => e.version)).toEqual([1, 2]);
    const [first, second] = result.events as [Envelope, Envelope];
    expect(first.meta.batchId).toBe(second.meta.batchId);
    expect(first.meta).toMatchObject({ actor: '7', sessionId: 'tab-1' });
    expect(new Date(first.meta.at).toISOString()).toBe(first.meta.at);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.id).not.toBe(second.id);
    expect(second.position).toBeGreaterThan(first.position!);

    expect(await s.store.readStream('doc:read')).toEqual(result.events);
    expect((await s.store.readStream('doc:read', 1)).map((e) => e.data)).toEqual([{ n: 2 }]);
    expect(await s.store.streamVersion('doc:read')).toBe(2);
    expect(await s.store.streamVersion('doc:never')).toBe(0);
  });

  it('keeps a given batch id and reads everything by position in pages', async () => {
    await s.store.append('doc:paged', [moved(1), moved(2), moved(3)], {
      expectedVersion: 'any',
      meta: { ...meta, batchId: 'b-given' },
    });
    await logEnd(s);
    const all: Envelope[] = [];
    for (
      let page = await s.store.readAll(0, 2);
      page.length > 0;
      page = await s.store.readAll(page.at(-1)!.position!, 2)
    )
      all.push(...page);
    const paged = all.filter((e) => e.stream === 'doc:paged');
    expect(paged.map((e) => e.meta.batchId)).toEqual(['b-given', 'b-given', 'b-given']);
    // Pages continue exactly where the last one ended: together they are one read of the whole log.
    expect(all).toEqual(await s.store.readAll(0, 100000));
    expect(all.filter((e) => e.stream === 'doc:paged').map((e) => e.version)).toEqual([1, 2, 3]);
  });

  it('appends a batch larger than one INSERT statement takes, atomically and idempotently', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => moved(i));
    const result = await s.store.append('doc:large', many, { expectedVersion: 0, commandId: 'import-1', meta });
    expect(result.version).toBe(2500);
    expect((await s.store.readStream('doc:large')).map((e) => (e.data as { n: number }).n)).toEqual(
      many.map((e) => e.data.n),
    );
    const retry = await s.store.append('doc:large', many, { expectedVersion: 0, commandId: 'import-1', meta });
    expect(retry.duplicate).toBe(true);
    expect(retry.events).toHaveLength(2500);
    await expect(
      s.store.append('doc:too-long-'.padEnd(600, 'x'), [moved(1)], { expectedVersion: 0, meta }),
    ).rejects.toThrow(/name of 1 to 500/);
  });

  it('refuses expected version 0 on a stream that exists', async () => {
    await s.store.append('doc:exists', [moved(1)], { expectedVersion: 0, meta });
    const attempt = s.store.append('doc:exists', [moved(2)], { expectedVersion: 0, meta });
    await expect(attempt).rejects.toBeInstanceOf(VersionConflictError);
    await expect(attempt).rejects.toMatchObject({ stream: 'doc:exists', expected: 0, actual: 1 });
    expect(await s.store.streamVersion('doc:exists')).toBe(1);
  });

  it('lets exactly one of two concurrent appends with the same expected version win', async () => {
    for (let round = 0; round < 5; round += 1) {
      const stream = `doc:race-${round}`;
      await s.store.append(stream, [moved(0)], { expectedVersion: 0, meta });
      const outcomes = await Promise.allSettled([
        s.store.append(stream, [moved(1)], { expectedVersion: 1, meta: { actor: 'alice' } }),
        s.store.append(stream, [moved(2)], { expectedVersion: 1, meta: { actor: 'bob' } }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(VersionConflictError);
      const events = await s.store.readStream(stream);
      expect(events.map((e) => e.version)).toEqual([1, 2]);
      expect(events[1]!.meta.actor).toBe(
        (won[0] as PromiseFulfilledResult<{ events: Envelope[] }>).value.events[0]!.meta.actor,
      );
    }
  });
});

describe('idempotency by command id', () => {
  it('returns the first append for a retried command id, even with a stale expected version', async () => {
    const first = await s.store.append('doc:idem', [moved(1), moved(2)], {
      expectedVersion: 0,
      commandId: 'cmd-1',
      meta,
    });
    const retry = await s.store.append('doc:idem', [moved(1), moved(2)], {
      expectedVersion: 0,
      commandId: 'cmd-1',
      meta,
    });

    expect(retry.duplicate).toBe(true);
    expect(retry.version).toBe(2);
    expect(retry.events).toEqual(first.events);
    expect(await s.store.readStream('doc:idem')).toHaveLength(2);
    expect(first.events[0]!.meta.commandId).toBe('cmd-1');
    expect(await s.store.findCommand('doc:idem', 'cmd-1')).toEqual(retry);
    expect(await s.store.findCommand('doc:idem', 'cmd-other')).toBeNull();
  });

  it('writes once when the same command arrives twice at the same time', async () => {
    const [a, b] = await Promise.all([
      s.store.append('doc:idem-race', [moved(1)], { expectedVersion: 'any', commandId: 'cmd-race', meta }),
      s.store.append('doc:idem-race', [moved(1)], { expectedVersion: 'any', commandId: 'cmd-race', meta }),
    ]);
    expect([a.duplicate, b.duplicate].sort()).toEqual([false, true]);
    expect(a.events).toEqual(b.events);
    expect(await s.store.readStream('doc:idem-race')).toHaveLength(1);
  });

  it('scopes a command id to its stream', async () => {
    await s.store.append('doc:scope-a', [moved(1)], { expectedVersion: 0, commandId: 'shared', meta });
    const other = await s.store.append('doc:scope-b', [moved(1)], { expectedVersion: 0, commandId: 'shared', meta });
    expect(other.duplicate).toBe(false);
    expect(other.events[0]!.stream).toBe('doc:scope-b');
  });
});

describe('readers by position', () => {
  /** A reader of the whole log that pages on with the position of the last event it read. */
  async function logReader(prefix: string) {
    const seen: Envelope[] = [];
    let cursor = 0;
    for (let page = await s.store.readAll(0, 1000); page.length > 0; page = await s.store.readAll(cursor, 1000))
      cursor = page.at(-1)!.position!;
    return {
      seen: () => seen.filter((e) => e.stream.startsWith(prefix)),
      poll: async () => {
        for (const e of await s.store.readAll(cursor)) {
          seen.push(e);
          cursor = e.position!;
        }
      },
    };
  }

  /** A caller's transaction, open until `commit()`. */
  async function openTransaction() {
    const runner = s.dataSource.createQueryRunner();
    await runner.startTransaction();
    return {
      tx: runner.manager,
      commit: async () => {
        await runner.commitTransaction();
        await runner.release();
      },
    };
  }

  it('never skip an event whose transaction took its position first but commits last', async () => {
    const reader = await logReader('overlap:');
    const a = await openTransaction();
    // Transaction A appends (and so owns the lower position), then stays open.
    const inA = await s.store.append('overlap:a', [moved(1)], { expectedVersion: 0, tx: a.tx, meta });
    // B does not wait for A: it commits while A is open, with the higher position.
    const b = await s.store.append('overlap:b', [moved(2)], { expectedVersion: 0, meta });
    expect(b.events[0]!.position!).toBeGreaterThan(inA.events[0]!.position!);
    expect(await s.store.readStream('overlap:b')).toHaveLength(1);
    // A reader of the log must not see B yet: taking it would move its cursor past A's position.
    await reader.poll();
    expect(reader.seen()).toEqual([]);

    await a.commit();
    await eventually(async () => {
      await reader.poll();
      return reader.seen().length >= 2;
    });
    expect(reader.seen().map((e) => e.stream)).toEqual(['overlap:a', 'overlap:b']);
  });

  it('never skip an event with a lower position that commits after one with a higher position', async () => {
    const reader = await logReader('late:');
    const first = await openTransaction();
    // The first transaction gets its id before the second one does, but appends after it.
    await first.tx.query(`SELECT pg_current_xact_id()`);
    const second = await openTransaction();
    const low = await s.store.append('late:low', [moved(1)], { expectedVersion: 0, tx: second.tx, meta });
    const high = await s.store.append('late:high', [moved(2)], { expectedVersion: 0, tx: first.tx, meta });
    expect(high.events[0]!.position!).toBeGreaterThan(low.events[0]!.position!);
    await first.commit();
    // The higher position is read first (its transaction is older and has ended) ...
    await eventually(async () => {
      await reader.poll();
      return reader.seen().length >= 1;
    });
    expect(reader.seen().map((e) => e.stream)).toEqual(['late:high']);

    // ... and the lower one, committed later, is still read after it: by position alone it would be skipped.
    await second.commit();
    await eventually(async () => {
      await reader.poll();
      return reader.seen().length >= 2;
    });
    expect(reader.seen().map((e) => [e.stream, e.position])).toEqual([
      ['late:high', high.events[0]!.position],
      ['late:low', low.events[0]!.position],
    ]);
    const all = (await s.store.readAll(0, 100000)).filter((e) => e.stream.startsWith('late:'));
    expect(all).toEqual(reader.seen());
  });
  it("give a stream's events in version order when a later version's transaction is the older one", async () => {
    const reader = await logReader('order:');
    const older = await openTransaction();
    await older.tx.query(`SELECT pg_current_xact_id()`); // its id is now lower than the next append's
    await s.store.append('order:s', [moved(1)], { expectedVersion: 0, meta });
    await s.store.append('order:s', [moved(2)], { expectedVersion: 1, tx: older.tx, meta });
    await older.commit();
    await eventually(async () => {
      await reader.poll();
      return reader.seen().length >= 2;
    });
    expect(reader.seen().map((e) => e.version)).toEqual([1, 2]);
  });
});

describe("appending in the caller's transaction", () => {
  it('publishes only after the outer commit, and never after a rollback', async () => {
    const before = published.length;
    await s.dataSource.transaction(async (tx) => {
      await s.store.append('doc:tx', [moved(1)], { expectedVersion: 0, tx, meta });
      await new Promise(setImmediate); // whatever the append set going has run
      expect(published.length).toBe(before);
    });
    expect(published.slice(before).map((b) => [b.stream, b.version, b.origin])).toEqual([['doc:tx', 1, 'local']]);

    const afterCommit = published.length;
    await expect(
      s.dataSource.transaction(async (tx) => {
        await s.store.append('doc:tx', [moved(2)], { expectedVersion: 1, tx, meta });
        throw new Error('caller changed its mind');
      }),
    ).rejects.toThrow('caller changed its mind');
    await new Promise(setImmediate);
    expect(published.length).toBe(afterCommit);
    expect(await s.store.streamVersion('doc:tx')).toBe(1);
  });

  it('leaves the caller transaction usable after a conflict', async () => {
    await s.store.append('doc:tx-conflict', [moved(1)], { expectedVersion: 0, meta });
    await s.dataSource.transaction(async (tx) => {
      await expect(
        s.store.append('doc:tx-conflict', [moved(2)], { expectedVersion: 0, tx, meta }),
      ).rejects.toBeInstanceOf(VersionConflictError);
      await s.store.append('doc:tx-conflict', [moved(2)], { expectedVersion: 1, tx, meta });
    });
    expect(await s.store.streamVersion('doc:tx-conflict')).toBe(2);
  });

  it('publishes each committed batch of its own transactions exactly once, in order', async () => {
    const before = published.length;
    await s.store.append('doc:pub', [moved(1)], { expectedVersion: 0, meta });
    await s.store.append('doc:pub', [moved(2), moved(3)], { expectedVersion: 1, meta });
    await eventually(() => published.length >= before + 2);
    expect(published.slice(before).map((b) => b.events.map((e) => e.version))).toEqual([[1], [2, 3]]);
  });
});

describe('in-transaction projections', () => {
  beforeAll(async () => {
    await s.dataSource.query(`CREATE TABLE test_titles (stream text PRIMARY KEY, title text NOT NULL)`);
    s.store.registerProjection({
      name: 'test_titles',
      handles: ['test/titled'],
      apply: async (tx, event) => {
        const title = (event.data as { title: string }).title;
        if (title === '') throw new Error('a projection refused the event');
        await tx.query(
          `INSERT INTO test_titles (stream, title) VALUES ($1, $2) ON CONFLICT (stream) DO UPDATE SET title = $2`,
          [event.stream, title],
        );
      },
      reset: async (tx) => void (await tx.query(`DELETE FROM test_titles`)),
    });
  });

  it('are readable as soon as the append returns', async () => {
    await s.store.append('doc:titled', [{ type: 'test/titled', data: { title: 'Sales' } }], {
      expectedVersion: 0,
      meta,
    });
    expect(await s.dataSource.query(`SELECT title FROM test_titles WHERE stream = 'doc:titled'`)).toEqual([
      { title: 'Sales' },
    ]);
  });

  it("pass a projection's unique violation to the caller at once: it is not a lost race", async () => {
    await s.dataSource.query(`CREATE TABLE test_slugs (slug text PRIMARY KEY)`);
    let tries = 0;
    s.store.registerProjection({
      name: 'test_slugs',
      handles: ['test/slugged'],
      apply: async (tx, event) => {
        tries += 1;
        await tx.query(`INSERT INTO test_slugs VALUES ($1)`, [(event.data as { slug: string }).slug]);
      },
      reset: async (tx) => void (await tx.query(`DELETE FROM test_slugs`)),
    });
    const slugged = [{ type: 'test/slugged', data: { slug: 'sales' } }];
    await s.store.append('doc:slug-1', slugged, { expectedVersion: 'any', meta });
    tries = 0;
    await expect(s.store.append('doc:slug-2', slugged, { expectedVersion: 'any', meta })).rejects.toMatchObject({
      code: '23505',
    });
    expect(tries).toBe(1);
    expect(await s.store.readStream('doc:slug-2')).toEqual([]);
  });

  it('fail the whole append when they fail', async () => {
    const attempt = s.store.append('doc:titled-bad', [moved(1), { type: 'test/titled', data: { title: '' } }], {
      expectedVersion: 0,
      meta,
    });
    await expect(attempt).rejects.toThrow('a projection refused the event');
    expect(await s.store.readStream('doc:titled-bad')).toEqual([]);
  });
});
