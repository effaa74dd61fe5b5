import { rooms, WIRE_EVENT, type Peer } from '@strata/events';
import type { StrataServer } from './socket-types';

/**
 * Who is on a stream, from the sockets in its room and their socket.data (with the Redis adapter,
 * fetchSockets asks every server, so peers on other processes are listed too). Broadcasts for one stream
 * run one after another, each reading the room afresh, so the last list sent is always the current one.
 */
export class PresenceBroadcaster {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly server: StrataServer,
    private readonly onError: (error: Error) => void,
  ) {}

  broadcast(stream: string): void {
    const next = (this.queues.get(stream) ?? Promise.resolve())
      .then(() => this.send(stream))
      .catch(this.onError)
      .finally(() => {
        if (this.queues.get(stream) === next) this.queues.delete(stream);
      });
    this.queues.set(stream, next);
  }

  private async send(stream: string): Promise<void> {
    const room = rooms.stream(stream);
    const sockets = await this.server.in(room).fetchSockets();
    const peers: Peer[] = sockets.flatMap(({ data }) => {
      const state = data.presence?.[stream];
      return state ? [{ userId: data.user.id, username: data.user.username, sessionId: data.sessionId, state }] : [];
    });
    this.server.to(room).emit(WIRE_EVENT, { type: 'presence', stream, peers });
  }
}
