/**
 * The examples database is registered through the databases command path against a real PostgreSQL:
 * events on `database:<id>`, the reader's password of an external EXAMPLES_DATABASE_URL encrypted (never
 * in `databases.uri`), nothing written again when nothing changed, a new port re-points it, and a row an
 * earlier version wrote directly (password in clear in the URI) is adopted and its password moved out.
 */
import { DataSource } from 'typeorm';
import { DatabasesModule } from '../../databases/databases.module';
import { DatabasesService } from '../../databases/databases.service';
import { EventStore } from '../../event-store/event-store.port';
import { ExamplesDatabase } from '../../storage/examples-database';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { EXAMPLES_DATABASE_NAME, registerExamplesDatabase } from './register-examples';

let t: AuthTestApp;
let databases: DatabasesService;
const SECRET = 'reader-secret-Pa55';
const external = (port: number) =>
  new ExamplesDatabase(
    'postgres://owner:owner-pw@db.example.org:5432/ex',
    `postgres://ex_reader:${SECRET}@db.example.org:${port}/ex`,
    'ex_reader',
    'role',
  );

beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DatabasesModule] });
  databases = t.app.get(DatabasesService);
});
afterAll(async () => {
  await t?.close();
});

const query = <T>(sql: string, params?: unknown[]) => t.app.get(DataSource).query(sql, params) as Promise<T[]>;
const events = async (id: number) => (await t.app.get(EventStore).readStream(`database:${id}`)).map((e) => e.type);

it('registers an external examples database with its reader password encrypted, as events', async () => {
  const id = await registerExamplesDatabase(databases, external(5432));
  const [row] = await query<{
    uri: string;
    expose_in_sqllab: boolean;
    allow_dml: boolean;
    extra: Record<string, unknown>;
  }>('SELECT * FROM databases WHERE id = $1', [id]);
  expect(row).toMatchObject({
    expose_in_sqllab: true,
    allow_dml: false,
    extra: { examples: true, read_only_enforcement: 'role' },
  });
  expect(row.uri).not.toContain(SECRET);
  expect(row.uri).toBe('postgresql://ex_reader@db.example.org:5432/ex');
  const [credentials] = await query<{ password_ciphertext: string }>(
    'SELECT password_ciphertext FROM database_credentials WHERE database_id = $1',
    [id],
  );
  expect(credentials.password_ciphertext).not.toContain(SECRET);
  expect((await databases.connectionSpec({ id, uri: row.uri })).password).toBe(SECRET);
  expect(await events(id)).toEqual(['database/databaseCreated', 'database/passwordChanged']);
  const [{ n }] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM events WHERE data::text LIKE '%' || $1 || '%'`,
    [SECRET],
  );
  expect(n).toBe(0);

  // The same connection at the next start: nothing is written.
  expect(await registerExamplesDatabase(databases, external(5432))).toBe(id);
  expect(await events(id)).toHaveLength(2);
  // Another port (the embedded database moves at each start): re-pointed, settings an admin changed kept.
  await databases.update(id, { settings: { allow_run_async: true } }, 'system');
  await registerExamplesDatabase(databases, external(6543));
  const [moved] = await query<{ uri: string; allow_run_async: boolean }>(
    'SELECT uri, allow_run_async FROM databases WHERE id = $1',
    [id],
  );
  expect(moved).toEqual({ uri: 'postgresql://ex_reader@db.example.org:6543/ex', allow_run_async: true });
  expect((await events(id)).at(-1)).toBe('database/connectionChanged');
  await databases.delete(id, 'system');
});

it('adopts a row an earlier version wrote directly, moving the clear password out of the URI', async () => {
  const [{ id }] = await query<{ id: number }>(
    `INSERT INTO databases (database_name, uri, expose_in_sqllab, allow_dml, extra) VALUES ($1, $2, true, false, '{"examples": true}') RETURNING id`,
    [EXAMPLES_DATABASE_NAME, `postgresql://ex_reader:${SECRET}@db.example.org:5432/ex`],
  );
  expect(await registerExamplesDatabase(databases, external(5432))).toBe(id);
  const [row] = await query<{ uri: string }>('SELECT uri FROM databases WHERE id = $1', [id]);
  expect(row.uri).toBe('postgresql://ex_reader@db.example.org:5432/ex');
  expect((await databases.connectionSpec({ id, uri: row.uri })).password).toBe(SECRET);
  expect((await events(id))[0]).toBe('database/databaseAdopted');
});
