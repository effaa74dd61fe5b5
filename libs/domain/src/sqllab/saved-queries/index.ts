export * from './saved-query.events';
export * from './saved-query.decider';
export * from './upcasters';
export * from './saved-query.summaries';
