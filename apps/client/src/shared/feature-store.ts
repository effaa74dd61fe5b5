import { Subject, type Observable } from 'rxjs';
import { createStore, type EnvelopeOf, type EventLike, type Fold, type Store } from '@strata/events';

/** Who and when: what every batch recorded on this page is stamped with. */
export interface ClientContext {
  /** One id per page load, on every envelope: tells this page's events from imported ones. */
  readonly sessionId: string;
  /** The signed-in user's id as a string, or 'anonymous'. */
  actor(): string;
  /** ISO-8601 time of the intent. */
  now(): string;
  newId(): string;
}

export interface RecordOptions {
  /** Only local user edits are undo steps; session, toasts and loads never are. Default false. */
  undoable?: boolean;
  causationId?: string;
  /**
   * What happens to this batch while the store shows the past (its time-travel cursor is set). By
   * default every batch is refused then: a user's intent must never reach the live state from a page
   * showing the past. `'allowed'` marks a fact that did not come from the user's hand now: a load, an
   * answer of the server, a remote event, a timer's tick, a toast. It enters the live log and the view
   * stays in the past. An undo step is refused whatever this says.
   */
  whilePast?: 'refused' | 'allowed';
}

/** The option for a load, a server answer, a remote event or a timer's fact: it may land while scrubbed. */
export const MAY_LAND_IN_PAST = { whilePast: 'allowed' } as const satisfies RecordOptions;

/**
 * A feature's store (DESIGN "Client"): the @strata/events store (log$, state$, time travel) plus the
 * page's way of recording an intent as one stamped batch, and `recorded$`, the events this page
 * recorded. Effects react to `recorded$`, not to the log: a log replaced by an import, or viewed at an
 * earlier position, must never fire HTTP calls or timers again.
 */
export interface FeatureStore<S, E extends EventLike> {
  readonly name: string;
  readonly store: Store<S, E>;
  /** The state shown: live, or the time-travel cursor's. Components render this. */
  readonly state$: Observable<S>;
  /** The state now. Guards and effects decide on this, whatever the panel shows. */
  readonly liveState$: Observable<S>;
  getState(): S;
  /**
   * Appends one intent as one batch and returns its envelopes. While the store is scrubbed into the past
   * (its time-travel cursor is set) it is refused unless the caller marked it `whilePast: 'allowed'`:
   * nothing is appended or delivered to effects (so nothing reaches the server), `[]` is returned and
   * `refused$` says what was refused.
   */
  record(events: readonly E[], options?: RecordOptions): EnvelopeOf<E>[];
  readonly recorded$: Observable<EnvelopeOf<E>>;
  /** The event types of each intent refused because the page showed the past (see `record`). */
  readonly refused$: Observable<readonly string[]>;
}

/**
 * Whether a batch may land while the store shows the past. The rule is explicit, never guessed from the
 * browser's current event: what the caller did not mark as a load or a remote fact is treated as a
 * user's intent and refused, and an undo step is always one.
 */
export function mayLandInPast(options: RecordOptions): boolean {
  return options.whilePast === 'allowed' && options.undoable !== true;
}

export function createFeatureStore<S, E extends EventLike>(
  name: string,
  fold: Fold<S, E>,
  context: ClientContext,
): FeatureStore<S, E> {
  const store = createStore<S, E>({
    fold,
    stream: name,
    stamp: () => ({ batchId: context.newId(), at: context.now() }),
  });
  const recorded$ = new Subject<EnvelopeOf<E>>();
  const refused$ = new Subject<readonly string[]>();
  // An effect may record while recorded$ is still delivering: queue, so every subscriber sees the
  // events in log order.
  const queue: EnvelopeOf<E>[] = [];
  let delivering = false;

  return {
    name,
    store,
    state$: store.state$,
    liveState$: store.liveState$,
    getState: () => store.getState(),
    recorded$: recorded$.asObservable(),
    refused$: refused$.asObservable(),
    record(events, options = {}) {
      if (events.length === 0) return [];
      if (store.cursor$.value !== null && !mayLandInPast(options)) {
        refused$.next(events.map((e) => e.type));
        return [];
      }
      const envelopes = store.dispatch(events, {
        actor: context.actor(),
        at: context.now(),
        batchId: context.newId(),
        sessionId: context.sessionId,
        undoable: options.undoable ?? false,
        ...(options.causationId ? { causationId: options.causationId } : {}),
      });
      queue.push(...envelopes);
      if (!delivering) {
        delivering = true;
        try {
          while (queue.length > 0) recorded$.next(queue.shift()!);
        } finally {
          delivering = false;
        }
      }
      return envelopes;
    },
  };
}

/** Narrows a recorded envelope stream to one event type. */
export function ofType<E extends EventLike, T extends E['type']>(type: T) {
  return (envelope: EnvelopeOf<E>): envelope is Extract<EnvelopeOf<E>, { type: T }> => envelope.type === type;
}
