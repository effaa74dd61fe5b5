export * from './query-run.events';
export * from './query-run.decider';
export * from './query-run.summaries';
