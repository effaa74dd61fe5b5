export * from './platform';
export * from './shared/exhaustive';
export * from './sqllab';
