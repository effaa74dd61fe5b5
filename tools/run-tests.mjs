#!/usr/bin/env node
// `npm test`: builds what the tests run against (the server and client bundles used by the e2e test),
// runs every project's tests through Nx, one project at a time (2-core machines), then prints the
// closing lines for the whole repository: the test totals and which database the integration tests used.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { integrationDatabasesLine } = createRequire(import.meta.url)('./integration-databases.cjs');
const summaryDir = join(root, '.jest-cache', 'summary');
rmSync(summaryDir, { recursive: true, force: true });
mkdirSync(summaryDir, { recursive: true });

const nx = join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js');
const env = { ...process.env, STRATA_TEST_SUMMARY_DIR: summaryDir, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };
const run = (args) => spawnSync(process.execPath, [nx, ...args], { cwd: root, env, stdio: 'inherit' }).status ?? 1;

const extra = process.argv.slice(2);
let status = run(['run-many', '-t', 'build', '--projects=server,client', '--outputStyle=static']);
if (status === 0) {
  status = run(['run-many', '-t', 'test', '--parallel=1', '--outputStyle=stream', '--skipNxCache', ...extra]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let failedSuites = 0;
// Only the Jest totals: the integration-databases/ folder beside them is read by integrationDatabasesLine.
for (const entry of readdirSync(summaryDir, { withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
  const s = JSON.parse(readFileSync(join(summaryDir, entry.name), 'utf8'));
  passed += s.passed;
  failed += s.failed;
  skipped += s.skipped;
  failedSuites += s.failedSuites;
}
console.log('');
if (failedSuites > 0) console.log(`${failedSuites} test suite(s) failed to run`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
console.log(integrationDatabasesLine(summaryDir));
if (status === 0 && (failed > 0 || failedSuites > 0)) status = 1;
if (status === 0 && passed === 0) {
  console.log('No test ran.');
  status = 1;
}
process.exit(status);
