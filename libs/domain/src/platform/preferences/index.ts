export * from './theme';
export * from './theme.summaries';
