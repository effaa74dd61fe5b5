export * from './permalink.events';
export * from './permalink.decider';
