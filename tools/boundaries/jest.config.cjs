// The import-boundary check (tools/boundaries): part of `npm test` (Nx project "boundaries") and `npm run lint`.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'boundaries', rootDir: __dirname };
