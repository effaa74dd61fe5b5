/**
 * Group append: autocommitted appends in flight at the same time share one statement.
 *
 * WHY: on a small machine the ceiling of concurrent writers is the CPU each statement costs (node-postgres
 * and the PostgreSQL backend), not the disk: 8 connections of raw single-row INSERTs reached only 2 to 3
 * times one connection's throughput. Several appends in one set-based statement cost little more than one.
 *
 * HOW: an append with no caller's transaction and no in-transaction projection to run (what is otherwise
 * one autocommitted call of `strata_append_events`) is queued. Up to MAX_IN_FLIGHT statements are in the
 * database at once; each takes the queued appends of streams that have none in flight, at most one per
 * stream, so a stream's appends run one after the other, each seeing the one before. With nothing in the
 * database an append is sent at once; otherwise the appends of one event-loop turn go together at its end
 * (the callers a statement just answered run on to their next append within that turn), and a second
 * statement goes only when it carries more appends than the one in the database, else they wait for it and
 * join its callers' next ones. So writers in step share one statement per turn: split into one beside
 * seven, they stayed split (two statements and two commits per turn), measured in apps/bench. One append alone is that call, exactly as before; several are ONE autocommitted
 * statement (BATCH_SQL) that checks each append's command id and expected version against the log and
 * inserts the events and command ids of those that pass. Each caller gets its own answer: appended,
 * duplicate or conflict. A statement the database refuses as a whole (another transaction took one of its
 * versions or command ids, a deadlock, a value it cannot store) committed nothing: its appends run again
 * alone, each getting its own answer. Batches form only from concurrency: no append waits for a duration,
 * and a lone writer costs what it did.
 *
 * Callers are answered after their statement's COMMIT, in the order the statements were sent, so the
 * store publishes each stream's appends in order (committed$, then the NOTIFY of commit-notifier.ts). Off
 * on the embedded PGlite: one session serves every connection there, so a shared statement saves nothing.
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
  knownEmbedded,
  type AppendContext,
} from './append-events';
import { pgError } from './event-rows';
import { VersionConflictError, type AppendOptions, type AppendResult } from './event-store.port';

/** Appends per statement: bounds one statement's work, and so the wait of the appends queued behind it. */
export const MAX_BATCH = 32;
/** Statements in the database at once: while one commits, the next is already being decided and sent. */
export const MAX_IN_FLIGHT = 2;

/**
 * Several appends, each on a stream of its own, as one statement: the stream's head and the command id are
 * looked up per item (as `strata_append_events` does), the items that pass insert their command ids and
 * events, and every item answers with its head (`current`), a known command id's `first_version`, and one
 * row per inserted event (its position and version; the caller has the rest). Plain INSERTs: a version or
 * command id another transaction took fails the statement (unique violation) and nothing commits.
 * `log_order` is the transaction's id, raised to the stream's previous event's (log-order.ts).
 */
const BATCH_SQL = `/* strata_append_batch */
WITH item AS (
  SELECT x.n, x.stream, x.command_id, x.expected, x.meta, x.events,
         coalesce(head.version, 0) AS current, head.log_order, known.first_version
    FROM jsonb_to_recordset($1::jsonb)
           AS x(n integer, stream text, command_id text, expected integer, meta jsonb, events jsonb)
    LEFT JOIN LATERAL (
      SELECT e.version, e.log_order FROM events e WHERE e.stream = x.stream ORDER BY e.version DESC LIMIT 1
    ) head ON true
    LEFT JOIN LATERAL (
      SELECT c.first_version FROM event_commands c WHERE c.stream = x.stream AND c.command_id = x.command_id LIMIT 1
    ) known ON true
), passed AS (
  SELECT * FROM item WHERE first_version IS NULL AND (expected IS NULL OR expected = current)
), commands AS (
  INSERT INTO event_commands (stream, command_id, first_version, last_version)
  SELECT stream, command_id, current + 1, current + jsonb_array_length(events) FROM passed WHERE command_id IS NOT NULL
), inserted AS (
  INSERT INTO events AS e (id, stream, version, type, data, meta, command_id, log_order)
  SELECT (v.value->>'id')::uuid, p.stream, p.current + v.n::integer, v.value->>'type',
         coalesce(v.value->'data', 'null'::jsonb), p.meta, p.command_id, greatest(pg_current_xact_id(), p.log_order)
    FROM passed p CROSS JOIN LATERAL jsonb_array_elements(p.events) WITH ORDINALITY AS v(value, n)
  RETURNING e.stream, e.version, e.position
)
SELECT item.n AS item, item.current, item.first_version, inserted.version, inserted.position
  FROM item LEFT JOIN inserted ON inserted.stream = item.stream`;
/** A named statement, as the single append's (append-events.ts APPEND_STATEMENT says why). */
const BATCH_STATEMENT = 'strata_append_batch_v2';

interface BatchRow {
  item: number;
  current: number;
  first_version: number | null;
  version: number | null;
  position: string | null;
}

type Answer = { ok: true; result: AppendResult } | { ok: false; error: unknown };

const settle = (append: Promise<AppendResult>): Promise<Answer> =>
  append.then(
    (result) => ({ ok: true as const, result }),
    (error: unknown) => ({ ok: false as const, error }),
  );

interface Pending {
  stream: string;
  events: readonly EventLike[];
  options: AppendOptions;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

export class AppendCombiner {
  private queue: Pending[] = [];
  /** Streams with an append in a statement now: their next appends wait for it, so they see it. */
  private readonly busy = new Set<string>();
  private inFlight = 0;
  /** Appends in the statements in flight. */
  private inFlightItems = 0;
  /** A pump is due at the end of this turn (setImmediate). */
  private scheduled = false;
  /** Answers go out in the order the statements were sent, so publishing keeps each stream's order. */
  private answered: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly context: () => AppendContext,
  ) {}

  /** One autocommitted append (no `tx`, no in-transaction projection for its events). */
  append(stream: string, events: readonly EventLike[], options: AppendOptions): Promise<AppendResult> {
    const embedded = knownEmbedded(this.dataSource.manager);
    if (embedded === undefined)
      return isEmbedded(this.dataSource.manager).then(() => this.append(stream, events, options));
    if (embedded) return this.alone(stream, events, options);
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, options, resolve, reject });
      // Nothing in the database: go now (a lone writer never waits). Otherwise the appends made in this
      // turn (the callers a statement just answered, running on to their next) go together at its end.
      if (this.inFlight === 0 && !this.scheduled) this.pump();
      else this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  /**
   * Sends what is queued while fewer than MAX_IN_FLIGHT statements are in the database: the appends of
   * streams with none in flight, in queue order (a stream's later appends stay queued behind its first).
   */
  private pump(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      // Beside a statement in the database, a smaller one waits for it to finish and joins the appends
      // its callers make next: writers that fell out of step (one append going beside seven) come
      // together again, and 8 writers share one statement and one commit rather than two.
      if (this.inFlight > 0 && this.queue.length <= this.inFlightItems) return;
      const batch: Pending[] = [];
      const held = new Set<string>();
      const rest: Pending[] = [];
      for (const p of this.queue) {
        // A stream's first queued append may go; its later ones (and any of a busy stream) wait behind it.
        const goes = batch.length < MAX_BATCH && !this.busy.has(p.stream) && !held.has(p.stream);
        held.add(p.stream);
        (goes ? batch : rest).push(p);
      }
      if (batch.length === 0) return;
      const sent = new Set(batch.map((p) => p.stream));
      this.queue = rest;
      for (const stream of sent) this.busy.add(stream);
      this.inFlight += 1;
      this.inFlightItems += batch.length;
      // Never rejects: an error of our own (an event that cannot be serialised, say) answers every caller.
      const outcomes = this.send(batch).catch((error: unknown) => batch.map((): Answer => ({ ok: false, error })));
      this.answered = this.answered.then(async () => {
        const settledOutcomes = await outcomes;
        settledOutcomes.forEach((o, i) => (o.ok ? batch[i]!.resolve(o.result) : batch[i]!.reject(o.error)));
      });
      void outcomes.finally(() => {
        for (const stream of sent) this.busy.delete(stream);
        this.inFlight -= 1;
        this.inFlightItems -= batch.length;
        // The callers just answered run on to their next append first (one turn, no timer), so theirs go
        // together; a lone writer's next append (one answered, nothing else in flight or queued) goes at once.
        if (batch.length > 1 || this.queue.length > 0 || this.inFlight > 0) this.schedule();
      });
    }
  }

  private async send(batch: Pending[]): Promise<Answer[]> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      return [await settle(this.alone(only.stream, only.events, only.options))];
    }
    const sent = batch.map(batchItem);
    let found: BatchRow[];
    try {
      found = await callNamed<BatchRow>(this.dataSource.manager, BATCH_STATEMENT, BATCH_SQL, [JSON.stringify(sent)]);
    } catch (error) {
      // The database refused the statement (a deadlock with another process's batch, say): nothing of it
      // committed, so each append runs alone, in queue order, and gets its own answer. Without an answer
      // from the database (a lost connection) whether it committed is unknown: every caller gets the error,
      // as a lone append's caller would.
      if (!SQLSTATE.test(pgError(error).code ?? '')) return batch.map(() => ({ ok: false, error }));
      const answers: Answer[] = [];
      for (const p of batch) answers.push(await settle(this.alone(p.stream, p.events, p.options)));
      return answers;
    }
    const byItem: BatchRow[][] = batch.map(() => []);
    for (const row of found) byItem[row.item - 1]?.push(row);
    return Promise.all(batch.map((p, i) => this.answer(p, sent[i]!, byItem[i]!)));
  }

  private alone(stream: string, events: readonly EventLike[], options: AppendOptions): Promise<AppendResult> {
    return appendIn(this.dataSource.manager, stream, events, options, this.context());
  }

  /** One item's answer from its rows: a known command id first, then the version check, else its events. */
  private async answer(p: Pending, item: BatchItem, found: BatchRow[]): Promise<Answer> {
    const [head] = found;
    try {
      if (head === undefined) throw new Error(`the shared append statement gave no answer for ${p.stream}`);
      if (head.first_version !== null) {
        return { ok: true, result: (await findCommandIn(this.dataSource.manager, p.stream, item.command_id!))! };
      }
      if (item.expected !== null && item.expected !== head.current) {
        return { ok: false, error: new VersionConflictError(p.stream, item.expected, head.current) };
      }
      // What was stored is what was sent: the envelopes are built here rather than read back.
      const events: Envelope[] = found
        .sort((x, y) => x.version! - y.version!)
        .map((row, k) => ({
          id: item.events[k]!.id,
          stream: p.stream,
          version: row.version!,
          position: Number(row.position),
          type: item.events[k]!.type,
          data: item.events[k]!.data ?? null,
          meta: item.meta,
        }));
      return { ok: true, result: { events, version: events.at(-1)!.version, duplicate: false } };
    } catch (error) {
      return { ok: false, error };
    }
  }
}

/** An error code PostgreSQL sent (node's own errors have codes such as ECONNRESET). */
const SQLSTATE = /^[0-9A-Z]{5}$/;

type BatchItem = ReturnType<typeof batchItem>;

function batchItem(p: Pending, i: number) {
  return {
    n: i + 1,
    stream: p.stream,
    command_id: p.options.commandId ?? null,
    expected: p.options.expectedVersion === 'any' ? null : p.options.expectedVersion,
    meta: envelopeMeta(p.options),
    events: eventsParam(p.events),
  };
}
