export * from './annotation-layer';
export * from './formula';
export * from './annotation-query.events';
export * from './annotation-query.fold';
export * from './annotation-query.summaries';
