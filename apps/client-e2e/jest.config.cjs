// The browser test starts the real server and Chromium: one file at a time, generous timeouts.
const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'client-e2e',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.e2e.spec.ts'],
  testTimeout: 180000,
  maxWorkers: 1,
};
