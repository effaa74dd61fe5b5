/**
 * The parent side of an embedded database: forks pglite-host in its own process, waits for its port,
 * stops it on shutdown, and starts it again (loudly) when it dies on its own.
 */
import { ChildProcess, fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import type { HostMessage, HostOptions } from './pglite-host';
import { hostScriptPath } from './host-script';

export interface EmbeddedPostgresOptions {
  /** For logs: 'metadata' or 'examples'. */
  name: string;
  dataDir: string;
  readerRole?: string;
  /** PGlite serialises queries, but pooled clients each hold a socket: leave room for several pools. */
  maxConnections?: number;
  /** Called when the child exits without being asked to (it is then started again), or cannot be started again. */
  onUnexpectedExit?: (detail: string) => void;
  /** Called when a child that died on its own runs again. */
  onRecovered?: (detail: string) => void;
  /**
   * Added to the child's nice value. Users' heavy analytical queries (the examples database) then
   * yield the CPU to the web server and the metadata database on a small machine.
   */
  niceness?: number;
  /** First start runs initdb, which takes a few seconds on a slow disk. */
  startTimeoutMs?: number;
}

export interface EmbeddedPostgres {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
  /** Superuser connection URL (PGlite ignores the user name; see pglite-host.ts). */
  url(user?: string): string;
  stop(): Promise<void>;
  /**
   * Kills the process and starts it again on the same port. PGlite runs one statement at a time on one
   * thread, so neither pg_cancel_backend nor IPC reaches it during a long statement: this is how SQL
   * Lab's Stop ends a query on the embedded examples database (issue 3 item 3).
   */
  restart(): Promise<void>;
}

/** First pause before starting a dead child again; doubles per failed attempt, up to 30 s. */
const REVIVE_BASE_DELAY_MS = 500;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const hostOptions: HostOptions = {
    dataDir: options.dataDir,
    readerRole: options.readerRole,
    maxConnections: options.maxConnections ?? 64,
  };
  let { child, port } = await spawnHost(options, hostOptions);
  let stopRequested = false;
  /** Children killed on purpose (restart): their exit is not news. */
  const expectedExits = new WeakSet<ChildProcess>();
  let restarting: Promise<void> | undefined;
  const report = options.onUnexpectedExit ?? ((d: string) => console.error(d));
  /** Ends the pause between two failed starts at once when the server shuts down. */
  let wake = () => {};

  /**
   * A child that dies on its own (out of memory, a crash in PGlite) is started again on the same port,
   * so pooled clients reconnect to it and the server keeps serving instead of failing every request
   * until someone restarts it. A start that fails is retried with a growing pause.
   */
  const revive = async () => {
    for (let attempt = 1; !stopRequested; attempt++) {
      try {
        ({ child, port } = await spawnHost(options, { ...hostOptions, port }));
        watch(child);
        (options.onRecovered ?? ((d: string) => console.error(d)))(`Embedded ${options.name} database started again (pid ${child.pid}) on port ${port}.`);
        return;
      } catch (error) {
        report(`Embedded ${options.name} database could not be started again (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(30_000, REVIVE_BASE_DELAY_MS * 2 ** (attempt - 1)));
          wake = () => (clearTimeout(timer), resolve());
        });
      }
    }
  };

  const watch = (watched: ChildProcess) =>
    watched.once('exit', (code, signal) => {
      if (stopRequested || expectedExits.has(watched)) return;
      report(
        `Embedded ${options.name} database (pid ${watched.pid}, ${options.dataDir}) exited unexpectedly ` +
          `(${signal ? `signal ${signal}` : `code ${code}`}); starting it again.`,
      );
      restarting ??= revive().finally(() => (restarting = undefined));
    });
  watch(child);

  return {
    name: options.name,
    get port() {
      return port;
    },
    get pid() {
      return child.pid ?? -1;
    },
    url: (user = 'postgres') => `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/postgres`,
    stop: async () => {
      if (stopRequested) return;
      stopRequested = true;
      wake();
      await restarting?.catch(() => undefined);
      await stopChild(child);
    },
    restart: () =>
      (restarting ??= (async () => {
        try {
          expectedExits.add(child);
          const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
          ({ child, port } = await spawnHost(options, { ...hostOptions, port }));
          watch(child);
        } finally {
          restarting = undefined;
        }
      })()),
  };
}

async function spawnHost(options: EmbeddedPostgresOptions, hostOptions: HostOptions): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(hostScriptPath(), [], {
    env: { ...process.env, STRATA_PGLITE_HOST_OPTIONS: JSON.stringify(hostOptions) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Not the server's flags: an --inspect port would collide, and the host needs none of them.
    execArgv: [],
    serialization: 'json',
  });
  if (options.niceness && child.pid) {
    try {
      setPriority(child.pid, Math.min(19, getPriority(child.pid) + options.niceness));
    } catch {
      // Not allowed on this platform or container: the child keeps the server's priority.
    }
  }
  return { child, port: await waitForReady(child, options) };
}

function waitForReady(child: ChildProcess, options: EmbeddedPostgresOptions): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Embedded ${options.name} database did not start within ${options.startTimeoutMs ?? 60000} ms.`));
    }, options.startTimeoutMs ?? 60000);
    const onMessage = (message: HostMessage) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (message.type === 'ready') resolve(message.port);
      else reject(new Error(`Embedded ${options.name} database (${options.dataDir}) failed to start: ${message.message}`));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      reject(new Error(`Embedded ${options.name} database exited during start (${signal ?? `code ${code}`}).`));
    };
    child.once('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Asks the child to close PGlite cleanly; kills it if it does not exit within the grace period. */
async function stopChild(child: ChildProcess, graceMs = 10000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.connected) child.send({ type: 'stop' });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}
