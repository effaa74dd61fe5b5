export * from './saved-query-list.events';
export * from './saved-query-list.fold';
