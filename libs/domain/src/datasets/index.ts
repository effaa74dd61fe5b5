export * from './dataset.events';
export * from './dataset.commands';
export * from './dataset-columns';
export * from './dataset-edit';
export * from './dataset.decider';
export * from './upcasters';
export * from './dataset-revert';
export * from './dataset.summaries';
