/**
 * (a) Appending events: the whole command-handler path (load the stream, fold, decide, append with the
 * expected version, publish after commit) against a raw multi-row INSERT of the same number of rows
 * into the same `events` table, measured in the same run on the same database.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type Decider, type EventLike } from '@strata/events';
import { CommittedEvents } from 'server/dist/event-store/committed-events';
import { DecisionRunner } from 'server/dist/event-store/load-decide-append';
import { PostgresEventStore } from 'server/dist/event-store/postgres-event-store';
import { openDataSource } from 'server/dist/storage/data-source';
import { createBenchDatabase } from './bench-database';
import { compare, environment, print, round, time, type Comparison } from './measure';

/** A small dashboard-layout context, shaped like the real ones: validate the intent, emit one fact. */
type LayoutEvent = EventLike<'bench/componentMoved', { id: string; x: number; y: number }>;
type LayoutCommand = { type: 'MoveComponent'; id: string; x: number; y: number };
type Layout = Record<string, { x: number; y: number }>;
const layout: Decider<Layout, LayoutEvent, LayoutCommand, { columns: number }> = {
  initialState: () => ({}),
  evolve: (state, event) =>
    event.type === 'bench/componentMoved' ? { ...state, [event.data.id]: { x: event.data.x, y: event.data.y } } : state,
  decide: (command, state, ctx) => {
    if (command.x < 0 || command.x >= ctx.columns)
      throw new DomainError('off_grid', 'The component must stay on the grid.');
    const at = state[command.id];
    if (at && at.x === command.x && at.y === command.y) return [];
    return [{ type: 'bench/componentMoved', data: { id: command.id, x: command.x, y: command.y } }];
  },
};

const move = (i: number): LayoutCommand => ({ type: 'MoveComponent', id: `chart-${i % 12}`, x: i % 12, y: i });

export interface AppendOptions {
  events: number;
  streams: number;
  writers: number;
  repeat: number;
}

export async function benchAppend(options: AppendOptions): Promise<Record<string, unknown>> {
  const { events: n, streams, writers, repeat } = options;
  const db = await createBenchDatabase();
  const dataSource = await openDataSource(db.url, { poolSize: writers + 2 });
  try {
    const committed = new CommittedEvents();
    const store = new PostgresEventStore(dataSource, committed);
    const decisions = new DecisionRunner(store, dataSource);
    let published = 0;
    committed.committed$.subscribe((batch) => (published += batch.events.length));
    const stream = (run: number, label: string, i: number) => `${label}:${run + 1}-${i % streams}`;

    /** One user intent after another, each a full load-decide-append round. */
    const commands = (label: string, from: number, to: number, run: number) => async () => {
      for (let i = from; i < to; i += 1) {
        await decisions.loadDecideAppend(
          stream(run, label, i),
          layout,
          move(i),
          { columns: 12 },
          { actor: 'bench', commandId: randomUUID() },
        );
      }
    };

    published = 0;
    const sequential = await time(repeat, (run) => commands('cmd', 0, n, run)());
    if (published !== n * (repeat + 1))
      throw new Error(`expected ${n * (repeat + 1)} committed events, saw ${published}`);

    // Several writers at once, on different streams: shows what the append lock's serialisation costs.
    const concurrent = await time(repeat, async (run) => {
      const share = Math.ceil(n / writers);
      // Each writer has its own streams (label par<w>), as users editing different dashboards.
      await Promise.all(
        Array.from({ length: writers }, (_, w) => commands(`par${w}`, w * share, Math.min(n, (w + 1) * share), run)()),
      );
    });

    // The store alone, bulk: one append per stream with all of that stream's events.
    const bulk = await time(repeat, async (run) => {
      for (let s = 0; s < streams; s += 1) {
        const batch: LayoutEvent[] = [];
        for (let i = s; i < n; i += streams)
          batch.push({ type: 'bench/componentMoved', data: { id: `chart-${i % 12}`, x: i % 12, y: i } });
        await store.append(stream(run, 'bulk', s), batch, { expectedVersion: 0, meta: { actor: 'bench' } });
      }
    });

    // The baseline: the same rows straight into the same table, 1000 rows per INSERT statement.
    const raw = await time(repeat, async (run) => {
      const meta = JSON.stringify({ actor: 'bench', at: new Date().toISOString(), batchId: randomUUID() });
      for (let start = 0; start < n; start += 1000) {
        const values: string[] = [];
        const params: unknown[] = [];
        for (let i = start; i < Math.min(n, start + 1000); i += 1) {
          const p = params.length;
          values.push(`($${p + 1}::uuid, $${p + 2}, $${p + 3}::int, $${p + 4}, $${p + 5}::jsonb, $${p + 6}::jsonb)`);
          const data = JSON.stringify({ id: `chart-${i % 12}`, x: i % 12, y: i });
          params.push(
            randomUUID(),
            stream(run, 'raw', i),
            Math.floor(i / streams) + 1,
            'bench/componentMoved',
            data,
            meta,
          );
        }
        await dataSource.query(
          `INSERT INTO events (id, stream, version, type, data, meta) VALUES ${values.join(', ')}`,
          params,
        );
      }
    });

    // A second, stricter baseline: one durable INSERT per event, as the command path commits once per
    // intent. The gap to this one is the store's own work; the gap between the two baselines is the
    // price of a commit (an fsync) per user intent, which any durable acknowledgement pays.
    const rawPerEvent = await time(repeat, async (run) => {
      const meta = JSON.stringify({ actor: 'bench', at: new Date().toISOString(), batchId: randomUUID() });
      for (let i = 0; i < n; i += 1) {
        const data = JSON.stringify({ id: `chart-${i % 12}`, x: i % 12, y: i });
        await dataSource.query(
          `INSERT INTO events (id, stream, version, type, data, meta) VALUES ($1::uuid, $2, $3::int, $4, $5::jsonb, $6::jsonb)`,
          [randomUUID(), stream(run, 'raw1', i), Math.floor(i / streams) + 1, 'bench/componentMoved', data, meta],
        );
      }
    });

    const sizes = `${n} events over ${streams} streams`;
    const comparisons: Comparison[] = [
      compare(
        'command path vs raw INSERT',
        `${sizes}: one command at a time (load, fold, decide, append with expected version, publish) vs multi-row INSERTs of 1000 rows`,
        ['commands', sequential.ms],
        ['raw INSERT', raw.ms],
        { msPerCommand: round(sequential.ms / n), commandsPerSecond: Math.round((n / sequential.ms) * 1000) },
      ),
      compare(
        `command path, ${writers} concurrent writers vs raw INSERT`,
        `${sizes}: ${writers} writers on distinct streams at once vs the same raw INSERTs`,
        ['concurrent commands', concurrent.ms],
        ['raw INSERT', raw.ms],
        { commandsPerSecond: Math.round((n / concurrent.ms) * 1000) },
      ),
      compare(
        'command path vs one raw INSERT per event',
        `${sizes}: one command at a time vs one autocommitted single-row INSERT per event (one durable write per intent on both sides)`,
        ['commands', sequential.ms],
        ['INSERT per event', rawPerEvent.ms],
        { msPerRawInsert: round(rawPerEvent.ms / n) },
      ),
      compare(
        'store append (bulk) vs raw INSERT',
        `${sizes}: one append per stream carrying all its events (lock, version check, INSERT, NOTIFY) vs the same raw INSERTs`,
        ['store append', bulk.ms],
        ['raw INSERT', raw.ms],
      ),
    ];
    print(`Event store appends (${sizes}, median of ${repeat}, PostgreSQL at ${db.server})`, comparisons);
    return { environment: environment(), database: db.server, events: n, streams, writers, repeat, comparisons };
  } finally {
    await dataSource.destroy();
    await db.drop();
  }
}
