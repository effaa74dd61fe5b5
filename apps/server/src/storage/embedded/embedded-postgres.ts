/**
 * The parent side of an embedded database: holds its port (connection-gate.ts), forks pglite-host in
 * its own process and hands it the connections, stops it on shutdown, and starts it again (loudly) when
 * it dies on its own.
 */
import { ChildProcess, fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { ConnectionGate } from './connection-gate';
import type { HostMessage, HostOptions } from './pglite-host';
import { hostScriptPath } from './host-script';

export interface EmbeddedPostgresOptions {
  /** For logs: 'metadata' or 'examples'. */
  name: string;
  dataDir: string;
  readerRole?: string;
  /** Every connection must give it (SCRAM-SHA-256): the port is open to every user of the machine. */
  password: string;
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
  /**
   * First start runs initdb, which takes a few seconds on a slow disk, and far longer on a machine busy
   * with other work: the deadline only catches a host that never answers (3 minutes by default).
   */
  startTimeoutMs?: number;
  /**
   * How long a connection made while the process restarts waits for it before it is refused with
   * SQLSTATE 57P03. Below node-postgres' connect timeout of the engines (10 s), so they see that error.
   */
  connectWaitMs?: number;
}

export interface EmbeddedPostgres {
  readonly name: string;
  readonly port: number;
  readonly pid: number;
  /** Connection URL with the password (PGlite ignores the user name; see pglite-host.ts). */
  url(user?: string): string;
  stop(): Promise<void>;
  /**
   * Kills the process and starts it again; resolves once the old process is gone (the new one may still
   * be starting: connections wait for it). PGlite runs one statement at a time on one thread, so neither
   * pg_cancel_backend nor IPC reaches it during a long statement: this is how SQL Lab's Stop and time
   * limit end a statement on the embedded examples database.
   */
  restart(): Promise<void>;
}

/** First pause before starting a dead child again; doubles per failed attempt, up to 30 s. */
const REVIVE_BASE_DELAY_MS = 500;
export const DEFAULT_CONNECT_WAIT_MS = 8000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const hostOptions: HostOptions = {
    dataDir: options.dataDir,
    readerRole: options.readerRole,
    maxConnections: options.maxConnections ?? 64,
    password: options.password,
    parentPid: process.pid,
  };
  const gate = await ConnectionGate.listen(0, options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS, options.name);
  let child: ChildProcess;
  try {
    child = await spawnHost(options, hostOptions);
  } catch (error) {
    gate.close();
    throw error;
  }
  let stopRequested = false;
  /** Children killed on purpose (restart): their exit is not news. */
  const expectedExits = new WeakSet<ChildProcess>();
  let reviving: Promise<void> | undefined;
  const report = options.onUnexpectedExit ?? ((d: string) => console.error(d));
  const recovered = options.onRecovered ?? ((d: string) => console.error(d));
  /** Ends the pause between two failed starts at once when the server shuts down. */
  let wake = () => {};
  /**
   * Starts the next process, retrying a failed start with a growing pause. Meanwhile the gate holds new
   * connections (up to connectWaitMs each), so pooled clients reconnect to the new process and the
   * server keeps serving instead of failing every request until someone restarts it.
   */
  const revive = async (after: 'crash' | 'restart') => {
    for (let attempt = 1; !stopRequested; attempt++) {
      try {
        const next = await spawnHost(options, hostOptions);
        if (stopRequested) return void (await stopChild(next));
        child = next;
        watch(child);
        gate.open(child);
        if (after === 'crash')
          recovered(`Embedded ${options.name} database started again (pid ${child.pid}) on port ${gate.port}.`);
        return;
      } catch (error) {
        report(
          `Embedded ${options.name} database could not be started again (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`,
        );
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(30_000, REVIVE_BASE_DELAY_MS * 2 ** (attempt - 1)));
          wake = () => (clearTimeout(timer), resolve());
        });
      }
    }
  };
  const startReviving = (after: 'crash' | 'restart') => {
    reviving ??= revive(after).finally(() => (reviving = undefined));
  };
  const watch = (watched: ChildProcess) =>
    watched.once('exit', (code, signal) => {
      if (stopRequested || expectedExits.has(watched)) return;
      gate.hold();
      report(
        `Embedded ${options.name} database (pid ${watched.pid}, ${options.dataDir}) exited unexpectedly ` +
          `(${signal ? `signal ${signal}` : `code ${code}`}); starting it again.`,
      );
      startReviving('crash');
    });
  watch(child);
  gate.open(child);

  return {
    name: options.name,
    port: gate.port,
    get pid() {
      return child.pid ?? -1;
    },
    url: (user = 'postgres') =>
      `postgres://${encodeURIComponent(user)}:${encodeURIComponent(options.password)}@127.0.0.1:${gate.port}/postgres`,
    stop: async () => {
      if (stopRequested) return;
      stopRequested = true;
      wake();
      await reviving?.catch(() => undefined);
      gate.close();
      await stopChild(child);
    },
    restart: async () => {
      if (stopRequested) return;
      // Already restarting (or reviving): the process this restart was meant for is gone.
      if (reviving) return;
      const killed = child;
      if (killed.exitCode !== null || killed.signalCode !== null) return;
      expectedExits.add(killed);
      gate.hold();
      const exited = new Promise<void>((resolve) => killed.once('exit', () => resolve()));
      killed.kill('SIGKILL');
      await exited;
      startReviving('restart');
    },
  };
}

/**
 * Every host process still running. A host busy in a statement handles no message nor signal, so one
 * left behind when this process exits would run on, at full CPU: the exit kills them (a process.exit
 * without a shutdown, an uncaught error). The host's own watch (parent-watch.ts) covers a parent that
 * dies without an exit event (SIGKILL).
 */
const liveHosts = new Set<ChildProcess>();
const killLiveHosts = () => {
  for (const host of liveHosts) host.kill('SIGKILL');
};

/** The exit listener is there only while hosts run: Jest loads this module once per test file. */
function track(child: ChildProcess): void {
  if (liveHosts.size === 0) process.on('exit', killLiveHosts);
  liveHosts.add(child);
  child.once('exit', () => {
    liveHosts.delete(child);
    if (liveHosts.size === 0) process.off('exit', killLiveHosts);
  });
}

async function spawnHost(options: EmbeddedPostgresOptions, hostOptions: HostOptions): Promise<ChildProcess> {
  const child = fork(hostScriptPath(), [], {
    env: { ...process.env, STRATA_PGLITE_HOST_OPTIONS: JSON.stringify(hostOptions) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // Not the server's flags: an --inspect port would collide, and the host needs none of them.
    execArgv: [],
    serialization: 'json',
  });
  track(child);
  await waitForReady(child, options);
  // Lowered only once it is up: a host started at a lower priority on a busy machine was starved past its
  // start deadline (initdb and WASM start are CPU work), and its start is not a user's heavy query.
  if (options.niceness && child.pid) {
    try {
      setPriority(child.pid, Math.min(19, getPriority(child.pid) + options.niceness));
    } catch {
      // Not allowed on this platform or container: the child keeps the server's priority.
    }
  }
  return child;
}

const START_TIMEOUT_MS = 180_000;

function waitForReady(child: ChildProcess, options: EmbeddedPostgresOptions): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(
          `Embedded ${options.name} database did not start within ${options.startTimeoutMs ?? START_TIMEOUT_MS} ms.`,
        ),
      );
    }, options.startTimeoutMs ?? START_TIMEOUT_MS);
    const onMessage = (message: HostMessage) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      if (message.type === 'ready') resolve();
      else
        reject(new Error(`Embedded ${options.name} database (${options.dataDir}) failed to start: ${message.message}`));
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
