/**
 * Past states from snapshots kept in the database (past-states.ts, fold-snapshots.ts), on a real
 * PostgreSQL and on the embedded PGlite (the server's default storage): a new PastStates, as after a
 * restart, starts from the snapshots an earlier one left and answers every point as the full fold does,
 * between snapshots and before the first; a changed fold ignores them; a snapshot that an event committed
 * late below is not used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Envelope, EventLike } from '@strata/events';
import type { DataSource } from 'typeorm';
import { openStore, openTestStore, type StoreInstance } from '../../test/event-store/store-fixture';
import type { LogPoint } from '../event-store';
import { startEmbeddedPostgres } from '../storage/embedded/embedded-postgres';
import { FoldSnapshots } from './fold-snapshots';
import { FoldSnapshots1797001500000 } from './migrations/1797001500000-fold-snapshots';
import { PAST_KINDS, type PastKind } from './object-kinds';
import { PastStates } from './past-states';

// initdb of a PGlite database takes seconds on a busy machine.
jest.setTimeout(300_000);

const meta = { actor: '1' };
const chart = PAST_KINDS.chart;

async function migrate(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner();
  await new FoldSnapshots1797001500000().up(runner);
  await runner.release();
}

/** The row at `point` folded from the object's first event, with no snapshot. */
async function fullFold(s: StoreInstance, kind: PastKind, id: number, point: LogPoint) {
  const events = await s.store.readStreamsUntil(kind.foldStreams(id), point);
  const handles = new Set<string>(kind.fold.handles);
  return events.reduce<object | null>((row, e) => (handles.has(e.type) ? kind.fold.evolve(row, e) : row), null);
}

const snapshotsOf = async (s: StoreInstance, object: string) =>
  (await s.dataSource.query(
    `SELECT fold_version, position::int AS position FROM fold_snapshots WHERE object = $1 ORDER BY position`,
    [object],
  )) as { fold_version: string; position: number }[];

/** A chart with 350 events (creation, renames, params; some appends of several), others' events between. */
async function busyChart(s: StoreInstance, id: number): Promise<Envelope[]> {
  const fields = {
    slice_name: 'Cars',
    viz_type: 'table',
    datasource_id: 1,
    datasource_type: 'table',
    params: '{}',
    query_context: null,
    description: null,
    cache_timeout: null,
    owners: [1],
    certified_by: null,
    certification_details: null,
  };
  await s.store.append(`chart:${id}`, [{ type: 'chart/chartCreated', data: { id, ...fields } }], {
    expectedVersion: 0,
    meta,
  });
  for (let v = 2; v <= 350;) {
    const size = v % 7 === 0 ? Math.min(3, 351 - v) : 1;
    const events: EventLike[] = Array.from({ length: size }, (_, i) =>
      (v + i) % 5 === 0
        ? { type: 'chart/chartRenamed', data: { slice_name: `Cars ${v + i}` } }
        : { type: 'chart/chartParamsChanged', data: { params: JSON.stringify({ row_limit: v + i }) } },
    );
    await s.store.append(`chart:${id}`, events, { expectedVersion: 'any', meta });
    if (v % 10 === 0)
      await s.store.append(`chart:${id + 1}`, [{ type: 'test/other', data: {} }], { expectedVersion: 'any', meta });
    v += size;
  }
  return s.store.readStream(`chart:${id}`);
}

function snapshotSpecs(open: () => Promise<StoreInstance>) {
  let s: StoreInstance;
  beforeAll(async () => {
    s = await open();
    await migrate(s.dataSource);
  });
  afterAll(async () => s?.close());

  it('a new PastStates starts from the snapshots an earlier one left, and answers every point as the full fold', async () => {
    const events = await busyChart(s, 10);
    const at = (version: number) => events[version - 1]!.position!;
    const first = new PastStates(s.store, new FoldSnapshots(s.dataSource), 100);
    expect(await first.row(chart, 10, { position: at(350) })).toEqual(
      await fullFold(s, chart, 10, { position: at(350) }),
    );
    // One every 100 stored events (an append of several events has one position for each).
    const kept = await snapshotsOf(s, 'chart:10');
    expect(kept.map((k) => k.position)).toEqual([at(100), at(200), at(300)]);

    // As after a restart: nothing in memory, the snapshots in the database.
    const restarted = new PastStates(s.store, new FoldSnapshots(s.dataSource), 100);
    const versions = [1, 2, 99, 100, 101, 150, 199, 200, 201, 299, 300, 301, 349, 350];
    for (const v of versions) {
      expect(await restarted.row(chart, 10, { position: at(v) })).toEqual(
        await fullFold(s, chart, 10, { position: at(v) }),
      );
      const time = { at: events[v - 1]!.meta.at };
      expect(await restarted.row(chart, 10, time)).toEqual(await fullFold(s, chart, 10, time));
    }
    // Before the chart's first event, between another object's events: it did not exist.
    expect(await restarted.row(chart, 10, { position: at(1) - 1 })).toBeNull();
    expect(await restarted.row(chart, 10, { at: '2000-01-01T00:00:00.000Z' })).toBeNull();
    expect(await snapshotsOf(s, 'chart:10')).toEqual(kept);

    // The snapshot is what a read starts from: a mark put in the one at version 200 shows from 200 to 299.
    await s.dataSource.query(
      `UPDATE fold_snapshots SET state = jsonb_set(state, '{description}', '"from the snapshot"')
        WHERE object = 'chart:10' AND position = $1`,
      [at(200)],
    );
    const description = async (states: PastStates, kind: PastKind, v: number) =>
      ((await states.row(kind, 10, { position: at(v) })) as { description: string | null }).description;
    expect(await description(restarted, chart, 200)).toBe('from the snapshot');
    expect(await description(restarted, chart, 299)).toBe('from the snapshot');
    expect(await description(restarted, chart, 199)).toBeNull();
    expect(await description(restarted, chart, 300)).toBeNull();

    // A changed fold (here only its source) has another version: it folds from the start, keeps its own
    // snapshots and drops the old ones.
    const changed: PastKind = {
      ...chart,
      fold: { handles: chart.fold.handles, evolve: (r, e) => chart.fold.evolve(r, e) },
    };
    expect(await description(restarted, changed, 250)).toBeNull();
    const now = await snapshotsOf(s, 'chart:10');
    expect(now.map((k) => k.position)).toEqual([at(100), at(200)]);
    expect(new Set(now.map((k) => k.fold_version)).size).toBe(1);
    expect(now[0]!.fold_version).not.toBe(kept[0]!.fold_version);
  });
}

describe('past states from kept snapshots on PostgreSQL', () => {
  snapshotSpecs(() => openTestStore('past_states'));
});

describe('past states from kept snapshots on the embedded PGlite', () => {
  let home: string;
  let stop: (() => Promise<void>) | undefined;
  snapshotSpecs(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-past-states-'));
    const db = await startEmbeddedPostgres({ name: 'metadata', dataDir: join(home, 'db'), password: 'past-states' });
    stop = () => db.stop();
    return openStore(db.url());
  });
  afterAll(async () => {
    await stop?.();
    rmSync(home, { recursive: true, force: true });
  });
});

describe('a snapshot below which an event committed late (PostgreSQL)', () => {
  let s: StoreInstance;
  beforeAll(async () => {
    s = await openTestStore('past_states_late');
    await migrate(s.dataSource);
  });
  afterAll(async () => s?.close());

  /** A fold over two streams that counts and sums what it folded: a missed event shows. */
  const counting: PastKind = {
    ...chart,
    foldStreams: (id) => [`tally-a:${id}`, `tally-b:${id}`],
    fold: {
      handles: ['tally/added'],
      evolve: (row, e) => {
        const r = (row ?? { events: 0, total: 0 }) as { events: number; total: number };
        return { events: r.events + 1, total: r.total + (e.data as { n: number }).n };
      },
    },
  };
  const add = (n: number): EventLike => ({ type: 'tally/added', data: { n } });

  it('is not used once the late event is there; the answer counts it', async () => {
    const states = new PastStates(s.store, new FoldSnapshots(s.dataSource), 100);
    let last = 0;
    await s.dataSource.transaction(async (tx) => {
      // Its position is taken now, below the events committed next; it commits after the snapshots.
      await s.store.append('tally-b:1', [add(1000)], { expectedVersion: 'any', meta, tx });
      for (let i = 0; i < 150; i++)
        last = (await s.store.append('tally-a:1', [add(1)], { expectedVersion: 'any', meta })).events[0]!.position!;
      expect(await states.row(counting, 1, { position: last })).toEqual({ events: 150, total: 150 });
      expect((await snapshotsOf(s, 'chart:1')).length).toBe(1);
    });
    expect(await states.row(counting, 1, { position: last })).toEqual({ events: 151, total: 1150 });
    expect(await states.row(counting, 1, { position: last })).toEqual(
      await fullFold(s, counting, 1, { position: last }),
    );
  });
});
