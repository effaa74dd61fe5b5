// Components run in jsdom (with Node's fetch, see test/jsdom-with-fetch.cjs) against real node:http
// servers started by the tests; CSS imports resolve to an empty module.
const path = require('node:path');
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'client',
  rootDir: __dirname,
  // Generous for a loaded machine; test/setup.ts bounds each waitFor / findBy at 30 s below it.
  testTimeout: 120_000,
  testEnvironment: path.join(__dirname, 'test/jsdom-with-fetch.cjs'),
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '\\.e2e\\.spec\\.ts$'],
  // d3-format / d3-time-format (chart number and time formats) ship ESM only; swc compiles them for Jest.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|@electric-sql|get-port|uid|vega-datasets|d3-[a-z-]+|internmap)/)',
  ],
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup.ts')],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '\\.css$': path.join(__dirname, 'test/style-stub.cjs'),
  },
};
