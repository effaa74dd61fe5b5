export * from './database-list.events';
export * from './database-list.summaries';
export * from './upload';
