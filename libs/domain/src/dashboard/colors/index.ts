export * from './label-colors';
export * from './label-colors.fold';
