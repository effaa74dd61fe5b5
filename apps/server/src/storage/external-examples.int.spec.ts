/**
 * The examples reader on a real PostgreSQL: even with SQL Lab's checks out of the way, the database
 * itself refuses to let it become anyone stronger, also when an earlier install (or a hand-made grant)
 * made it a member of a strong role.
 */
import { Client } from 'pg';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { ensureReaderRole, readerPassword, readerRoleName } from './external-examples';
import { databaseNameOf, withCredentials } from './pg-url';

let db: TestDatabase;
let role: string;
const strong = `strong_${process.pid}`;

async function as<T>(url: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

beforeAll(async () => {
  db = await createTestDatabase('examples_reader');
  role = readerRoleName(databaseNameOf(db.url));
  await as(db.url, async (c) => {
    await c.query(`DROP ROLE IF EXISTS "${role}"`);
    await c.query(`DROP ROLE IF EXISTS "${strong}"`);
    await c.query(`CREATE ROLE "${strong}" CREATEROLE CREATEDB`);
    // What an older install or an operator may have left: the reader inside strong roles.
    await c.query(`CREATE ROLE "${role}" LOGIN INHERIT IN ROLE "${strong}", pg_read_server_files`);
    await c.query(`GRANT postgres TO "${role}"`);
  });
});
afterAll(async () => {
  await as(db.url, async (c) => {
    await c.query(`DROP ROLE IF EXISTS "${strong}"`);
  });
  await db.drop();
  await as(db.url.replace(/\/[^/]*$/, '/postgres'), (c) => c.query(`DROP ROLE IF EXISTS "${role}"`));
});

it('cannot SET ROLE to postgres or to any role it was a member of, and holds no strong attribute', async () => {
  const password = readerPassword('k'.repeat(40), role);
  await ensureReaderRole(db.url, role, password);
  await as(withCredentials(db.url, role, password), async (reader) => {
    for (const target of ['postgres', strong, 'pg_read_server_files']) {
      await expect(reader.query(`SET ROLE "${target}"`)).rejects.toMatchObject({ code: '42501' });
    }
    await expect(reader.query(`SET SESSION AUTHORIZATION postgres`)).rejects.toMatchObject({ code: '42501' });
    const { rows } = await reader.query(
      `SELECT rolsuper, rolcreaterole, rolcreatedb, rolinherit, rolbypassrls, (SELECT count(*)::int FROM pg_auth_members WHERE member = r.oid) AS memberships
       FROM pg_roles r WHERE rolname = current_user`,
    );
    expect(rows).toEqual([
      {
        rolsuper: false,
        rolcreaterole: false,
        rolcreatedb: false,
        rolinherit: false,
        rolbypassrls: false,
        memberships: 0,
      },
    ]);
  });
});
