/**
 * The integration tests' database helper tells where its databases came from: each one is recorded for
 * `npm test`'s closing line, and STRATA_TEST_REQUIRE_POSTGRES=1 turns the silent PGlite fallback into an error.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseAdminServer, createTestDatabase, REQUIRE_POSTGRES_MESSAGE } from './test-database';
import { RECORDS_DIR } from './test-database-source';

const summaryLine = jest.requireActual<{ integrationDatabasesLine(dir: string): string }>(
  '../../../../tools/integration-databases.cjs',
);
// Nothing listens on port 1: the "local PostgreSQL" probe fails as on a machine without one.
const NO_POSTGRES = 'postgres://postgres@127.0.0.1:1/postgres';

describe('createTestDatabase', () => {
  let dir: string;
  const before = process.env.STRATA_TEST_SUMMARY_DIR;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'strata-summary-'));
    process.env.STRATA_TEST_SUMMARY_DIR = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.STRATA_TEST_SUMMARY_DIR;
    else process.env.STRATA_TEST_SUMMARY_DIR = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('records the source of each database with the test file that asked for it', async () => {
    const db = await createTestDatabase('source_record');
    await db.drop();
    const files = readdirSync(join(dir, RECORDS_DIR));
    expect(files).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(dir, RECORDS_DIR, files[0]), 'utf8'))).toEqual({
      source: db.source,
      testFile: expect.stringMatching(/src\/testing\/test-database\.int\.spec\.ts$/),
    });
  });

  it("npm test's closing line counts test files per source, and says so when PGlite was used", () => {
    const records = join(dir, RECORDS_DIR);
    mkdirSync(records);
    const write = (name: string, source: string, testFile: string) =>
      writeFileSync(join(records, `${name}.json`), JSON.stringify({ source, testFile }));
    expect(summaryLine.integrationDatabasesLine(dir)).toBe('Integration databases: none recorded');
    write('a', 'local', 'src/a.int.spec.ts');
    write('b', 'local', 'src/a.int.spec.ts'); // a second database of the same file
    write('c', 'local', 'src/b.int.spec.ts');
    expect(summaryLine.integrationDatabasesLine(dir)).toBe('Integration databases: local PostgreSQL (2 test files)');
    write('d', 'pglite', 'src/c.int.spec.ts');
    expect(summaryLine.integrationDatabasesLine(dir)).toBe(
      'Integration databases: local PostgreSQL (2 test files), embedded PGlite (not PostgreSQL) (1 test file)',
    );
  });
});

// Without the variable the same call starts a PGlite (seconds of initdb), which is what CI must never get.
describe('without any PostgreSQL', () => {
  it('refuses the fallback with a clear message when STRATA_TEST_REQUIRE_POSTGRES=1', async () => {
    await expect(chooseAdminServer({ STRATA_TEST_REQUIRE_POSTGRES: '1' }, NO_POSTGRES)).rejects.toThrow(
      REQUIRE_POSTGRES_MESSAGE,
    );
    expect(REQUIRE_POSTGRES_MESSAGE).toMatch(/STRATA_TEST_REQUIRE_POSTGRES=1 .* no PostgreSQL was found/);
  });
});
