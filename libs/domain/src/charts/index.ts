export * from './chart.events';
export * from './chart.commands';
export * from './chart-edit';
export * from './chart.decider';
export * from './upcasters';
export * from './chart.summaries';
export * from './chart-revert';
