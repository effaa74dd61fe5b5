/**
 * The examples database when Strata runs on a real PostgreSQL (DATABASE_URL set): EXAMPLES_DATABASE_URL
 * if given, else a database `<metadata db>_examples` created beside the metadata one; plus a SELECT-only
 * login role `<examples db>_reader` for users' queries.
 */
import { createHmac } from 'node:crypto';
import { Client } from 'pg';
import { ExamplesDatabase } from './examples-database';
import { databaseNameOf, quoteIdent, quoteLiteral, redactPassword, withCredentials, withDatabase } from './pg-url';
import { logConnectionErrors } from '../common/connection-errors';

export interface ExternalExamplesOptions {
  metadataUrl: string;
  examplesUrl?: string;
  /** Derives the reader's password, so it is stable across restarts without being stored. */
  secretKey: string;
  warn: (message: string) => void;
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = logConnectionErrors(new Client({ connectionString: url }), 'examples database setup');
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CREATE DATABASE cannot run in a transaction and has no IF NOT EXISTS: check, create, tolerate a race. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (client) => {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (error) {
      if ((error as { code?: string }).code === '42P04') return; // duplicate_database: created meanwhile.
      throw new Error(
        `Could not create the examples database "${name}" beside the metadata one (${(error as Error).message}). ` +
          'Create it yourself or set EXAMPLES_DATABASE_URL.',
        { cause: error },
      );
    }
  });
}

export function readerRoleName(examplesDatabase: string): string {
  return `${examplesDatabase}_reader`.slice(0, 63);
}

export function readerPassword(secretKey: string, role: string): string {
  return createHmac('sha256', secretKey).update(`examples-reader:${role}`).digest('base64url');
}

/**
 * Creates (or re-asserts) a login role that can read the examples database's public schema and nothing
 * else: not a superuser, no role creation, and a member of no role, so `SET ROLE` to anything stronger
 * fails in the database itself.
 */
export async function ensureReaderRole(adminUrl: string, role: string, password: string): Promise<void> {
  const database = databaseNameOf(adminUrl);
  await withClient(adminUrl, async (client) => {
    try {
      await client.query(`
        DO $$ BEGIN
          IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${quoteLiteral(role)}) THEN
            CREATE ROLE ${quoteIdent(role)} LOGIN;
          END IF;
        END $$`);
    } catch (error) {
      // Two servers starting at once: the other one created it.
      if (!['23505', '42710'].includes((error as { code?: string }).code ?? '')) throw error;
    }
    await client.query(
      `ALTER ROLE ${quoteIdent(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD ${quoteLiteral(password)}`,
    );
    // A member of another role could SET ROLE to it (whatever SQL Lab's checks say): the reader is a
    // member of nothing, grants made before this version (or by hand) included.
    await client.query(`
      DO $$ DECLARE m record; BEGIN
        FOR m IN SELECT g.rolname AS granted, b.rolname AS grantor FROM pg_auth_members a
                 JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles b ON b.oid = a.grantor
                 WHERE a.member = (SELECT oid FROM pg_roles WHERE rolname = ${quoteLiteral(role)}) LOOP
          EXECUTE format('REVOKE %I FROM %I GRANTED BY %I CASCADE', m.granted, ${quoteLiteral(role)}, m.grantor);
        END LOOP;
      END $$`);
    await client.query(`ALTER ROLE ${quoteIdent(role)} SET default_transaction_read_only = on`);
    await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${quoteIdent(role)}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${quoteIdent(role)}`);
    await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${quoteIdent(role)}`);
  });
}

export async function externalExamplesDatabase(options: ExternalExamplesOptions): Promise<ExamplesDatabase> {
  let adminUrl = options.examplesUrl;
  if (!adminUrl) {
    const name = `${databaseNameOf(options.metadataUrl)}_examples`.slice(0, 63);
    await ensureDatabase(options.metadataUrl, name);
    adminUrl = withDatabase(options.metadataUrl, name);
  }
  const role = readerRoleName(databaseNameOf(adminUrl));
  const password = readerPassword(options.secretKey, role);
  try {
    await ensureReaderRole(adminUrl, role, password);
  } catch (error) {
    options.warn(
      `Could not create the read-only role "${role}" on ${redactPassword(adminUrl)} (${(error as Error).message}). ` +
        "Users' queries on the examples database will use the owner's connection: grant CREATEROLE or create the role yourself.",
    );
    return new ExamplesDatabase(adminUrl, adminUrl, null, 'none');
  }
  return new ExamplesDatabase(adminUrl, withCredentials(adminUrl, role, password), role, 'role');
}
