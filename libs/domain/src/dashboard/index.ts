export * from './constants';
export * from './messages';
export * from './layout';
export * from './session';
export * from './properties';
export * from './native-filters';
export * from './colors';
