export * from './explore-side.events';
export * from './explore-side.fold';
