import type { FeatureFlags } from '../feature-flags/feature-flags';
import type { MeResponse } from '../security/api-shapes';
import type { EventLike } from '@strata/events';
import { leaveUnchanged as unchanged } from '../../shared/exhaustive';

/** The signed-in user as GET /api/v1/me/ and POST /login/ answer it (sqllab-and-platform §3 User). */
export type Me = MeResponse;

/**
 * The server's effective feature flags, as GET /api/v1/me/ tells them; none while nobody is signed in
 * (features then fall back to the domain's defaults, isFeatureEnabled). Unknown names are kept: the
 * server may know flags this client does not, and asking for them simply reads false.
 */
export function featureFlagsOf(state: SessionState): FeatureFlags | undefined {
  return state.user?.feature_flags as FeatureFlags | undefined;
}

export const SESSION_RESTORED = 'session/restored' as const;
export const SESSION_NOT_SIGNED_IN = 'session/notSignedIn' as const;
export const SESSION_LOGIN_SUBMITTED = 'session/loginSubmitted' as const;
export const SESSION_LOGGED_IN = 'session/loggedIn' as const;
export const SESSION_LOGIN_FAILED = 'session/loginFailed' as const;
export const SESSION_LOGOUT_SUBMITTED = 'session/logoutSubmitted' as const;
export const SESSION_LOGOUT_FAILED = 'session/logoutFailed' as const;
export const SESSION_LOGGED_OUT = 'session/loggedOut' as const;
export const SESSION_EXPIRED = 'session/expired' as const;

/** Never a password: logs are exported and attached to bug reports. */
export type AuthSessionEvent =
  | EventLike<typeof SESSION_RESTORED, { user: Me }>
  | EventLike<typeof SESSION_NOT_SIGNED_IN, Record<string, never>>
  | EventLike<typeof SESSION_LOGIN_SUBMITTED, { username: string }>
  | EventLike<typeof SESSION_LOGGED_IN, { user: Me }>
  | EventLike<typeof SESSION_LOGIN_FAILED, { message: string }>
  | EventLike<typeof SESSION_LOGOUT_SUBMITTED, Record<string, never>>
  | EventLike<typeof SESSION_LOGOUT_FAILED, { message: string }>
  | EventLike<typeof SESSION_LOGGED_OUT, Record<string, never>>
  | EventLike<typeof SESSION_EXPIRED, { message: string }>;

export type SessionStatus = 'checking' | 'anonymous' | 'signingIn' | 'signedIn' | 'signingOut';

export interface SessionState {
  status: SessionStatus;
  user: Me | null;
  /** Why the login form is shown again: a refused login or an ended session. */
  message: string | null;
}

export const sessionFold = {
  initialState: (): SessionState => ({ status: 'checking', user: null, message: null }),
  evolve(state: SessionState, event: AuthSessionEvent): SessionState {
    switch (event.type) {
      case SESSION_RESTORED:
      case SESSION_LOGGED_IN:
        return { status: 'signedIn', user: event.data.user, message: null };
      case SESSION_NOT_SIGNED_IN:
      case SESSION_LOGGED_OUT:
        return { status: 'anonymous', user: null, message: null };
      case SESSION_LOGIN_SUBMITTED:
        return { status: 'signingIn', user: null, message: null };
      case SESSION_LOGIN_FAILED:
      case SESSION_EXPIRED:
        return { status: 'anonymous', user: null, message: event.data.message };
      case SESSION_LOGOUT_SUBMITTED:
        return state.status === 'signedIn' ? { ...state, status: 'signingOut' } : state;
      case SESSION_LOGOUT_FAILED:
        // The server still knows the session: the user stays signed in and may try again.
        return state.user ? { status: 'signedIn', user: state.user, message: event.data.message } : state;
      default:
        return unchanged(event, state);
    }
  },
};
