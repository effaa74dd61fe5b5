export * from './data-export.events';
export * from './data-export.decider';
export * from './data-export.summaries';
