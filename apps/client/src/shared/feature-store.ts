import { Subject, type Observable } from 'rxjs';
import { userInputNow } from './user-input';
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
}

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
   * (its time-travel cursor is set) a user's intent is refused: nothing is appended or delivered to
   * effects (so nothing reaches the server), `[]` is returned and `refused$` says what was refused.
   */
  record(events: readonly E[], options?: RecordOptions): EnvelopeOf<E>[];
  readonly recorded$: Observable<EnvelopeOf<E>>;
  /** The event types of each intent refused because the page showed the past (see `record`). */
  readonly refused$: Observable<readonly string[]>;
}

/**
 * Whether a batch is a user's intent, which must never reach the live state from a page showing the past:
 * an undo step, or anything recorded while a user's input event (a click, a key, a drop...) is handled.
 * Loads, remote events, timers and answers of the server arrive outside input events, and still enter the
 * live log while the page is scrubbed.
 */
export function isUserIntent(options: RecordOptions): boolean {
  return options.undoable === true || userInputNow() !== null;
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
      if (store.cursor$.value !== null && isUserIntent(options)) {
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
