/**
 * A require hook that compiles TypeScript with swc, the same way Jest does here (jest.preset.cjs), so a
 * test can fork a child process that runs real server sources: `fork(script, { execArgv: ['--require',
 * this file] })`. Maps the @strata/* workspace aliases to their sources like tsconfig.base.json does.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const aliases = {
  '@strata/events': path.join(root, 'libs/events/src/index.ts'),
  '@strata/domain': path.join(root, 'libs/domain/src/index.ts'),
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      keepClassNames: true,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
