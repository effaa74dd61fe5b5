import { BehaviorSubject, Subject, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs';
import type { EnvelopeOf, EventLike, EventMeta } from '../envelope';
import { envelopeBatch, nextVersion } from '../log/envelopes';
import { EventLog, type EventLogOptions } from '../log/event-log';
import type { Fold, LogEntry } from '../log/fold';

/** Ids and time for a batch the store creates itself (undo and redo markers). */
export interface Stamp {
  batchId: string;
  at: string;
}

export interface StoreOptions<S, E extends EventLike> extends EventLogOptions {
  fold: Fold<S, E>;
  /** Stream written into the envelopes `dispatch` creates. Default 'local'. */
  stream?: string;
  /** Entries to start from (hydration). */
  entries?: readonly LogEntry[];
  /** Supplies ids and times when `undo`/`redo` are called without a stamp; the lib has no clock. */
  stamp?: () => Stamp;
}

/** What the last change did to the log: entries from `from` on are new (below it nothing changed). */
export interface LogChange {
  from: number;
  entries: readonly LogEntry[];
}

export interface HistoryAvailability {
  canUndo: boolean;
  canRedo: boolean;
}

export interface Store<S, E extends EventLike> {
  /**
   * The log, as immutable arrays. Writing a new array here is allowed (the store keeps the common
   * prefix and refolds only the rest): that is how a pending tail is rebased.
   */
  readonly log$: BehaviorSubject<readonly LogEntry[]>;
  /** Each change of the log, after state is updated: for effects reacting to new events. */
  readonly changes$: Observable<LogChange>;
  /** The state now, whatever the cursor. */
  readonly liveState$: Observable<S>;
  /** The state shown: live, or at the time-travel cursor. */
  readonly state$: Observable<S>;
  /** null = live; otherwise the position shown by `state$`. */
  readonly cursor$: BehaviorSubject<number | null>;
  /** The folded log behind the store (read it; change the log through the store). */
  readonly log: EventLog<S, E>;
  getState(): S;
  /** Appends one intent's events as one batch; returns the envelopes appended. */
  dispatch(events: readonly E[], meta: EventMeta): EnvelopeOf<E>[];
  /** Appends envelopes made elsewhere (remote events, hydration). */
  append(entries: readonly LogEntry[]): void;
  /** Appends the actor's `history/undone` marker; null when there is nothing to undo. */
  undo(actor: string, stamp?: Stamp): LogEntry | null;
  redo(actor: string, stamp?: Stamp): LogEntry | null;
  history$(actor: string): Observable<HistoryAvailability>;
  /** Shows the state after the first `position` entries (0 = initial state) until `resume()`. */
  scrubTo(position: number): void;
  resume(): void;
  exportLog(): LogEntry[];
  /** Replaces the log by an imported one (a bug report's events) and returns to live. */
  importLog(entries: readonly LogEntry[]): void;
  /** Completes every observable of the store. */
  dispose(): void;
}

/** A per-feature store: a log of envelopes folded into state, with undo, redo and time travel. */
export function createStore<S, E extends EventLike>(options: StoreOptions<S, E>): Store<S, E> {
  const { fold, stream = 'local', entries = [], stamp } = options;
  const log = new EventLog(fold, options);
  const log$ = new BehaviorSubject<readonly LogEntry[]>(entries.slice());
  const cursor$ = new BehaviorSubject<number | null>(null);
  const live$ = new BehaviorSubject<S>(log.state);
  const view$ = new BehaviorSubject<S>(log.state);
  const changes$ = new Subject<LogChange>();

  const show = () => {
    const cursor = cursor$.value;
    view$.next(cursor === null ? log.state : log.stateAt(Math.min(cursor, log.length)));
  };
  // Subscribed first, so every later subscriber of log$ sees the EventLog already in sync.
  const subscriptions: Subscription[] = [
    log$.subscribe((next) => {
      const from = log.sync(next);
      live$.next(log.state);
      // A scrubbed view depends only on the entries before the cursor: skip it when those are unchanged.
      const cursor = cursor$.value;
      if (cursor === null || from < cursor) show();
      if (from < next.length) changes$.next({ from, entries: next.slice(from) });
    }),
    cursor$.subscribe(show),
  ];

  const appendAll = (added: readonly LogEntry[]) => {
    if (added.length > 0) log$.next([...log$.value, ...added]);
  };

  const marker = (actor: string, kind: 'undo' | 'redo', given?: Stamp): LogEntry | null => {
    const event = kind === 'undo' ? log.undoCommand(actor) : log.redoCommand(actor);
    if (event === null) return null;
    const ids = given ?? stamp?.();
    if (ids === undefined) throw new Error(`${kind} needs a stamp: pass one or give createStore a stamp()`);
    const [entry] = envelopeBatch([event], { actor, ...ids, undoable: false }, slot());
    appendAll([entry!]);
    return entry!;
  };

  const slot = () => ({ stream, version: nextVersion(log.entries, stream) });

  return {
    log$,
    changes$: changes$.asObservable(),
    liveState$: live$.pipe(distinctUntilChanged()),
    state$: view$.pipe(distinctUntilChanged()),
    cursor$,
    log,
    getState: () => log.state,
    dispatch(events, meta) {
      const added = envelopeBatch(events, meta, slot());
      appendAll(added);
      return added;
    },
    append: appendAll,
    undo: (actor, given) => marker(actor, 'undo', given),
    redo: (actor, given) => marker(actor, 'redo', given),
    history$: (actor) =>
      log$.pipe(
        map(() => ({ canUndo: log.canUndo(actor), canRedo: log.canRedo(actor) })),
        distinctUntilChanged((a, b) => a.canUndo === b.canUndo && a.canRedo === b.canRedo),
      ),
    scrubTo(position) {
      if (!Number.isInteger(position) || position < 0 || position > log.length) {
        throw new RangeError(`cannot scrub to ${position}: the log has ${log.length} entries`);
      }
      cursor$.next(position);
    },
    resume: () => cursor$.next(null),
    exportLog: () => log.export(),
    importLog(imported) {
      cursor$.next(null);
      log$.next(imported.slice());
    },
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
      [log$, cursor$, live$, view$, changes$].forEach((s) => s.complete());
    },
  };
}
