import { Client, type ClientConfig } from 'pg';
import { DataSource } from 'typeorm';
import { logConnectionErrors } from '../common/connection-errors';
import { entities } from './entities';
import { migrations } from './migrations';

/** node-postgres' Client with an 'error' listener from birth (pg-pool creates the pool's clients from it). */
class MetadataClient extends Client {
  constructor(config?: string | ClientConfig) {
    super(config);
    logConnectionErrors(this, 'metadata database connection');
  }
}

/** The metadata store's TypeORM DataSource: Postgres (real or embedded PGlite behind a socket) via `pg`. */
export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsRun: false,
    synchronize: false,
    entities,
    // TypeORM listens to its pool's errors and to a client's while a query runner holds it, but not
    // while it holds one itself (afterConnect): every client of the pool gets its own listener.
    extra: { max: options.poolSize ?? 10, Client: MetadataClient },
  });
}

export async function openDataSource(url: string, options: { poolSize?: number } = {}): Promise<DataSource> {
  const ds = createDataSource(url, options);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}
