export * from './database.events';
export * from './database.decider';
export * from './upcasters';
export * from './database.summaries';
export * from './client';
export * from './upload-columns';
