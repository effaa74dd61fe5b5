/**
 * Where the compiled pglite-host script is. In the build it is dist/storage/embedded/pglite-host.js,
 * right beside this file.
 *
 * PROBLEM: under Jest the server runs from TypeScript sources, and Node 20 cannot fork a .ts file.
 * SOLUTION: transpile pglite-host.ts (self-contained, no relative imports) with the TypeScript compiler
 * into apps/server/node_modules/.cache/strata/, where `require` still finds the workspace's packages.
 * WHEN TO REMOVE: when the supported Node version runs .ts files natively (type stripping, Node 22.18+).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function hostScriptPath(): string {
  const compiled = join(__dirname, 'pglite-host.js');
  if (existsSync(compiled)) return compiled;
  const source = join(__dirname, 'pglite-host.ts');
  if (!existsSync(source)) throw new Error(`Neither ${compiled} nor ${source} exists: build the server first.`);
  return transpiled(source);
}

function transpiled(source: string): string {
  const text = readFileSync(source, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
  const dir = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'strata');
  const target = join(dir, `pglite-host-${hash}.js`);
  if (existsSync(target)) return target;
  // typescript is a dev dependency: only reached when running from sources.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript');
  const { outputText } = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: source,
  });
  mkdirSync(dir, { recursive: true });
  // Parallel test workers may race here: write aside, then rename atomically.
  const temporary = `${target}.${process.pid}.tmp`;
  writeFileSync(temporary, outputText);
  renameSync(temporary, target);
  return target;
}
