export { EventStoreModule } from './event-store.module';
export {
  EventStore,
  VersionConflictError,
  type AppendOptions,
  type AppendResult,
  type LogPoint,
  type Projection,
} from './event-store.port';
export { PostgresEventStore } from './postgres-event-store';
export { CommittedEvents, type CommittedBatch } from './committed-events';
export { CheckpointedSubscriber, type SubscriberOptions } from './checkpointed-subscriber';
export { DecisionRunner, type DecisionMeta, type DecisionOptions, type LoadedStream } from './load-decide-append';
export { EventNotifications } from './event-notifications';
