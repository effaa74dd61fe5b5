export * from './replay.events';
export * from './replay.decider';
export * from './replay.steps';
export * from './replay.sqllab';
export * from './replay.dashboard';
export * from './replay.summaries';
export * from './replay.explore';
