export * from './chart-list.events';
export * from './chart-list.fold';
export * from './upcasters';
export * from './chart-list.summaries';
