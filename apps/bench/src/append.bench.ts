/**
 * (a) Appending events: the whole command-handler path (load the stream, fold, decide, append with the
 * expected version, publish after commit) against raw INSERTs of the same rows into the same `events`
 * table, measured in the same run on the same database, the sides interleaved round by round so the
 * machine's load drifts over all of them alike.
 *
 * Targets (issue 11, "A command path that scales"): one command at a time at most 1.5 times one
 * autocommitted single-row INSERT per event (the same one-commit-per-intent durability), and 8 concurrent
 * writers on 8 streams at least 4 times the throughput of one writer.
 */
import { randomUUID } from 'node:crypto';
import { DomainError, type Decider, type EventLike } from '@strata/events';
import { CommittedEvents } from 'server/dist/event-store/committed-events';
import { DecisionRunner } from 'server/dist/event-store/load-decide-append';
import { PostgresEventStore } from 'server/dist/event-store/postgres-event-store';
import { openDataSource } from 'server/dist/storage/data-source';
import { Client } from 'pg';
import { createBenchDatabase } from './bench-database';
import { compare, environment, print, round, type Comparison } from './measure';

/** Command path time / one autocommitted INSERT per event: at most this. */
export const COMMAND_PATH_TARGET = 1.5;
/** Throughput of the concurrent writers / throughput of one writer: at least this. */
export const CONCURRENCY_TARGET = 4;

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
  /** Timed rounds after one warm-up; each round runs every side once, in a rotating order. */
  rounds: number;
}

/**
 * Counts the statements sent to PostgreSQL by every node-postgres client of this process (each one a
 * round trip), BEGIN and COMMIT included, whether sent through TypeORM or as a named statement.
 */
function countStatements(): () => number {
  let sent = 0;
  const query = Client.prototype.query as (...args: unknown[]) => unknown;
  Client.prototype.query = function (this: Client, ...args: unknown[]) {
    sent += 1;
    return query.apply(this, args);
  } as typeof Client.prototype.query;
  return () => sent;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchAppend(options: AppendOptions): Promise<Record<string, unknown>> {
  const { events: n, streams, writers, rounds } = options;
  const db = await createBenchDatabase();
  const dataSource = await openDataSource(db.url, { poolSize: writers + 2 });
  const statements = countStatements();
  const committed = new CommittedEvents();
  const store = new PostgresEventStore(dataSource, committed);
  try {
    const decisions = new DecisionRunner(store, dataSource);
    let published = 0;
    committed.committed$.subscribe((batch) => (published += batch.events.length));
    const stream = (run: number, label: string, i: number) => `${label}:${run + 1}-${i % streams}`;

    /** One user intent after another, each a full load-decide-append round. */
    const commands = async (label: string, from: number, to: number, run: number, streamOf = stream) => {
      for (let i = from; i < to; i += 1) {
        await decisions.loadDecideAppend(
          streamOf(run, label, i),
          layout,
          move(i),
          { columns: 12 },
          { actor: 'bench', commandId: randomUUID() },
        );
      }
    };
    const meta = () => JSON.stringify({ actor: 'bench', at: new Date().toISOString(), batchId: randomUUID() });

    const sides: Record<string, (run: number) => Promise<void>> = {
      // One writer: n commands over `streams` streams.
      commands: (run) => commands('cmd', 0, n, run),
      // The same n commands from `writers` writers at once, each on a stream of its own (users editing
      // different dashboards).
      concurrent: async (run) => {
        const share = Math.ceil(n / writers);
        const own = (r: number, label: string) => `${label}:${r + 1}`;
        await Promise.all(
          Array.from({ length: writers }, (_, w) =>
            commands(`par${w}`, w * share, Math.min(n, (w + 1) * share), run, own),
          ),
        );
      },
      // The honest baseline of the command path: one durable single-row INSERT per event, autocommitted,
      // as the command path commits once per intent.
      insertPerEvent: async (run) => {
        const m = meta();
        for (let i = 0; i < n; i += 1) {
          const data = JSON.stringify({ id: `chart-${i % 12}`, x: i % 12, y: i });
          await dataSource.query(
            `INSERT INTO events (id, stream, version, type, data, meta) VALUES ($1::uuid, $2, $3::int, $4, $5::jsonb, $6::jsonb)`,
            [randomUUID(), stream(run, 'raw1', i), Math.floor(i / streams) + 1, 'bench/componentMoved', data, m],
          );
        }
      },
      // What the database and machine allow: the same single-row INSERTs from `writers` connections at once.
      insertConcurrent: async (run) => {
        const m = meta();
        const share = Math.ceil(n / writers);
        await Promise.all(
          Array.from({ length: writers }, async (_, w) => {
            for (let i = w * share; i < Math.min(n, (w + 1) * share); i += 1) {
              const data = JSON.stringify({ id: `chart-${i % 12}`, x: i % 12, y: i });
              await dataSource.query(
                `INSERT INTO events (id, stream, version, type, data, meta) VALUES ($1::uuid, $2, $3::int, $4, $5::jsonb, $6::jsonb)`,
                [randomUUID(), stream(run, 'rawpar', i), Math.floor(i / streams) + 1, 'bench/componentMoved', data, m],
              );
            }
          }),
        );
      },
      // The store alone, bulk: one append per stream with all of that stream's events.
      bulk: async (run) => {
        for (let s = 0; s < streams; s += 1) {
          const batch: LayoutEvent[] = [];
          for (let i = s; i < n; i += streams)
            batch.push({ type: 'bench/componentMoved', data: { id: `chart-${i % 12}`, x: i % 12, y: i } });
          await store.append(stream(run, 'bulk', s), batch, { expectedVersion: 0, meta: { actor: 'bench' } });
        }
      },
      // The bulk baseline: the same rows straight into the same table, 1000 rows per INSERT statement.
      raw: async (run) => {
        const m = meta();
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
              m,
            );
          }
          await dataSource.query(
            `INSERT INTO events (id, stream, version, type, data, meta) VALUES ${values.join(', ')}`,
            params,
          );
        }
      },
    };

    // Warm-up (run -1), then rounds; each round starts with a different side.
    const names = Object.keys(sides);
    const ms: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
    const perCommand: Record<string, number> = {};
    for (const name of names) {
      const before = statements();
      await sides[name]!(-1);
      perCommand[name] = round((statements() - before) / n, 2);
    }
    published = 0;
    for (let r = 0; r < rounds; r += 1) {
      for (let k = 0; k < names.length; k += 1) {
        const name = names[(r + k) % names.length]!;
        const start = process.hrtime.bigint();
        await sides[name]!(r);
        ms[name]!.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }
    if (published !== 3 * n * rounds) throw new Error(`expected ${3 * n * rounds} committed events, saw ${published}`);

    // Each round's ratio pairs measurements taken a few seconds apart; the median of them is the reading.
    const perRound = (subject: string, baseline: string) =>
      median(ms[subject]!.map((value, r) => value / ms[baseline]![r]!));
    const commandPath = perRound('commands', 'insertPerEvent');
    const speedup = perRound('commands', 'concurrent'); // same n commands: time of one / time of many
    const insertSpeedup = perRound('insertPerEvent', 'insertConcurrent');
    const m = Object.fromEntries(names.map((name) => [name, median(ms[name]!)]));

    const sizes = `${n} events over ${streams} streams`;
    const comparisons: Comparison[] = [
      compare(
        'command path vs one raw INSERT per event',
        `${sizes}: one command at a time (load, fold, decide, append with expected version, publish) vs one autocommitted single-row INSERT per event (one durable write per intent on both sides)`,
        ['commands', m.commands!],
        ['INSERT per event', m.insertPerEvent!],
        {
          ratioOfRounds: round(commandPath),
          target: `<= ${COMMAND_PATH_TARGET}`,
          meetsTarget: commandPath <= COMMAND_PATH_TARGET,
          msPerCommand: round(m.commands! / n),
          msPerRawInsert: round(m.insertPerEvent! / n),
          statementsPerCommand: perCommand.commands,
        },
      ),
      compare(
        `${writers} concurrent writers vs one writer`,
        `the same ${n} commands from ${writers} writers at once, each on its own stream, vs one writer; ratio = time, so its inverse is the speed-up in throughput`,
        ['concurrent commands', m.concurrent!],
        ['one writer', m.commands!],
        {
          throughputRatio: round(speedup),
          target: `>= ${CONCURRENCY_TARGET}`,
          meetsTarget: speedup >= CONCURRENCY_TARGET,
          commandsPerSecond: Math.round((n / m.concurrent!) * 1000),
          oneWriterCommandsPerSecond: Math.round((n / m.commands!) * 1000),
        },
      ),
      compare(
        `raw INSERTs, ${writers} concurrent writers vs one writer`,
        `the same ${n} autocommitted single-row INSERTs from ${writers} connections at once vs one: the ceiling the database and machine set for the previous line`,
        ['concurrent INSERTs', m.insertConcurrent!],
        ['one writer', m.insertPerEvent!],
        { throughputRatio: round(insertSpeedup) },
      ),
      compare(
        'command path vs raw INSERT',
        `${sizes}: one command at a time vs multi-row INSERTs of 1000 rows (no commit per intent)`,
        ['commands', m.commands!],
        ['raw INSERT', m.raw!],
      ),
      compare(
        'store append (bulk) vs raw INSERT',
        `${sizes}: one append per stream carrying all its events (version check, INSERT, NOTIFY) vs the same raw INSERTs`,
        ['store append', m.bulk!],
        ['raw INSERT', m.raw!],
      ),
    ];
    print(
      `Event store appends (${sizes}, median of ${rounds} interleaved rounds, PostgreSQL at ${db.server})`,
      comparisons,
    );
    const met = [commandPath <= COMMAND_PATH_TARGET, speedup >= CONCURRENCY_TARGET];
    console.log(
      `  target: command path <= ${COMMAND_PATH_TARGET}x one autocommitted INSERT per event: ${round(commandPath, 2)}x, ${met[0] ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  target: ${writers} writers >= ${CONCURRENCY_TARGET}x the throughput of one: ${round(speedup, 2)}x, ${met[1] ? 'MET' : 'NOT MET'}`,
    );
    console.log(
      `  for reference: ${writers} writers of raw single-row INSERTs reach ${round(insertSpeedup, 2)}x the throughput of one on this machine now`,
    );
    console.log(`  statements per command (round trips, BEGIN/COMMIT included): ${perCommand.commands}`);
    if (met.includes(false)) process.exitCode = 1;
    return {
      environment: environment(),
      database: db.server,
      events: n,
      streams,
      writers,
      rounds,
      msRounds: ms,
      statementsPerCommand: perCommand,
      comparisons,
    };
  } finally {
    await store.onModuleDestroy(); // its last notifications to other processes go out first
    await dataSource.destroy();
    await db.drop();
  }
}
