import { Injectable } from '@nestjs/common';
import { rooms, WIRE_EVENT, type ServerMessage } from '@strata/events';
import type { StrataServer } from './socket-types';

/**
 * Pushes to every socket of one user, e.g. `{ type: 'async_event', event }` when an async query finishes.
 * With REDIS_URL set the message reaches the user's sockets on every server process.
 */
@Injectable()
export class RealtimePush {
  private server: StrataServer | null = null;

  /** Called by the gateway once socket.io is up. */
  attach(server: StrataServer): void {
    this.server = server;
  }

  pushToUser(userId: number, message: ServerMessage): void {
    if (!this.server) throw new Error('The socket server is not running, so nothing can be pushed yet');
    this.server.to(rooms.user(userId)).emit(WIRE_EVENT, message);
  }
}
