export * from './role.events';
export * from './role.decider';
export * from './role.summaries';
