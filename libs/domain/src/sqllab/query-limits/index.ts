export * from './limits';
export * from './query-run.events';
export * from './query-run.decider';
