import { userLogPath, USER_LOG_PATH, type UserLogBody, type UserLogEvent } from './user-log-event';

/** sqllab-and-platform §4 Event logging, §9: up to 1024 events a request, sent after 1 second without new events. */
export const USER_LOG_BATCH_SIZE = 1024;
export const USER_LOG_QUIET_MS = 1000;

/**
 * The policy as pure pieces the client drives with RxJS:
 *
 *   const flush$ = merge(logged$.pipe(debounceTime(USER_LOG_QUIET_MS)),
 *                        queueLength$.pipe(filter(isUserLogQueueFull)));
 *   logged$.pipe(buffer(flush$), mergeMap((queue) => planUserLogRequests(queue, { guestToken })))
 *
 * and sends each planned request (with navigator.sendBeacon when the page is being hidden).
 */
export function isUserLogQueueFull(queueLength: number): boolean {
  return queueLength >= USER_LOG_BATCH_SIZE;
}

/** Splits a queue into consecutive batches of at most `size`, keeping the order. */
export function splitIntoBatches<T>(queue: readonly T[], size = USER_LOG_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('A batch holds at least one event.');
  const batches: T[][] = [];
  for (let start = 0; start < queue.length; start += size) batches.push(queue.slice(start, start + size));
  return batches;
}

export interface UserLogRequest {
  path: string;
  body: UserLogBody;
}

/**
 * The requests that send a flushed queue: in order, at most 1024 events each, and a new request
 * whenever the dashboard or chart the events belong to changes, since it rides in the URL.
 */
export function planUserLogRequests(
  queue: readonly UserLogEvent[],
  options: { guestToken?: string; basePath?: string } = {},
): UserLogRequest[] {
  const { guestToken, basePath = USER_LOG_PATH } = options;
  const groups: { path: string; events: UserLogEvent[] }[] = [];
  for (const event of queue) {
    const path = userLogPath(event, basePath);
    const last = groups[groups.length - 1];
    if (last && last.path === path) last.events.push(event);
    else groups.push({ path, events: [event] });
  }
  return groups.flatMap(({ path, events }) =>
    splitIntoBatches(events).map((batch) => ({
      path,
      body: guestToken ? { events: batch, guest_token: guestToken } : { events: batch },
    })),
  );
}
