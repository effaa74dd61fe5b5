import { Global, Module } from '@nestjs/common';
import { CommittedEvents } from './committed-events';
import { EventNotifications } from './event-notifications';
import { EventStore } from './event-store.port';
import { DecisionRunner } from './load-decide-append';
import { PostgresEventStore } from './postgres-event-store';

/**
 * The event store for every module. Needs TypeORM's `DataSource` (TypeOrmModule.forRoot in the app, or
 * any provider of `DataSource`) with the migrations of storage/migrations.ts applied.
 */
@Global()
@Module({
  providers: [
    CommittedEvents,
    PostgresEventStore,
    { provide: EventStore, useExisting: PostgresEventStore },
    EventNotifications,
    DecisionRunner,
  ],
  exports: [EventStore, PostgresEventStore, CommittedEvents, DecisionRunner],
})
export class EventStoreModule {}
