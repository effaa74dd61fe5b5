export * from './summary';
export * from './registry';
