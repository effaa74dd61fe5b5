/**
 * The `users` read model is a fold of the log (projections/CONTEXT.md): after any sequence of user
 * commands through the real write path (UsersService and LoginService on the CommandBus, DecisionRunner,
 * the projection in the append's transaction), `rebuild('users')` gives the same rows, and the password
 * hashes beside it (user_credentials, not events) are left as they were.
 */
import fc from 'fast-check';
import { DomainError, type Envelope } from '@strata/events';
import { DataSource } from 'typeorm';
import { EventStore } from '../../event-store/event-store.port';
import { liveAndRebuilt, tableRows } from '../../projections/testing/rebuild-equals-live';
import { createAuthTestApp, type AuthTestApp } from '../../testing/auth-test-app';
import { LoginService } from '../login/login.service';
import { ROLE_NAMES } from '../roles';
import { usersProjection } from './users.projection';
import { UsersService } from './users.service';

let t: AuthTestApp;
beforeAll(async () => {
  t = await createAuthTestApp();
});
afterAll(() => t?.close());

const roles = fc.uniqueArray(fc.constantFrom(...ROLE_NAMES), { minLength: 1, maxLength: 3 });
const name = fc.constantFrom('', 'Ana', 'Bo', 'Ça Va', 'Zoë');
const email = fc.constantFrom('', 'a@example.com', 'b@example.org');
/** Which of the run's users a command is about (modulo how many there are). */
const who = fc.nat({ max: 5 });

const command = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), roles, firstName: name, active: fc.boolean() }),
  fc.record({
    kind: fc.constant('profile' as const),
    who,
    firstName: fc.option(name, { nil: undefined }),
    lastName: fc.option(name, { nil: undefined }),
    email: fc.option(email, { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('roles' as const), who, roles }),
  fc.record({ kind: fc.constant('active' as const), who, active: fc.boolean() }),
  fc.record({ kind: fc.constant('password' as const), who }),
  fc.record({ kind: fc.constant('login' as const), who }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

let made = 0;
async function run(commands: Command[], ids: number[]): Promise<void> {
  const users = t.app.get(UsersService);
  const login = t.app.get(LoginService);
  const client = { ip: '127.0.0.1', userAgent: 'jest' };
  for (const c of commands) {
    if (c.kind === 'create') {
      made += 1;
      const { id } = await users.createUser(
        {
          username: `u${made}`,
          password: `password-${made}`,
          roles: c.roles,
          firstName: c.firstName,
          active: c.active,
        },
        'system',
      );
      ids.push(id);
      continue;
    }
    if (ids.length === 0) continue;
    const id = ids[c.who % ids.length];
    try {
      if (c.kind === 'profile')
        await users.updateUser(id, { firstName: c.firstName, lastName: c.lastName, email: c.email }, 1);
      if (c.kind === 'roles') await users.assignRoles(id, c.roles, 1);
      if (c.kind === 'active') await users.updateUser(id, { active: c.active }, 1);
      if (c.kind === 'password') await users.updateUser(id, { password: `new-password-${id}` }, id);
      if (c.kind === 'login')
        await login.recordLogin((await users.findById(id))!, 'token', client, async () => undefined);
    } catch (err) {
      // A command the rules refuse is part of a random sequence, not a failure of the read model.
      if (!(err instanceof DomainError)) throw err;
    }
  }
}

describe('the users read model', () => {
  it('rebuilt from the log equals the live table after any sequence of user commands, hashes untouched', async () => {
    const ds = t.app.get(DataSource);
    const store = t.app.get(EventStore);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 15 }), async (commands) => {
        await run(commands, []);
        const hashes = await tableRows(ds, 'user_credentials');
        const { live, rebuilt } = await liveAndRebuilt(store, ds, 'users', ['users', 'user_roles']);
        expect(rebuilt).toEqual(live);
        expect(await tableRows(ds, 'user_credentials')).toEqual(hashes);
      }),
      { numRuns: 12 },
    );
  });

  it('user_roles lists each user’s roles, one row per role, as the table it replaced did', async () => {
    const users = t.app.get(UsersService);
    const { id } = await users.createUser(
      { username: 'rita', password: 'rita-password', roles: ['sql_lab', 'Gamma'] },
      1,
    );
    await users.assignRoles(id, ['Alpha', 'sql_lab', 'Gamma'], 1);
    const rows = await t.app
      .get(DataSource)
      .query(`SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role`, [id]);
    expect(rows).toEqual([{ role: 'Alpha' }, { role: 'Gamma' }, { role: 'sql_lab' }]);
    expect((await users.findById(id))!.roles).toEqual(['Alpha', 'Gamma', 'sql_lab']);
  });
});

describe('a users row changed from two streams at once', () => {
  // A sign-in (login:<name>) and an admin's edit (user:<id>) never conflict on a stream, yet both change
  // the user's row: the second must fold the row as the first committed it, not as it read it before.
  it('keeps both changes: the sign-in is counted and the profile edit stays', async () => {
    const ds = t.app.get(DataSource);
    const { id, username } = await t.app
      .get(UsersService)
      .createUser({ username: 'both', password: 'both-password', roles: ['Gamma'] }, 1);
    const fold = usersProjection();
    const envelope = (type: string, stream: string, version: number, data: object) =>
      ({
        id: `${type}-${version}`,
        stream,
        version,
        type,
        data,
        meta: { actor: String(id), at: new Date().toISOString(), batchId: 'b' },
      }) as Envelope;
    const first = ds.createQueryRunner();
    const second = ds.createQueryRunner();
    try {
      await first.startTransaction();
      await fold.apply(
        first.manager,
        envelope('security/loggedIn', `login:${username}`, 1, {
          userId: id,
          username,
          method: 'token',
          ip: null,
          userAgent: null,
        }),
      );
      const [{ pid }] = (await second.query(`SELECT pg_backend_pid() AS pid`)) as { pid: number }[];
      await second.startTransaction();
      const edit = fold.apply(
        second.manager,
        envelope('security/userFirstNameChanged', `user:${id}`, 2, { firstName: 'Both' }),
      );
      // The edit now waits for the sign-in's row lock (a condition, not a delay).
      for (;;) {
        const [waiting] = (await ds.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [pid])) as {
          wait_event_type: string | null;
        }[];
        if (waiting?.wait_event_type === 'Lock') break;
      }
      await first.commitTransaction();
      await edit;
      await second.commitTransaction();
    } finally {
      await first.release();
      await second.release();
    }
    expect((await t.app.get(UsersService).findById(id))!).toMatchObject({
      firstName: 'Both',
      loginCount: 1,
      version: 2,
    });
  });
});
