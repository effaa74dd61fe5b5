export * from './saved-query-list.events';
export * from './saved-query-list.fold';
export * from './saved-query-list.summaries';
