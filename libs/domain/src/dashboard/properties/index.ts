export * from './json-metadata';
export * from './save-body';
export * from './permissions';
export * from './refresh';
export * from './remap-charts';
export * from './overwrite-items';
export * from './management';
export * from './management.summaries';
