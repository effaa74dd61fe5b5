/**
 * Kysely instances that only compile (DummyDriver): chart queries are built and compiled here, then run
 * through our engines (read-only transaction, timeout, cancel), never through a Kysely driver.
 */
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import type { Backend } from '../../engines/query-engine';

// Chart queries are dynamic (columns come from datasets at run time): there is no static table typing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

const postgres: AnyDb = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const mysql: AnyDb = new Kysely({
  dialect: {
    createAdapter: () => new MysqlAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new MysqlIntrospector(db),
    createQueryCompiler: () => new MysqlQueryCompiler(),
  },
});

export function compilerFor(backend: Backend): AnyDb {
  return backend === 'mysql' ? mysql : postgres;
}
