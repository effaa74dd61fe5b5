import { debounceTime, map, merge, mergeMap, scan, Subject, type Observable, type SchedulerLike } from 'rxjs';
import {
  isUserLogQueueFull,
  planUserLogRequests,
  userLogEvent,
  USER_LOG_QUIET_MS,
  type NewUserLogEvent,
  type UserLogEventFields,
  type UserLogBody,
  type UserLogEvent,
} from '@strata/domain';

/** How batches leave the page: a normal request, or a beacon that survives the page closing. */
export interface UserLogTransport {
  post(path: string, body: UserLogBody): Promise<unknown>;
  /** False when the browser would not queue the beacon (no API, or too large). */
  beacon(path: string, body: UserLogBody): boolean;
}

export interface UserLogOptions {
  transport: UserLogTransport;
  /** Emits when the page is being hidden or left: whatever is queued goes out as a beacon now. */
  pageHide$: Observable<unknown>;
  /** One id per page load, on every event (sqllab-and-platform §3 impression_id). */
  impressionId: string;
  newId(): string;
  /** Milliseconds since the epoch. */
  now(): number;
  visibility(): string;
  /** An embedded page's guest token: every request carries it (sqllab-and-platform §6, §7). */
  guestToken?: () => string | undefined;
  scheduler?: SchedulerLike;
}

/** What a caller logs; the logger adds ts, impression_id, event_id and visibility. */
export type UserLogEntry = Omit<
  UserLogEventFields,
  'version' | 'event_type' | 'ts' | 'impression_id' | 'event_id' | 'visibility'
> & {
  event_type?: NewUserLogEvent['event_type'];
  [extra: string]: unknown;
};

export interface UserLog {
  log(entry: UserLogEntry): void;
  dispose(): void;
}

type Flush = { via: 'post' | 'beacon'; events: UserLogEvent[] };
type Step = { kind: 'event'; event: UserLogEvent } | { kind: 'flush'; via: Flush['via'] };

/**
 * The user log (sqllab-and-platform §4 Event logging): events queue up and go out after 1 s without a new one, in
 * requests of at most 1024; a full queue goes at once, and page hide sends what is left as a beacon.
 */
export function createUserLog(options: UserLogOptions): UserLog {
  const { transport, scheduler } = options;
  const logged$ = new Subject<UserLogEvent>();
  const guestTokenOf = () => {
    const guestToken = options.guestToken?.();
    return guestToken ? { guestToken } : {};
  };

  const steps$: Observable<Step> = merge(
    logged$.pipe(map((event): Step => ({ kind: 'event', event }))),
    logged$.pipe(
      debounceTime(USER_LOG_QUIET_MS, scheduler),
      map((): Step => ({ kind: 'flush', via: 'post' })),
    ),
    options.pageHide$.pipe(map((): Step => ({ kind: 'flush', via: 'beacon' }))),
  );

  const flushes$ = steps$.pipe(
    scan<Step, { queue: UserLogEvent[]; out: Flush | null }>(
      (acc, step) => {
        if (step.kind === 'event') {
          const queue = [...acc.queue, step.event];
          return isUserLogQueueFull(queue.length)
            ? { queue: [], out: { via: 'post', events: queue } }
            : { queue, out: null };
        }
        return { queue: [], out: acc.queue.length > 0 ? { via: step.via, events: acc.queue } : null };
      },
      { queue: [], out: null },
    ),
    mergeMap(({ out }) =>
      out ? planUserLogRequests(out.events, guestTokenOf()).map((request) => ({ ...request, via: out.via })) : [],
    ),
  );

  const subscription = flushes$.subscribe(({ path, body, via }) => {
    if (via === 'beacon' && transport.beacon(path, body)) return;
    // The log is best effort: a lost batch must never bother the user.
    transport.post(path, body).catch((error: unknown) => console.warn('user log not sent', error));
  });

  return {
    log(entry) {
      logged$.next(
        userLogEvent({
          ...entry,
          ts: options.now(),
          impression_id: options.impressionId,
          event_id: options.newId(),
          visibility: options.visibility(),
        }),
      );
    },
    dispose() {
      subscription.unsubscribe();
      logged$.complete();
    },
  };
}
