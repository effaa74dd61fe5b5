export * from './query-history.events';
export * from './query-history.fold';
export * from './query-history.summaries';
