export * from './database-list.events';
export * from './database-list.summaries';
export * from './upload';
export * from './database-form';
export * from './database-form.events';
export * from './database-form.summaries';
