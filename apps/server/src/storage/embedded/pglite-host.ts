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

type OnData = (data: Uint8Array) => void;

/** What a connection asked for: its messages up to and including the one that ends the unit. */
interface Unit {
  handlerId: number;
  messages: { message: Uint8Array; onData: OnData }[];
  /** A startup message: it touches no transaction, so it need not wait for another connection's to end. */
  startup: boolean;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

const code = (letter: string) => letter.charCodeAt(0);
/** Extended-protocol messages whose effect lasts until the connection's Sync: Parse, Bind, Describe, Execute, Close. */
const UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map(code));
const FLUSH = code('H');
const TERMINATE = code('X');
const PROTOCOL_3 = 196608;
const isStartup = (message: Uint8Array) =>
  message.length >= 8 && new DataView(message.buffer, message.byteOffset, message.byteLength).getInt32(4) === PROTOCOL_3;

/**
 * Gives each socket connection what a PostgreSQL backend of its own would: its extended-protocol
 * messages up to Sync (or Flush) run as one unit on the shared PGlite session, and while one connection
 * has a transaction open, or is between a Flush and its Sync (a cursor), no other connection's unit runs.
 * Units otherwise run in the order they were completed.
 */
class SessionQueue {
  private readonly partial = new Map<number, Unit['messages']>();
  private units: Unit[] = [];
  /** The connection the session belongs to until its transaction or portal is done. */
  private owner: number | null = null;
  private draining = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: OnData): Promise<number> {
    const messages = this.partial.get(handlerId) ?? [];
    // A Terminate ends only this connection: passed on, it would end the one session everybody shares.
    if (message[0] !== TERMINATE) messages.push({ message, onData });
    if (UNTIL_SYNC.has(message[0])) {
      this.partial.set(handlerId, messages);
      return Promise.resolve(0); // Answered, in order, when the unit runs.
    }
    this.partial.delete(handlerId);
    if (message[0] === TERMINATE) return this.release(handlerId).then(() => 0);
    return new Promise<number>((resolve, reject) => {
      this.units.push({ handlerId, messages, startup: isStartup(message), resolve, reject });
      void this.drain();
    });
  }

  getQueueLength(): number {
    return this.units.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.partial.delete(handlerId);
    const [gone, kept] = [this.units.filter((u) => u.handlerId === handlerId), this.units.filter((u) => u.handlerId !== handlerId)];
    this.units = kept;
    for (const unit of gone) unit.reject(new Error('Handler disconnected'));
  }

  /** Called when a connection goes away: whatever it left open is rolled back, the others go on. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.release(handlerId);
  }

  private async release(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    this.owner = null;
    await this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        const index = this.owner === null ? (this.units.length > 0 ? 0 : -1) : this.units.findIndex((u) => u.handlerId === this.owner || u.startup);
        if (index < 0) return;
        const [unit] = this.units.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(async () => {
            for (const { message, onData } of unit.messages) {
              await this.db.execProtocolRawStream(message, { onRawData: (data) => ((bytes += data.length), onData(data)) });
            }
          });
        } catch (error) {
          unit.reject(error instanceof Error ? error : new Error(String(error)));
          continue;
        }
        const last = unit.messages[unit.messages.length - 1]?.message[0];
        if (!unit.startup) this.owner = this.db.isInTransaction() || last === FLUSH ? unit.handlerId : null;
        unit.resolve(bytes);
      }
    } finally {
      this.draining = false;
    }
  }
}

async function open(options: HostOptions): Promise<{ db: PGlite; server: PGLiteSocketServer }> {
  const db = await PGlite.create(options.dataDir);
  try {
    if (options.readerRole) await applyReaderRole(db, options.readerRole);
    const server = new PGLiteSocketServer({ db, port: options.port ?? 0, host: '127.0.0.1', maxConnections: options.maxConnections });
    // PROBLEM: the server's own queue runs each protocol message on its own, so between one connection's
    // Parse and Bind another connection's Parse can replace the unnamed statement ("bind message supplies
    // 1 parameters, but prepared statement \"\" requires 2"), and a Terminate reaches the one shared session.
    // SOLUTION: swap in SessionQueue (same four methods the handlers call) before any connection exists.
    // WHEN TO REMOVE: when @electric-sql/pglite-socket runs a connection's messages up to Sync as one unit.
    (server as unknown as { queryQueue: SessionQueue }).queryQueue = new SessionQueue(db);
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
