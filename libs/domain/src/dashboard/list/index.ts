export * from './dashboard-list.events';
export * from './dashboard-list.fold';
export * from './upcasters';
export * from './dashboard-list.summaries';
