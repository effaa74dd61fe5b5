export * from './permalink.events';
export * from './permalink.decider';
export * from './permalink.summaries';
