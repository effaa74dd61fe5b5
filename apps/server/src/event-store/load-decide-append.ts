import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { checkHistory, DomainError, foldEntries, type Decider, type Envelope, type EventLike, type HistoryEvent, type HistoryRejection } from '@strata/events';
import { EventStore, VersionConflictError, type AppendOptions, type AppendResult } from './event-store.port';

export type DecisionMeta = AppendOptions['meta'] & {
  /** Idempotency key: a retried command returns its first result instead of deciding again. */
  commandId?: string;
  /** The version the client decided against (socket `command.expectedVersion`); a newer stream conflicts. */
  expectedVersion?: number;
};

export interface LoadedStream<S> {
  events: Envelope[];
  /** The fold of the stream with undone batches skipped. */
  state: S;
  version: number;
}

/**
 * What a thin command handler does (STYLE.md "Nest handlers load, decide, append; nothing else"): load the
 * stream, fold it with the context's `evolve` (undone batches skipped, exactly as clients fold it), run
 * the pure `decide`, append its batch with expectedVersion = the loaded version. A concurrent writer makes
 * the append fail with VersionConflictError (409 / socket 'conflict'); a DomainError from `decide` passes
 * through unchanged (4xx / socket 'invalid').
 */
@Injectable()
export class DecisionRunner {
  constructor(private readonly store: EventStore) {}

  /** `tx`: read inside the caller's open transaction (see EventStore.readStream). */
  async load<S, E extends EventLike>(stream: string, decider: Pick<Decider<S, E, unknown, unknown>, 'initialState' | 'evolve'>, tx?: EntityManager): Promise<LoadedStream<S>> {
    const events = await this.store.readStream(stream, 0, tx);
    return { events, state: foldEntries(decider, events), version: events.at(-1)?.version ?? 0 };
  }

  async loadDecideAppend<S, E extends EventLike, C, Ctx>(
    stream: string,
    decider: Decider<S, E, C, Ctx>,
    command: C,
    ctx: Ctx,
    meta: DecisionMeta,
  ): Promise<AppendResult> {
    const { commandId, expectedVersion, ...appendMeta } = meta;
    // A retry of a command that already committed must not be decided again: the stream has moved on
    // and `decide` could reject what in fact succeeded.
    if (commandId !== undefined) {
      const earlier = await this.store.findCommand(stream, commandId);
      if (earlier) return earlier;
    }
    const loaded = await this.load(stream, decider);
    if (expectedVersion !== undefined && expectedVersion !== loaded.version) {
      throw new VersionConflictError(stream, expectedVersion, loaded.version);
    }
    const events = decider.decide(command, loaded.state, ctx);
    return this.store.append(stream, events, { expectedVersion: loaded.version, commandId, meta: appendMeta });
  }

  /**
   * Appends an undo or redo marker on behalf of `meta.actor` after checking the log's rule (each user
   * undoes only their own batches, redo only what their next intent has not cleared).
   */
  async appendHistory(stream: string, marker: HistoryEvent, meta: DecisionMeta): Promise<AppendResult> {
    const { commandId, expectedVersion, ...appendMeta } = meta;
    if (commandId !== undefined) {
      const earlier = await this.store.findCommand(stream, commandId);
      if (earlier) return earlier;
    }
    const events = await this.store.readStream(stream);
    const version = events.at(-1)?.version ?? 0;
    if (expectedVersion !== undefined && expectedVersion !== version) throw new VersionConflictError(stream, expectedVersion, version);
    const rejection = checkHistory(events, meta.actor, marker);
    if (rejection !== null) throw new DomainError(`history_${rejection}`, HISTORY_MESSAGES[rejection]);
    // A marker is never itself an undo step.
    return this.store.append(stream, [marker], { expectedVersion: version, commandId, meta: { ...appendMeta, undoable: false } });
  }
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
