import type { AsyncEvent } from '@strata/events';
import type { HttpClient } from '../api/http-client';
import { newId } from '../../shared/ids';
import { createAsyncEvents, lazyPush, type AsyncEvents } from './async-events';

/** REFERENCE §5: the 202 answer of an async request (chart data with GLOBAL_ASYNC_QUERIES): a job to wait for. */
export interface AsyncJob {
  channel_id: string;
  job_id: string;
  user_id: string;
  status: string;
  errors: unknown[];
  result_url: string | null;
}

/** A job answer, as opposed to a synchronous `{ result: [...] }`: the server alone decides which it sends. */
export function isAsyncJob(body: unknown): body is AsyncJob {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b['job_id'] === 'string' && !Array.isArray(b['result']);
}

export const abortError = () => new DOMException('Aborted', 'AbortError');

/**
 * Waits for the job's event and fetches its result (`GET result_url`); an error event rejects with
 * the event's message (AsyncJobError). Stop (the signal) stops waiting: the job's later event is
 * then simply not listened to. Chart jobs are known by job id, which only the 202 tells: an event that
 * comes first is held and retried by the listener (ASYNC_EVENT_RETRY_MAX), so listening after is safe.
 */
export function awaitJob<T>(events: AsyncEvents, http: HttpClient, job: AsyncJob, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(abortError());
  const result = events.listen<T>(job.job_id, (url) => http.get<T>(url));
  if (!signal) return result;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      events.forget(job.job_id);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    result.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** `GET /api/v1/async_event/?last_id=`: the user's events after the last one seen, oldest first. */
export const pollAsyncEvents = (http: HttpClient) => (lastId: string | null) =>
  http
    .get<{ result: AsyncEvent[] }>(`/api/v1/async_event/${lastId ? `?last_id=${encodeURIComponent(lastId)}` : ''}`)
    .then((r) => r.result);

const browserStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

// One listener per HTTP client (that is, per page and server) for Explore and dashboards: one socket,
// one polling loop, however many charts wait.
const shared = new WeakMap<HttpClient, AsyncEvents>();

/** The page's async-event listener for chart jobs: the socket (loaded on first use) with polling as fallback. */
export function sharedAsyncEvents(http: HttpClient, sessionId: string = newId()): AsyncEvents {
  let events = shared.get(http);
  if (!events) {
    events = createAsyncEvents({
      poll: pollAsyncEvents(http),
      openPush: () =>
        lazyPush(() =>
          import('./socket-push').then((m) => m.socketPush({ url: http.url('') || undefined, sessionId })),
        ),
      storage: browserStorage(),
    });
    shared.set(http, events);
  }
  return events;
}

/**
 * The `result` of a chart data answer, whichever way it came: at once (200), or as a job (202) whose
 * result is fetched once its event says done. `events` is asked only when a job comes.
 */
export async function resultOrJob<T>(
  body: { result: T[] } | AsyncJob,
  http: HttpClient,
  events: () => AsyncEvents,
  signal?: AbortSignal,
): Promise<T[]> {
  if (!isAsyncJob(body)) return body.result;
  return (await awaitJob<{ result: T[] }>(events(), http, body, signal)).result;
}
