export * from './types';
export * from './schema';
export * from './scope';
export * from './extra-form-data';
export * from './validation';
export * from './pending-delete';
export * from './ordering';
export * from './changes';
