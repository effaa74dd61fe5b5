/** How events are written to and read from the `events` table, shared by the store's parts. */
import { upcastEvents } from '@strata/domain';
import type { Envelope, EventMeta } from '@strata/events';
import type { EntityManager } from 'typeorm';

export interface EventRow {
  position: string; // bigint arrives as a string from pg
  id: string;
  stream: string;
  version: number;
  type: string;
  data: unknown;
  meta: EventMeta;
}

export const EVENT_COLUMNS = 'position, id, stream, version, type, data, meta';

/**
 * SQL for the version of `stream`'s last event at a position <= `position` (0 when there is none), both SQL
 * expressions. Within a stream version order is position order (one append per stream is in flight at a
 * time), so a read of a stream up to a position is a range of versions: the unique (stream, version) index
 * carries `position` and walks back from the stream's head to the point without reading the table. Readers
 * bound streams this way instead of by a second (stream, position) index that every append would write.
 */
export const versionAtPosition = (stream: string, position: string): string =>
  `(SELECT coalesce(max(version), 0) FROM (SELECT version FROM events WHERE stream = ${stream} AND position <= ${position} ORDER BY version DESC LIMIT 1) AS upto)`;

/** Positions stay far below 2^53 (that is 9 million years at 30,000 events a second). */
export function toEnvelope(row: EventRow): Envelope {
  return {
    id: row.id,
    stream: row.stream,
    version: row.version,
    position: Number(row.position),
    type: row.type,
    data: row.data,
    meta: row.meta,
  };
}

/** Stored rows as today's events: old types and payloads are upcast as they are read, never rewritten. */
export function toEnvelopes(found: readonly EventRow[]): Envelope[] {
  return upcastEvents(found.map(toEnvelope));
}

/** Rows of a query run on `tx` (a transaction's manager or the DataSource's). */
export async function rows<T>(tx: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  const result = await tx.query(sql, params);
  // typeorm returns [rows, affected] for UPDATE/DELETE; every query here is a SELECT or INSERT ... RETURNING.
  return result as T[];
}

/** Postgres error codes the store reacts to. */
export const PG_UNIQUE_VIOLATION = '23505';

export function pgError(error: unknown): { code?: string; constraint?: string } {
  // TypeORM wraps driver errors in QueryFailedError and copies the driver's fields onto it.
  if (typeof error !== 'object' || error === null) return {};
  const e = error as { code?: unknown; constraint?: unknown; driverError?: { code?: unknown; constraint?: unknown } };
  const code = e.code ?? e.driverError?.code;
  const constraint = e.constraint ?? e.driverError?.constraint;
  return {
    code: typeof code === 'string' ? code : undefined,
    constraint: typeof constraint === 'string' ? constraint : undefined,
  };
}

/**
 * The lock that keeps appends and the rebuild of an in-transaction projection apart (its key is also written out in migrations/1797000000100-append-function.ts). An append whose events
 * an in-transaction projection handles holds it SHARED until its transaction ends (appends never wait for
 * each other); `rebuild` holds it EXCLUSIVE, so no such append is half-way while the read model is replayed.
 * `hashtext` gives a stable int4 key so any process, in any language, can share it.
 */
export const APPEND_LOCK_KEY = `hashtext('strata.events.append')`;
export const APPEND_LOCK_SQL = `SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`;

/** Channel of the NOTIFY sent after every committed append (commit-notifier.ts), so other server processes push and wake too. */
export const EVENTS_CHANNEL = 'strata_events';

/** NOTIFY payload: small (the limit is 8000 bytes); receivers read the events back from the table. */
export interface EventsNotification {
  /** CommittedEvents.instanceId of the appending process. */
  instance: string;
  stream: string;
  /** First and last version of the append. */
  first: number;
  last: number;
}
