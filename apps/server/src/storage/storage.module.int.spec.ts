import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { createTestDatabase } from '../testing/test-database';
import { ExamplesDatabase } from './examples-database';
import { migrations } from './migrations';
import { databaseNameOf, withDatabase } from './pg-url';
import { StorageModule } from './storage.module';
import { StorageRuntime } from './storage-runtime';
import { processAlive } from '../testing/process-alive';

const config = (home: string, databaseUrl?: string) =>
  new AppConfig(0, databaseUrl, undefined, undefined, 's'.repeat(40), home, undefined, undefined, 'test');

async function boot(appConfig: AppConfig) {
  const moduleRef = await Test.createTestingModule({
    imports: [ConfigModule.forRoot(appConfig), StorageModule],
  }).compile();
  const app = moduleRef.createNestApplication();
  app.enableShutdownHooks();
  await app.init();
  return app;
}

const migrationNames = (ds: DataSource) =>
  ds.query<{ name: string }[]>('SELECT name FROM migrations ORDER BY id').then((rows) => rows.map((r) => r.name));

// Each test starts embedded PGlite databases: initdb alone takes seconds on a busy machine.
jest.setTimeout(180000);

describe('StorageModule, embedded', () => {
  let home: string;
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'strata-storage-module-'));
  });
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it('runs every migration at boot, keeps data across a restart and stops the databases on close', async () => {
    const first = await boot(config(home));
    const ds = first.get(DataSource);
    const pids = first.get(StorageRuntime).embedded.map((db) => db.pid);
    // Closed even when a check fails: no test leaves database processes behind.
    try {
      expect(ds.isInitialized).toBe(true);
      expect(await migrationNames(ds)).toHaveLength((migrations as unknown[]).length);
      await ds.query(`INSERT INTO databases (database_name, uri) VALUES ('kept', 'postgresql://x@h/db')`);
    } finally {
      await first.close();
    }
    expect(ds.isInitialized).toBe(false);
    expect(pids.filter(processAlive)).toEqual([]);

    const second = await boot(config(home));
    try {
      const ds2 = second.get(DataSource);
      expect(await ds2.query(`SELECT uri FROM databases WHERE database_name = 'kept'`)).toEqual([
        { uri: 'postgresql://x@h/db' },
      ]);
      // Nothing ran twice.
      expect(await migrationNames(ds2)).toHaveLength((migrations as unknown[]).length);
    } finally {
      await second.close();
    }
  });
});

describe('StorageModule with DATABASE_URL', () => {
  it('uses the given PostgreSQL and creates <db>_examples beside it with a read-only role', async () => {
    const metadata = await createTestDatabase('storage_module');
    if (metadata.source === 'pglite') return void (await metadata.drop()); // one database per PGlite: nothing to create beside it
    const home = mkdtempSync(join(tmpdir(), 'strata-storage-external-'));
    const app = await boot(config(home, metadata.url));
    const examples = app.get(ExamplesDatabase);
    const examplesName = `${databaseNameOf(metadata.url)}_examples`;
    try {
      expect(app.get(StorageRuntime).embedded).toEqual([]);
      expect(databaseNameOf(examples.adminUrl)).toBe(examplesName);
      expect(examples.enforcement).toBe('role');
      expect(await migrationNames(app.get(DataSource))).toHaveLength((migrations as unknown[]).length);

      const reader = new Client({ connectionString: examples.readerUrl });
      await reader.connect();
      try {
        expect((await reader.query('SELECT current_user AS u')).rows[0].u).toBe(examples.readerRole);
        await expect(reader.query('CREATE TABLE t (x int)')).rejects.toThrow(/read-only transaction/);
        await expect(reader.query('BEGIN READ WRITE; CREATE TABLE t (x int)')).rejects.toThrow(/permission denied/);
      } finally {
        await reader.end();
      }
    } finally {
      await app.close();
      const admin = new Client({ connectionString: withDatabase(metadata.url, 'postgres') });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${examplesName}" WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS "${examples.readerRole}"`);
      await admin.end();
      await metadata.drop();
      rmSync(home, { recursive: true, force: true });
    }
  });
});
