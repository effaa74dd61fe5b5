/**
 * `databases` and `database_access` are folds of the log (projections/CONTEXT.md): after any sequence of
 * database commands through the real write path (DatabasesService on the CommandBus, DecisionRunner, the
 * projection in the append's transaction), rows registered outside the log by an older version and
 * adopted on their first change included, `rebuild('databases')` gives the same rows, and the encrypted
 * passwords beside them (database_credentials, not events) are left as they were.
 */
import fc from 'fast-check';
import { DATABASE_OPTIONS, type DatabaseSettings } from '@strata/domain';
import { DomainError } from '@strata/events';
import { DataSource } from 'typeorm';
import type { ConnectionSpec } from '../engines/query-engine';
import { EventStore } from '../event-store/event-store.port';
import { liveAndRebuilt, tableRows } from '../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../testing/auth-test-app';
import { DatabasesModule } from './databases.module';
import { DatabasesService, type Actor } from './databases.service';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp({ extraModules: [DatabasesModule] });
});
afterAll(() => t?.close());

const connection: fc.Arbitrary<ConnectionSpec> = fc.record(
  {
    backend: fc.constantFrom('postgresql' as const, 'mysql' as const),
    host: fc.constantFrom('db1.example.org', 'db2.example.org'),
    port: fc.constantFrom(5432, 3306),
    database: fc.constantFrom('sales', 'ops'),
    username: fc.constantFrom('ana', 'bo'),
    // Absent or the mask: keep the stored one; '' removes it; anything else is a new one.
    password: fc.constantFrom('secret-1', 'secret-2', '', 'XXXXXXXXXX'),
  },
  { requiredKeys: ['backend', 'host', 'port', 'database', 'username'] },
);
const options = fc.record(Object.fromEntries(DATABASE_OPTIONS.map((o) => [o, fc.boolean()])), { requiredKeys: [] });
const settings: fc.Arbitrary<Partial<DatabaseSettings>> = fc
  .tuple(
    options,
    fc.record(
      {
        force_ctas_schema: fc.constantFrom(null, 'scratch'),
        cache_timeout: fc.constantFrom(null, 0, 60),
        extra: fc.constantFrom({}, { metadata_params: {} }, { engine_params: { pool_size: 2 } }),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([a, b]) => ({ ...a, ...b }));
/** Which of the run's databases a command is about (modulo how many there are). */
const which = fc.nat({ max: 5 });
const actor = fc.constantFrom<Actor>(1, 'system');
const roles = fc.uniqueArray(fc.constantFrom('Gamma', 'sql_lab', 'Alpha'), { maxLength: 3 });

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), connection, settings, actor }),
  // What an older version did: a row written straight into the table (version 0), password in the URI.
  fc.record({ kind: fc.constant('registerOutside' as const), connection, roles }),
  fc.record({
    kind: fc.constant('update' as const),
    which,
    rename: fc.boolean(),
    connection: fc.option(connection, { nil: undefined }),
    settings,
    actor,
  }),
  fc.record({ kind: fc.constant('access' as const), which, roles, actor }),
  fc.record({ kind: fc.constant('delete' as const), which, actor }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let named = 0;
const newName = () => `db ${(named += 1)}`;

async function registerOutside(spec: ConnectionSpec, grants: string[]): Promise<number> {
  const ds = t.app.get(DataSource);
  const uri = `${spec.backend}://${spec.username}${spec.password ? `:${spec.password}` : ''}@${spec.host}:${spec.port}/${spec.database}`;
  const [{ id }] = (await ds.query(`INSERT INTO databases (database_name, uri) VALUES ($1, $2) RETURNING id`, [
    newName(),
    uri,
  ])) as { id: number }[];
  for (const role of grants)
    await ds.query(`INSERT INTO database_access (database_id, role) VALUES ($1, $2)`, [id, role]);
  return id;
}

async function run(commands: Command[], ids: number[]): Promise<void> {
  const databases = t.app.get(DatabasesService);
  for (const c of commands) {
    if (c.kind === 'create') {
      const row = await databases.create(
        { settings: { ...c.settings, database_name: newName() }, connection: c.connection },
        c.actor,
      );
      ids.push(row.id);
      continue;
    }
    if (c.kind === 'registerOutside') {
      ids.push(await registerOutside(c.connection, c.roles));
      continue;
    }
    if (ids.length === 0) continue;
    const id = ids[c.which % ids.length];
    try {
      if (c.kind === 'update') {
        const changes = { ...c.settings, ...(c.rename && { database_name: newName() }) };
        await databases.update(id, { settings: changes, connection: c.connection }, c.actor);
      }
      if (c.kind === 'access') await databases.setAccess(id, c.roles, c.actor);
      if (c.kind === 'delete') await databases.delete(id, c.actor);
    } catch (err) {
      // A command the rules refuse (a deleted database) is part of a random sequence, not a failure.
      if (!(err instanceof DomainError)) throw err;
    }
  }
}

describe('the databases read model', () => {
  it('rebuilt from the log equals the live tables after any sequence of commands, passwords untouched', async () => {
    const ds = t.app.get(DataSource);
    const store = t.app.get(EventStore);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (commands) => {
        await run(commands, []);
        const passwords = await tableRows(ds, 'database_credentials');
        const { live, rebuilt } = await liveAndRebuilt(store, ds, 'databases', ['databases', 'database_access']);
        expect(rebuilt).toEqual(live);
        expect(await tableRows(ds, 'database_credentials')).toEqual(passwords);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps a row registered outside the log through a rebuild, and takes one over on its first change', async () => {
    const store = t.app.get(EventStore);
    const databases = t.app.get(DatabasesService);
    const spec: ConnectionSpec = {
      backend: 'postgresql',
      host: 'old.example.org',
      port: 5432,
      database: 'x',
      username: 'ana',
      password: 'in-the-uri',
    };
    const untouched = await registerOutside(spec, ['Gamma']);
    const adopted = await registerOutside(spec, ['Gamma']);
    await databases.update(adopted, { settings: { allow_dml: true } }, 1);
    await store.rebuild('databases');

    expect(await databases.find(untouched)).toMatchObject({ version: 0, roles: ['Gamma'] });
    const row = (await databases.find(adopted))!;
    expect(row).toMatchObject({ version: 3, allow_dml: true, roles: ['Gamma'], has_password: true, created_by: 1 });
    expect(row.uri).not.toContain('in-the-uri');
    expect((await databases.connectionSpec(row)).password).toBe('in-the-uri');
    const events = await store.readStream(`database:${adopted}`);
    expect(events.map((e) => e.type)).toEqual([
      'database/databaseAdopted',
      'database/accessGranted',
      'database/optionEnabled',
    ]);
    expect(row.created_on).toBe(new Date(events[0].meta.at).toISOString());
    // The row no event made is left as the older version wrote it.
    expect((await databases.find(untouched))!.uri).toContain(':in-the-uri@');
  });
});
