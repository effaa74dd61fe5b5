import type { ClientToServerEvents, PresenceState, ServerToClientEvents } from '@strata/events';
import type { Server, Socket } from 'socket.io';
import type { CurrentUser } from '../auth/current-user';

/** What the server keeps on each socket (socket.data); plain data, so other nodes can read it too. */
export interface SocketData {
  user: CurrentUser;
  /** The browser tab (handshake.auth.sessionId) or, without one, the socket id: one peer in presence. */
  sessionId: string;
  /** Presence per subscribed stream. */
  presence: Record<string, PresenceState>;
}

// socket.io's third parameter is for server-to-server events, which Strata does not use.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type StrataServer = Server<ClientToServerEvents, ServerToClientEvents, {}, SocketData>;
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type StrataSocket = Socket<ClientToServerEvents, ServerToClientEvents, {}, SocketData>;
