import { sessionChange } from './session-statements';
import { parseScript } from './statements';

const pg = (sql: string) => sessionChange(sql, 'postgresql');
const my = (sql: string) => sessionChange(sql, 'mysql');

describe('statements that change who the session is, or lift read-only mode, are flagged', () => {
  it.each([
    'SET ROLE postgres',
    'set role postgres',
    'SET LOCAL ROLE postgres',
    'SET SESSION ROLE NONE',
    'RESET ROLE',
    'SET SESSION AUTHORIZATION postgres',
    'SET SESSION AUTHORIZATION DEFAULT',
    'RESET SESSION AUTHORIZATION',
    'RESET ALL',
    'DISCARD ALL',
    'DISCARD PLANS',
    'SET default_transaction_read_only = off',
    'SET SESSION default_transaction_read_only TO false',
    'RESET default_transaction_read_only',
    'SET transaction_read_only = off',
    'SET TRANSACTION READ WRITE',
    'SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ WRITE',
    'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
    "SELECT set_config('role', 'postgres', false)",
    "SELECT * FROM t WHERE set_config('default_transaction_read_only', 'off', false) IS NOT NULL",
    "SELECT set_config(E'role', 'postgres', false)", // not a plain literal: cannot be checked, so refused
    "SELECT set_config(lower('ROLE'), 'postgres', false)",
    `SELECT pg_catalog."set_config"('role', 'postgres', false)`,
    '/* first */ SET ROLE postgres',
  ])('PostgreSQL: %s', (sql) => {
    expect(pg(sql)).not.toBeNull();
  });

  it.each([
    'SET ROLE ALL',
    'SET DEFAULT ROLE ALL TO me',
    'SET SESSION TRANSACTION READ WRITE',
    'SET TRANSACTION READ WRITE',
    'SET @@session.transaction_read_only = 0',
    'SET @@tx_read_only = 0',
    'SET a = 1, @@session.transaction_read_only = 0',
    'SET GLOBAL max_connections = 1',
    'SET @@global.read_only = 0',
    "SET PASSWORD = 'x'",
  ])('MySQL/MariaDB: %s', (sql) => {
    expect(my(sql)).not.toBeNull();
  });

  it('gives the statement, without comments and shortened, for the error message', () => {
    expect(pg('set   local role\n postgres -- me')).toBe('set local role postgres');
    expect(my('SET a = 1, @@session.transaction_read_only = 0')).toBe('SET a = 1, @@session.transaction_read_only = 0');
    expect(pg(`SELECT set_config('role', 'postgres', false) FROM ${'t'.repeat(80)}`)).toBe(`SELECT set_config('role', 'postgres', false) FROM ${'t'.repeat(9)}…`);
  });
});

describe('settings that only tune the run stay allowed', () => {
  it.each([
    'SET statement_timeout = 1000',
    'SET LOCAL statement_timeout TO 5000',
    'RESET statement_timeout',
    'SET search_path TO public',
    "SET TIME ZONE 'UTC'",
    'SET TRANSACTION ISOLATION LEVEL REPEATABLE READ',
    "SET application_name = 'role'",
    "SELECT current_setting('role')",
    "SELECT set_config('application_name', 'x', false)",
    "SELECT 'SET ROLE postgres' AS s /* RESET ALL */",
    'SELECT role FROM members',
    'SHOW ROLE',
  ])('PostgreSQL: %s', (sql) => {
    expect(pg(sql)).toBeNull();
  });

  it.each(['SET NAMES utf8mb4', 'SET SESSION max_statement_time = 5', 'SET @role = 1', 'SET @x = 1', 'SELECT @@transaction_read_only'])('MySQL/MariaDB: %s', (sql) => {
    expect(my(sql)).toBeNull();
  });
});

it('parseScript marks the statement of a script that changes the session', () => {
  const statements = parseScript('SELECT 1; RESET ROLE; SELECT 2', 'postgresql');
  expect(statements.map((s) => s.sessionChange)).toEqual([null, 'RESET ROLE', null]);
});
