import { Injectable } from '@nestjs/common';
import {
  checkHistory,
  DomainError,
  foldEntries,
  type Decider,
  type Envelope,
  type EventLike,
  type HistoryEvent,
  type HistoryRejection,
} from '@strata/events';
import { DataSource, type EntityManager } from 'typeorm';
import { CommandRetryPolicy } from './command-retry';
import { EventStore, VersionConflictError, type AppendOptions, type AppendResult } from './event-store.port';

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
 */
@Injectable()
export class DecisionRunner {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly retry: CommandRetryPolicy = new CommandRetryPolicy(),
  ) {}

  /** `tx`: read inside the caller's open transaction (see EventStore.readStream). */
  async load<S, E extends EventLike>(
    stream: string,
    decider: Folder<S, E>,
    tx?: EntityManager,
  ): Promise<LoadedStream<S>> {
    return loaded(decider, await this.store.readStream(stream, 0, tx));
  }

  loadDecideAppend<S, E extends EventLike, C, Ctx>(
    stream: string,
    decider: Decider<S, E, C, Ctx>,
    command: C,
    ctx: Ctx,
    meta: DecisionMeta,
    options: DecisionOptions = {},
  ): Promise<AppendResult> {
    return this.decideWith(stream, decider, ({ state }) => decider.decide(command, state, ctx), meta, options);
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
    return this.run(stream, meta, options, (events) => decide(loaded(decider, events)));
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
    return this.run(stream, { ...meta, undoable: false }, options, (events) => [choose(events)]);
  }

  private async run(
    stream: string,
    meta: DecisionMeta,
    options: DecisionOptions,
    decide: (events: Envelope[]) => EventLike[],
  ): Promise<AppendResult> {
    const { commandId, expectedVersion, ...appendMeta } = meta;
    const { tx, alongside } = options;
    const once = async (tx?: EntityManager): Promise<AppendResult> => {
      const events = await this.store.readStream(stream, 0, tx);
      const version = events.at(-1)?.version ?? 0;
      if (expectedVersion !== undefined && expectedVersion !== version)
        throw new VersionConflictError(stream, expectedVersion, version);
      const result = await this.store.append(stream, decide(events), {
        tx,
        expectedVersion: version,
        commandId,
        meta: appendMeta,
      });
      if (alongside && tx && !result.duplicate) await alongside(tx, result);
      return result;
    };
    const attempt = async (): Promise<AppendResult> => {
      // A retry of a command that already committed must not be decided again: the stream has moved on
      // and `decide` could reject what in fact succeeded.
      if (commandId !== undefined) {
        const earlier = await this.store.findCommand(stream, commandId, tx);
        if (earlier) return earlier;
      }
      if (tx) return once(tx);
      return alongside ? this.dataSource.transaction((own) => once(own)) : once();
    };
    if (tx || expectedVersion !== undefined) return attempt();
    return this.retry.run(attempt, (error) => error instanceof VersionConflictError);
  }
}

function loaded<S, E extends EventLike>(decider: Folder<S, E>, events: Envelope[]): LoadedStream<S> {
  return { events, state: foldEntries(decider, events), version: events.at(-1)?.version ?? 0 };
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
