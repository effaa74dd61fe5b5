import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { AuthSessionEvent, Me } from './session.events';
import { sessionSummaries } from './session.summaries';

const me: Me = {
  id: 1,
  username: 'alice',
  first_name: 'Alice',
  last_name: 'A',
  email: 'alice@example.com',
  is_active: true,
  roles: {},
  permissions: [],
};

describe('session summaries', () => {
  it('names who signed in from the answer, whoever the log says acted', () => {
    expect(
      sessionSummaries.of['session/loggedIn'](
        { user: me },
        { who: 'someone', objectName: undefined, before: undefined },
      ),
    ).toBe('alice signed in');
  });

  it('reads every event type', () => {
    const samples: SummarySamples<AuthSessionEvent> = {
      'session/restored': { user: me },
      'session/notSignedIn': {},
      'session/loginSubmitted': { username: 'alice' },
      'session/loggedIn': { user: me },
      'session/loginFailed': { message: 'Invalid login. Please try again.' },
      'session/logoutSubmitted': {},
      'session/logoutFailed': { message: 'Network error' },
      'session/loggedOut': {},
      'session/expired': { message: 'Your session expired' },
    };
    expect(unreadableSummaries(sessionSummaries, samples)).toEqual([]);
  });
});
