/**
 * POST /api/v1/sqllab/execute/ refuses SQL that would change the session's role or lift read-only mode,
 * however it is spelled (concatenated, quoted, U& escaped, through template parameters), on a real
 * PostgreSQL and on the embedded examples database (PGlite, whose reader is a session-level SET ROLE of
 * a superuser session), before anything runs; and no run leaves a setting or an advisory lock behind on
 * the pooled connection the next run gets.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../storage/embedded/embedded-postgres';
import { EMBEDDED_READER_ROLE } from '../../storage/storage-runtime';
import { clientId, startSqlLabTestApp, type SqlLabTestApp } from './testing/sqllab-test-app';

let app: SqlLabTestApp;
let pglite: EmbeddedPostgres;
let home: string;
const db: Record<'pgReadOnly' | 'pgWritable' | 'embeddedReadOnly' | 'embeddedWritable', number> = {
  pgReadOnly: 0,
  pgWritable: 0,
  embeddedReadOnly: 0,
  embeddedWritable: 0,
};

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'strata-pglite-guard-'));
  pglite = await startEmbeddedPostgres({
    name: 'examples',
    dataDir: join(home, 'examples'),
    password: 'guard-test-password',
    readerRole: EMBEDDED_READER_ROLE,
  });
  app = await startSqlLabTestApp();
  db.pgReadOnly = await app.addDatabase('target');
  db.pgWritable = await app.addDatabase('target_dml', { allow_dml: true });
  db.embeddedReadOnly = await app.addDatabase('examples', { uri: pglite.url(EMBEDDED_READER_ROLE) });
  db.embeddedWritable = await app.addDatabase('examples_dml', {
    uri: pglite.url(EMBEDDED_READER_ROLE),
    allow_dml: true,
  });
}, 120_000);
afterAll(async () => {
  await app?.close();
  await pglite?.stop();
  rmSync(home, { recursive: true, force: true });
});

const run = (database_id: number, sql: string, templateParams?: string) =>
  app.admin.post('/api/v1/sqllab/execute/', {
    database_id,
    client_id: clientId(),
    sql,
    ...(templateParams ? { templateParams } : {}),
  });
const everyDatabase = () => Object.values(db);

it.each([
  ['RESET ROLE', 'RESET ROLE', undefined],
  ["SELECT 1; SELECT set_config('role', 'postgres', false)", "SELECT set_config('role', 'postgres', false)", undefined],
  ['SET TRANSACTION READ WRITE; SELECT 1', 'SET TRANSACTION READ WRITE', undefined],
  [
    "SELECT set_config('ro'||'le','postgres',false), current_user",
    "SELECT set_config('ro'||'le','postgres',false), current_user",
    undefined,
  ],
  ['SET "role" TO postgres', 'SET "role" TO postgres', undefined],
  ['SET U&"rol\\0065" TO postgres', 'SET U&"rol\\0065" TO postgres', undefined],
  [
    `SELECT "set_config"('role', 'postgres', false), current_user`,
    `SELECT "set_config"('role', 'postgres', false), current_user`,
    undefined,
  ],
  // The template renders first; the rendered SQL is what is classified.
  [
    "SELECT set_config('{{ setting }}', 'postgres', false), current_user",
    "SELECT set_config('role', 'postgres', false), current_user",
    '{"setting": "role"}',
  ],
  ['{{ statement }} TO postgres', 'SET "role" TO postgres', '{"statement": "SET \\"role\\""}'],
])(
  'refuses %j with 400 QUERY_SECURITY_ACCESS_ERROR on every database, embedded included, and records no query',
  async (sql, what, params) => {
    for (const id of everyDatabase()) {
      const res = await run(id, sql, params);
      expect({ id, status: res.status }).toEqual({ id, status: 400 });
      expect(res.body.errors).toEqual([
        expect.objectContaining({
          error_type: 'QUERY_SECURITY_ACCESS_ERROR',
          message: expect.stringContaining(`\`${what}\` is not allowed`),
        }),
      ]);
      expect(res.body.query).toBeUndefined();
    }
    expect(await app.metaQuery(`SELECT count(*)::int AS n FROM query WHERE sql = $1`, [sql])).toEqual([{ n: 0 }]);
  },
);

it('runs users SQL on the embedded database as the reader, not the superuser', async () => {
  const res = await run(db.embeddedReadOnly, 'SELECT current_user AS who');
  expect(res.body.data).toEqual([{ who: EMBEDDED_READER_ROLE }]);
});

it('refuses a data-modifying CTE on a read-only database, naming the statement', async () => {
  for (const id of [db.pgReadOnly, db.embeddedReadOnly]) {
    const res = await run(id, 'WITH d AS (DELETE FROM victims RETURNING *) SELECT * FROM d');
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message:
        'Only `SELECT` statements are allowed against this database: `WITH d AS (DELETE FROM victims RETURNING *) SELECT * FROM d` contains a statement that changes data.',
    });
  }
  expect(await app.targetQuery('SELECT count(*)::int AS n FROM victims')).toEqual([{ n: 3 }]);
});

it('keeps SET statement_timeout allowed', async () => {
  const res = await run(db.pgReadOnly, 'SET statement_timeout = 5000; SELECT 1 AS one');
  expect(res.status).toBe(200);
  expect(res.body.data).toEqual([{ one: 1 }]);
});

it('a read-only run leaves no session setting behind for the next run on the connection', async () => {
  // set_config in a SELECT is allowed for settings that tune the run; the run is rolled back, which undoes it.
  const changed = await run(db.pgReadOnly, "SELECT set_config('search_path', 'nowhere', false) AS path");
  expect(changed.body.data).toEqual([{ path: 'nowhere' }]);
  for (let i = 0; i < 3; i++) {
    const next = await run(db.pgReadOnly, "SELECT current_setting('search_path') AS path");
    expect(next.body.data[0].path).not.toBe('nowhere');
  }
});

it.each([
  ['PostgreSQL', 'pgWritable'],
  ['embedded', 'embeddedWritable'],
] as const)(
  '%s: a committed run (allow_dml) leaves no setting and no advisory lock to the next run on the pool',
  async (_, key) => {
    const id = db[key];
    const changed = await run(
      id,
      "SELECT set_config('work_mem', '7MB', false) AS mem, pg_advisory_lock(424242) IS NULL AS locked",
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual([{ mem: '7MB', locked: false }]);
    for (let i = 0; i < 3; i++) {
      const next = await run(
        id,
        "SELECT current_setting('work_mem') AS mem, (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND objid = 424242) AS locks",
      );
      expect(next.status).toBe(200);
      expect(next.body.data).toEqual([{ mem: expect.not.stringMatching(/^7MB$/), locks: 0 }]);
    }
    if (key === 'embeddedWritable') {
      // The reset kept the embedded session's reader identity and its read-only default.
      const who = await run(
        db.embeddedReadOnly,
        "SELECT current_user AS who, current_setting('default_transaction_read_only') AS ro",
      );
      expect(who.body.data).toEqual([{ who: EMBEDDED_READER_ROLE, ro: 'on' }]);
    }
  },
);
