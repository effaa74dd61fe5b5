import { summarize } from '../../audit/registry';
import { unreadableSummaries, type SummarySamples } from '../../audit/testing/readable';
import type { LoginEvent } from './login.events';
import { loginSummaries } from './login.summaries';

describe('sign-in summaries', () => {
  it('names the account signing in, and why a sign-in failed, never the password tried', () => {
    const who = { who: 'Strata' };
    expect(
      summarize(
        {
          type: 'security/loggedIn',
          data: { userId: 1, username: 'alice', method: 'session', ip: null, userAgent: null },
        },
        who,
      ),
    ).toBe('alice signed in');
    expect(
      summarize(
        {
          type: 'security/loginFailed',
          data: { username: 'mallory', reason: 'unknown_user', userId: null, ip: '10.0.0.9', userAgent: null },
        },
        who,
      ),
    ).toBe("a sign-in as 'mallory' failed from 10.0.0.9 (no such user)");
  });

  it('reads every event type', () => {
    const samples: SummarySamples<LoginEvent> = {
      'security/loggedIn': { userId: 1, username: 'alice', method: 'token', ip: '::1', userAgent: 'curl' },
      'security/loginFailed': { username: 'bob', reason: 'inactive', userId: 2, ip: null, userAgent: null },
      'security/loggedOut': { userId: 1, username: 'alice' },
    };
    expect(unreadableSummaries(loginSummaries, samples)).toEqual([]);
  });
});
