import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { processAlive } from '../../testing/process-alive';

// initdb of a fresh PGlite takes seconds on a busy machine.
jest.setTimeout(240_000);

/**
 * A PGlite host busy in a long statement runs WASM on its main thread: it never sees its IPC channel
 * close. These check that it still never outlives the process that started it.
 *
 * The parent is a real Node process running this folder's code compiled as the build lays it out
 * (pglite-host.js beside embedded-postgres.js), so it can be killed without killing Jest.
 */
const PARENT = `
const { startEmbeddedPostgres } = require('./embedded-postgres');
const { Client } = require('pg');
const [dataDir, sleeping] = process.argv.slice(2);
(async () => {
  const db = await startEmbeddedPostgres({ name: 'orphan-test', dataDir, password: 'orphan-test-password' });
  const client = new Client({ connectionString: db.url() });
  client.on('error', () => undefined);
  await client.connect();
  // One message: the file is written by the statement just before pg_sleep, so once it exists the host's
  // main thread is inside the sleep.
  client.query("COPY (SELECT 1) TO '/pglite/data/" + sleeping + "'; SELECT pg_sleep(3600)").catch(() => undefined);
  process.send({ childPid: db.pid });
  process.on('message', (m) => { if (m === 'exit') process.exit(0); });
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** Gone, or a zombie nobody reaped yet (it no longer runs). */
function running(pid: number): boolean {
  if (!processAlive(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, boundMs: number, what: string): Promise<void> {
  for (const deadline = Date.now() + boundMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${boundMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('embedded PGlite host busy in a statement when its parent goes', () => {
  let compiled: string;
  let home: string;
  const started: { parent: ChildProcess; childPid?: number }[] = [];

  beforeAll(() => {
    // Under node_modules, so the compiled files find the workspace's packages.
    compiled = join(__dirname, '..', '..', '..', 'node_modules', '.cache', 'strata', `orphan-spec-${process.pid}`);
    mkdirSync(compiled, { recursive: true });
    for (const file of readdirSync(__dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
      const { outputText } = ts.transpileModule(readFileSync(join(__dirname, file), 'utf8'), {
        compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
        fileName: file,
      });
      writeFileSync(join(compiled, file.replace(/\.ts$/, '.js')), outputText);
    }
    writeFileSync(join(compiled, 'parent.js'), PARENT);
    home = mkdtempSync(join(tmpdir(), 'strata-orphan-'));
  });

  afterAll(() => {
    for (const { parent, childPid } of started) {
      parent.kill('SIGKILL');
      if (childPid && running(childPid)) process.kill(childPid, 'SIGKILL');
    }
    rmSync(compiled, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  /** Starts a parent whose database is blocked in pg_sleep(3600); resolves with both pids. */
  async function parentWithSleepingChild(name: string): Promise<{ parent: ChildProcess; childPid: number }> {
    const dataDir = join(home, name);
    const parent = fork(join(compiled, 'parent.js'), [dataDir, 'sleeping'], {
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const entry: { parent: ChildProcess; childPid?: number } = { parent };
    started.push(entry);
    entry.childPid = await new Promise<number>((resolve, reject) => {
      parent.once('message', (m: { childPid: number }) => resolve(m.childPid));
      parent.once('exit', (code) => reject(new Error(`The parent exited before its database started (code ${code}).`)));
    });
    await waitFor(
      () => existsSync(join(dataDir, 'sleeping')),
      120_000,
      'the database runs the statement before pg_sleep',
    );
    expect(running(entry.childPid)).toBe(true);
    return { parent, childPid: entry.childPid };
  }

  // SIGTERM too: a process without a handler for it (a Jest worker) ends with no 'exit' event.
  it.each(['SIGKILL', 'SIGTERM'] as const)('dies when its parent is killed with %s', async (signal) => {
    const { parent, childPid } = await parentWithSleepingChild(`killed-${signal}`);
    const parentGone = new Promise((resolve) => parent.once('exit', resolve));
    parent.kill(signal);
    await parentGone;
    await waitFor(() => !running(childPid), 60_000, `the orphaned host (pid ${childPid}) ends`);
  });

  it('is killed when its parent exits without stopping it', async () => {
    const { parent, childPid } = await parentWithSleepingChild('exited');
    const parentGone = new Promise((resolve) => parent.once('exit', resolve));
    parent.send('exit');
    await parentGone;
    await waitFor(() => !running(childPid), 60_000, `the host of the exited parent (pid ${childPid}) ends`);
  });
});
