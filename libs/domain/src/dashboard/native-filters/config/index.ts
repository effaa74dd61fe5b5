export * from './filter-config.events';
export * from './filter-config.fold';
export * from './upcasters';
export * from './filter-config.summaries';
