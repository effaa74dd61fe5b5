import { deciderSpec } from '../../testing';
import { endsSessions, losesActiveAdmin, SELF_LOCKOUT, userDecider, type UserState } from './user.decider';
import type { UserEvent } from './user.events';

const spec = deciderSpec(userDecider, { knownRoles: ['Admin', 'Alpha', 'Gamma', 'sql_lab', 'Public'] });
const ana = { id: 3, username: 'ana', firstName: 'Ana', lastName: 'Lima', email: 'ana@example.com' };
const created: UserEvent = { type: 'security/userCreated', data: { ...ana, roles: ['Gamma'] } };
const deactivated: UserEvent = { type: 'security/userDeactivated', data: {} };
const state = (overrides: Partial<UserState> = {}): UserState => ({
  ...ana,
  roles: ['Gamma'],
  active: true,
  deleted: false,
  ...overrides,
});

describe('user decider', () => {
  it('given no user, when CreateUser, then userCreated with de-duplicated roles', () => {
    spec
      .given([])
      .when({ type: 'CreateUser', data: { ...ana, roles: ['Gamma', 'Gamma', 'sql_lab'] } })
      .then([{ type: 'security/userCreated', data: { ...ana, roles: ['Gamma', 'sql_lab'] } }]);
  });

  it('given no user, when CreateUser inactive, then one batch: userCreated and userDeactivated', () => {
    spec
      .given([])
      .when({ type: 'CreateUser', data: { ...ana, roles: ['Gamma'], active: false } })
      .then([created, deactivated]);
  });

  it.each([
    ['an unknown role', { roles: ['Wizard'] }, 'unknown_role'],
    ['no role', { roles: [] }, 'roles_required'],
    ['a username with spaces', { username: 'ana lima' }, 'invalid_username'],
    ['an empty username', { username: '' }, 'invalid_username'],
    ['a malformed email', { email: 'not-an-email' }, 'invalid_email'],
    ['a name of 65 characters', { lastName: 'x'.repeat(65) }, 'name_too_long'],
  ])('given no user, when CreateUser with %s, then it is refused', (_label, override, code) => {
    spec
      .given([])
      .when({ type: 'CreateUser', data: { ...ana, roles: ['Gamma'], ...override } })
      .thenThrows(code);
  });

  it('given a user, when CreateUser again with its id, then it is refused', () => {
    spec
      .given([created])
      .when({ type: 'CreateUser', data: { ...ana, roles: ['Gamma'] } })
      .thenThrows('user_exists');
  });

  it('given a user, when UpdateUser changes roles, then userRolesChanged names what was granted and revoked', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUser', data: { roles: ['Alpha', 'sql_lab'] } })
      .then([
        {
          type: 'security/userRolesChanged',
          data: { roles: ['Alpha', 'sql_lab'], granted: ['Alpha', 'sql_lab'], revoked: ['Gamma'] },
        },
      ]);
  });

  it('given a user, when UpdateUser repeats what is already true, then no event (no setter events)', () => {
    spec
      .given([created])
      .when({
        type: 'UpdateUser',
        data: { roles: ['Gamma'], firstName: 'Ana', email: 'ana@example.com', active: true },
      })
      .then([]);
  });

  it('given a user, when UpdateUser changes several things, then one batch with one fact per intent', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUser', data: { lastName: 'Souza', active: false, passwordChanged: true } })
      .then([
        { type: 'security/userLastNameChanged', data: { lastName: 'Souza' } },
        deactivated,
        { type: 'security/userPasswordChanged', data: {} },
      ]);
  });

  it('given a deactivated user, when UpdateUser active, then userReactivated and the user is active again', () => {
    spec.given([created, deactivated]).thenState(state({ active: false }));
    spec
      .given([created, deactivated])
      .when({ type: 'UpdateUser', data: { active: true } })
      .then([{ type: 'security/userReactivated', data: {} }]);
    spec
      .given([created, deactivated])
      .when({ type: 'UpdateUser', data: { active: true } })
      .thenState(state());
  });

  it('given a user, when UpdateUser with only a new password, then userPasswordChanged and the state is unchanged', () => {
    spec
      .given([created])
      .when({ type: 'UpdateUser', data: { passwordChanged: true } })
      .thenState(state());
  });

  it('given no user, when UpdateUser, then not found', () => {
    spec
      .given([])
      .when({ type: 'UpdateUser', data: { active: false } })
      .thenThrows('user_not_found');
  });

  it('given a user, when DeleteUser, then userDeleted; nothing more is decided on the stream', () => {
    const deleted: UserEvent = { type: 'security/userDeleted', data: {} };
    spec.given([created]).when({ type: 'DeleteUser', data: {} }).then([deleted]);
    spec.given([created, deleted]).when({ type: 'DeleteUser', data: {} }).thenThrows('user_not_found');
    spec
      .given([created, deleted])
      .when({ type: 'UpdateUser', data: { firstName: 'X' } })
      .thenThrows('user_not_found');
    expect(endsSessions([deleted])).toBe(true);
    expect(losesActiveAdmin(state({ roles: ['Admin'] }), [deleted])).toBe(true);
  });

  it('given the acting user, when they deactivate or delete themselves, then refused', () => {
    const asAna = deciderSpec(userDecider, { knownRoles: ['Gamma'], actorId: ana.id });
    asAna
      .given([created])
      .when({ type: 'UpdateUser', data: { active: false } })
      .thenThrows('cannot_deactivate_self');
    asAna.given([created]).when({ type: 'DeleteUser', data: {} }).thenThrows('cannot_delete_self');
    // The refusal says why, in the words the users page shows on the disabled buttons.
    const self = { knownRoles: ['Gamma'], actorId: ana.id };
    expect(() => userDecider.decide({ type: 'DeleteUser', data: {} }, state(), self)).toThrow(SELF_LOCKOUT.delete);
    expect(() => userDecider.decide({ type: 'UpdateUser', data: { active: false } }, state(), self)).toThrow(
      SELF_LOCKOUT.deactivate,
    );
    // Another admin may do both.
    spec
      .given([created])
      .when({ type: 'DeleteUser', data: {} }, { knownRoles: ['Gamma'], actorId: 1 })
      .then([{ type: 'security/userDeleted', data: {} }]);
    asAna
      .given([created])
      .when({ type: 'UpdateUser', data: { firstName: 'Anna' } })
      .then([{ type: 'security/userFirstNameChanged', data: { firstName: 'Anna' } }]);
  });

  it('given an admin acting on their own account, when they drop the Admin role, then refused, saying why', () => {
    const adminAna: UserEvent = { type: 'security/userCreated', data: { ...ana, roles: ['Admin', 'sql_lab'] } };
    const asAna = deciderSpec(userDecider, { knownRoles: ['Admin', 'Gamma', 'sql_lab'], actorId: ana.id });
    asAna
      .given([adminAna])
      .when({ type: 'UpdateUser', data: { roles: ['Gamma'] } })
      .thenThrows('cannot_demote_self');
    // Whatever the role name's case, and also when the form sends other changes along.
    const self = { knownRoles: ['Admin', 'Gamma', 'sql_lab'], actorId: ana.id };
    expect(() =>
      userDecider.decide(
        { type: 'UpdateUser', data: { firstName: 'Anna', roles: ['sql_lab'] } },
        state({ roles: ['admin'] }),
        self,
      ),
    ).toThrow(SELF_LOCKOUT.demote);
    // Their other roles stay theirs to change while they keep Admin.
    asAna
      .given([adminAna])
      .when({ type: 'UpdateUser', data: { roles: ['Admin'] } })
      .then([{ type: 'security/userRolesChanged', data: { roles: ['Admin'], granted: [], revoked: ['sql_lab'] } }]);
    // Another admin may take it away (the server then checks that an active admin remains).
    spec
      .given([adminAna])
      .when({ type: 'UpdateUser', data: { roles: ['Gamma'] } }, { knownRoles: ['Admin', 'Gamma'], actorId: 1 })
      .then([
        {
          type: 'security/userRolesChanged',
          data: { roles: ['Gamma'], granted: ['Gamma'], revoked: ['Admin', 'sql_lab'] },
        },
      ]);
  });

  it('evolve leaves the state unchanged for an event it does not know', () => {
    spec.given([created, { type: 'security/somethingElse', data: {} } as unknown as UserEvent]).thenState(state());
  });
});

describe('losesActiveAdmin', () => {
  const admin = state({ roles: ['Admin'] });
  it('is true when an active admin is demoted or deactivated', () => {
    expect(
      losesActiveAdmin(admin, [
        { type: 'security/userRolesChanged', data: { roles: ['Gamma'], granted: ['Gamma'], revoked: ['Admin'] } },
      ]),
    ).toBe(true);
    expect(losesActiveAdmin(admin, [deactivated])).toBe(true);
  });

  it('is false for an admin who stays one, and for a user who was no active admin', () => {
    expect(losesActiveAdmin(admin, [{ type: 'security/userLastNameChanged', data: { lastName: 'Souza' } }])).toBe(
      false,
    );
    expect(losesActiveAdmin(state({ roles: ['Admin'], active: false }), [deactivated])).toBe(false);
    expect(losesActiveAdmin(state(), [deactivated])).toBe(false);
  });
});

describe('endsSessions', () => {
  it('a new password or a deactivation ends the sessions; a profile edit does not', () => {
    expect(endsSessions([{ type: 'security/userPasswordChanged', data: {} }])).toBe(true);
    expect(endsSessions([deactivated])).toBe(true);
    expect(endsSessions([{ type: 'security/userEmailChanged', data: { email: 'a@b.co' } }])).toBe(false);
  });
});
