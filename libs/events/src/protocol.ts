/**
 * The socket.io wire protocol between a Strata client and server: one small versioned file of unions.
 * Bump PROTOCOL_VERSION on any incompatible change; the server refuses a subscribe with another version.
 *
 * Flow: the client `subscribe`s to a stream with the last version it has; the server answers `subscribed`
 * with every event after that version (catch-up) and then pushes `events` as they commit. A `command`
 * carries the client's sequence number; the server answers `ack` committed (with the new version) or
 * rejected (with the reason), and the committed events also arrive through `events`. Rights are not
 * kept from the handshake: when they change, the server sends `revoked` and stops the stream (or closes
 * the connection).
 */
import type { Envelope } from './envelope';

export const PROTOCOL_VERSION = 1;

export interface PresenceState {
  /** What the peer is doing, e.g. 'viewing' | 'editing'. */
  mode: string;
  /** Ids of the items the peer has selected (dashboard components, tabs...). */
  selection: string[];
}

export interface Peer {
  userId: number;
  username: string;
  sessionId: string;
  state: PresenceState;
}

export interface AsyncEvent {
  id: string;
  job_id: string;
  status: 'pending' | 'running' | 'done' | 'error';
  result_url: string | null;
  errors?: { message: string; error_type: string }[];
  [key: string]: unknown;
}

// ---- client -> server ----
export type ClientMessage =
  | { type: 'subscribe'; protocolVersion: number; stream: string; fromVersion: number }
  | { type: 'unsubscribe'; stream: string }
  | {
      type: 'command';
      stream: string;
      clientSeq: number;
      commandId: string;
      batchId: string;
      /** Version the client decided against; omitted means "against the latest". */
      expectedVersion?: number;
      command: { type: string; data: unknown };
    }
  | { type: 'presence'; stream: string; state: PresenceState };

// ---- server -> client ----
/**
 * Why the server took something back: the session ended (logout, password change), the account was
 * deactivated, or the user's rights changed (a role, a dashboard's owners) so a stream is no longer theirs.
 */
export type RevokedReason = 'session_ended' | 'deactivated' | 'access_changed';

export type AckMessage =
  | { type: 'ack'; clientSeq: number; commandId: string; result: 'committed'; version: number }
  | {
      type: 'ack';
      clientSeq: number;
      commandId: string;
      result: 'rejected';
      reason: 'conflict' | 'invalid' | 'forbidden' | 'unknown_command';
      message: string;
    };

export type ServerMessage =
  | { type: 'subscribed'; stream: string; events: Envelope[]; version: number }
  | { type: 'events'; stream: string; events: Envelope[] }
  | AckMessage
  | { type: 'presence'; stream: string; peers: Peer[] }
  | { type: 'async_event'; event: AsyncEvent }
  /**
   * With `stream`: that subscription ended (the server sends nothing more on it). Without: the whole
   * connection, which the server closes right after; reconnecting needs a new sign-in.
   */
  | { type: 'revoked'; stream?: string; reason: RevokedReason; message: string }
  | { type: 'error'; message: string; error_type: string; stream?: string };

/** socket.io event name carrying every message, both ways. */
export const WIRE_EVENT = 'strata' as const;

/** Typed maps for socket.io's generics: `Server<ClientToServer, ServerToClient>`. */
export interface ClientToServerEvents {
  strata: (message: ClientMessage) => void;
}
export interface ServerToClientEvents {
  strata: (message: ServerMessage) => void;
}

/** Room names used by the server. */
export const rooms = {
  stream: (stream: string) => `stream:${stream}`,
  user: (userId: number) => `user:${userId}`,
} as const;
