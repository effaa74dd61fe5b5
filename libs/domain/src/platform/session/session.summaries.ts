import { defineSummaries, quote } from '../../audit/summary';
import type { AuthSessionEvent } from './session.events';

/** The browser's own session facts in the audit log's words (issue 13); never a password (none is recorded). */
export const sessionSummaries = defineSummaries<AuthSessionEvent>({
  context: 'session',
  of: {
    'session/restored': (d, { who }) => `${d.user?.username || who} was still signed in`,
    'session/notSignedIn': () => 'the browser was not signed in',
    'session/loginSubmitted': (d) => `someone asked to sign in as ${quote(d.username)}`,
    'session/loggedIn': (d, { who }) => `${d.user?.username || who} signed in`,
    'session/loginFailed': (d) => `signing in failed: ${quote(d.message)}`,
    'session/logoutSubmitted': (_d, { who }) => `${who} asked to sign out`,
    'session/logoutFailed': (d, { who }) => `signing out failed for ${who}: ${quote(d.message)}`,
    'session/loggedOut': (_d, { who }) => `${who} signed out`,
    'session/expired': (d, { who }) => `the session of ${who} ended: ${quote(d.message)}`,
  },
});
