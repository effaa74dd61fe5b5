import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { CommittedEvents } from './committed-events';
import { EVENT_COLUMNS, EVENTS_CHANNEL, rows, toEnvelopes, type EventRow, type EventsNotification } from './event-rows';

const RECONNECT_MS = 1000;

/**
 * Brings other server processes' commits into this process's `CommittedEvents` (origin 'remote'), so
 * their events reach this process's sockets and wake its subscribers. Every append sends a NOTIFY in its
 * transaction (Postgres delivers it on COMMIT only); this listener holds one dedicated connection with
 * LISTEN and reads the notified events back by stream and version.
 *
 * A notification lost while the connection is down is not replayed: checkpointed subscribers still poll,
 * and socket clients get what they missed from the store when they resubscribe.
 */
@Injectable()
export class EventNotifications implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EventNotifications.name);
  private client: Client | null = null;
  private stopped = false;
  private retry?: NodeJS.Timeout;
  /** Notifications are handled one at a time so remote batches are published in commit order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    private readonly committed: CommittedEvents,
  ) {}

  /** A failed LISTEN does not stop the server: it is retried, and subscribers poll meanwhile. */
  async onModuleInit(): Promise<void> {
    await this.start().catch((error: Error) => {
      this.logger.warn(`LISTEN failed (${error.message}); retrying`);
      this.scheduleReconnect();
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    await this.queue;
  }

  private async connect(): Promise<void> {
    const client = new Client(connectionConfig(this.dataSource));
    client.on('notification', (message) => {
      if (message.channel === EVENTS_CHANNEL && message.payload) this.enqueue(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn(`LISTEN connection failed (${error.message}); reconnecting`);
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined); // stopped while connecting
      return;
    }
    this.client = client;
  }

  private reconnectLater(failed: Client): void {
    if (this.stopped || this.client !== failed) return;
    this.client = null;
    failed.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    this.retry = setTimeout(() => {
      this.connect().catch((error: Error) => {
        this.logger.warn(`LISTEN reconnect failed (${error.message}); retrying`);
        this.scheduleReconnect();
      });
    }, RECONNECT_MS);
  }

  private enqueue(payload: string): void {
    this.queue = this.queue
      .then(() => this.handle(payload))
      .catch((error: Error) => this.logger.error(`notification ${payload} not handled: ${error.message}`));
  }

  private async handle(payload: string): Promise<void> {
    const note = JSON.parse(payload) as EventsNotification;
    if (note.instance === this.committed.instanceId) return; // this process published it already
    const found = await rows<EventRow>(
      this.dataSource.manager,
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream = $1 AND version BETWEEN $2 AND $3 ORDER BY version`,
      [note.stream, note.first, note.last],
    );
    const events = toEnvelopes(found);
    if (events.length === 0) return;
    this.committed.publish({ stream: note.stream, events, version: events.at(-1)!.version, origin: 'remote' });
  }
}

/** A `pg` client config equal to the DataSource's (url or discrete fields). */
function connectionConfig(dataSource: DataSource): ClientConfig {
  const o = dataSource.options as PostgresDataSourceOptions;
  // TypeORM hands `ssl` to pg unchanged; it only types it as the server-side TlsOptions.
  const base: ClientConfig = { application_name: 'strata-listen', ssl: o.ssl as ClientConfig['ssl'] };
  if (o.url) return { ...base, connectionString: o.url };
  return {
    ...base,
    host: o.host,
    port: o.port,
    user: o.username,
    password: typeof o.password === 'string' ? o.password : undefined,
    database: o.database,
  };
}
