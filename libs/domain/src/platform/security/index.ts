export * from './api-shapes';
export * from './login.events';
export * from './login.decider';
export * from './login.summaries';
