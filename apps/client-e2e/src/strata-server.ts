import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export interface RunningServer {
  baseUrl: string;
  strataHome: string;
  adminPassword: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const address = probe.address();
  await new Promise<void>((done) => probe.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Starts the built server (apps/server/dist/main.js) as a user would, in the embedded mode: no
 * DATABASE_URL, a fresh STRATA_HOME. In its own process group, so stop() ends it with every child
 * (the embedded databases run in child processes). `extraEnv` is set last (e.g. SMTP_HOST for a spec's
 * SMTP server); without it no SMTP server is configured, whatever the caller's environment says.
 */
export async function startStrata(logFile: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const main = join(REPO_ROOT, 'apps/server/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: run 'npx nx run-many -t build --projects=server,client' first`);
  if (!existsSync(join(REPO_ROOT, 'apps/client/dist/index.html')))
    throw new Error('apps/client/dist is missing: build the client first');

  const port = await freePort();
  const strataHome = await mkdtemp(join(tmpdir(), 'strata-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    STRATA_HOME: strataHome,
    NODE_ENV: 'development',
  };
  for (const name of [
    'DATABASE_URL',
    'EXAMPLES_DATABASE_URL',
    'REDIS_URL',
    'ADMIN_USERNAME',
    'ADMIN_PASSWORD',
    'SECRET_KEY',
    'SMTP_HOST',
    'SMTP_PORT',
  ]) {
    delete env[name];
  }
  Object.assign(env, extraEnv);
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((done) => (timer = setTimeout(() => done(false), 15_000))),
      ]);
      clearTimeout(timer);
      if (!ended) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
        await exited;
      }
    }
    log.end();
    await rm(strataHome, { recursive: true, force: true });
  };

  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}; see ${logFile}`);
        return (await healthStatus(`${baseUrl}/health`)) === 200;
      },
      150_000,
      'GET /health',
    );
    const passwordFile = join(strataHome, 'admin-password');
    await waitFor(async () => existsSync(passwordFile), 30_000, passwordFile);
    const adminPassword = readFileSync(passwordFile, 'utf8').trim();
    return { baseUrl, strataHome, adminPassword, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(250);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Without keep-alive (unlike fetch), so no socket outlives the test run. */
function healthStatus(url: string): Promise<number | null> {
  return new Promise((done) => {
    const request = get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      done(res.statusCode ?? null);
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => done(null));
  });
}
