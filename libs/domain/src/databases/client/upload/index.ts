export * from './upload.events';
export * from './upload.fold';
export * from './upload.summaries';
