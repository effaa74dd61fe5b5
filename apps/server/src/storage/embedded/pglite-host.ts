/**
 * Child-process entry point that hosts ONE embedded PGlite database. PGlite executes SQL on the thread
 * that hosts it, so running it here (not in the server) keeps a heavy query from ever blocking the
 * server's event loop.
 *
 * The child listens on no port: the parent holds the port (connection-gate.ts) and hands each accepted
 * connection over with its socket. So the port stays open while this process is restarted, and the
 * connections made meanwhile wait for the next process instead of being refused.
 *
 * Imports nothing outside this folder: when the server runs from TypeScript sources (Jest),
 * host-script.ts transpiles these files on their own.
 *
 * Protocol over the IPC channel: parent -> child `{type:'stop'}` and `{type:'connection'}` with a
 * socket; child -> parent `{type:'ready'}` or `{type:'failed', message}`. The child also stops when the
 * parent disappears: on IPC disconnect, or, when its main thread is blocked in a statement and sees no
 * event, by the parent-watch.ts worker.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ParentWatchData, ParentWatchMessage } from './parent-watch';
import { fatalError } from './pg-wire';
import { SessionQueue } from './session-queue';

export interface HostOptions {
  dataDir: string;
  /** When set, the session runs as this role (SELECT-only), in read-only transactions by default. */
  readerRole?: string;
  maxConnections: number;
  /** Every connection proves it knows this password (SCRAM-SHA-256), whatever user name it gives. */
  password: string;
  /** The server's pid: this process ends when it is gone (parent-watch.ts). */
  parentPid: number;
}

/** How long a connection may take to prove the password, as PostgreSQL's authentication_timeout (60 s). */
const LOGIN_TIMEOUT_MS = 60_000;

export type HostMessage = { type: 'ready' } | { type: 'failed'; message: string };
export type ParentMessage = { type: 'stop' } | { type: 'connection' };

function send(message: HostMessage): void {
  process.send?.(message);
}

/** One PGlite per data directory: a second one would corrupt it. The lock names the owning process. */
function acquireLock(dataDir: string): string {
  const lock = `${dataDir}.lock`;
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    let alive = false;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
      try {
        process.kill(pid, 0);
        alive = true;
      } catch {
        alive = false; // A stale lock from a process that died without cleaning up.
      }
    }
    if (alive) throw new Error(`${dataDir} is in use by another Strata process (pid ${pid}). Stop it first.`);
  }
  writeFileSync(lock, String(process.pid));
  return lock;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * PGlite has a single backend session shared by every socket connection, and it ignores the user name
 * of the startup message: everyone is the superuser `postgres`. The closest it gets to a read-only user
 * is this session-wide SET ROLE; writers (the examples loader) open `BEGIN READ WRITE; SET LOCAL ROLE
 * postgres`, which reverts at commit. It stops accidental writes but not a user who runs RESET ROLE.
 */
async function applyReaderRole(db: PGlite, role: string): Promise<void> {
  await db.exec(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${quoteLiteral(role)}) THEN
        CREATE ROLE ${quoteIdent(role)} NOLOGIN;
      END IF;
    END $$;
    GRANT USAGE ON SCHEMA public TO ${quoteIdent(role)};
    SET ROLE ${quoteIdent(role)};
    SET default_transaction_read_only = on;
  `);
}

/**
 * Opens the data directory. The reader role, if any, is set before the first connection is accepted,
 * so no connection ever sees the session as the superuser by default.
 */
async function open(options: HostOptions): Promise<PGlite> {
  const db = await PGlite.create(options.dataDir);
  try {
    if (options.readerRole) await applyReaderRole(db, options.readerRole);
    return db;
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Serves the connections the parent accepted on its port and hands over with their socket. Each gets
 * a pglite-socket handler that frames its messages into the SessionQueue (which checks the password).
 */
function serveConnections(
  db: PGlite,
  options: HostOptions,
): { accept: (socket: Socket) => void; closeAll: () => Promise<void> } {
  const handlers = new Map<number, PGLiteSocketHandler>();
  /** Closes a connection from this side (refused login); detach() fires no 'close' event, so forget it here. */
  const drop = (id: number) => {
    const handler = handlers.get(id);
    handlers.delete(id);
    void handler?.detach(true);
  };
  const queue = new SessionQueue(db, { password: options.password, close: drop });
  const accept = (socket: Socket) => {
    if (handlers.size >= options.maxConnections) {
      socket.end(fatalError('53300', 'sorry, too many clients already'));
      return;
    }
    // The handler's type names pglite-socket's own queue; SessionQueue has the same four methods.
    const handler = new PGLiteSocketHandler({
      queryQueue: queue as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.set(handler.handlerId, handler);
    const forget = () => handlers.delete(handler.handlerId);
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    // A connection that never logs in would hold one of the maxConnections slots for good.
    setTimeout(() => {
      if (!queue.isAuthenticated(handler.handlerId)) drop(handler.handlerId);
    }, LOGIN_TIMEOUT_MS).unref();
    void handler.attach(socket).then(() => socket.resume());
  };
  const closeAll = async () => {
    await Promise.all([...handlers.values()].map((h) => h.detach(true)));
    handlers.clear();
  };
  return { accept, closeAll };
}

/**
 * Starts the parent-watch.ts worker (compiled beside this file). `stop` runs when the parent is gone and
 * this thread can still answer; if it cannot, the worker kills the process.
 */
function watchParent(parentPid: number, stop: () => void): void {
  const worker = new Worker(join(__dirname, 'parent-watch.js'), {
    workerData: { parentPid } satisfies ParentWatchData,
  });
  worker.on('message', (message: ParentWatchMessage) => {
    if (message !== 'parent-gone') return;
    worker.postMessage('stopping' satisfies ParentWatchMessage);
    stop();
  });
  // The watch must not keep this process alive, nor its failure bring it down: it is a second safety net.
  worker.on('error', (error) => console.error(`pglite-host: the parent watch failed: ${error.message}`));
  worker.unref();
}

async function main(options: HostOptions): Promise<void> {
  /** Until the database is open there is nothing to close. */
  let stop: () => void = () => process.exit(0);
  // First: initdb of a new database blocks this thread for seconds too.
  watchParent(options.parentPid, () => stop());
  mkdirSync(dirname(options.dataDir), { recursive: true });
  const lock = acquireLock(options.dataDir);
  const db = await open(options).catch((error: unknown) => {
    rmSync(lock, { force: true });
    throw error;
  });
  const connections = serveConnections(db, options);

  let stopping: Promise<void> | undefined;
  stop = () =>
    void (stopping ??= (async () => {
      await connections.closeAll();
      await db.close();
      rmSync(lock, { force: true });
      process.exit(0);
    })());
  process.on('message', (m: ParentMessage, socket?: Socket) => {
    if (m?.type === 'stop') stop();
    else if (m?.type === 'connection' && socket) {
      if (stopping) socket.destroy();
      else connections.accept(socket);
    }
  });
  process.on('disconnect', () => stop());
  process.on('SIGTERM', () => stop());
  // Ctrl+C reaches the whole process group; the parent decides when this database stops.
  process.on('SIGINT', () => undefined);
  send({ type: 'ready' });
}

if (require.main === module) {
  const options = JSON.parse(process.env.STRATA_PGLITE_HOST_OPTIONS ?? '{}') as HostOptions;
  main(options).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}
