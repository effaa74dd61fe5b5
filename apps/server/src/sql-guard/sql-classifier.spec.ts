import { classifyScript, refusalOf } from './sql-classifier';

const pg = (sql: string) => classifyScript(sql, 'postgresql');
const my = (sql: string) => classifyScript(sql, 'mysql');
/** The refusal's error type on a read-only database and on one that allows DML, or 'ok'. */
async function verdicts(sql: string, backend: 'postgresql' | 'mysql' = 'postgresql') {
  const statements = await classifyScript(sql, backend);
  return [false, true].map((allowDml) => refusalOf(statements, allowDml)?.errorType ?? 'ok');
}

describe('PostgreSQL: what changes who the session is, or lifts read-only mode, is refused on every database', () => {
  it.each([
    // Spellings that text matching let through: the parser resolves them all.
    "SELECT set_config('ro'||'le','postgres',false), current_user",
    'SET "role" TO postgres',
    'SET U&"rol\\0065" TO postgres',
    `SELECT "set_config"('role', 'postgres', false)`,
    `SELECT pg_catalog."set_config"('role', 'postgres', false)`,
    "SELECT SET_CONFIG('ROLE', 'postgres', false)",
    "SELECT set_config(U&'\\0072ole', 'postgres', false)",
    "SELECT set_config('role'::text, 'postgres', false)",
    "SELECT set_config(E'role', 'postgres', false)",
    "SELECT set_config(lower('ROLE'), 'postgres', false)",
    "SELECT * FROM t WHERE set_config('default_transaction_read_only', 'off', false) IS NOT NULL",
    "SELECT set_config('app.tenant', '2', false)",
    'SET ROLE postgres',
    'set local role postgres',
    'SET SESSION ROLE NONE',
    'RESET ROLE',
    'SET SESSION AUTHORIZATION postgres',
    'SET SESSION AUTHORIZATION DEFAULT',
    'RESET SESSION AUTHORIZATION',
    'RESET ALL',
    'DISCARD ALL',
    'DISCARD PLANS',
    'SET default_transaction_read_only = off',
    'RESET default_transaction_read_only',
    'SET transaction_read_only = off',
    'SET TRANSACTION READ WRITE',
    'SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ WRITE',
    'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
    'SET standard_conforming_strings = off',
    'SET session_replication_role = replica',
    '/* first */ SET ROLE postgres',
    'ALTER ROLE me SUPERUSER',
    'GRANT postgres TO me',
    "DO $$ BEGIN EXECUTE 'RESET ROLE'; END $$",
  ])('%s', async (sql) => {
    expect(await verdicts(sql)).toEqual(['QUERY_SECURITY_ACCESS_ERROR', 'QUERY_SECURITY_ACCESS_ERROR']);
  });
});

describe('PostgreSQL: what reaches files, programs, other databases or sessions is refused on every database', () => {
  it.each([
    "SELECT pg_read_file('/etc/passwd')",
    "SELECT * FROM pg_ls_dir('.')",
    "SELECT dblink_exec('dbname=strata', 'DELETE FROM users')",
    "SELECT * FROM public.dblink('dbname=strata', 'SELECT 1') AS t(x int)",
    "SELECT lo_import('/etc/passwd')",
    'SELECT pg_terminate_backend(1)',
    'SELECT pg_reload_conf()',
    "SELECT query_to_xml('SELECT set_config(''role'', ''postgres'', false)', true, true, '')",
    "SELECT ts_stat('SELECT 1')",
    "COPY t TO '/tmp/x'",
    "COPY t FROM PROGRAM 'id'",
    'CREATE EXTENSION dblink',
    "CREATE SERVER s FOREIGN DATA WRAPPER postgres_fdw OPTIONS (dbname 'strata')",
    "LOAD 'plpgsql'",
    "ALTER SYSTEM SET work_mem = '1GB'",
  ])('%s', async (sql) => {
    expect(await verdicts(sql)).toEqual(['QUERY_SECURITY_ACCESS_ERROR', 'QUERY_SECURITY_ACCESS_ERROR']);
  });
});

describe('PostgreSQL: a read-only run accepts only its allow-list', () => {
  it.each([
    'INSERT INTO t VALUES (1)',
    'UPDATE t SET a = 1',
    'DELETE FROM t',
    'DROP TABLE t',
    'CREATE TABLE u (a int)',
    'TRUNCATE t',
    'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
    'SELECT * FROM (WITH d AS (UPDATE t SET a = 1 RETURNING a) SELECT * FROM d) s',
    'EXPLAIN ANALYZE DELETE FROM t',
    'EXPLAIN (ANALYZE true, COSTS off) DELETE FROM t',
    'SELECT * INTO new_table FROM t',
    "SELECT setval('s', 1)",
    "SELECT nextval('s')",
    'SELECT pg_advisory_lock(1)',
    'SELECT pg_try_advisory_xact_lock(1)',
    'SELECT lo_create(0)',
    "SELECT pg_notify('c', 'x')",
    "SELECT set_config('session_replication_role', 'replica', false) IS NULL OR true",
    "SELECT set_config('log_statement', 'none', false)",
    'SET log_statement = none',
    'LISTEN c',
    'PREPARE p AS DELETE FROM t',
    'EXECUTE p',
    'DECLARE c CURSOR FOR SELECT 1',
    'COMMIT',
    'LOCK t',
    'VACUUM t',
  ])('%s', async (sql) => {
    const [readOnly] = await verdicts(sql);
    expect(readOnly).not.toBe('ok');
  });

  it('says which statement was refused and why', async () => {
    const refusal = refusalOf(
      await pg('SELECT 1; -- then\nWITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d'),
      false,
    );
    expect(refusal).toEqual({
      errorType: 'DML_NOT_ALLOWED_ERROR',
      message:
        'Only `SELECT` statements are allowed against this database: `WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d` contains a statement that changes data.',
    });
    const role = refusalOf(await pg("SELECT set_config('ro'||'le','postgres',false)"), true);
    expect(role?.message).toMatch(
      /^`SELECT set_config\('ro'\|\|'le','postgres',false\)` is not allowed: set_config\(\) is allowed only with a literal/,
    );
  });

  it('lets writes through where the database allows DML', async () => {
    for (const sql of [
      'INSERT INTO t VALUES (1)',
      'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d',
      "SELECT nextval('s')",
      'CREATE TABLE u (a int)',
    ]) {
      expect(await verdicts(sql)).toEqual(['DML_NOT_ALLOWED_ERROR', 'ok']);
    }
  });
});

describe('PostgreSQL: reads pass, whatever their text contains', () => {
  it.each([
    'SELECT 1',
    'WITH x AS (SELECT 1 AS a), y AS (SELECT a FROM x) SELECT * FROM y',
    'WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 3) SELECT * FROM r',
    "SELECT 'SET ROLE postgres' AS s /* RESET ALL; set_config('role') */",
    "SELECT 'set role postgres; DELETE FROM t' -- SET ROLE postgres\n, $$ DISCARD ALL $$",
    'SELECT role FROM members',
    'SELECT "role", "set_config" FROM weird',
    "SELECT current_setting('role')",
    "SELECT set_config('search_path', 'nowhere', false)",
    "SELECT set_config('statement_timeout', '5s', true)",
    'SELECT pg_sleep(0)',
    'VALUES (1), (2)',
    'TABLE t',
    'EXPLAIN SELECT 1',
    'EXPLAIN DELETE FROM t',
    'EXPLAIN (ANALYZE) SELECT count(*) FROM t',
    'EXPLAIN (ANALYZE false) DELETE FROM t',
    'SHOW search_path',
    'SHOW ROLE',
    'SET statement_timeout = 1000',
    'SET LOCAL statement_timeout TO 5000',
    'RESET statement_timeout',
    'SET search_path TO public',
    "SET TIME ZONE 'UTC'",
    'SET enable_seqscan = off',
    'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ',
    'SET TRANSACTION READ ONLY',
    'SELECT * FROM t FOR UPDATE',
  ])('%s', async (sql) => {
    expect(await verdicts(sql)).toEqual(['ok', 'ok']);
  });

  it('marks SELECTs, and only them, as returning rows', async () => {
    const statements = await pg(
      'SELECT 1; WITH x AS (SELECT 1) SELECT * FROM x; EXPLAIN SELECT 1; SHOW search_path; VALUES (1); SELECT 1 INTO t',
    );
    expect(statements.map((s) => s.isSelect)).toEqual([true, true, false, false, true, false]);
  });
});

describe('PostgreSQL: scripts are split by the parser', () => {
  it('cuts statements at its own offsets (multi-byte text, dollar quotes, semicolons in strings and comments)', async () => {
    const statements = await pg(`SELECT 'é;è' AS x; -- c;d
      SELECT $fn$ e;f $fn$; /* g; /* nested; */ h; */ SELECT "i;j" FROM t;;`);
    expect(statements.map((s) => s.sql)).toEqual([`SELECT 'é;è' AS x`, `SELECT $fn$ e;f $fn$`, `SELECT "i;j" FROM t`]);
  });
  it('refuses what PostgreSQL cannot parse, with its message', async () => {
    const [only] = await pg('SELECT 1; SELEC 2');
    expect(refusalOf([only], true)).toEqual({
      errorType: 'SYNTAX_ERROR',
      message: 'PostgreSQL cannot read this SQL: syntax error at or near "SELEC".',
    });
  });
});

describe('MySQL/MariaDB', () => {
  it.each([
    'SET @@session.transaction_read_only = 0',
    'SET @@tx_read_only = 0',
    'SET a = 1, @@session.transaction_read_only = 0',
    'SET GLOBAL max_connections = 1',
    'SET @@global.read_only = 0',
    'SET autocommit = 1',
    'SET sql_mode = ANSI_QUOTES',
    "SET PASSWORD = 'x'",
    'SET ROLE ALL',
    "SELECT LOAD_FILE('/etc/passwd')",
    "SELECT * FROM t INTO OUTFILE '/tmp/x'",
    "GRANT ALL ON *.* TO 'me'@'%'",
  ])('refuses on every database: %s', async (sql) => {
    expect(await verdicts(sql, 'mysql')).toEqual(['QUERY_SECURITY_ACCESS_ERROR', 'QUERY_SECURITY_ACCESS_ERROR']);
  });

  it.each(['DELETE FROM t', "SELECT GET_LOCK('a', 1)", 'SET foreign_key_checks = 0', 'INSERT INTO t VALUES (1)'])(
    'refuses in a read-only run: %s',
    async (sql) => {
      expect((await verdicts(sql, 'mysql'))[0]).toBe('DML_NOT_ALLOWED_ERROR');
    },
  );

  it.each([
    'SELECT 1',
    "SELECT 'SET ROLE x; DELETE FROM t' AS s # DROP TABLE t",
    'WITH x AS (SELECT 1) SELECT * FROM x',
    'SHOW TABLES',
    'DESCRIBE t',
    'EXPLAIN SELECT 1',
    'SET SESSION max_statement_time = 5',
    'SET @role = 1',
    'SELECT @@transaction_read_only',
    'SELECT SLEEP(0)',
  ])('lets reads pass: %s', async (sql) => {
    expect(await verdicts(sql, 'mysql')).toEqual(['ok', 'ok']);
  });

  it('splits with the lexer and marks SELECTs', async () => {
    const statements = await my("SELECT `a;b`, 'it\\'s;' # x;y\n; SELECT 2");
    expect(statements.map((s) => [s.sql, s.isSelect])).toEqual([
      ["SELECT `a;b`, 'it\\'s;' # x;y", true],
      ['SELECT 2', true],
    ]);
  });
});
