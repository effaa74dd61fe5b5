import type { EventLike } from '@strata/events';
import { summarizeStream } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { UserEvent } from './user.events';
import { userSummaries } from './user.summaries';

const created: UserEvent = {
  type: 'security/userCreated',
  data: { id: 2, username: 'bob', firstName: 'Bob', lastName: 'B', email: 'bob@example.com', roles: ['Gamma'] },
};
const audit = (events: EventLike[], who: (i: number) => string = () => 'alice') =>
  summarizeStream(events, (i) => ({ who: who(i) }));

describe('user summaries', () => {
  it('names the user from the stream and says which roles were given and taken', () => {
    const texts = audit([
      created,
      { type: 'security/userRolesChanged', data: { roles: ['Gamma', 'Alpha'], granted: ['Alpha'], revoked: [] } },
      {
        type: 'security/userRolesChanged',
        data: { roles: ['Admin'], granted: ['Admin'], revoked: ['Gamma', 'Alpha'] },
      },
    ]);
    expect(texts).toEqual([
      "alice created the user 'bob' with the role 'Gamma'",
      "alice gave bob the role 'Alpha'",
      "alice gave bob the role 'Admin' and took the roles 'Gamma' and 'Alpha' from bob",
    ]);
  });

  it('says a password changed, never what to, and whose', () => {
    const changed: UserEvent = { type: 'security/userPasswordChanged', data: {} };
    expect(audit([created, changed, changed], (i) => (i === 2 ? 'bob' : 'alice')).slice(1)).toEqual([
      'alice changed the password of bob',
      'bob changed their password',
    ]);
  });

  it('reads every event type, without earlier events', () => {
    const samples: SummarySamples<UserEvent> = {
      'security/userCreated': { ...created.data, roles: [] },
      'security/userRolesChanged': { roles: [], granted: [], revoked: [] },
      'security/userFirstNameChanged': { firstName: 'Robert' },
      'security/userLastNameChanged': { lastName: '' },
      'security/userEmailChanged': { email: 'rob@example.com' },
      'security/userDeactivated': {},
      'security/userReactivated': {},
      'security/userPasswordChanged': {},
      'security/userDeleted': {},
    };
    expect(unreadableSummaries(userSummaries, samples, [{}, { objectName: 'bob' }])).toEqual([]);
  });
});
