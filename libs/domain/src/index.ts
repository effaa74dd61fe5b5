export * from './platform';
export * from './shared/exhaustive';
export * from './sqllab';
export * from './explore';
export * from './dashboard';
export * from './charts';
export * from './datasets';
export * from './upcasters';
