export * from './query-engine';
export { createEngine } from './create-engine';
export {
  formatConnectionUri,
  InvalidUriError,
  parseConnectionUri,
  PASSWORD_MASK,
  backendOfScheme,
} from './connection-uri';
export { PostgresEngine } from './postgres/pg-engine';
export { MysqlEngine } from './mysql/mysql-engine';
