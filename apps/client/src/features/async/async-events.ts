import {
  BehaviorSubject,
  catchError,
  combineLatest,
  defer,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  map,
  of,
  pairwise,
  shareReplay,
  startWith,
  switchMap,
  timer,
  type Observable,
  type Subscription,
} from 'rxjs';
import type { AsyncEvent } from '@strata/events';
import { ErrorMessages, ErrorType, type StrataError } from '@strata/domain';

/** sqllab-and-platform §9: async polling delay 500 ms; unmatched events retried 6 times, 100 ms times the attempt. */
export const ASYNC_POLLING_DELAY_MS = 500;
export const ASYNC_EVENT_RETRY_MAX = 6;
export const ASYNC_EVENT_RETRY_DELAY_MS = 100;
/** sqllab-and-platform §4: the last event id is kept in browser storage (Superset's key, so one browser shares it). */
export const LAST_ASYNC_EVENT_ID_KEY = 'last_async_event_id';
/** REFERENCE §5: the server answers at most this many events per poll; a full page means more wait. */
export const ASYNC_EVENTS_PAGE = 100;

/** Where the server pushes events (the socket); while it is down, polling takes over. */
export interface PushTransport {
  readonly events$: Observable<AsyncEvent>;
  readonly connected$: Observable<boolean>;
  close(): void;
}

/**
 * A push channel whose code loads on first use (socket.io-client stays out of the first bundle): until
 * it is there, it is simply not connected, so polling covers the gap.
 */
export function lazyPush(load: () => Promise<PushTransport>): PushTransport {
  const push$ = defer(load).pipe(shareReplay(1));
  let closed = false;
  let loaded: PushTransport | null = null;
  const subscription = push$.subscribe({
    next: (push) => {
      loaded = push;
      if (closed) push.close();
    },
    error: () => undefined, // the module could not load: polling only
  });
  return {
    events$: push$.pipe(
      switchMap((push) => push.events$),
      catchError(() => EMPTY),
    ),
    connected$: push$.pipe(
      switchMap((push) => push.connected$),
      startWith(false),
      catchError(() => of(false)),
    ),
    close() {
      closed = true;
      loaded?.close();
      subscription.unsubscribe();
    },
  };
}

/** An async job that ended in error: its errors as the server formatted them. */
export class AsyncJobError extends Error {
  constructor(
    message: string,
    readonly errors: readonly StrataError[],
  ) {
    super(message);
    this.name = 'AsyncJobError';
  }
}

export interface AsyncEventsDeps {
  /** `GET /api/v1/async_event/?last_id=`: the user's events after `lastId`, oldest first. */
  poll(lastId: string | null): Promise<AsyncEvent[]>;
  /** Opens the push channel on first use; none means polling only. */
  openPush?: () => PushTransport;
  storage?: Storage | null;
  pollDelayMs?: number;
  retryDelayMs?: number;
  warn?(message: string): void;
}

export interface AsyncEvents {
  /**
   * Waits for the job's event (SQL Lab's jobs are known by the run's client id, chart data jobs by their job id): on 'done' the result
   * is fetched from its result_url and resolves; on 'error' it rejects with an AsyncJobError. Listen
   * before starting the job: a fast job's event may arrive before the request that started it answers.
   */
  listen<T>(key: string, fetchResult: (resultUrl: string) => Promise<T>): Promise<T>;
  /** No longer waits for the job (stopped, or it answered synchronously after all). */
  forget(key: string): void;
  /** Opens the push channel now rather than at the first job (GLOBAL_ASYNC_QUERIES: jobs are expected). */
  open(): void;
  /** Whether the push channel is up (false: polling). */
  readonly connected$: Observable<boolean>;
  dispose(): void;
}

interface Listener {
  onEvent(event: AsyncEvent): void;
}

const jobKey = (event: AsyncEvent): string =>
  typeof event['client_id'] === 'string' ? (event['client_id'] as string) : event.job_id;
const later = (a: string, b: string | null) => b === null || BigInt(a) > BigInt(b);

function jobError(event: AsyncEvent): AsyncJobError {
  const errors: StrataError[] = (event.errors ?? []).map((e) => ({
    message: e.message,
    error_type: e.error_type as ErrorType,
    level: 'error' as const,
  }));
  return new AsyncJobError(errors[0]?.message ?? ErrorMessages.UNKNOWN_ERROR, errors);
}

/**
 * sqllab-and-platform §4 Async query jobs, REFERENCE §5: one listener per job; events come pushed on the socket and,
 * while it is down (or on reconnecting, to catch up what it missed), from polling the server's event
 * list after the last id seen. Each event is handled once, whichever way it came.
 */
export function createAsyncEvents(deps: AsyncEventsDeps): AsyncEvents {
  const pollDelay = deps.pollDelayMs ?? ASYNC_POLLING_DELAY_MS;
  const retryDelay = deps.retryDelayMs ?? ASYNC_EVENT_RETRY_DELAY_MS;
  const warn = deps.warn ?? ((message: string) => console.warn(message));
  const listeners = new Map<string, Listener>();
  const waiting$ = new BehaviorSubject(0);
  const push$ = new BehaviorSubject<PushTransport | null>(null);
  const seen = new Set<string>();
  const retries = new Set<ReturnType<typeof setTimeout>>();
  let lastId = readLastId(deps.storage);
  let disposed = false;

  const connected$ = push$.pipe(
    switchMap((push) => (push ? push.connected$.pipe(startWith(false)) : of(false))),
    distinctUntilChanged(),
  );

  function remember(id: string) {
    seen.add(id);
    // Only recent ids can come twice (push and poll overlap by a few events).
    if (seen.size > 1000) seen.delete(seen.values().next().value!);
    if (later(id, lastId)) {
      lastId = id;
      try {
        deps.storage?.setItem(LAST_ASYNC_EVENT_ID_KEY, id);
      } catch {
        // Storage full or disabled: the id is kept for this page only.
      }
    }
  }

  function handle(event: AsyncEvent, attempt = 0) {
    if (disposed || (attempt === 0 && seen.has(event.id))) return;
    if (attempt === 0) remember(event.id);
    const listener = listeners.get(jobKey(event));
    if (listener) {
      listener.onEvent(event);
      return;
    }
    if (attempt >= ASYNC_EVENT_RETRY_MAX) {
      warn(`Async event ${event.id} for job ${jobKey(event)} has no listener; dropped.`);
      return;
    }
    const timer = setTimeout(
      () => {
        retries.delete(timer);
        handle(event, attempt + 1);
      },
      retryDelay * (attempt + 1),
    );
    retries.add(timer);
  }

  async function pollOnce(): Promise<void> {
    // A full page means more events are waiting: read on until the list is exhausted.
    for (let page = 0; page < 50; page += 1) {
      const events = await deps.poll(lastId);
      events.forEach((e) => handle(e));
      if (events.length < ASYNC_EVENTS_PAGE) return;
    }
  }

  const polling = (ticks$: Observable<unknown>) =>
    ticks$.pipe(
      exhaustMap(() =>
        defer(pollOnce).pipe(
          // A failed poll is tried again at the next tick.
          catchError(() => EMPTY),
        ),
      ),
    );

  const waiting = waiting$.pipe(
    map((n) => n > 0),
    distinctUntilChanged(),
  );
  const subscriptions: Subscription[] = [
    push$.pipe(switchMap((push) => push?.events$ ?? EMPTY)).subscribe((e) => handle(e)),
    // While jobs wait and the socket is down: poll.
    combineLatest([waiting, connected$])
      .pipe(switchMap(([isWaiting, connected]) => (isWaiting && !connected ? polling(timer(0, pollDelay)) : EMPTY)))
      .subscribe(),
    // The socket came (back) up: one poll catches up what was pushed while it was down.
    connected$
      .pipe(
        pairwise(),
        filter(([was, is]) => !was && is),
        switchMap(() => polling(of(0))),
      )
      .subscribe(),
  ];

  return {
    connected$,
    open,
    listen<T>(key: string, fetchResult: (resultUrl: string) => Promise<T>) {
      open();
      return new Promise<T>((resolve, reject) => {
        listeners.set(key, {
          onEvent(event) {
            if (event.status !== 'done' && event.status !== 'error') return; // progress only
            forget(key);
            if (event.status === 'error') reject(jobError(event));
            else if (!event.result_url) reject(new AsyncJobError(ErrorMessages.UNKNOWN_ERROR, []));
            else fetchResult(event.result_url).then(resolve, reject);
          },
        });
        waiting$.next(listeners.size);
      });
    },
    forget,
    dispose() {
      disposed = true;
      listeners.clear();
      waiting$.next(0);
      retries.forEach(clearTimeout);
      subscriptions.forEach((s) => s.unsubscribe());
      push$.value?.close();
    },
  };

  function open() {
    if (!push$.value && deps.openPush && !disposed) push$.next(deps.openPush());
  }

  function forget(key: string) {
    if (listeners.delete(key)) waiting$.next(listeners.size);
  }
}

function readLastId(storage: Storage | null | undefined): string | null {
  try {
    const stored = storage?.getItem(LAST_ASYNC_EVENT_ID_KEY) ?? null;
    return stored !== null && /^\d{1,18}$/.test(stored) ? stored : null;
  } catch {
    return null;
  }
}
