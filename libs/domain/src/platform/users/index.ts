export * from './user.events';
export * from './user.decider';
export * from './upcasters';
export * from './user.summaries';
