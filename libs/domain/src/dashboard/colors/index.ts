export * from './label-colors';
