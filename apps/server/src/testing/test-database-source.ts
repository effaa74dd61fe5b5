/**
 * Records which kind of database a test file got (createTestDatabase), one small JSON file per call in
 * $STRATA_TEST_SUMMARY_DIR/integration-databases/, which `npm test` sums up at the end
 * (tools/integration-databases.cjs): "Integration databases: local PostgreSQL (N test files)".
 * Without STRATA_TEST_SUMMARY_DIR (a single `npx jest` run) nothing is written.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** The folder name tools/integration-databases.cjs reads. */
export const RECORDS_DIR = 'integration-databases';

export type DatabaseSource = 'env' | 'testcontainers' | 'local' | 'pglite';

/** The running Jest test file, so several databases of one file count once. */
function currentTestFile(): string {
  const jestExpect = (globalThis as { expect?: { getState?: () => { testPath?: string } } }).expect;
  const testPath = jestExpect?.getState?.().testPath;
  return testPath ? relative(process.cwd(), testPath) : `pid-${process.pid}`;
}

export function recordDatabaseSource(source: DatabaseSource, dir = process.env.STRATA_TEST_SUMMARY_DIR): void {
  if (!dir) return;
  const folder = join(dir, RECORDS_DIR);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, `${process.pid}-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, JSON.stringify({ source, testFile: currentTestFile() }));
}
