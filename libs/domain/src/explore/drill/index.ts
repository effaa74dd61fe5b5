export * from './drill-query';
export * from './drill.events';
