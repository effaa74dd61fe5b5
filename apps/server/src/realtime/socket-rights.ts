/**
 * What a socket may still do, judged now rather than at the handshake: the gateway asks before every
 * subscribe and command, and again when committed events say the user's rights or session changed.
 */
import { rooms, WIRE_EVENT, type RevokedReason } from '@strata/events';
import type { Authenticator, CurrentUser } from '../auth/current-user';
import type { StrataSocket } from './socket-types';
import type { StreamAccessPolicy } from './stream-access.policy';
import type { StreamFeed } from './stream-feed';

export const SESSION_OVER = 'Your session has ended: sign in again.';

export class SocketRights {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly access: StreamAccessPolicy,
    private readonly feed: StreamFeed,
    /** Called after a socket left a stream, so its peers learn it is gone. */
    private readonly left: (stream: string) => void,
  ) {}

  /** The socket's user as of now (roles re-read), or null once the session is over (then `endSession`). */
  async currentUser(socket: StrataSocket): Promise<CurrentUser | null> {
    const user = await this.authenticator.recheck(socket.data.user);
    if (user) socket.data.user = user;
    return user;
  }

  endSession(socket: StrataSocket): void {
    this.close(socket, 'session_ended', SESSION_OVER);
  }

  /** Judges the socket's subscriptions again (all, or these) and revokes those its user may no longer read. */
  async recheck(socket: StrataSocket, streams?: readonly string[]): Promise<void> {
    if (!socket.connected) return;
    const user = await this.currentUser(socket);
    if (!user) return this.endSession(socket);
    for (const stream of streams ?? this.feed.streamsOf(socket)) {
      if (!this.feed.isSubscribed(socket, stream)) continue;
      if ((await this.access.canRead(user, stream)).allowed) continue;
      await this.leave(socket, stream);
      socket.emit(WIRE_EVENT, {
        type: 'revoked',
        stream,
        reason: 'access_changed',
        message: `You no longer have access to ${stream}.`,
      });
    }
  }

  /** Tells the client why, then closes the connection (its socket.io client does not reconnect on its own). */
  close(socket: StrataSocket, reason: Exclude<RevokedReason, 'access_changed'>, message: string): void {
    if (!socket.connected) return;
    socket.emit(WIRE_EVENT, { type: 'revoked', reason, message });
    socket.disconnect(true);
  }

  /** Ends one subscription: nothing more is sent on it, and it leaves the stream's room and presence. */
  async leave(socket: StrataSocket, stream: string): Promise<void> {
    this.feed.unsubscribe(socket, stream);
    delete socket.data.presence[stream];
    await socket.leave(rooms.stream(stream));
    this.left(stream);
  }
}
