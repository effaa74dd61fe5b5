export * from './database.events';
export * from './database.decider';
export * from './upcasters';
