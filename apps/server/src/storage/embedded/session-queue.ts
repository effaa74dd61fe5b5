/**
 * What stands between the socket connections and the one PGlite session they share (the queue
 * pglite-socket's handlers call). Self-contained for host-script.ts.
 */
import type { PGlite } from '@electric-sql/pglite';
import { fatalError, PROTOCOL_3, startupParameters } from './pg-wire';
import { ScramExchange, saslRequest } from './scram-server';

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

/** A connection between its StartupMessage and a proven password: nothing it sends reaches PGlite. */
interface Login {
  user: string;
  startup: Uint8Array;
  exchange: ScramExchange;
}

const code = (letter: string) => letter.charCodeAt(0);
/** Extended-protocol messages whose effect lasts until the connection's Sync: Parse, Bind, Describe, Execute, Close. */
const UNTIL_SYNC = new Set(['P', 'B', 'D', 'E', 'C'].map(code));
const FLUSH = code('H');
const TERMINATE = code('X');
const PASSWORD = code('p');
const isStartup = (message: Uint8Array) =>
  message.length >= 8 &&
  new DataView(message.buffer, message.byteOffset, message.byteLength).getInt32(4) === PROTOCOL_3;

/**
 * Gives each socket connection what a PostgreSQL backend of its own would: its extended-protocol
 * messages up to Sync (or Flush) run as one unit on the shared PGlite session, and while one connection
 * has a transaction open, or is between a Flush and its Sync (a cursor), no other connection's unit runs.
 * Units otherwise run in the order they were completed.
 *
 * With a password, a connection first proves it (SCRAM-SHA-256, as PostgreSQL asks by default): PGlite
 * itself trusts every connection, and its port is reachable by every user of the machine.
 */
export class SessionQueue {
  private readonly partial = new Map<number, Unit['messages']>();
  private units: Unit[] = [];
  /** The connection the session belongs to until its transaction or portal is done. */
  private owner: number | null = null;
  private draining = false;
  private readonly logins = new Map<number, Login>();
  private readonly authenticated = new Set<number>();

  constructor(
    private readonly db: PGlite,
    private readonly auth: { password: string; close: (handlerId: number) => void } | null,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: OnData): Promise<number> {
    if (this.auth && !this.authenticated.has(handlerId)) return this.login(handlerId, message, onData);
    const messages = this.partial.get(handlerId) ?? [];
    // A Terminate ends only this connection: passed on, it would end the one session everybody shares.
    if (message[0] !== TERMINATE) messages.push({ message, onData });
    if (UNTIL_SYNC.has(message[0])) {
      this.partial.set(handlerId, messages);
      return Promise.resolve(0); // Answered, in order, when the unit runs.
    }
    this.partial.delete(handlerId);
    if (message[0] === TERMINATE) return this.release(handlerId).then(() => 0);
    return this.run(handlerId, messages, isStartup(message));
  }

  /** Whether the connection has proven the password (always true without one). */
  isAuthenticated(handlerId: number): boolean {
    return !this.auth || this.authenticated.has(handlerId);
  }

  getQueueLength(): number {
    return this.units.length;
  }

  clearQueueForHandler(handlerId: number): void {
    this.partial.delete(handlerId);
    this.logins.delete(handlerId);
    this.authenticated.delete(handlerId);
    const [gone, kept] = [
      this.units.filter((u) => u.handlerId === handlerId),
      this.units.filter((u) => u.handlerId !== handlerId),
    ];
    this.units = kept;
    for (const unit of gone) unit.reject(new Error('Handler disconnected'));
  }

  /** Called when a connection goes away: whatever it left open is rolled back, the others go on. */
  clearTransactionIfNeeded(handlerId: number): Promise<void> {
    return this.release(handlerId);
  }

  /** StartupMessage, then the SCRAM exchange; only a proven connection's StartupMessage reaches PGlite. */
  private login(handlerId: number, message: Uint8Array, onData: OnData): Promise<number> {
    const { password, close } = this.auth!;
    const params = startupParameters(message);
    const pending = this.logins.get(handlerId);
    const refuse = (sqlstate: string, text: string) => {
      this.logins.delete(handlerId);
      onData(fatalError(sqlstate, text));
      close(handlerId);
      return Promise.resolve(0);
    };
    if (params && !pending) {
      this.logins.set(handlerId, { user: params.user ?? '', startup: message, exchange: new ScramExchange(password) });
      onData(saslRequest());
      return Promise.resolve(0);
    }
    if (!pending || message[0] !== PASSWORD) return refuse('28000', 'the connection has not authenticated');
    const step = pending.exchange.step(Buffer.from(message.buffer, message.byteOffset + 5, message.byteLength - 5));
    if (step.done && !step.ok) return refuse('28P01', `password authentication failed for user "${pending.user}"`);
    if (step.reply) onData(step.reply);
    if (!step.done) return Promise.resolve(0);
    this.logins.delete(handlerId);
    this.authenticated.add(handlerId);
    return this.run(handlerId, [{ message: pending.startup, onData }], true);
  }

  private run(handlerId: number, messages: Unit['messages'], startup: boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      this.units.push({ handlerId, messages, startup, resolve, reject });
      void this.drain();
    });
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
        const index =
          this.owner === null
            ? this.units.length > 0
              ? 0
              : -1
            : this.units.findIndex((u) => u.handlerId === this.owner || u.startup);
        if (index < 0) return;
        const [unit] = this.units.splice(index, 1);
        let bytes = 0;
        try {
          await this.db.runExclusive(async () => {
            for (const { message, onData } of unit.messages) {
              await this.db.execProtocolRawStream(message, {
                onRawData: (data) => ((bytes += data.length), onData(data)),
              });
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
