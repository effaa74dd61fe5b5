export * from './explore-side.events';
export * from './explore-side.fold';
export * from './explore-side.summaries';
