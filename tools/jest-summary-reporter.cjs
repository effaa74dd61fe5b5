// Writes each Jest run's totals to .jest-cache/summary/<project>.json so `npm test` (tools/run-tests.mjs)
// can print one closing line for the whole repository: "Tests: N passed, N failed".
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.globalConfig = globalConfig;
  }

  onRunComplete(_contexts, results) {
    const dir = process.env.STRATA_TEST_SUMMARY_DIR;
    if (!dir) return;
    fs.mkdirSync(dir, { recursive: true });
    const name = path.basename(this.globalConfig.rootDir) || 'root';
    const file = path.join(dir, `${name}-${process.pid}.json`);
    fs.writeFileSync(
      file,
      JSON.stringify({
        project: this.globalConfig.rootDir,
        passed: results.numPassedTests,
        failed: results.numFailedTests,
        skipped: results.numPendingTests + results.numTodoTests,
        failedSuites: results.numFailedTestSuites + results.numRuntimeErrorTestSuites,
        total: results.numTotalTests,
      }),
    );
  }
}

module.exports = SummaryReporter;
