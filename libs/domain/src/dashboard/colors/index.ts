export * from './label-colors';
export * from './label-colors.fold';
export * from './label-colors.summaries';
