/**
 * A real Strata server process for socket tests: Nest app with the real AuthModule, EventStoreModule and
 * RealtimeModule on a PostgreSQL database, listening on a free loopback port. Two apps on one database
 * (and optionally one Redis) stand for two server processes.
 */
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CqrsModule } from '@nestjs/cqrs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { WIRE_EVENT, type ClientMessage, type ServerMessage } from '@strata/events';
import { AuthModule } from '../../src/auth/auth.module';
import { AppConfig } from '../../src/config/app-config';
import { ConfigModule } from '../../src/config/config.module';
import { EventStoreModule } from '../../src/event-store/event-store.module';
import { RealtimeModule } from '../../src/realtime/realtime.module';
import { migrations } from '../../src/storage/migrations';

export const ADMIN = { username: 'admin', password: 'admin-password-for-socket-tests' };

export interface RealtimeApp {
  app: INestApplication;
  url: string;
  close(): Promise<void>;
}

export async function startRealtimeApp(
  databaseUrl: string,
  options: { redisUrl?: string; modules?: (Type | DynamicModule)[] } = {},
): Promise<RealtimeApp> {
  const home = mkdtempSync(join(tmpdir(), 'strata-realtime-'));
  const config = new AppConfig(
    0,
    databaseUrl,
    undefined,
    options.redisUrl,
    'socket-test-secret-key-0123456789-abcdefghijkl',
    home,
    ADMIN.username,
    ADMIN.password,
    'test',
  );
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(config),
      TypeOrmModule.forRoot({
        type: 'postgres',
        url: databaseUrl,
        migrations,
        migrationsRun: true,
        retryAttempts: 0,
        logging: false,
      }),
      CqrsModule.forRoot(),
      EventStoreModule,
      AuthModule,
      RealtimeModule,
      ...(options.modules ?? []),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: ['error', 'warn'] });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1').replace(/\/$/, '');
  return {
    app,
    url,
    close: async () => {
      await app.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** A socket.io client that records every server message so a test can wait for the one it expects. */
export class TestClient {
  readonly received: ServerMessage[] = [];
  private readonly taken = new Set<ServerMessage>();
  private waiters: (() => void)[] = [];

  constructor(readonly socket: Socket) {
    socket.on(WIRE_EVENT, (message: ServerMessage) => {
      this.received.push(message);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(message: ClientMessage | Record<string, unknown>): void {
    this.socket.emit(WIRE_EVENT, message);
  }

  /**
   * The first received message (from the start) matching `match` that was not taken before. The bound is
   * generous: a loaded machine is slow, not failing.
   */
  async next<T extends ServerMessage = ServerMessage>(
    match: (m: ServerMessage) => boolean,
    timeoutMs = 30_000,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = this.received.findIndex((m) => !this.taken.has(m) && match(m));
      if (at >= 0) {
        this.taken.add(this.received[at]!);
        return this.received[at] as T;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no matching message within ${timeoutMs} ms; received ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

export interface ConnectOptions {
  token?: string;
  /** Sent as the Authorization header instead of auth.token. */
  bearerHeader?: string;
  cookie?: string;
  sessionId?: string;
  /** The Origin header a browser would send (the page's origin); none by default, like a script. */
  origin?: string;
}

function socketFor(url: string, options: ConnectOptions): Socket {
  const extraHeaders: Record<string, string> = {};
  if (options.cookie) extraHeaders.cookie = options.cookie;
  if (options.bearerHeader) extraHeaders.authorization = `Bearer ${options.bearerHeader}`;
  if (options.origin) extraHeaders.origin = options.origin;
  const auth: Record<string, string> = {};
  if (options.token) auth.token = options.token;
  if (options.sessionId) auth.sessionId = options.sessionId;
  // websocket only: node's client sends extraHeaders on the upgrade request, like a browser sends cookies.
  return io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders, auth });
}

export async function connect(url: string, options: ConnectOptions): Promise<TestClient> {
  const socket = socketFor(url, options);
  const client = new TestClient(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return client;
}

/** Resolves with the connect_error the server answers, or fails if the socket connects. */
export async function refusal(url: string, options: ConnectOptions): Promise<Error & { data?: { status?: number } }> {
  const socket = socketFor(url, options);
  try {
    return await new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('the socket was accepted')));
      socket.once('connect_error', (error) => resolve(error as Error & { data?: { status?: number } }));
    });
  } finally {
    socket.disconnect();
  }
}
