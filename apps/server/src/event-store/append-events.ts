/**
 * An append: one call of `strata_append_events` (migrations/1797000000100-append-function.ts), which checks
 * the command id and the expected version and inserts the events and the command id. Run on its own
 * (autocommit) it is one round trip and one commit, like a single INSERT; inside a transaction it is
 * followed by the in-transaction projections. Other processes are told after COMMIT (commit-notifier.ts
 * says why not in here).
 *
 * No lock orders appends: each one's events get `log_order` from its transaction id (log-order.ts), and
 * readers of the whole log follow that order, which never skips a late commit. Two appends racing for
 * the same stream version, or the same command id, meet on the unique indexes: the second INSERT waits
 * for the first transaction and fails with a unique violation if it committed; the caller runs the
 * append again, which then answers with the conflict or the duplicate.
 */
import { randomUUID } from 'node:crypto';
import type { EventLike, EventMeta } from '@strata/events';
import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { EVENT_COLUMNS, rows, toEnvelope, toEnvelopes, type EventRow } from './event-rows';
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
  /** The in-transaction projections registered; those handling one of the events run after the insert. */
  projections: readonly Projection[];
}

/** The projections among `projections` that handle at least one of `events`. */
export function projectionsFor(projections: readonly Projection[], events: readonly EventLike[]): Projection[] {
  return projections.filter((p) => events.some((e) => p.handles.includes(e.type)));
}

/**
 * One append on `tx`: the caller's transaction, or the DataSource's manager for an autocommitted append
 * (only when no projection handles the events: projections must run in the append's transaction).
 */
export async function appendIn(
  tx: EntityManager,
  stream: string,
  events: readonly EventLike[],
  options: AppendOptions,
  context: AppendContext,
): Promise<AppendResult> {
  const projections = projectionsFor(context.projections, events);
  const found = await callAppend(tx, appendParams(stream, events, options, projections.length > 0));
  const first = found[0]!;
  if (first.first_version !== null) return (await findCommandIn(tx, stream, options.commandId!))!;
  if (options.expectedVersion !== 'any' && options.expectedVersion !== first.current) {
    throw new VersionConflictError(stream, options.expectedVersion, first.current);
  }
  const inserted = found
    .filter((row) => row.position !== null)
    .map(toEnvelope)
    .sort((a, b) => a.version - b.version);
  for (const event of inserted) {
    for (const projection of projections) {
      if (projection.handles.includes(event.type)) await projection.apply(tx, event);
    }
  }
  return { events: inserted, version: inserted.at(-1)!.version, duplicate: false };
}

/** The function's rows: one per inserted event, or a single one (event columns null) when none was. */
type AppendRow = EventRow & { current: number; first_version: number | null };

const APPEND_SQL = `SELECT current, first_version, ${EVENT_COLUMNS} FROM strata_append_events($1, $2, $3, $4::jsonb, $5::jsonb, $6)`;

/**
 * Sent as a named (prepared) statement: parsed and planned once per connection, the call costs what a
 * plain INSERT does; sent unnamed, planning the call took about 0.1 ms more per append, a fifth of an
 * autocommitted INSERT. Not on the embedded PGlite: it runs every connection in one session (a name
 * prepared by one connection exists for the others too) and forgets them when it restarts.
 */
const APPEND_STATEMENT = 'strata_append_events_v1';
const embeddedDatabase = new WeakMap<DataSource, Promise<boolean>>();
const embeddedKnown = new WeakMap<DataSource, boolean>();

async function callAppend(tx: EntityManager, params: unknown[]): Promise<AppendRow[]> {
  if (knownEmbedded(tx) ?? (await isEmbedded(tx))) return rows<AppendRow>(tx, APPEND_SQL, params);
  return callNamed<AppendRow>(tx, APPEND_STATEMENT, APPEND_SQL, params);
}

/**
 * `sql` as the named statement `name` on PostgreSQL (never on PGlite: see APPEND_STATEMENT). Outside a
 * caller's transaction the statement borrows a client of TypeORM's node-postgres pool directly: a query
 * runner (made, connected and released per statement) cost node about a tenth of an autocommitted
 * append's own work, measured with --cpu-prof on apps/bench event-store-append.
 */
export async function callNamed<T>(tx: EntityManager, name: string, sql: string, params: unknown[]): Promise<T[]> {
  const query = { name, text: sql, values: params };
  // A PostgreSQL query runner's connection is node-postgres' client (the caller's, inside its transaction).
  if (tx.queryRunner !== undefined) {
    const own = (await tx.queryRunner.connect()) as PoolClient;
    return (await own.query(query)).rows as T[];
  }
  const client = await (tx.connection.driver as unknown as { master: Pool }).master.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    // A client whose connection broke is dropped by the pool itself (it is no longer queryable).
    client.release();
  }
}

/** Asked on `tx` itself: on PGlite another connection would wait for the caller's open transaction. */
export function isEmbedded(tx: EntityManager): Promise<boolean> {
  let known = embeddedDatabase.get(tx.connection);
  if (known === undefined) {
    known = rows<{ version: string }>(tx, `SELECT version() AS version`).then(([row]) => {
      const embedded = /PGlite/.test(row?.version ?? '');
      embeddedKnown.set(tx.connection, embedded);
      return embedded;
    });
    known.catch(() => embeddedDatabase.delete(tx.connection));
    embeddedDatabase.set(tx.connection, known);
  }
  return known;
}

/** isEmbedded once answered, without a promise: every autocommitted append asks it. */
export function knownEmbedded(tx: EntityManager): boolean | undefined {
  return embeddedKnown.get(tx.connection);
}

function appendParams(
  stream: string,
  events: readonly EventLike[],
  options: AppendOptions,
  lockShared: boolean,
): unknown[] {
  return [
    stream,
    options.commandId ?? null,
    options.expectedVersion === 'any' ? null : options.expectedVersion,
    JSON.stringify(envelopeMeta(options)),
    JSON.stringify(eventsParam(events)),
    lockShared,
  ];
}

/** The events as the append functions take them: {id, type, data}. */
export function eventsParam(events: readonly EventLike[]): { id: string; type: string; data: unknown }[] {
  // `data: undefined` would leave the key out: the function stores JSON null for it, as NOT NULL needs.
  return events.map((event) => ({ id: randomUUID(), type: event.type, data: event.data }));
}

/** Every event of one append shares one meta: one intent, one batch, one undo step. */
export function envelopeMeta(options: AppendOptions): EventMeta {
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
