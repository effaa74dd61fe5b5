export * from './query-history.events';
export * from './query-history.fold';
