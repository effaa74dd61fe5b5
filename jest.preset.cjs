// Shared Jest settings. swc compiles TypeScript (ts-jest fails on Nest 12's ESM packages) and also the
// ESM-only packages in node_modules, which Jest on Node 20 cannot load natively.
const path = require('node:path');
const root = __dirname;

module.exports = {
  cacheDirectory: path.join(root, '.jest-cache'),
  testEnvironment: 'node',
  reporters: ['default', path.join(root, 'tools/jest-summary-reporter.cjs')],
  transform: {
    '^.+\\.(t|j)sx?$|^.+\\.(c|m)js$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          keepClassNames: true,
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|file-type|@electric-sql|get-port|uid|vega-datasets)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@strata/events$': path.join(root, 'libs/events/src/index.ts'),
    '^@strata/domain$': path.join(root, 'libs/domain/src/index.ts'),
    '^@strata/domain/testing$': path.join(root, 'libs/domain/src/testing/index.ts'),
  },
};
