import { BehaviorSubject, Subject } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import { WIRE_EVENT, type AsyncEvent, type ClientToServerEvents, type ServerToClientEvents } from '@strata/events';
import type { PushTransport } from './async-events';

/** sqllab-and-platform §9: a websocket reconnects after 2500 ms, at most 6 times; then polling takes over for good. */
export const SOCKET_RECONNECT_DELAY_MS = 2500;
export const SOCKET_RECONNECT_ATTEMPTS = 6;

/**
 * The server's socket.io endpoint as a push channel for async events: the server puts every socket of
 * a signed-in user in the room `user:<id>` and sends `{type: 'async_event'}` there (libs/events
 * protocol). `url` is the server's origin; none means this page's own (the session cookie signs in).
 */
export function socketPush(options: { url?: string; sessionId: string }): PushTransport {
  const settings = {
    path: '/socket.io',
    // Our own fallback is HTTP polling of the event list: no socket.io long-polling underneath.
    transports: ['websocket'],
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
    reconnectionAttempts: SOCKET_RECONNECT_ATTEMPTS,
    auth: { sessionId: options.sessionId },
  };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = options.url
    ? io(options.url, settings)
    : io(settings);
  const events$ = new Subject<AsyncEvent>();
  const connected$ = new BehaviorSubject(false);
  socket.on('connect', () => connected$.next(true));
  socket.on('disconnect', () => connected$.next(false));
  socket.on('connect_error', () => connected$.next(false));
  socket.on(WIRE_EVENT, (message) => {
    if (message.type === 'async_event') events$.next(message.event);
  });
  return {
    events$: events$.asObservable(),
    connected$: connected$.asObservable(),
    close() {
      socket.close();
      connected$.next(false);
      events$.complete();
    },
  };
}
