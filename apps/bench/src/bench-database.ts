/**
 * A fresh database for one bench run, on DATABASE_URL's server or the local PostgreSQL, dropped at the
 * end so runs never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

const LOCAL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchDatabase {
  url: string;
  server: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(): Promise<BenchDatabase> {
  const adminUrl = process.env.DATABASE_URL ?? LOCAL;
  const name = `strata_bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = `${url.hostname}:${url.port || 5432}`;
  return { url: url.toString(), server, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
