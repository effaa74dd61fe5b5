import { MysqlEngine } from './mysql/mysql-engine';
import { PostgresEngine } from './postgres/pg-engine';
import type { ConnectionSpec, QueryEngine } from './query-engine';

/** A new engine (with its own pool) for a connection; callers close() it, or use EngineRegistry. */
export function createEngine(spec: ConnectionSpec): QueryEngine {
  switch (spec.backend) {
    case 'postgresql':
      return new PostgresEngine(spec);
    case 'mysql':
      return new MysqlEngine(spec);
    default: {
      const unknown: never = spec.backend;
      throw new Error(`Unsupported backend ${String(unknown)}`);
    }
  }
}
