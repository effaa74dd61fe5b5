/**
 * Child-process entry point that hosts ONE embedded PGlite database behind a PGLiteSocketServer on a
 * loopback port. PGlite executes SQL on the thread that hosts it, so running it here (not in the server)
 * keeps a heavy query from ever blocking the server's event loop.
 *
 * Self-contained on purpose (no relative imports): when the server runs from TypeScript sources (Jest),
 * host-script.ts transpiles this one file on its own.
 *
 * Protocol over the IPC channel: parent -> child `{type:'stop'}`; child -> parent `{type:'ready', port}`
 * or `{type:'failed', message}`. The child also stops when the parent disappears (IPC disconnect).
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface HostOptions {
  dataDir: string;
  /** When set, the session runs as this role (SELECT-only), in read-only transactions by default. */
  readerRole?: string;
  maxConnections: number;
  /** Listen on this port (a restart keeps the URL every pool and the databases table already hold); 0 = any. */
  port?: number;
}

export type HostMessage = { type: 'ready'; port: number } | { type: 'failed'; message: string };

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

async function open(options: HostOptions): Promise<{ db: PGlite; server: PGLiteSocketServer }> {
  const db = await PGlite.create(options.dataDir);
  try {
    if (options.readerRole) await applyReaderRole(db, options.readerRole);
    const server = new PGLiteSocketServer({ db, port: options.port ?? 0, host: '127.0.0.1', maxConnections: options.maxConnections });
    await server.start();
    return { db, server };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

async function main(options: HostOptions): Promise<void> {
  mkdirSync(dirname(options.dataDir), { recursive: true });
  const lock = acquireLock(options.dataDir);
  const { db, server } = await open(options).catch((error: unknown) => {
    rmSync(lock, { force: true });
    throw error;
  });
  const port = Number(server.getServerConn().split(':').pop());

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await server.stop();
      await db.close();
      rmSync(lock, { force: true });
      process.exit(0);
    })());
  process.on('message', (m: { type?: string }) => m?.type === 'stop' && void stop());
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Ctrl+C reaches the whole process group; the parent decides when this database stops.
  process.on('SIGINT', () => undefined);
  send({ type: 'ready', port });
}

if (require.main === module) {
  const options = JSON.parse(process.env.STRATA_PGLITE_HOST_OPTIONS ?? '{}') as HostOptions;
  main(options).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
}
