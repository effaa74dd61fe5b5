/**
 * The body of an append, run inside a transaction the caller of this function owns.
 *
 * WHY A LOCK: readers follow the global `position`, so a reader must never see position N+1 while N can
 * still commit (it would move its checkpoint past N and skip it forever). Postgres hands out identity
 * values at INSERT time, not at COMMIT, so two concurrent appends can commit in the opposite order of
 * their positions. Filtering readers by `pg_snapshot_xmin(pg_current_snapshot())` does not fix this on its
 * own: transaction ids are assigned in a different order than positions, so a committed event with a
 * higher position can have a lower transaction id than a still-running one.
 *
 * SOLUTION: every append takes one transaction-scoped advisory lock before it inserts and keeps it until
 * COMMIT/ROLLBACK. Only one transaction at a time can hold uncommitted events, and its positions are
 * above every committed one; Postgres makes a commit visible before it releases the transaction's locks,
 * so the next holder's events always come after it. Hence every snapshot sees a prefix of the log (holes
 * only where a transaction rolled back, and those never fill), and a plain `position > $1` read is
 * commit-safe with no waiting on long-running unrelated transactions. The cost is that appends are
 * serialised (about one round trip of lock hold each); for a BI tool's rate of user intents that is far
 * below the limit, and the benchmark in apps/bench measures it. The lock also makes the version check
 * and the idempotency check race-free across server processes.
 */
import { randomUUID } from 'node:crypto';
import type { Envelope, EventLike, EventMeta } from '@strata/events';
import type { EntityManager } from 'typeorm';
import {
  APPEND_LOCK_SQL,
  EVENT_COLUMNS,
  EVENTS_CHANNEL,
  rows,
  toEnvelope,
  toEnvelopes,
  type EventRow,
  type EventsNotification,
} from './event-rows';
import { VersionConflictError, type AppendOptions, type AppendResult, type Projection } from './event-store.port';

export async function streamVersionIn(tx: EntityManager, stream: string): Promise<number> {
  const [row] = await rows<{ version: number | null }>(
    tx,
    `SELECT max(version) AS version FROM events WHERE stream = $1`,
    [stream],
  );
  return row?.version ?? 0;
}

export async function findCommandIn(
  tx: EntityManager,
  stream: string,
  commandId: string,
): Promise<AppendResult | null> {
  const [command] = await rows<{ first_version: number; last_version: number }>(
    tx,
    `SELECT first_version, last_version FROM event_commands WHERE stream = $1 AND command_id = $2`,
    [stream, commandId],
  );
  if (command === undefined) return null;
  const found = await rows<EventRow>(
    tx,
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND version BETWEEN $2 AND $3 ORDER BY version`,
    [stream, command.first_version, command.last_version],
  );
  return { events: toEnvelopes(found), version: command.last_version, duplicate: true };
}

export interface AppendContext {
  projections: readonly Projection[];
  instanceId: string;
}

export async function appendIn(
  tx: EntityManager,
  stream: string,
  events: readonly EventLike[],
  options: AppendOptions,
  context: AppendContext,
): Promise<AppendResult> {
  await tx.query(APPEND_LOCK_SQL);
  // After the lock, in its own statement: a statement's snapshot is taken when it starts, so only now
  // does it include every append that committed before ours got the lock.
  const [slot] = await rows<{ version: number | null; first_version: number | null }>(
    tx,
    `SELECT (SELECT max(version) FROM events WHERE stream = $1) AS version,
            (SELECT first_version FROM event_commands WHERE stream = $1 AND command_id = $2) AS first_version`,
    [stream, options.commandId ?? null],
  );
  if (slot?.first_version != null) return (await findCommandIn(tx, stream, options.commandId!))!;
  const current = slot?.version ?? 0;
  if (options.expectedVersion !== 'any' && options.expectedVersion !== current) {
    throw new VersionConflictError(stream, options.expectedVersion, current);
  }
  const version = current + events.length;
  const notification: EventsNotification = { instance: context.instanceId, stream, first: current + 1, last: version };
  const inserted = await insertEvents(
    tx,
    stream,
    current,
    events,
    envelopeMeta(options),
    options.commandId,
    notification,
  );
  for (const event of inserted) {
    for (const projection of context.projections) {
      if (projection.handles.includes(event.type)) await projection.apply(tx, event);
    }
  }
  return { events: inserted, version, duplicate: false };
}

/** Every event of one append shares one meta: one intent, one batch, one undo step. */
function envelopeMeta(options: AppendOptions): EventMeta {
  const m = options.meta;
  const meta: EventMeta = { actor: m.actor, at: new Date().toISOString(), batchId: m.batchId ?? randomUUID() };
  if (m.causationId !== undefined) meta.causationId = m.causationId;
  if (m.correlationId !== undefined) meta.correlationId = m.correlationId;
  if (m.clientSeq !== undefined) meta.clientSeq = m.clientSeq;
  if (m.sessionId !== undefined) meta.sessionId = m.sessionId;
  if (options.commandId !== undefined) meta.commandId = options.commandId;
  if (m.undoable !== undefined) meta.undoable = m.undoable;
  return meta;
}

/** Events per INSERT statement: 7 parameters each stays well under Postgres' limit of 65,535. */
const INSERT_CHUNK = 1000;

/**
 * Multi-row INSERTs, one round trip per thousand events. The first statement also records the command
 * id and queues the NOTIFY (both undone with the transaction if anything later fails), so a typical
 * append is: lock, check, insert, commit.
 */
async function insertEvents(
  tx: EntityManager,
  stream: string,
  current: number,
  events: readonly EventLike[],
  meta: EventMeta,
  commandId: string | undefined,
  notification: EventsNotification,
): Promise<Envelope[]> {
  const inserted: Envelope[] = [];
  for (let start = 0; start < events.length; start += INSERT_CHUNK) {
    const values: string[] = [];
    const params: unknown[] = [];
    events.slice(start, start + INSERT_CHUNK).forEach((event, i) => {
      const p = params.length;
      values.push(
        `($${p + 1}::uuid, $${p + 2}, $${p + 3}::int, $${p + 4}, $${p + 5}::jsonb, $${p + 6}::jsonb, $${p + 7})`,
      );
      // `data: undefined` would become SQL NULL and break NOT NULL: store it as JSON null instead.
      const data = JSON.stringify(event.data ?? null);
      params.push(
        randomUUID(),
        stream,
        current + start + i + 1,
        event.type,
        data,
        JSON.stringify(meta),
        commandId ?? null,
      );
    });
    const ctes = [
      `inserted AS (INSERT INTO events (id, stream, version, type, data, meta, command_id) VALUES ${values.join(', ')} RETURNING ${EVENT_COLUMNS})`,
    ];
    let from = 'inserted';
    if (start === 0) {
      const p = params.length;
      // Delivered by Postgres only if and when this transaction commits.
      ctes.push(`note AS (SELECT pg_notify($${p + 1}, $${p + 2}))`);
      params.push(EVENTS_CHANNEL, JSON.stringify(notification));
      from = 'inserted CROSS JOIN note';
      if (commandId !== undefined) {
        ctes.push(
          `command AS (INSERT INTO event_commands (stream, command_id, first_version, last_version) VALUES ($${p + 3}, $${p + 4}, $${p + 5}::int, $${p + 6}::int))`,
        );
        params.push(stream, commandId, notification.first, notification.last);
      }
    }
    const chunk = await rows<EventRow>(tx, `WITH ${ctes.join(', ')} SELECT ${EVENT_COLUMNS} FROM ${from}`, params);
    inserted.push(...chunk.map(toEnvelope));
  }
  return inserted.sort((a, b) => a.version - b.version);
}
