import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

/** The metadata store's TypeORM DataSource: Postgres (real or embedded PGlite behind a socket) via `pg`. */
export function createDataSource(url: string, options: { poolSize?: number } = {}): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    migrations,
    migrationsRun: false,
    synchronize: false,
    entities,
    extra: { max: options.poolSize ?? 10 },
  });
}

export async function openDataSource(url: string, options: { poolSize?: number } = {}): Promise<DataSource> {
  const ds = createDataSource(url, options);
  await ds.initialize();
  await ds.runMigrations({ transaction: 'each' });
  return ds;
}
