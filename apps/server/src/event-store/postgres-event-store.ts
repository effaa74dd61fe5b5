import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Envelope, EventLike } from '@strata/events';
import { DataSource, type EntityManager } from 'typeorm';
import { AfterCommit } from './after-commit';
import { AppendCombiner } from './append-combiner';
import { appendIn, findCommandIn, projectionsFor, streamVersionIn } from './append-events';
import { CheckpointedSubscriber, type SubscriberOptions } from './checkpointed-subscriber';
import { CommitNotifier } from './commit-notifier';
import { CommittedEvents } from './committed-events';
import {
  APPEND_LOCK_SQL,
  EVENT_COLUMNS,
  PG_UNIQUE_VIOLATION,
  pgError,
  rows,
  toEnvelopes,
  versionAtPosition,
  type EventRow,
} from './event-rows';
import {
  EventStore,
  VersionConflictError,
  type AppendOptions,
  type AppendResult,
  type LogPoint,
  type Projection,
} from './event-store.port';
import { afterPosition, LOG_ORDER, SAFE_HORIZON } from './log-order';
import { replayInto } from './replay';

export const MAX_STREAM_NAME = 500;

/**
 * A lost race (a unique index caught two writers) is run again this many times in the store's own
 * transaction. With an expected version the second run answers (conflict or duplicate); with 'any' each
 * lost race means another append to the stream committed, so the bound is only a guard.
 */
const ATTEMPTS = 3;
const ATTEMPTS_ANY = 100;

/**
 * The event store on PostgreSQL (DESIGN.md "Event store"). Appends do not wait for each other; readers of
 * the whole log follow the commit-safe log order (log-order.ts); committed batches go to `CommittedEvents`
 * only after COMMIT.
 */
@Injectable()
export class PostgresEventStore extends EventStore implements OnModuleDestroy {
  private readonly projections = new Map<string, Projection>();
  private readonly subscribers = new Map<string, CheckpointedSubscriber>();
  private readonly afterCommit: AfterCommit;
  private readonly notifier: CommitNotifier;
  private readonly combiner: AppendCombiner;

  constructor(
    private readonly dataSource: DataSource,
    private readonly committed: CommittedEvents,
  ) {
    super();
    this.afterCommit = new AfterCommit(dataSource);
    this.notifier = new CommitNotifier(dataSource);
    this.combiner = new AppendCombiner(dataSource, () => this.context());
  }

  async append(stream: string, events: EventLike[], options: AppendOptions): Promise<AppendResult> {
    checkAppend(stream, events, options);
    if (events.length === 0) return this.appendNothing(stream, options);
    return options.tx
      ? this.appendInCallerTransaction(options.tx, stream, events, options)
      : this.appendInOwnTransaction(stream, events, options);
  }

  async readStream(stream: string, fromVersion = 0, tx?: EntityManager): Promise<Envelope[]> {
    const found = await rows<EventRow>(
      tx ?? this.dataSource.manager,
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND version > $2 ORDER BY version`,
      [stream, fromVersion],
    );
    return toEnvelopes(found);
  }

  /**
   * Within a stream position order is version order (one append per stream is in flight at a time), so
   * each stream's part is a range of versions (`versionAtPosition`) on its (stream, version) index.
   */
  async readStreamsUntil(streams: readonly string[], until: LogPoint, afterPosition = 0): Promise<Envelope[]> {
    const [bound, value] =
      'position' in until
        ? [`version <= ${versionAtPosition('w.stream', '$2::bigint')}`, until.position]
        : [`(meta->>'at')::timestamptz <= $2::timestamptz`, until.at];
    const after = afterPosition > 0 ? `AND version > ${versionAtPosition('w.stream', '$3::bigint')}` : '';
    const found = await rows<EventRow>(
      this.dataSource.manager,
      `SELECT e.* FROM unnest($1::text[]) AS w(stream)
        CROSS JOIN LATERAL (
          SELECT ${EVENT_COLUMNS} FROM events WHERE stream = w.stream ${after} AND ${bound}
        ) e ORDER BY e.position`,
      afterPosition > 0 ? [streams, value, afterPosition] : [streams, value],
    );
    return toEnvelopes(found);
  }

  async countStreamsUntil(streams: readonly string[], position: number): Promise<number> {
    const [{ count }] = await rows<{ count: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS count FROM events WHERE stream = ANY($1::text[]) AND position <= $2`,
      [streams, position],
    );
    return count;
  }

  /**
   * In log order, after the event at `fromPosition` (0: from the start); only events no late commit can
   * precede any more (log-order.ts). Page on with the last event's position.
   */
  async readAll(fromPosition: number, limit = 1000): Promise<Envelope[]> {
    const found = await rows<EventRow>(
      this.dataSource.manager,
      `SELECT ${EVENT_COLUMNS} FROM events WHERE ${afterPosition(1)} AND log_order < ${SAFE_HORIZON} ${LOG_ORDER} LIMIT $2`,
      [fromPosition, limit],
    );
    return toEnvelopes(found);
  }

  async streamVersion(stream: string): Promise<number> {
    return streamVersionIn(this.dataSource.manager, stream);
  }

  async findCommand(stream: string, commandId: string, tx?: EntityManager): Promise<AppendResult | null> {
    return findCommandIn(tx ?? this.dataSource.manager, stream, commandId);
  }

  registerProjection(projection: Projection): void {
    this.claimName(projection.name);
    this.projections.set(projection.name, projection);
  }

  /** Runs `projection` after the fact from a checkpoint (see CheckpointedSubscriber); starts it now. */
  registerSubscriber(projection: Projection, options?: SubscriberOptions): CheckpointedSubscriber {
    this.claimName(projection.name);
    const subscriber = new CheckpointedSubscriber(this.dataSource, this.committed, projection, options);
    this.subscribers.set(projection.name, subscriber);
    subscriber.start();
    return subscriber;
  }

  async rebuild(projectionName: string): Promise<void> {
    const subscriber = this.subscribers.get(projectionName);
    if (subscriber) return subscriber.rebuild();
    const projection = this.projections.get(projectionName);
    if (!projection) throw new Error(`No projection named ${projectionName} is registered`);
    await this.dataSource.transaction(async (tx) => {
      // An in-transaction projection must not miss an append that lands mid-rebuild: appends of events a
      // projection handles hold this lock shared, so this waits for those in flight and holds off new
      // ones; every event it handles is then committed and visible to the replay. Readers keep seeing
      // the old read model until this commits.
      await tx.query(APPEND_LOCK_SQL);
      await projection.reset(tx);
      await replayInto(tx, projection, null);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.subscribers.values()].map((s) => s.stop()));
    await this.notifier.sent();
  }

  private claimName(name: string): void {
    if (this.projections.has(name) || this.subscribers.has(name))
      throw new Error(`A projection named ${name} is already registered`);
  }

  private async appendNothing(stream: string, options: AppendOptions): Promise<AppendResult> {
    const tx = options.tx ?? this.dataSource.manager;
    if (options.commandId !== undefined) {
      const earlier = await findCommandIn(tx, stream, options.commandId);
      if (earlier) return earlier;
    }
    const version = await streamVersionIn(tx, stream);
    if (options.expectedVersion !== 'any' && options.expectedVersion !== version) {
      throw new VersionConflictError(stream, options.expectedVersion, version);
    }
    return { events: [], version, duplicate: false };
  }

  /**
   * Without a projection to run the append is one autocommitted statement (one round trip, one commit),
   * shared with the other appends in flight (append-combiner.ts); with one, a transaction around the
   * statement and the projections.
   */
  private async appendInOwnTransaction(
    stream: string,
    events: EventLike[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const attempts = options.expectedVersion === 'any' ? ATTEMPTS_ANY : ATTEMPTS;
    const inTransaction = projectionsFor(this.context().projections, events).length > 0;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = inTransaction
          ? await this.appendInNewTransaction(stream, events, options)
          : await this.combiner.append(stream, events, options);
        if (!result.duplicate) this.publish(stream, result);
        return result;
      } catch (error) {
        // The next attempt sees the winner and answers duplicate, conflict, or (expectedVersion 'any')
        // appends after it.
        if (attempt < attempts && lostRace(error)) continue;
        throw error;
      }
    }
  }

  private async appendInNewTransaction(
    stream: string,
    events: EventLike[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const runner = this.dataSource.createQueryRunner();
    try {
      await runner.startTransaction();
      const result = await appendIn(runner.manager, stream, events, options, this.context());
      await runner.commitTransaction();
      return result;
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    } finally {
      await runner.release();
    }
  }

  /**
   * Joins the caller's transaction inside a savepoint, so a conflict leaves that transaction usable.
   * Publishing waits for the caller's outer COMMIT.
   */
  private async appendInCallerTransaction(
    tx: EntityManager,
    stream: string,
    events: EventLike[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const runner = tx.queryRunner;
    if (!runner?.isTransactionActive) {
      throw new Error(
        'AppendOptions.tx must be the EntityManager of an open transaction (dataSource.transaction(tx => ...))',
      );
    }
    await runner.query('SAVEPOINT strata_append');
    let result: AppendResult;
    try {
      result = await appendIn(tx, stream, events, options, this.context());
      await runner.query('RELEASE SAVEPOINT strata_append');
    } catch (error) {
      await runner.query('ROLLBACK TO SAVEPOINT strata_append');
      if (pgError(error).code !== PG_UNIQUE_VIOLATION) throw error;
      // Lost a race to a concurrent append of the same version or command id that has committed since.
      const earlier = options.commandId === undefined ? null : await findCommandIn(tx, stream, options.commandId);
      if (earlier) return earlier;
      const expected = options.expectedVersion === 'any' ? -1 : options.expectedVersion;
      throw new VersionConflictError(stream, expected, await streamVersionIn(tx, stream));
    }
    if (!result.duplicate) this.afterCommit.defer(runner, () => this.publish(stream, result));
    return result;
  }

  private context() {
    return { projections: [...this.projections.values()] };
  }

  /** After COMMIT: to this process's feed, and to other processes (commit-notifier.ts). */
  private publish(stream: string, result: AppendResult): void {
    if (result.events.length === 0) return;
    this.committed.publish({ stream, events: result.events, version: result.version, origin: 'local' });
    this.notifier.notify({
      instance: this.committed.instanceId,
      stream,
      first: result.events[0]!.version,
      last: result.version,
    });
  }
}

/**
 * A unique violation of the store's own: another append took the version or recorded the command id
 * first (the function raises one without a constraint when it cannot see the winner). A projection's
 * unique index (a slug) is the caller's error, never retried.
 */
function lostRace(error: unknown): boolean {
  const { code, constraint } = pgError(error);
  return (
    code === PG_UNIQUE_VIOLATION &&
    (constraint === undefined || constraint === 'events_stream_version_key' || constraint === 'event_commands_pkey')
  );
}

function checkAppend(stream: string, events: EventLike[], options: AppendOptions): void {
  // The name travels in the NOTIFY payload, which Postgres caps at 8000 bytes.
  if (typeof stream !== 'string' || stream.length === 0 || stream.length > MAX_STREAM_NAME) {
    throw new TypeError(`An event stream needs a name of 1 to ${MAX_STREAM_NAME} characters`);
  }
  for (const event of events) {
    if (typeof event.type !== 'string' || event.type.length === 0)
      throw new TypeError(`Every event appended to ${stream} needs a type`);
  }
  const expected = options.expectedVersion;
  if (expected !== 'any' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new TypeError(`expectedVersion must be 'any' or an integer >= 0, got ${String(expected)}`);
  }
}
