export * from './draft.model';
export * from './draft.decider';
export * from './changes';
export * from './undo';
export * from './stream';
export * from './command-schema';
export * from './presence';
export * from './save-notice';
