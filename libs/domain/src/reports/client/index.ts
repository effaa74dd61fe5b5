export * from './report-json';
export * from './reports-client.events';
export * from './report-views';
export * from './report-pages.events';
export * from './outbox-mail';
export * from './outbox.events';
