// Which PostgreSQL the server's integration tests ran on, so a green `npm test` cannot hide that they fell
// back to the embedded PGlite. apps/server/src/testing/test-database.ts writes one record per test
// database into <summary dir>/integration-databases/; tools/run-tests.mjs prints the line below.
const fs = require('node:fs');
const path = require('node:path');

const RECORDS_DIR = 'integration-databases';

const LABELS = {
  env: 'TEST_DATABASE_URL PostgreSQL',
  testcontainers: 'Testcontainers PostgreSQL',
  local: 'local PostgreSQL',
  pglite: 'embedded PGlite (not PostgreSQL)',
};

/** "Integration databases: local PostgreSQL (41 test files)", one entry per source that was used. */
function integrationDatabasesLine(summaryDir) {
  const dir = path.join(summaryDir, RECORDS_DIR);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const testFiles = new Map(); // source -> set of test files
  for (const file of files) {
    const { source, testFile } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    if (!testFiles.has(source)) testFiles.set(source, new Set());
    testFiles.get(source).add(testFile);
  }
  if (testFiles.size === 0) return 'Integration databases: none recorded';
  const parts = [...testFiles].map(
    ([source, set]) => `${LABELS[source] ?? source} (${set.size} test file${set.size === 1 ? '' : 's'})`,
  );
  return `Integration databases: ${parts.join(', ')}`;
}

module.exports = { RECORDS_DIR, integrationDatabasesLine };
