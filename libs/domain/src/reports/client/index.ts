export * from './report-json';
export * from './reports-client.events';
