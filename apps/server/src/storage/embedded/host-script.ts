/**
 * Where the compiled pglite-host script is. In the build it is dist/storage/embedded/pglite-host.js,
 * right beside this file.
 *
 * PROBLEM: under Jest the server runs from TypeScript sources, and Node 20 cannot fork a .ts file.
 * SOLUTION: transpile pglite-host.ts and the files of this folder it imports (HOST_MODULES; they import
 * nothing outside it) with the TypeScript compiler into a folder of apps/server/node_modules/.cache/strata/,
 * where `require` still finds the workspace's packages.
 * WHEN TO REMOVE: when the supported Node version runs .ts files natively (type stripping, Node 22.18+).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** The child's modules: pglite-host.ts, what it imports, directly or not, and its worker (parent-watch). */
const HOST_MODULES = ['pglite-host', 'parent-watch', 'session-queue', 'scram-server', 'pg-wire'];

export function hostScriptPath(): string {
  const compiled = join(__dirname, 'pglite-host.js');
  if (existsSync(compiled)) return compiled;
  const sources = HOST_MODULES.map((name) => join(__dirname, `${name}.ts`));
  const missing = sources.find((source) => !existsSync(source));
  if (missing) throw new Error(`Neither ${compiled} nor ${missing} exists: build the server first.`);
  return transpiled(sources);
}

function transpiled(sources: string[]): string {
  const texts = sources.map((source) => readFileSync(source, 'utf8'));
  const hash = createHash('sha256').update(texts.join('\0')).digest('hex').slice(0, 12);
  const dir = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'strata', `pglite-host-${hash}`);
  const target = join(dir, 'pglite-host.js');
  if (existsSync(target)) return target;
  // typescript is a dev dependency: only reached when running from sources.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ts = require('typescript') as typeof import('typescript');
  mkdirSync(dir, { recursive: true });
  // Parallel test workers may race here: each file is written aside, then renamed atomically, the
  // entry point last (its presence says the folder is complete).
  const order = sources.map((source, i) => ({ source, text: texts[i] })).reverse();
  for (const { source, text } of order) {
    const { outputText } = ts.transpileModule(text, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
      fileName: source,
    });
    const output = join(dir, basename(source).replace(/\.ts$/, '.js'));
    const temporary = `${output}.${process.pid}.tmp`;
    writeFileSync(temporary, outputText);
    renameSync(temporary, output);
  }
  return target;
}
