// Generous for a loaded machine: a test waits for its condition, never for a time.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: require('./package.json').name,
  rootDir: __dirname,
  testTimeout: 60_000,
};
