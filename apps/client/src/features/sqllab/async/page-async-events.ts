import type { ClientContext } from '../../../shared/feature-store';
import type { HttpClient } from '../../api/http-client';
import { sharedAsyncEvents } from '../../async/async-jobs';
import type { SqlLabApi } from '../api/sqllab-api';
import { createAsyncEvents, lazyPush, type AsyncEvents, type PushTransport } from './async-events';

/**
 * One async-event listener per page serves SQL Lab and charts alike (one socket, one polling loop, no
 * feature dropping the other's events as unknown); a test that shapes the channel gets its own, which
 * SQL Lab then owns and disposes.
 */
export function pageAsyncEvents(options: {
  api: SqlLabApi;
  http: HttpClient;
  context: ClientContext;
  storage: Storage | null;
  openPush?: (() => PushTransport) | null;
  asyncPollDelayMs?: number;
}): { asyncEvents: AsyncEvents; owned: boolean } {
  const { api, http, context, storage, openPush, asyncPollDelayMs } = options;
  const owned = openPush !== undefined || asyncPollDelayMs !== undefined;
  if (!owned) return { asyncEvents: sharedAsyncEvents(http, context.sessionId), owned };
  const asyncEvents = createAsyncEvents({
    poll: (lastId) => api.asyncEvents(lastId),
    openPush:
      openPush === undefined
        ? () =>
            lazyPush(() =>
              import('./socket-push').then((m) =>
                m.socketPush({ url: http.url('') || undefined, sessionId: context.sessionId }),
              ),
            )
        : (openPush ?? undefined),
    storage,
    pollDelayMs: asyncPollDelayMs,
  });
  return { asyncEvents, owned };
}
