/**
 * The contract of the event store (DESIGN.md "Event store"). Modules depend on this abstract class as a
 * Nest injection token; `PostgresEventStore` implements it.
 */
import type { Envelope, EventLike } from '@strata/events';
import type { EntityManager } from 'typeorm';

export interface AppendOptions {
  /** The stream version the caller decided against; 0 means "the stream must not exist yet". 'any' skips the check. */
  expectedVersion: number | 'any';
  /** Idempotency key: appending the same command id again returns the first append's events. */
  commandId?: string;
  /** Join the caller's transaction (e.g. to write a non-event row atomically with the events). */
  tx?: EntityManager;
  meta: {
    actor: string;
    batchId?: string;
    causationId?: string;
    correlationId?: string;
    clientSeq?: number;
    sessionId?: string;
    undoable?: boolean;
  };
}

export interface AppendResult {
  events: Envelope[];
  /** The stream's version after the append. */
  version: number;
  /** True when the command id had been appended before and nothing new was written. */
  duplicate: boolean;
}

/** A read model updated in the append's transaction (read-your-writes) and rebuildable from the log. */
export interface Projection {
  readonly name: string;
  /** Event types it reacts to. */
  readonly handles: readonly string[];
  apply(tx: EntityManager, event: Envelope): Promise<void>;
  /** Empties the read model before a rebuild. */
  reset(tx: EntityManager): Promise<void>;
}

/** A point of the log: a global position, or a time (ISO 8601, compared with the events' `meta.at`). */
export type LogPoint = { position: number } | { at: string };

export class VersionConflictError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`Stream ${stream} is at version ${actual}, not ${expected}: someone changed it first. Reload and try again.`);
    this.name = 'VersionConflictError';
  }
}

export abstract class EventStore {
  abstract append(stream: string, events: EventLike[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Events of one stream with version > fromVersion, in order. Pass the caller's transaction when one is
   * open: the embedded PGlite serves one session at a time, so a read on another connection would wait for
   * that transaction forever.
   */
  abstract readStream(stream: string, fromVersion?: number, tx?: EntityManager): Promise<Envelope[]>;
  /**
   * The events of these streams after `afterPosition` up to a point of the log (position <= `position`,
   * or `meta.at` <= `at`), upcast, in position order: an object's state as it was then is their fold
   * (object-history/).
   */
  abstract readStreamsUntil(streams: readonly string[], until: LogPoint, afterPosition?: number): Promise<Envelope[]>;
  /** How many events these streams hold at positions <= `position` (a cached fold up to there checks it is whole). */
  abstract countStreamsUntil(streams: readonly string[], position: number): Promise<number>;
  /** Every event with position > fromPosition, in commit-safe order (never skips a late commit). */
  abstract readAll(fromPosition: number, limit?: number): Promise<Envelope[]>;
  abstract registerProjection(projection: Projection): void;
  abstract rebuild(projectionName: string): Promise<void>;
  /** The stream's current version (0 when it has no events). */
  abstract streamVersion(stream: string): Promise<number>;
  /**
   * What an earlier append with this command id wrote (duplicate: true), or null when it never ran. `tx`:
   * read inside the caller's open transaction (see readStream).
   */
  abstract findCommand(stream: string, commandId: string, tx?: EntityManager): Promise<AppendResult | null>;
}
