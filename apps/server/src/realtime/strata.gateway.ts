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
import { Authenticator } from '../auth/current-user';
import { AppConfig } from '../config/app-config';
import { CommandRouter } from './command-router';
import { PresenceBroadcaster } from './presence';
import { RealtimePush } from './realtime-push';
import { useRedisAdapter } from './redis-adapter';
import { authenticateHandshake } from './socket-auth';
import type { StrataServer, StrataSocket } from './socket-types';
import { StreamAccessPolicy } from './stream-access.policy';
import { StreamFeed } from './stream-feed';

type Of<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

/**
 * The socket.io endpoint (same port as HTTP, path /socket.io) speaking the wire protocol of
 * libs/events/src/protocol.ts: one event, 'strata', both ways. Stays thin: authentication in
 * socket-auth.ts, read access in StreamAccessPolicy, delivery in StreamFeed, commands in CommandRouter.
 */
@WebSocketGateway({ serveClient: false })
export class StrataGateway implements OnGatewayInit<StrataServer>, OnGatewayConnection<StrataSocket>, OnGatewayDisconnect<StrataSocket>, OnModuleDestroy, OnApplicationShutdown {
  private readonly logger = new Logger(StrataGateway.name);
  /** Each socket's messages are handled one at a time, in the order they were sent. */
  private readonly queues = new WeakMap<StrataSocket, Promise<void>>();
  private presence!: PresenceBroadcaster;
  private closeRedis?: () => Promise<void>;
  private closing = false;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly config: AppConfig,
    private readonly feed: StreamFeed,
    private readonly access: StreamAccessPolicy,
    private readonly router: CommandRouter,
    private readonly push: RealtimePush,
  ) {}

  afterInit(server: StrataServer): void {
    if (this.config.redisUrl) {
      this.closeRedis = useRedisAdapter(server, this.config.redisUrl, this.config.databaseUrl ?? this.config.strataHome);
    }
    server.use(authenticateHandshake(this.authenticator));
    this.presence = new PresenceBroadcaster(server, (error) => this.logger.warn(`presence broadcast failed: ${error.message}`));
    this.push.attach(server);
  }

  /** Shutdown disconnects every socket: telling the leaving peers about each other is wasted work. */
  onModuleDestroy(): void {
    this.closing = true;
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
    const next = (this.queues.get(socket) ?? Promise.resolve())
      .then(() => this.handle(socket, message))
      .catch((error: Error) => {
        this.logger.error(`message from ${socket.id} failed: ${error.stack ?? error.message}`);
        this.fail(socket, ErrorType.GENERIC_BACKEND_ERROR, 'The server could not handle this message; try again.');
      });
    this.queues.set(socket, next);
  }

  private async handle(socket: StrataSocket, raw: unknown): Promise<void> {
    if (!socket.connected) return; // queued behind a message that was still running when the socket left
    const problem = clientMessageProblem(raw);
    if (problem !== null) return this.fail(socket, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, `Malformed message: ${problem}.`);
    const message = raw as ClientMessage;
    switch (message.type) {
      case 'subscribe':
        return this.subscribe(socket, message);
      case 'unsubscribe':
        return this.unsubscribe(socket, message);
      case 'command':
        socket.emit(WIRE_EVENT, await this.router.dispatch(socket.data.user, socket.data.sessionId, message));
        return;
      case 'presence':
        return this.updatePresence(socket, message);
      default: {
        const unknown: never = message;
        return unknown;
      }
    }
  }

  private async subscribe(socket: StrataSocket, { stream, protocolVersion, fromVersion }: Of<'subscribe'>): Promise<void> {
    if (protocolVersion !== PROTOCOL_VERSION) {
      const text = `This page speaks protocol version ${protocolVersion} and the server ${PROTOCOL_VERSION}: reload the page.`;
      return this.fail(socket, ErrorType.INVALID_PAYLOAD_FORMAT_ERROR, text, stream);
    }
    const decision = await this.access.canRead(socket.data.user, stream);
    if (!decision.allowed) return this.fail(socket, decision.errorType, decision.message, stream);
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
    this.feed.unsubscribe(socket, stream);
    delete socket.data.presence[stream];
    await socket.leave(rooms.stream(stream));
    this.presence.broadcast(stream);
  }

  private updatePresence(socket: StrataSocket, { stream, state }: Of<'presence'>): void {
    if (!this.feed.isSubscribed(socket, stream)) {
      return this.fail(socket, ErrorType.INVALID_PAYLOAD_SCHEMA_ERROR, `Subscribe to ${stream} before sending presence.`, stream);
    }
    socket.data.presence[stream] = { mode: state.mode, selection: [...state.selection] };
    this.presence.broadcast(stream);
  }

  private fail(socket: StrataSocket, errorType: ErrorType, message: string, stream?: string): void {
    socket.emit(WIRE_EVENT, stream === undefined ? { type: 'error', error_type: errorType, message } : { type: 'error', error_type: errorType, message, stream });
  }
}
