import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import { usersFold, type UserRow, type UsersEvent } from './user-list.events';
import { userListSummaries } from './user-list.summaries';

const bob: UserRow = {
  id: 2,
  username: 'bob',
  first_name: 'Bob',
  last_name: 'B',
  email: 'bob@example.com',
  active: true,
  roles: ['Alpha', 'Gamma'],
  created_on: '2024-01-01T00:00:00',
  changed_on: '2024-01-01T00:00:00',
  last_login: null,
  login_count: 0,
};

const analysts = { id: 100, name: 'analysts', permissions: [['can_explore', 'Strata']] as [string, string][] };

describe('users page fold: custom roles', () => {
  it('a created role joins the roles with its pairs and id; replaced pairs replace; a deleted role leaves', () => {
    const loaded: UsersEvent = {
      type: 'users/rolesLoaded',
      data: { roles: ['Admin'], permissions: { Admin: [['can_write', 'User']] } },
    };
    const events: UsersEvent[] = [loaded, { type: 'users/roleCreated', data: { role: analysts } }];
    const created = events.reduce(usersFold.evolve, usersFold.initialState());
    expect([created.roles, created.customRoles, created.rolePermissions.analysts]).toEqual([
      ['Admin', 'analysts'],
      { analysts: 100 },
      [['can_explore', 'Strata']],
    ]);
    const replaced = usersFold.evolve(created, {
      type: 'users/rolePermissionsReplaced',
      data: { role: { ...analysts, permissions: [['can_csv', 'Strata']] } },
    });
    expect(replaced.rolePermissions.analysts).toEqual([['can_csv', 'Strata']]);
    const deleted = usersFold.evolve(replaced, { type: 'users/roleDeleted', data: { id: 100, name: 'analysts' } });
    expect([deleted.roles, deleted.customRoles, deleted.rolePermissions.analysts]).toEqual([['Admin'], {}, undefined]);
  });
});

describe('users page summaries', () => {
  it('says which roles a user was given', () => {
    expect(
      userListSummaries.of['users/userRolesChanged'](
        { user: bob },
        { who: 'alice', objectName: undefined, before: undefined },
      ),
    ).toBe("alice set the roles of 'bob' to 'Alpha', 'Gamma'");
  });

  it('reads every event type', () => {
    const samples: SummarySamples<UsersEvent> = {
      'users/listLoaded': { users: [bob] },
      'users/listLoadFailed': { message: 'Forbidden' },
      'users/rolesLoaded': { roles: [] },
      'users/userCreated': { user: bob },
      'users/userRolesChanged': { user: { ...bob, roles: [] } },
      'users/userChanged': { user: bob, what: 'deactivated' },
      'users/userDeleted': { id: 2, username: 'bob' },
      'users/roleCreated': { role: analysts },
      'users/rolePermissionsReplaced': { role: { ...analysts, permissions: [] } },
      'users/roleDeleted': { id: 100, name: 'analysts' },
    };
    expect(unreadableSummaries(userListSummaries, samples)).toEqual([]);
  });
});
