/**
 * Group append: autocommitted appends in flight at the same time share one statement.
 *
 * WHY: on a small machine the ceiling of concurrent writers is the CPU each statement costs (node-postgres
 * and the PostgreSQL backend), not the disk: 8 connections of raw single-row INSERTs reached only 2 to 3
 * times one connection's throughput, and 8 command writers as much. Committing several writers' appends in
 * one transaction but one statement each cut commits, not time (apps/bench README).
 *
 * HOW: an append with no caller's transaction and no in-transaction projection to run (what is otherwise
 * one autocommitted call of `strata_append_events`) is queued. One flusher at a time sends the queue: one
 * append alone as that call, exactly as before, several as ONE autocommitted call of `strata_append_batch`
 * (migrations/1797000000200-append-batch-function.ts), which runs them in queue order (two on one stream
 * see each other) and answers each on its own: appended, duplicate, conflict, or a lost race that only that
 * append runs again. While a statement is in the database the next appends queue: batches form only
 * from concurrency, no append ever waits for a duration, and a lone writer costs what it did.
 *
 * Callers are answered after the statement's COMMIT, in queue order, so the store publishes in commit
 * order (committed$, then the NOTIFY of commit-notifier.ts). Off on the embedded PGlite: one session
 * serves every connection there, so a shared statement saves nothing.
 */
import type { Envelope, EventLike } from '@strata/events';
import type { DataSource } from 'typeorm';
import {
  appendIn,
  callNamed,
  envelopeMeta,
  eventsParam,
  findCommandIn,
  isEmbedded,
  type AppendContext,
} from './append-events';
import { EVENT_COLUMNS, PG_UNIQUE_VIOLATION, pgError, toEnvelope, type EventRow } from './event-rows';
import { VersionConflictError, type AppendOptions, type AppendResult } from './event-store.port';

/** Appends per statement: bounds one statement's work, and so the wait of the appends queued behind it. */
export const MAX_BATCH = 32;

const BATCH_SQL = `SELECT item, outcome, current, first_version, ${EVENT_COLUMNS} FROM strata_append_batch($1::jsonb)`;
/** A named statement, as the single append's (append-events.ts APPEND_STATEMENT says why). */
const BATCH_STATEMENT = 'strata_append_batch_v1';

type Outcome = 'appended' | 'duplicate' | 'conflict' | 'race';
type BatchRow = EventRow & { item: number; outcome: Outcome; current: number | null; first_version: number | null };

interface Pending {
  stream: string;
  events: readonly EventLike[];
  options: AppendOptions;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export class AppendCombiner {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly context: () => AppendContext,
  ) {}

  /** One autocommitted append (no `tx`, no in-transaction projection for its events). */
  async append(stream: string, events: readonly EventLike[], options: AppendOptions): Promise<AppendResult> {
    if (await isEmbedded(this.dataSource.manager)) return this.alone(stream, events, options);
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, options, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  /** Drains the queue one statement at a time; `flushing` drops in the same turn as the last look at it. */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.send(batch);
        // With other appends in flight (this statement shared, or more queued meanwhile), the callers just
        // answered run on to their next append before the next statement goes (one turn of the event loop,
        // no timer), so their appends go together. A lone writer's next append goes at once, as before.
        if (batch.length > 1 || this.queue.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.flushing = false;
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.alone(only.stream, only.events, only.options).then(only.resolve, only.reject);
      return;
    }
    let found: BatchRow[];
    try {
      found = await callNamed<BatchRow>(this.dataSource.manager, BATCH_STATEMENT, BATCH_SQL, [
        JSON.stringify(batch.map(batchItem)),
      ]);
    } catch (error) {
      // The database refused the statement (a deadlock with another process's batch, say): nothing of it
      // committed, so each append runs alone, in queue order, and gets its own answer. Without an answer
      // from the database (a lost connection) whether it committed is unknown: every caller gets the error,
      // as a lone append's caller would.
      if (!SQLSTATE.test(pgError(error).code ?? '')) for (const p of batch) p.reject(error);
      else for (const p of batch) await this.alone(p.stream, p.events, p.options).then(p.resolve, p.reject);
      return;
    }
    const answers = await Promise.all(
      batch.map((p, i) =>
        this.answer(
          p,
          found.filter((row) => row.item === i + 1),
        ),
      ),
    );
    // In queue order: the store publishes in the order the appends committed.
    answers.forEach((answer, i) => (answer.ok ? batch[i]!.resolve(answer.result) : batch[i]!.reject(answer.error)));
  }

  private alone(stream: string, events: readonly EventLike[], options: AppendOptions): Promise<AppendResult> {
    return appendIn(this.dataSource.manager, stream, events, options, this.context());
  }

  private async answer(
    p: Pending,
    found: BatchRow[],
  ): Promise<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> {
    // A race row follows the rows of events the item inserted and then deleted again.
    const first = found.find((row) => row.outcome === 'race') ?? found[0];
    try {
      switch (first?.outcome) {
        case 'appended': {
          const events: Envelope[] = found.map(toEnvelope).sort((a, b) => a.version - b.version);
          return { ok: true, result: { events, version: events.at(-1)!.version, duplicate: false } };
        }
        case 'duplicate':
          return { ok: true, result: (await findCommandIn(this.dataSource.manager, p.stream, p.options.commandId!))! };
        case 'conflict':
          return {
            ok: false,
            error: new VersionConflictError(p.stream, p.options.expectedVersion as number, first.current!),
          };
        case 'race':
          // Recognised by the store's retry (postgres-event-store.ts lostRace) like the single append's.
          return { ok: false, error: Object.assign(new Error(`append to ${p.stream} lost a race`), lostRace) };
        default:
          return { ok: false, error: new Error(`strata_append_batch gave no answer for an append to ${p.stream}`) };
      }
    } catch (error) {
      return { ok: false, error };
    }
  }
}

const lostRace = { code: PG_UNIQUE_VIOLATION };

/** An error code PostgreSQL sent (node's own errors have codes such as ECONNRESET). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

function batchItem(p: Pending) {
  return {
    stream: p.stream,
    commandId: p.options.commandId ?? null,
    expected: p.options.expectedVersion === 'any' ? null : p.options.expectedVersion,
    meta: envelopeMeta(p.options),
    events: eventsParam(p.events),
  };
}
