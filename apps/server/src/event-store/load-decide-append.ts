import { Injectable } from '@nestjs/common';
import {
  checkHistory,
  DomainError,
  type Decider,
  type Envelope,
  type EventLike,
  type HistoryEvent,
  type HistoryRejection,
} from '@strata/events';
import { upcastEvents } from '@strata/domain';
import { DataSource, type EntityManager } from 'typeorm';
import { CommandRetryPolicy } from './command-retry';
import { EventStore, VersionConflictError, type AppendOptions, type AppendResult } from './event-store.port';
import { StreamCache, StreamState } from './stream-cache';

export type DecisionMeta = AppendOptions['meta'] & {
  /** Idempotency key: a retried command returns its first result instead of deciding again. */
  commandId?: string;
  /** The version the client decided against (socket `command.expectedVersion`); a newer stream conflicts. */
  expectedVersion?: number;
};

export interface DecisionOptions {
  /** Run inside the caller's open transaction (a step of a larger write that commits or rolls back as one). */
  tx?: EntityManager;
  /**
   * A write that must commit with this append or not at all (another stream that follows this one): runs
   * in the append's transaction, after it. A conflict there rolls both back, and the command is decided
   * again like after any lost race.
   */
  alongside?: (tx: EntityManager, result: AppendResult) => Promise<void>;
}

export interface LoadedStream<S> {
  events: Envelope[];
  /** The fold of the stream with undone batches skipped. */
  state: S;
  version: number;
}

type Folder<S, E extends EventLike> = Pick<Decider<S, E, unknown, unknown>, 'initialState' | 'evolve'>;

/**
 * The one mechanism behind every command handler (STYLE.md "Nest handlers load, decide, append; nothing
 * else"): load the stream, fold it with the context's `evolve` (undone batches skipped, exactly as clients
 * fold it), run the pure `decide`, append its batch with expectedVersion = the loaded version. A concurrent
 * writer makes the append fail with VersionConflictError; a command decided against the latest state (no
 * `meta.expectedVersion`, no caller's `tx`) is then loaded and decided again on the newer stream, under
 * the CommandRetryPolicy's time budget (command-retry.ts), and answers the conflict (409 / socket
 * 'conflict') only once that is spent. A client that named the version it decided against gets the
 * conflict at once: that is its own optimistic check, not contention. Inside a caller's transaction the
 * conflict goes to the caller, whose own decision is stale too. A DomainError from `decide` passes through
 * unchanged (4xx / socket 'invalid'). The `@CommandHandler`s of each context call it with their stream
 * and decider.
 *
 * Recently used streams stay in memory with their folds (stream-cache.ts): a command decides against the
 * cached version and its append checks that version, so a command on a known stream is one round trip
 * (the append) and folds only the new events. The append's version check keeps a decision on the cache
 * honest, but a refusal never reaches it: when `decide` refuses (a DomainError) on a cached fold, the
 * events appended after the cached version (by another server process) are read, and if there are any
 * the command is decided again on the stream now, so nothing is refused on a stale state (one read per
 * refusal, none on the happy path). A command id is checked by the append itself; only when `decide`
 * refuses or decides nothing is the log asked whether the command already ran.
 */
@Injectable()
export class DecisionRunner {
  private readonly cache = new StreamCache();

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly retry: CommandRetryPolicy = new CommandRetryPolicy(),
  ) {}

  /** The stream now. `tx`: read inside the caller's open transaction (see EventStore.readStream). */
  async load<S, E extends EventLike>(
    stream: string,
    decider: Folder<S, E>,
    tx?: EntityManager,
  ): Promise<LoadedStream<S>> {
    const state = tx ? new StreamState(await this.store.readStream(stream, 0, tx)) : await this.latest(stream);
    return loaded(decider, state);
  }

  loadDecideAppend<S, E extends EventLike, C, Ctx>(
    stream: string,
    decider: Decider<S, E, C, Ctx>,
    command: C,
    ctx: Ctx,
    meta: DecisionMeta,
    options: DecisionOptions = {},
  ): Promise<AppendResult> {
    return this.run(stream, meta, options, (current) => decider.decide(command, current.stateOf(decider), ctx));
  }

  /**
   * loadDecideAppend for a decision that needs more than the folded state (e.g. an earlier version's
   * layout read from the log): `decide` gets the whole loaded stream.
   */
  decideWith<S, E extends EventLike>(
    stream: string,
    decider: Folder<S, E>,
    decide: (loaded: LoadedStream<S>) => E[],
    meta: DecisionMeta,
    options: DecisionOptions = {},
  ): Promise<AppendResult> {
    return this.run(stream, meta, options, (current) => decide(loaded(decider, current)));
  }

  /**
   * Appends an undo or redo marker on behalf of `meta.actor`. A marker is checked against the log's rule
   * (each user undoes only their own batches, redo only what their next intent has not cleared); a
   * context with rules of its own passes a function that picks the marker from the log or throws a
   * DomainError saying why not.
   */
  appendHistory(
    stream: string,
    marker: HistoryEvent | ((events: readonly Envelope[]) => HistoryEvent),
    meta: DecisionMeta,
    options: DecisionOptions = {},
  ): Promise<AppendResult> {
    const choose =
      typeof marker === 'function'
        ? marker
        : (events: readonly Envelope[]) => {
            const rejection = checkHistory(events, meta.actor, marker);
            if (rejection !== null) throw new DomainError(`history_${rejection}`, HISTORY_MESSAGES[rejection]);
            return marker;
          };
    // A marker is never itself an undo step.
    return this.run(stream, { ...meta, undoable: false }, options, (current) => [choose(current.events)]);
  }

  private async run(
    stream: string,
    meta: DecisionMeta,
    options: DecisionOptions,
    decide: (current: StreamState) => EventLike[],
  ): Promise<AppendResult> {
    const { tx } = options;
    const attempt = () =>
      tx ? this.inCallerTransaction(stream, meta, options, tx, decide) : this.once(stream, meta, options, decide);
    if (tx || meta.expectedVersion !== undefined) return attempt();
    return this.retry.run(attempt, (error) => error instanceof VersionConflictError);
  }

  /** One attempt on the cached stream; the append (and `alongside`) in a transaction of its own. */
  private async once(
    stream: string,
    meta: DecisionMeta,
    { alongside }: DecisionOptions,
    decide: (current: StreamState) => EventLike[],
  ): Promise<AppendResult> {
    const { commandId, expectedVersion, ...appendMeta } = meta;
    let { state: current, read } = await this.cached(stream);
    // The client saw a later version than the cache holds: another writer appended it.
    if (expectedVersion !== undefined && expectedVersion > current.version) {
      current = await this.latest(stream);
      read = true;
    }
    let events: EventLike[];
    try {
      if (expectedVersion !== undefined && expectedVersion !== current.version)
        throw new VersionConflictError(stream, expectedVersion, current.version);
      ({ current, events } = await this.decideNow(stream, current, read, expectedVersion, decide));
    } catch (error) {
      // A retry of a command that already committed answers with its first result: the stream has moved
      // on, and deciding again could refuse what in fact succeeded.
      const earlier = commandId === undefined ? null : await this.store.findCommand(stream, commandId);
      if (earlier) return earlier;
      throw error;
    }
    const append = (tx?: EntityManager) =>
      this.store.append(stream, events, { tx, expectedVersion: current.version, commandId, meta: appendMeta });
    let result: AppendResult;
    try {
      result = alongside
        ? await this.dataSource.transaction(async (own) => {
            const appended = await append(own);
            if (!appended.duplicate) await alongside(own, appended);
            return appended;
          })
        : await append();
    } catch (error) {
      this.cache.markStale(stream);
      throw error;
    }
    if (result.duplicate) this.cache.markStale(stream);
    else if (result.events.length > 0) this.cache.set(stream, current.extend(upcastEvents(result.events)));
    return result;
  }

  /**
   * `decide` on `current`; a refusal decided on a cached fold (`read`: false) is checked against the log
   * first. Another process may have appended since, and a refusal never reaches the append whose version
   * check would notice: a stale one would stand (a scheduled run refused as "in progress" after that run
   * ended elsewhere). If the stream moved on, the command is decided again on it; for a client that named
   * its version, the stream moving on is its conflict.
   */
  private async decideNow(
    stream: string,
    current: StreamState,
    read: boolean,
    expectedVersion: number | undefined,
    decide: (current: StreamState) => EventLike[],
  ): Promise<{ current: StreamState; events: EventLike[] }> {
    try {
      return { current, events: decide(current) };
    } catch (error) {
      if (read || !(error instanceof DomainError)) throw error;
      const now = await this.latest(stream);
      if (now.version === current.version) throw error;
      if (expectedVersion !== undefined) throw new VersionConflictError(stream, expectedVersion, now.version);
      return { current: now, events: decide(now) };
    }
  }

  /**
   * Inside a caller's transaction the stream is read in it (it may hold the caller's own appends) and
   * the cache is left alone; whatever commits there reaches the cache through a later conflict.
   */
  private async inCallerTransaction(
    stream: string,
    meta: DecisionMeta,
    { alongside }: DecisionOptions,
    tx: EntityManager,
    decide: (current: StreamState) => EventLike[],
  ): Promise<AppendResult> {
    const { commandId, expectedVersion, ...appendMeta } = meta;
    this.cache.markStale(stream);
    if (commandId !== undefined) {
      const earlier = await this.store.findCommand(stream, commandId, tx);
      if (earlier) return earlier;
    }
    const current = new StreamState(await this.store.readStream(stream, 0, tx));
    if (expectedVersion !== undefined && expectedVersion !== current.version)
      throw new VersionConflictError(stream, expectedVersion, current.version);
    const result = await this.store.append(stream, decide(current), {
      tx,
      expectedVersion: current.version,
      commandId,
      meta: appendMeta,
    });
    if (alongside && !result.duplicate) await alongside(tx, result);
    return result;
  }

  /**
   * The cached stream, brought up to date first if a conflict showed it behind; read whole if unknown.
   * `read`: this call read the log (the state is the stream now, not a cached fold).
   */
  private async cached(stream: string): Promise<{ state: StreamState; read: boolean }> {
    const entry = this.cache.get(stream);
    if (entry === undefined || entry.stale) return { state: await this.latest(stream), read: true };
    return { state: entry.state, read: false };
  }

  /** The stream now: the cached events plus those appended after them (all of it if not cached). */
  private async latest(stream: string): Promise<StreamState> {
    const held = this.cache.get(stream)?.state;
    const more = await this.store.readStream(stream, held?.version ?? 0);
    const state = held === undefined ? new StreamState(more) : more.length > 0 ? held.extend(more) : held;
    this.cache.set(stream, state);
    return state;
  }
}

function loaded<S, E extends EventLike>(decider: Folder<S, E>, current: StreamState): LoadedStream<S> {
  return { events: [...current.events], state: current.stateOf(decider), version: current.version };
}

const HISTORY_MESSAGES: Record<HistoryRejection, string> = {
  malformed: 'This undo or redo request is malformed.',
  unknown_batch: 'There is no such change to undo or redo.',
  not_owner: 'You can only undo or redo your own changes.',
  not_undoable: 'This change cannot be undone.',
  already_undone: 'This change is already undone.',
  not_undone: 'This change is not undone, so there is nothing to redo.',
  redo_cleared: 'This change can no longer be redone: you made another change since.',
};
