/**
 * What every engine promises (query-engine.ts), checked against each real database: PostgreSQL
 * (createTestDatabase) and the machine's MariaDB (a scratch database). Engine-specific behaviour (types,
 * catalogs, error mapping) stays in each engine's own spec.
 */
import { randomBytes } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { Client } from 'pg';
import { createTestDatabase } from '../testing/test-database';
import { parseConnectionUri } from './connection-uri';
import { MysqlEngine } from './mysql/mysql-engine';
import { PostgresEngine } from './postgres/pg-engine';
import { EngineBusyError, MAX_WAITING, POOL_SIZE } from './connection-queue';
import { EngineCancelledError, EngineTimeoutError, type EngineSession, type QueryEngine } from './query-engine';

interface Subject {
  engine: QueryEngine;
  /** A statement returning ids 1..n and a 32-character hash, produced lazily by the database. */
  series(n: number): string;
  /** The dialect's n-th placeholder ($n / ?). */
  placeholder(n: number): string;
  /** A statement sleeping that many seconds. */
  sleep(seconds: number): string;
  /** A statement of the user's lifting the statement timeout for the rest of the transaction or session. */
  liftTimeout: string;
  /** The statements the database is running for a session (pg_stat_activity / the processlist). */
  running(backendId: string): Promise<string[]>;
  drop(): Promise<void>;
}

const MARIADB = { host: '127.0.0.1', port: 3306, user: 'root', password: '' };

const subjects: [string, () => Promise<Subject>][] = [
  [
    'PostgreSQL',
    async () => {
      const db = await createTestDatabase('engine_contract');
      const engine = new PostgresEngine(parseConnectionUri(db.url));
      const admin = new Client({ connectionString: db.url });
      await admin.connect();
      return {
        engine,
        // generate_series in the select list streams (ProjectSet); in FROM it would be materialized first.
        series: (n) => `SELECT generate_series(1, ${n}) AS id, md5('x') AS h`,
        placeholder: (n) => `$${n}`,
        sleep: (seconds) => `SELECT pg_sleep(${seconds})`,
        liftTimeout: 'SET LOCAL statement_timeout = 0',
        running: async (pid) =>
          (
            await admin.query<{ query: string }>(
              `SELECT query FROM pg_stat_activity WHERE pid = $1 AND state = 'active'`,
              [Number(pid)],
            )
          ).rows.map((r) => r.query),
        drop: async () => {
          await engine.close();
          await admin.end();
          await db.drop();
        },
      };
    },
  ],
  [
    'MariaDB',
    async () => {
      const database = `strata_contract_${randomBytes(4).toString('hex')}`;
      const admin = await createConnection(MARIADB);
      await admin.query(`CREATE DATABASE \`${database}\``);
      const engine = new MysqlEngine({
        backend: 'mysql',
        host: MARIADB.host,
        port: MARIADB.port,
        database,
        username: MARIADB.user,
        password: MARIADB.password,
      });
      return {
        engine,
        series: (n) => `SELECT seq AS id, md5(seq) AS h FROM seq_1_to_${n}`,
        placeholder: () => '?',
        sleep: (seconds) => `SELECT SLEEP(${seconds})`,
        liftTimeout: 'SET SESSION max_statement_time = 0',
        running: async (threadId) => {
          const [rows] = await admin.query<RowDataPacket[]>(
            `SELECT INFO AS info FROM information_schema.PROCESSLIST WHERE ID = ? AND COMMAND = 'Query' AND INFO IS NOT NULL`,
            [Number(threadId)],
          );
          return rows.map((r) => String(r.info));
        },
        drop: async () => {
          await engine.close();
          await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
          await admin.end();
        },
      };
    },
  ],
];

describe.each(subjects)('%s engine contract', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject?.drop();
  });

  async function inSession<T>(
    work: (session: Awaited<ReturnType<QueryEngine['openSession']>>) => Promise<T>,
  ): Promise<T> {
    const session = await subject.engine.openSession();
    try {
      await session.begin({ readOnly: true });
      return await work(session);
    } finally {
      await session.release();
    }
  }

  it('stream hands every row over in order, in batches, reading the next batch only once the last was handled', async () => {
    const batches: number[] = [];
    let handling = false;
    let overlapped = false;
    let last = 0;
    const streamed = await inSession((s) =>
      s.stream(subject.series(25_000), { batchRows: 1000 }, async (rows, columns) => {
        overlapped ||= handling;
        handling = true;
        expect(columns.map((c) => c.name)).toEqual(['id', 'h']);
        for (const row of rows) expect(row.id).toBe(++last);
        batches.push(rows.length);
        // A round trip to the same database server: an engine that read on without waiting for this
        // handler would have its next batch back by then (it is one round trip away too).
        await subject.running(s.backendId);
        handling = false;
      }),
    );
    expect(streamed.rowCount).toBe(25_000);
    expect(last).toBe(25_000);
    expect(Math.max(...batches)).toBeLessThanOrEqual(1000);
    expect(overlapped).toBe(false);
  });

  it('stream of a statement without rows still gives its columns', async () => {
    const streamed = await inSession((s) =>
      s.stream(`${subject.series(3)} LIMIT 0`, {}, async () => fail('no rows expected')),
    );
    expect(streamed).toEqual({
      rowCount: 0,
      columns: [expect.objectContaining({ name: 'id' }), expect.objectContaining({ name: 'h' })],
    });
  });

  it('stops a huge statement past maxRows instead of draining it; the session goes on', async () => {
    // A trillion rows: draining them would take days, far past this test's time limit.
    await inSession(async (s) => {
      const rows: unknown[] = [];
      const streamed = await s.stream(
        subject.series(HUGE),
        { maxRows: 2500, batchRows: 1000 },
        async (batch) => void rows.push(...batch),
      );
      expect(streamed.rowCount).toBe(2500);
      expect(rows).toHaveLength(2500);
      const executed = await s.execute(subject.series(HUGE), { maxRows: 11 });
      expect(executed.rows).toHaveLength(11);
      expect((await s.execute(subject.series(3))).rows.map((r) => r.id)).toEqual([1, 2, 3]);
    });
  });

  it('binds params to placeholders: values never become SQL, placeholders inside literals stay text', async () => {
    const p = subject.placeholder;
    const hostile = "x' OR '1'='1\\'; DROP TABLE t; -- ?";
    const bound = await inSession((s) => s.execute(`SELECT ${p(1)} AS v, '${p(1)}' AS lit`, { params: [hostile] }));
    expect(bound.rows).toEqual([{ v: hostile, lit: p(1) }]);
    const filtered = (params: unknown[]) =>
      inSession((s) =>
        s.execute(
          `SELECT id FROM (${subject.series(10)}) s WHERE id > ${p(1)} OR h = ${p(2)} ORDER BY id LIMIT ${p(3)}`,
          { params },
        ),
      );
    expect((await filtered([7, "' OR '1'='1", 5])).rows).toEqual([{ id: 8 }, { id: 9 }, { id: 10 }]);
    expect((await filtered([0, 'nothing', 2])).rows).toEqual([{ id: 1 }, { id: 2 }]);
    const streamed: unknown[] = [];
    await inSession((s) =>
      s.stream(
        `SELECT id FROM (${subject.series(10)}) s WHERE id <= ${p(1)} ORDER BY id`,
        { params: [3], batchRows: 2 },
        async (rows) => void streamed.push(...rows),
      ),
    );
    expect(streamed).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("without params a statement runs as text: a placeholder-looking character is the user's own SQL", async () => {
    const literal = await inSession((s) => s.execute(`SELECT '?' AS q, '$1' AS d`));
    expect(literal.rows).toEqual([{ q: '?', d: '$1' }]);
  });

  // An hour-long statement: only the timeout or the cancel can end it within this test's time limit.
  it('stops a statement at its timeout (SQLLAB_TIMEOUT_ERROR), in the database', async () => {
    await inSession(async (s) => {
      const err = await s.execute(subject.sleep(3600), { timeoutMs: 400 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineTimeoutError);
      expect(err).toMatchObject({ errorType: 'SQLLAB_TIMEOUT_ERROR' });
      await waitFor(async () => (await subject.running(s.backendId)).length === 0);
    });
  });

  it('a session opened with begin is in its read-only transaction under the timeout given', async () => {
    const session = await subject.engine.openSession({ begin: { readOnly: true, timeoutMs: 400 } });
    try {
      const err = await session.execute(subject.sleep(3600), { timeoutMs: 400 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineTimeoutError);
      await waitFor(async () => (await subject.running(session.backendId)).length === 0);
    } finally {
      await session.release();
    }
    const writer = await subject.engine.openSession({ begin: { readOnly: true } });
    try {
      await expect(writer.execute('CREATE TABLE written_in_read_only (id int)')).rejects.toThrow();
    } finally {
      await writer.release();
    }
  });

  it("a timeout set with begin holds for the next statement only: a user's statement cannot lift it for the one after", async () => {
    const session = await subject.engine.openSession({ begin: { readOnly: true, timeoutMs: 400 } });
    try {
      await session.execute(subject.liftTimeout, { timeoutMs: 400 });
      const err = await session.execute(subject.sleep(3600), { timeoutMs: 400 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EngineTimeoutError);
      await waitFor(async () => (await subject.running(session.backendId)).length === 0);
    } finally {
      await session.release();
    }
  });

  it('cancel stops a running statement in the database', async () => {
    await inSession(async (session) => {
      const running = session.execute(subject.sleep(3600), { maxRows: 10 }).catch((e: unknown) => e);
      await waitFor(async () => (await subject.running(session.backendId)).some((q) => /sleep/i.test(q)));
      await session.cancel();
      expect(await running).toBeInstanceOf(EngineCancelledError);
      expect(await subject.running(session.backendId)).toEqual([]);
    });
  });

  it('50 concurrent queries on a pool of 5 all succeed: they wait in line instead of failing to connect', async () => {
    // Each holds its connection long enough that the last ones wait longer than the connect timeout.
    const runs = Array.from({ length: 50 }, (_, i) =>
      inSession(async (s) => (await s.execute(`SELECT ${i} AS n, (${subject.sleep(1.5)}) AS slept`)).rows[0]!.n),
    );
    const settled = await Promise.allSettled(runs);
    expect(
      settled.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
    ).toEqual([]);
    expect(settled.map((r) => (r as PromiseFulfilledResult<unknown>).value)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
  }, 120_000);

  it("a wait for a connection is bounded by the caller's time limit; first come, first served", async () => {
    const held: EngineSession[] = [];
    for (let i = 0; i < POOL_SIZE; i++) held.push(await subject.engine.openSession());
    try {
      await expect(subject.engine.openSession({ waitMs: 100 })).rejects.toBeInstanceOf(EngineTimeoutError);
      const order: number[] = [];
      const waiting = [1, 2, 3].map((n) =>
        subject.engine.openSession({ waitMs: 60_000 }).then(async (s) => {
          order.push(n);
          await s.release();
        }),
      );
      // Once the three are in line (openSession reads the cached capabilities first), metadata waits
      // behind them in the same line instead of overtaking them inside the pool.
      await new Promise((resolve) => setImmediate(resolve));
      const schemas = subject.engine.listSchemas().then(() => order.push(4));
      await held.shift()!.release();
      await Promise.all([...waiting, schemas]);
      expect(order).toEqual([1, 2, 3, 4]);
    } finally {
      await Promise.all(held.map((s) => s.release()));
    }
  }, 60_000);

  it('refuses at once with a 503 when too many are already waiting', async () => {
    const held: EngineSession[] = [];
    for (let i = 0; i < POOL_SIZE; i++) held.push(await subject.engine.openSession());
    const waiting = Array.from({ length: MAX_WAITING }, () =>
      subject.engine.openSession({ waitMs: 60_000 }).then((s) => s.release()),
    );
    try {
      const refused = await subject.engine.openSession({ waitMs: 60_000 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(EngineBusyError);
      expect(refused).toMatchObject({ status: 503, errorType: 'GENERIC_DB_ENGINE_ERROR' });
    } finally {
      await Promise.all(held.map((s) => s.release()));
      await Promise.all(waiting);
    }
  }, 60_000);

  it('refuses to start a statement after an early cancel', async () => {
    const session = await subject.engine.openSession();
    try {
      await session.cancel();
      await expect(session.begin({ readOnly: true })).rejects.toBeInstanceOf(EngineCancelledError);
      await expect(session.execute(subject.sleep(30))).rejects.toBeInstanceOf(EngineCancelledError);
      expect(await subject.running(session.backendId)).toEqual([]);
    } finally {
      await session.release();
    }
  });
});

/** Rows enough that reading them all would take days. */
const HUGE = 1_000_000_000_000;

/** Polls `probe`; the bound is generous (a loaded machine is slow, not failing) and below the test's own. */
async function waitFor(probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
