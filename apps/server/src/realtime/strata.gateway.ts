import { Logger, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import { ErrorType } from '@strata/domain';
import { clientMessageProblem, PROTOCOL_VERSION, rooms, WIRE_EVENT, type ClientMessage } from '@strata/events';
import type { Subscription } from 'rxjs';
import { Authenticator, type CurrentUser } from '../auth/current-user';
import { AppConfig } from '../config/app-config';
import { CommittedEvents, type CommittedBatch } from '../event-store/committed-events';
import { accessChangesOf, type AccessChange } from './access-changes';
import { findUnsafeText, unsafeTextMessage } from '../common/unsafe-text';
import { CommandRouter } from './command-router';
import { allowRequestFrom } from './origin-check';
import { PresenceBroadcaster } from './presence';
import { RealtimePush } from './realtime-push';
import { useRedisAdapter } from './redis-adapter';
import { authenticateHandshake } from './socket-auth';
import { SESSION_OVER, SocketRights } from './socket-rights';
import type { StrataServer, StrataSocket } from './socket-types';
import { StreamAccessPolicy } from './stream-access.policy';
import { StreamFeed } from './stream-feed';

type Of<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

/**
 * The socket.io endpoint (same port as HTTP, path /socket.io) speaking the wire protocol of
 * libs/events/src/protocol.ts: one event, 'strata', both ways. Stays thin: authentication in
 * socket-auth.ts, read access in StreamAccessPolicy, delivery in StreamFeed, commands in CommandRouter.
 *
 * The handshake's identity is not trusted for long: every subscribe and command re-reads the user and
 * their session (SocketRights), and committed facts that change someone's rights (a logout, a
 * deactivation, a role or a dashboard's owners changed) act on the open sockets at once.
 */
@WebSocketGateway({ serveClient: false })
export class StrataGateway
  implements
    OnGatewayInit<StrataServer>,
    OnGatewayConnection<StrataSocket>,
    OnGatewayDisconnect<StrataSocket>,
    OnModuleDestroy,
    OnApplicationShutdown
{
  private readonly logger = new Logger(StrataGateway.name);
  /** Each socket's messages are handled one at a time, in the order they were sent. */
  private readonly queues = new WeakMap<StrataSocket, Promise<void>>();
  private presence!: PresenceBroadcaster;
  private rights!: SocketRights;
  private server!: StrataServer;
  private watch?: Subscription;
  private closeRedis?: () => Promise<void>;
  private closing = false;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly config: AppConfig,
    private readonly feed: StreamFeed,
    private readonly access: StreamAccessPolicy,
    private readonly router: CommandRouter,
    private readonly push: RealtimePush,
    private readonly committed: CommittedEvents,
  ) {}

  afterInit(server: StrataServer): void {
    if (this.config.redisUrl) {
      this.closeRedis = useRedisAdapter(
        server,
        this.config.redisUrl,
        this.config.databaseUrl ?? this.config.strataHome,
      );
    }
    // Checked by engine.io on every handshake request, before a socket exists (origin-check.ts).
    server.engine.opts.allowRequest = allowRequestFrom(this.config.allowedOrigins);
    server.use(authenticateHandshake(this.authenticator));
    this.presence = new PresenceBroadcaster(server, (error) =>
      this.logger.warn(`presence broadcast failed: ${error.message}`),
    );
    this.rights = new SocketRights(this.authenticator, this.access, this.feed, (stream) =>
      this.presence.broadcast(stream),
    );
    this.push.attach(server);
    this.server = server;
    this.watch = this.committed.committed$.subscribe((batch) => this.onCommitted(batch));
  }

  /** Shutdown disconnects every socket: telling the leaving peers about each other is wasted work. */
  onModuleDestroy(): void {
    this.closing = true;
    this.watch?.unsubscribe();
  }

  /** After Nest has closed socket.io (whose adapter still unsubscribes from Redis while closing). */
  async onApplicationShutdown(): Promise<void> {
    await this.closeRedis?.();
  }

  async handleConnection(socket: StrataSocket): Promise<void> {
    const user = socket.data.user;
    // Guests all share id 0: they get no personal room.
    if (user.via !== 'guest') await socket.join(rooms.user(user.id));
  }

  handleDisconnect(socket: StrataSocket): void {
    const streams = this.feed.disconnect(socket);
    socket.data.presence = {};
    if (this.closing) return;
    for (const stream of streams) this.presence.broadcast(stream);
  }

  @SubscribeMessage(WIRE_EVENT)
  onMessage(@ConnectedSocket() socket: StrataSocket, @MessageBody() message: unknown): void {
    this.enqueue(
      socket,
      () => this.handle(socket, message),
      (error) => {
        this.logger.error(`message from ${socket.id} failed: ${error.stack ?? error.message}`);
        this.fail(socket, ErrorType.GENERIC_BACKEND_ERROR, 'The server could not handle this message; try again.');
      },
    );
  }

  /** Runs after the socket's earlier messages and checks, so a revocation never interleaves with a subscribe. */
  private enqueue(socket: StrataSocket, task: () => Promise<void>, onError: (error: Error) => void): void {
    const next = (this.queues.get(socket) ?? Promise.resolve()).then(task).catch(onError);
    this.queues.set(socket, next);
  }

  /**
   * Acts on this process's own sockets: every process sees every commit (LISTEN/NOTIFY), so a user's
   * sockets on other processes are handled there. Runs inside CommittedEvents' publish: only enqueues.
   */
  private onCommitted(batch: CommittedBatch): void {
    const changes = accessChangesOf(batch);
    const streams = this.access.streamsAffectedBy(batch);
    if (changes.length === 0 && streams.length === 0) return;
    const failed = (error: Error) =>
      this.logger.error(`re-checking a socket's rights failed: ${error.stack ?? error.message}`);
    for (const socket of this.server.sockets.sockets.values()) {
      for (const change of changes) {
        if (concerns(change, socket.data.user)) this.enqueue(socket, () => this.apply(socket, change), failed);
      }
      const held = streams.filter((stream) => this.feed.isSubscribed(socket, stream));
      if (held.length > 0) this.enqueue(socket, () => this.rights.recheck(socket, held), failed);
    }
  }

  private async apply(socket: StrataSocket, change: AccessChange): Promise<void> {
    if (change.kind === 'end') return this.rights.close(socket, change.reason, change.message);
    await this.rights.recheck(socket);
  }

  private async handle(socket: StrataSocket, raw: unknown): Promise<void> {
    if (!socket.connected) return; // queued behind a message that was still running when the socket left
    const problem = clientMessageProblem(raw);
    if (problem !== null)
      return this.fail(socket, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, `Malformed message: ${problem}.`);
    // Same rule as the HTTP shell: such text would only fail in PostgreSQL.
    const unsafe = findUnsafeText(raw, 'message');
    if (unsafe !== null) return this.fail(socket, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, unsafeTextMessage(unsafe));
    const message = raw as ClientMessage;
    switch (message.type) {
      case 'subscribe': {
        const user = await this.rights.currentUser(socket);
        return user ? this.subscribe(socket, user, message) : this.rights.endSession(socket);
      }
      case 'unsubscribe':
        return this.unsubscribe(socket, message);
      case 'command': {
        const user = await this.rights.currentUser(socket);
        // A client waits for one ack per command, even when the connection is closing.
        if (!user) {
          const { clientSeq, commandId } = message;
          socket.emit(WIRE_EVENT, {
            type: 'ack',
            clientSeq,
            commandId,
            result: 'rejected',
            reason: 'forbidden',
            message: SESSION_OVER,
          });
          return this.rights.endSession(socket);
        }
        socket.emit(WIRE_EVENT, await this.router.dispatch(user, socket.data.sessionId, message));
        return;
      }
      case 'presence':
        return this.updatePresence(socket, message);
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  }

  private async subscribe(
    socket: StrataSocket,
    user: CurrentUser,
    { stream, protocolVersion, fromVersion }: Of<'subscribe'>,
  ): Promise<void> {
    if (protocolVersion !== PROTOCOL_VERSION) {
      const text = `This page speaks protocol version ${protocolVersion} and the server ${PROTOCOL_VERSION}: reload the page.`;
      return this.fail(socket, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, text, stream);
    }
    const decision = await this.access.canRead(user, stream);
    if (!decision.allowed) return this.fail(socket, decision.errorType, decision.message, stream);
    await this.access.prepare(user, stream);
    try {
      await this.feed.subscribe(socket, stream, fromVersion);
    } catch (error) {
      this.feed.unsubscribe(socket, stream);
      throw error;
    }
    if (!socket.connected) return this.feed.unsubscribe(socket, stream); // left during the catch-up
    await socket.join(rooms.stream(stream));
    socket.data.presence[stream] ??= { mode: 'viewing', selection: [] };
    this.presence.broadcast(stream);
  }

  private async unsubscribe(socket: StrataSocket, { stream }: Of<'unsubscribe'>): Promise<void> {
    if (!this.feed.isSubscribed(socket, stream)) return;
    await this.rights.leave(socket, stream);
  }

  private updatePresence(socket: StrataSocket, { stream, state }: Of<'presence'>): void {
    if (!this.feed.isSubscribed(socket, stream)) {
      return this.fail(
        socket,
        ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR,
        `Subscribe to ${stream} before sending presence.`,
        stream,
      );
    }
    socket.data.presence[stream] = { mode: state.mode, selection: [...state.selection] };
    this.presence.broadcast(stream);
  }

  private fail(socket: StrataSocket, errorType: ErrorType, message: string, stream?: string): void {
    socket.emit(
      WIRE_EVENT,
      stream === undefined
        ? { type: 'error', error_type: errorType, message }
        : { type: 'error', error_type: errorType, message, stream },
    );
  }
}

/** Whether a change to a user's rights or sessions concerns the user this socket signed in as. */
function concerns(change: AccessChange, user: CurrentUser): boolean {
  if (user.via === 'guest' || user.id !== change.userId) return false;
  return (
    change.kind === 'rights' ||
    change.sessionId === undefined ||
    change.sessionId === (user.sessionId ?? user.tokenSessionId)
  );
}
