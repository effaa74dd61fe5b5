import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { UserRow, UsersEvent } from './user-list.events';
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
    };
    expect(unreadableSummaries(userListSummaries, samples)).toEqual([]);
  });
});
