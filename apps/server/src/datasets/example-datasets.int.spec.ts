/**
 * The example datasets' registration when the embedded examples database is restarting at that moment
 * (a Stop or a time limit in SQL Lab during the first start): the failed attempt is retried, and the
 * datasets end up registered once the database is back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createChartTestApp } from '../chart-data/testing/chart-test-app';
import { DatabasesService } from '../databases/databases.service';
import { parseConnectionUri } from '../engines/connection-uri';
import { loadExamples } from '../examples/load/load-examples';
import { ExamplesService } from '../examples/examples.service';
import { DATASETS } from '../examples/source/datasets';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../storage/embedded/embedded-postgres';
import { ExamplesDatabase } from '../storage/examples-database';
import { EMBEDDED_READER_ROLE } from '../storage/storage-runtime';
import type { AuthTestApp } from '../testing/auth-test-app';
import { DatasetsService } from './datasets.service';
import { ExampleDatasets } from './example-datasets';

jest.setTimeout(180_000);

let home: string;
let embedded: EmbeddedPostgres;
let examples: ExamplesDatabase;
let t: AuthTestApp;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-example-datasets-'));
  // A short wait bound: the restart below cannot finish until the test lets go of the data folder.
  embedded = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'register-test-password',
    readerRole: EMBEDDED_READER_ROLE,
    connectWaitMs: 1000,
  });
  examples = new ExamplesDatabase(
    embedded.url('postgres'),
    embedded.url(EMBEDDED_READER_ROLE),
    EMBEDDED_READER_ROLE,
    'session-role',
  );
  const loaded = await loadExamples(examples, { datasets: DATASETS.filter((d) => d.table === 'cars') });
  expect(loaded.map((r) => r.state)).toEqual(['loaded']);
  t = await createChartTestApp();
});
afterAll(async () => {
  await t?.close();
  await embedded?.stop();
  rmSync(home, { recursive: true, force: true });
});

it('registers the example datasets though the examples database was not back when the registration first ran', async () => {
  await t.app.get(DatabasesService).create(
    {
      settings: { database_name: 'examples', expose_in_sqllab: true },
      connection: parseConnectionUri(examples.readerUrl),
    },
    'system',
  );
  const lock = `${join(home, 'examples')}.lock`;
  writeFileSync(lock, String(process.pid)); // another live process "holds" the data folder: no new process yet
  await embedded.restart();

  const loader = {
    status: () => ({
      state: 'ready' as const,
      tables: [{ name: 'cars', rows: 406, expected_rows: 406, loaded: true }],
    }),
  };
  const registrar = new ExampleDatasets(
    loader as unknown as ExamplesService,
    t.app.get(DatasetsService),
    t.app.get(DataSource),
  );
  await expect(registrar.registerLoaded()).rejects.toThrow(/cars/);

  registrar.onApplicationBootstrap(); // tries again every 2 s
  try {
    rmSync(lock);
    const registered = () =>
      t.app.get(DataSource).query(`SELECT table_name FROM datasets WHERE table_name = 'cars'`) as Promise<unknown[]>;
    for (const deadline = Date.now() + 120_000; (await registered()).length === 0 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await registered()).toEqual([{ table_name: 'cars' }]);
  } finally {
    registrar.onModuleDestroy();
  }
});
