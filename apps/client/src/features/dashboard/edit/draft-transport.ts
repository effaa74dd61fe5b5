import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { io, type Socket } from 'socket.io-client';
import {
  WIRE_EVENT,
  type ClientMessage,
  type ClientToServerEvents,
  type ServerMessage,
  type ServerToClientEvents,
} from '@strata/events';
import { upcastEvents } from '@strata/domain';
import { SOCKET_RECONNECT_DELAY_MS } from '../../async/socket-push';

/**
 * The wire under an edit session: libs/events protocol messages both ways over one socket.io
 * connection. `connected$` turns true on every (re)connection, which is when the session subscribes
 * again from its last confirmed version.
 */
export interface DraftTransport {
  readonly messages$: Observable<ServerMessage>;
  readonly connected$: Observable<boolean>;
  /** False while the socket is down: the caller keeps what it wanted to send and sends it on reconnect. */
  isConnected(): boolean;
  send(message: ClientMessage): void;
  close(): void;
}

/**
 * The server's socket.io endpoint (the session cookie, or `token`, signs in; `sessionId` names this tab
 * in presence). Unlike SQL Lab's push channel there is no polling fallback: an editor keeps retrying,
 * since edits can only be decided by the server.
 */
export function socketDraftTransport(options: { url?: string; sessionId: string; token?: string }): DraftTransport {
  const settings = {
    path: '/socket.io',
    transports: ['websocket'],
    withCredentials: true,
    reconnectionDelay: SOCKET_RECONNECT_DELAY_MS,
    reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MS,
    auth: options.token ? { sessionId: options.sessionId, token: options.token } : { sessionId: options.sessionId },
  };
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = options.url
    ? io(options.url, settings)
    : io(settings);
  const messages$ = new Subject<ServerMessage>();
  const connected$ = new BehaviorSubject(false);
  socket.on('connect', () => connected$.next(true));
  socket.on('disconnect', () => connected$.next(false));
  socket.on('connect_error', () => connected$.next(false));
  socket.on(WIRE_EVENT, (message) => messages$.next(upcastMessage(message)));
  return {
    messages$: messages$.asObservable(),
    connected$: connected$.asObservable(),
    isConnected: () => socket.connected,
    send(message) {
      // socket.io would buffer while offline and replay later; the session resends itself instead.
      if (socket.connected) socket.emit(WIRE_EVENT, message);
    },
    close() {
      socket.close();
      connected$.next(false);
      messages$.complete();
      connected$.complete();
    },
  };
}

/** Stored events reach the client as today's events (DESIGN.md "Events": upcast on read, on both sides). */
function upcastMessage(message: ServerMessage): ServerMessage {
  return message.type === 'subscribed' || message.type === 'events'
    ? { ...message, events: upcastEvents(message.events) }
    : message;
}
