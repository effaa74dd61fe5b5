export * from './tab-state.events';
export * from './tab-state.decider';
export * from './upcasters';
export * from './tab-state.summaries';
