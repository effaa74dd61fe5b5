export * from './dataset-view';
export * from './dataset-draft';
export * from './dataset-editor.events';
export * from './dataset-editor.evolve';
export * from './dataset-create.events';
export * from './datasets-client.events';
export * from './datasets-client.fold';
export * from './datasets-client.summaries';
