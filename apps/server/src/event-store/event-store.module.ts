import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { CommandRetryPolicy } from './command-retry';
import { CommittedEvents } from './committed-events';
import { EventNotifications } from './event-notifications';
import { EventStore } from './event-store.port';
import { DecisionRunner } from './load-decide-append';
import { PostgresEventStore } from './postgres-event-store';

/**
 * The event store for every module. Needs TypeORM's `DataSource` (TypeOrmModule.forRoot in the app, or
 * any provider of `DataSource`) with the migrations of storage/migrations.ts applied, and AppConfig if the
 * app has one (COMMAND_RETRY_TIMEOUT_MS).
 */
@Global()
@Module({
  providers: [
    CommittedEvents,
    PostgresEventStore,
    { provide: EventStore, useExisting: PostgresEventStore },
    EventNotifications,
    // COMMAND_RETRY_TIMEOUT_MS from the app's config; a test module without ConfigModule gets the default.
    {
      provide: CommandRetryPolicy,
      useFactory: (config?: AppConfig) => new CommandRetryPolicy(config?.commandRetryTimeoutMs),
      inject: [{ token: AppConfig, optional: true }],
    },
    DecisionRunner,
  ],
  exports: [EventStore, PostgresEventStore, CommittedEvents, DecisionRunner, CommandRetryPolicy],
})
export class EventStoreModule {}
