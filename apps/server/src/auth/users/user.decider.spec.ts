import { DomainError } from '@strata/events';
import { userDecider, type UserCommand, type UserContext } from './user.decider';
import type { UserEvent } from './user.events';

const context: UserContext = { knownRoles: ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] };
const given = (events: UserEvent[]) => events.reduce(userDecider.evolve, userDecider.initialState());
const when = (state: ReturnType<typeof given>, command: UserCommand) => userDecider.decide(command, state, context);
const created: UserEvent = {
  type: 'security/userCreated',
  data: { id: 3, username: 'ana', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com', roles: ['Gamma'] },
};

describe('user decider', () => {
  it('given no user, when CreateUser, then userCreated with de-duplicated roles', () => {
    const events = when(given([]), {
      type: 'CreateUser',
      data: {
        id: 3,
        username: 'ana',
        firstName: 'Ana',
        lastName: 'Lima',
        email: 'ana@example.com',
        roles: ['Gamma', 'Gamma', 'sql_lab'],
      },
    });
    expect(events).toEqual([{ type: 'security/userCreated', data: { ...created.data, roles: ['Gamma', 'sql_lab'] } }]);
  });

  it.each([
    ['an unknown role', { roles: ['Wizard'] }, /Some roles do not exist: Wizard/],
    ['no role', { roles: [] }, /at least one role/],
    ['a username with spaces', { username: 'ana lima' }, /username/],
    ['an empty username', { username: '' }, /username/],
    ['a malformed email', { email: 'not-an-email' }, /email/],
  ])('given no user, when CreateUser with %s, then it is refused', (_label, override, message) => {
    const command = { type: 'CreateUser' as const, data: { ...created.data, ...override } };
    expect(() => when(given([]), command)).toThrow(message);
    expect(() => when(given([]), command)).toThrow(DomainError);
  });

  it('given a user, when CreateUser again with its id, then it is refused', () => {
    expect(() => when(given([created]), { type: 'CreateUser', data: created.data })).toThrow(/already exists/);
  });

  it('given a user, when UpdateUser changes roles, then userRolesChanged names what was granted and revoked', () => {
    expect(when(given([created]), { type: 'UpdateUser', data: { roles: ['Alpha', 'sql_lab'] } })).toEqual([
      {
        type: 'security/userRolesChanged',
        data: { roles: ['Alpha', 'sql_lab'], granted: ['Alpha', 'sql_lab'], revoked: ['Gamma'] },
      },
    ]);
  });

  it('given a user, when UpdateUser repeats what is already true, then no event (no setter events)', () => {
    expect(
      when(given([created]), {
        type: 'UpdateUser',
        data: { roles: ['Gamma'], firstName: 'Ana', email: 'ana@example.com', active: true },
      }),
    ).toEqual([]);
  });

  it('given a user, when UpdateUser changes several things, then one batch with one fact each', () => {
    const events = when(given([created]), {
      type: 'UpdateUser',
      data: { lastName: 'Souza', active: false, passwordChanged: true },
    });
    expect(events.map((e) => e.type)).toEqual([
      'security/userProfileChanged',
      'security/userDeactivated',
      'security/userPasswordChanged',
    ]);
    expect(events[0].data).toEqual({ lastName: 'Souza' });
  });

  it('given a deactivated user, when UpdateUser active, then userReactivated and the state is active again', () => {
    const state = given([created, { type: 'security/userDeactivated', data: {} }]);
    expect(state.active).toBe(false);
    const events = when(state, { type: 'UpdateUser', data: { active: true } });
    expect(events).toEqual([{ type: 'security/userReactivated', data: {} }]);
    expect(given([created, { type: 'security/userDeactivated', data: {} }, ...events]).active).toBe(true);
  });

  it('given no user, when UpdateUser, then not found', () => {
    expect(() => when(given([]), { type: 'UpdateUser', data: { active: false } })).toThrow(/Not found/);
  });

  it('evolve leaves the state unchanged for an event it does not know', () => {
    const state = given([created]);
    expect(userDecider.evolve(state, { type: 'security/somethingElse', data: {} } as unknown as UserEvent)).toBe(state);
  });
});
