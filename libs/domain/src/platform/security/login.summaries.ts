import { defineSummaries, quote } from '../../audit/summary';
import type { LoginEvent, LoginFailureReason, LoginMethod } from './login.events';

const HOW: Record<LoginMethod, string> = {
  session: 'signed in',
  token: 'signed in for an API token',
  refresh: 'renewed their API token',
};

const WHY: Record<LoginFailureReason, string> = {
  unknown_user: 'no such user',
  wrong_password: 'wrong password',
  inactive: 'the account is deactivated',
};

const from = (ip: string | null) => (ip ? ` from ${ip}` : '');

/**
 * Sign-ins in the audit log's words (issue 13). The user is the fact's own username (the attempt may come
 * before anyone is signed in); the password, even a wrong one, is never part of these events.
 */
export const loginSummaries = defineSummaries<LoginEvent>({
  context: 'sign-ins',
  of: {
    'security/loggedIn': (d, { who }) => `${d.username || who} ${HOW[d.method] ?? 'signed in'}${from(d.ip)}`,
    'security/loginFailed': (d) =>
      `a sign-in as ${quote(d.username)} failed${from(d.ip)} (${WHY[d.reason] ?? 'refused'})`,
    'security/loggedOut': (d, { who }) => `${d.username || who} signed out`,
  },
});
