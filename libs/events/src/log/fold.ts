import type { Decider, Envelope, EventLike } from '../envelope';

/**
 * The part of a Decider a log needs: how to start and how to apply one event. Any `Decider` is a Fold.
 * `evolve` receives the whole envelope (it is an `E` plus `id`, `meta`...), so a context may read
 * `meta.at` or `meta.actor` instead of taking a clock. It must not mutate its input: snapshots share
 * states with later positions.
 */
export type Fold<S, E extends EventLike = EventLike> = Pick<Decider<S, E, unknown, unknown>, 'initialState' | 'evolve'>;

/** One entry of a log: an event of the context, or a `history/*` marker. */
export type LogEntry = Envelope;

/** Applies one entry with `evolve`. The cast is the one place where an envelope is read as the context's E. */
export function applyEntry<S, E extends EventLike>(fold: Fold<S, E>, state: S, entry: LogEntry): S {
  return fold.evolve(state, entry as unknown as E);
}
