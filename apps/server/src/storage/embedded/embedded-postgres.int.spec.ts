import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
import { processAlive } from '../../testing/process-alive';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

const PASSWORD = 'embedded-test-password';

// initdb of a fresh PGlite takes seconds on a busy machine.
jest.setTimeout(180000);

/**
 * PGlite has one backend session for every socket connection. These tests check that the host still
 * gives each connection what a PostgreSQL server gives it: its extended-protocol messages run as a unit,
 * and its open transaction sees no statement of another connection.
 */
describe('embedded PostgreSQL host, several connections on one PGlite session', () => {
  let home: string;
  let db: EmbeddedPostgres;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-embedded-'));
    db = await startEmbeddedPostgres({ name: 'test', dataDir: join(home, 'db'), password: PASSWORD });
    const setup = new Client({ connectionString: db.url() });
    await setup.connect();
    await setup.query('CREATE TABLE notes (id serial PRIMARY KEY, owner text NOT NULL, body text NOT NULL)');
    await setup.end();
  });
  afterAll(async () => {
    await db?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('answers concurrent parameterised queries of different shapes from many connections, each with its own result', async () => {
    const pool = new Pool({ connectionString: db.url(), max: 8 });
    try {
      // Each shape has its own number of parameters: an interleaved Parse of one connection and Bind of
      // another fails with "bind message supplies N parameters, but prepared statement requires M".
      const shapes = [
        (i: number) =>
          pool.query<{ v: string }>('SELECT $1::text AS v', [`one-${i}`]).then((r) => [r.rows[0].v, `one-${i}`]),
        (i: number) =>
          pool
            .query<{ v: string }>('SELECT $1::text || $2::text AS v', [`two-${i}`, '!'])
            .then((r) => [r.rows[0].v, `two-${i}!`]),
        (i: number) =>
          pool
            .query<{ v: string }>('SELECT $1::text || $2::text || $3::text AS v', ['thr', `ee-${i}`, '?'])
            .then((r) => [r.rows[0].v, `three-${i}?`]),
        (i: number) =>
          pool
            .query<{ v: string }>('SELECT count(*)::text AS v FROM generate_series(1, $1::int)', [i])
            .then((r) => [r.rows[0].v, String(i)]),
      ];
      const results = await Promise.all(Array.from({ length: 400 }, (_, i) => shapes[i % shapes.length](i + 1)));
      for (const [got, expected] of results) expect(got).toBe(expected);
    } finally {
      await pool.end();
    }
  });

  it("runs a connection's Parse, Bind and Execute as one unit even when another connection's query arrives between them", async () => {
    const slow = await RawConnection.open(db.url());
    const pool = new Pool({ connectionString: db.url(), max: 2 });
    try {
      slow.send('P', cstring(''), cstring('SELECT $1::text || $2::text AS v'), int16(0));
      // A barrier: the host process reads every socket that is readable when it polls, so once it has
      // answered a query written after the Parse, it has read the Parse.
      await pool.query('SELECT 1');
      // A one-parameter statement of another connection, complete with its Sync, in between.
      expect((await pool.query<{ v: string }>('SELECT $1::text AS v', ['other'])).rows).toEqual([{ v: 'other' }]);
      slow.send(
        'B',
        cstring(''),
        cstring(''),
        int16(0),
        int16(2),
        int32(1),
        Buffer.from('a'),
        int32(1),
        Buffer.from('b'),
        int16(0),
      );
      slow.send('E', cstring(''), int32(0));
      slow.send('S');
      const answer = await slow.readUntilReady();
      expect(answer.errors).toEqual([]);
      expect(answer.rows).toEqual([['ab']]);
    } finally {
      slow.close();
      await pool.end();
    }
  });

  it("keeps one connection's open transaction apart from the statements of another until it commits or rolls back", async () => {
    const writer = new Client({ connectionString: db.url() });
    const other = new Client({ connectionString: db.url() });
    await writer.connect();
    await other.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('INSERT INTO notes (owner, body) VALUES ($1, $2)', ['writer', 'rolled back']);
      // Sent while the writer's transaction is open: it must wait, not run inside that transaction.
      const othersInsert = other.query('INSERT INTO notes (owner, body) VALUES ($1, $2) RETURNING id', [
        'other',
        'kept',
      ]);
      // A barrier: the host process reads every socket that is readable when it polls, so once it has
      // answered the writer's statement written after that insert, it has the insert in hand.
      await writer.query('SELECT 1');
      await writer.query('ROLLBACK');
      await othersInsert;
      const rows = (await other.query<{ owner: string; body: string }>('SELECT owner, body FROM notes ORDER BY id'))
        .rows;
      expect(rows).toEqual([{ owner: 'other', body: 'kept' }]);
    } finally {
      await writer.end();
      await other.end();
    }
  });

  it("lets a new connection open while another's transaction is open, without disturbing that transaction", async () => {
    const writer = new Client({ connectionString: db.url() });
    await writer.connect();
    const late = new Client({ connectionString: db.url() });
    try {
      await writer.query('BEGIN');
      await writer.query('INSERT INTO notes (owner, body) VALUES ($1, $2)', ['writer', 'committed after a connect']);
      // A pool opening a connection mid-transaction must not wait for that transaction (it may be what ends it).
      await late.connect();
      await writer.query('COMMIT');
      const rows = (
        await late.query<{ n: string }>('SELECT count(*)::text AS n FROM notes WHERE owner = $1', ['writer'])
      ).rows;
      expect(rows[0].n).toBe('1');
    } finally {
      await writer.end();
      await late.end();
    }
  });

  it('rolls back the transaction of a connection that disconnects in the middle of it and serves the others', async () => {
    const quitter = new Client({ connectionString: db.url() });
    await quitter.connect();
    await quitter.query('BEGIN');
    await quitter.query('INSERT INTO notes (owner, body) VALUES ($1, $2)', ['quitter', 'never committed']);
    const waiting = new Client({ connectionString: db.url() });
    await waiting.connect();
    try {
      const answer = waiting.query<{ n: string }>('SELECT count(*)::text AS n FROM notes WHERE owner = $1', [
        'quitter',
      ]);
      await quitter.end();
      expect((await answer).rows[0].n).toBe('0');
    } finally {
      await waiting.end();
    }
  });
});

const cstring = (text: string) => Buffer.from(`${text}\0`);
const int16 = (n: number) => Buffer.from([(n >> 8) & 0xff, n & 0xff]);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};

describe('embedded PostgreSQL host that dies on its own', () => {
  let home: string;
  let db: EmbeddedPostgres;
  const reports: string[] = [];
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-embedded-revive-'));
    const note = (detail: string) => void reports.push(detail);
    db = await startEmbeddedPostgres({
      name: 'test',
      dataDir: join(home, 'db'),
      password: PASSWORD,
      onUnexpectedExit: note,
      onRecovered: note,
    });
  });
  afterAll(async () => {
    await db?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('is started again on the same port with its data, and a pool that used it keeps working', async () => {
    const pool = new Pool({ connectionString: db.url(), max: 2 });
    pool.on('error', () => undefined); // The killed server drops the idle clients; the pool replaces them.
    try {
      await pool.query('CREATE TABLE kept (v int)');
      await pool.query('INSERT INTO kept VALUES (1), (2)');
      const { pid, port } = db;
      process.kill(pid, 'SIGKILL');
      // The idle pooled clients fail with the killed process; new connections wait for the next one.
      const deadline = Date.now() + 60_000;
      let rows: { n: string }[] | null = null;
      while (rows === null && Date.now() < deadline) {
        rows = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM kept').then(
          (r) => r.rows,
          () => new Promise<null>((resolve) => setTimeout(() => resolve(null), 200)),
        );
      }
      expect(rows).toEqual([{ n: '2' }]);
      expect(db.port).toBe(port);
      expect(db.pid).not.toBe(pid);
      expect(reports.join('\n')).toMatch(
        /exited unexpectedly \(signal SIGKILL\); starting it again[\s\S]*started again/,
      );
    } finally {
      await pool.end();
    }
  });

  it('serves a connection made while the process restarts once the new process runs', async () => {
    const oldPid = db.pid;
    const restarting = db.restart();
    await until(() => !processAlive(oldPid), 'the old process to be gone');
    // The new process is still opening the data folder: the connection waits for it.
    expect(await queryOnce(db.url(), 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 2 }]);
    await restarting;
    expect(db.pid).not.toBe(oldPid);
  });
});

const until = async (condition: () => boolean | Promise<boolean>, what: string) => {
  for (const deadline = Date.now() + 60_000; !(await condition());) {
    if (Date.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

async function queryOnce(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query(sql)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe('embedded PostgreSQL host: its port and its password', () => {
  let home: string;
  let db: EmbeddedPostgres;
  const reports: string[] = [];
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), 'strata-embedded-gate-'));
    const note = (detail: string) => void reports.push(detail);
    // A short wait bound, so the test of a restart that does not finish in time ends quickly.
    db = await startEmbeddedPostgres({
      name: 'test',
      dataDir: join(home, 'db'),
      password: PASSWORD,
      connectWaitMs: 1500,
      onUnexpectedExit: note,
      onRecovered: note,
    });
  });
  afterAll(async () => {
    await db?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  it('refuses a connection without the password, or with a wrong one, before it reaches the database', async () => {
    const url = new URL(db.url());
    url.password = '';
    await expect(queryOnce(url.toString(), 'SELECT 1')).rejects.toThrow(/password/);
    url.password = 'guessed';
    await expect(queryOnce(url.toString(), 'SELECT 1')).rejects.toThrow(
      /password authentication failed for user "postgres"/,
    );
    expect(await queryOnce(db.url(), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
  });

  it('refuses a connection with SQLSTATE 57P03 when the process is not back within the bound, then serves again', async () => {
    // Another live process "holds" the data folder: the new process refuses to start until it is released.
    const lock = `${join(home, 'db')}.lock`;
    writeFileSync(lock, String(process.pid));
    await db.restart();
    const refused = await queryOnce(db.url(), 'SELECT 1').catch((error: { code?: string; message: string }) => error);
    expect(refused).toMatchObject({ code: '57P03', message: expect.stringMatching(/restarting/) });
    rmSync(lock);
    await until(
      () =>
        queryOnce(db.url(), 'SELECT 1').then(
          () => true,
          () => false,
        ),
      'the database to be back',
    );
    expect(reports.join('\n')).toMatch(/could not be started again \(attempt 1\).*in use by another Strata process/);
  });
});

/** A PostgreSQL wire-protocol client that sends each message when told, so a test controls the interleaving. */
class RawConnection {
  private buffer = Buffer.alloc(0);
  private waiter?: () => void;
  private constructor(private readonly socket: Socket) {
    socket.on('data', (data) => {
      this.buffer = Buffer.concat([this.buffer, data]);
      this.waiter?.();
    });
  }

  /** node-postgres logs in (the password exchange); then the test owns the socket. */
  static async open(url: string): Promise<RawConnection> {
    const client = new Client({ connectionString: url });
    await client.connect();
    client.on('error', () => undefined); // close() ends the socket under the client's feet
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream;
    socket.removeAllListeners('data');
    return new RawConnection(socket);
  }

  send(type: string, ...parts: Buffer[]): void {
    const body = Buffer.concat(parts);
    this.socket.write(Buffer.concat([Buffer.from(type), int32(4 + body.length), body]));
  }

  /** Reads messages up to ReadyForQuery; returns the DataRows' text fields and the errors' messages. */
  async readUntilReady(): Promise<{ rows: string[][]; errors: string[] }> {
    const rows: string[][] = [];
    const errors: string[] = [];
    for (;;) {
      while (this.buffer.length < 5 || this.buffer.length < 1 + this.buffer.readInt32BE(1)) {
        await new Promise<void>((resolve) => (this.waiter = resolve));
      }
      const type = String.fromCharCode(this.buffer[0]);
      const length = this.buffer.readInt32BE(1);
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      if (type === 'Z') return { rows, errors };
      if (type === 'E')
        errors.push(
          body
            .toString('utf8')
            .split('\0')
            .find((f) => f.startsWith('M'))
            ?.slice(1) ?? 'error',
        );
      if (type === 'D') {
        const fields: string[] = [];
        let at = 2;
        for (let i = 0; i < body.readInt16BE(0); i++) {
          const size = body.readInt32BE(at);
          fields.push(body.subarray(at + 4, at + 4 + size).toString('utf8'));
          at += 4 + size;
        }
        rows.push(fields);
      }
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
