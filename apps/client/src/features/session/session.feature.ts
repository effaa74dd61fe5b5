import { catchError, concat, concatMap, defer, filter, map, of, Subject, type Observable } from 'rxjs';
import { ErrorMessages, type FeatureFlags } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import type { ToastsFeature } from '../toasts/toasts.feature';
import {
  SESSION_LOGGED_IN,
  SESSION_LOGGED_OUT,
  SESSION_LOGIN_FAILED,
  SESSION_LOGIN_SUBMITTED,
  SESSION_LOGOUT_FAILED,
  SESSION_LOGOUT_SUBMITTED,
  SESSION_EXPIRED,
  SESSION_NOT_SIGNED_IN,
  SESSION_RESTORED,
  featureFlagsOf,
  sessionFold,
  type Me,
  type AuthSessionEvent,
  type SessionState,
} from '@strata/domain';

export const ME_PATH = '/api/v1/me/';
export const LOGIN_PATH = '/login/';
export const LOGOUT_PATH = '/logout/';

type SessionCommand = { type: 'check' } | { type: 'login'; username: string; password: string } | { type: 'logout' };

export interface SessionFeature {
  readonly store: FeatureStore<SessionState, AuthSessionEvent>;
  /** Asks the server who is signed in (the session cookie survives reloads). */
  check(): void;
  login(username: string, password: string): void;
  logout(): void;
  /** The server's feature flags (GET /api/v1/me/), read when a feature needs them; none while signed out. */
  featureFlags(): FeatureFlags | undefined;
  dispose(): void;
}

/**
 * Who is signed in. Intents go through one queue, in order (a logout never overtakes the login before
 * it); each becomes events: submitted, then the server's answer. The password travels only in the
 * command, never in an event.
 */
export function createSession(context: ClientContext, http: HttpClient, toasts: ToastsFeature): SessionFeature {
  const store = createFeatureStore<SessionState, AuthSessionEvent>('session', sessionFold, context);
  const commands$ = new Subject<SessionCommand>();

  const handle = (command: SessionCommand): Observable<AuthSessionEvent[]> => {
    switch (command.type) {
      case 'check':
        return defer(() => http.get<{ result: Me }>(ME_PATH, { expectUnauthorized: true })).pipe(
          map((body): AuthSessionEvent[] => [{ type: SESSION_RESTORED, data: { user: body.result } }]),
          catchError((thrown: unknown) => {
            const error = toClientError(thrown);
            // 401 is the ordinary answer for a visitor; anything else means we could not tell.
            if (error.status !== 401) toasts.danger(error.message);
            return of<AuthSessionEvent[]>([{ type: SESSION_NOT_SIGNED_IN, data: {} }]);
          }),
        );
      case 'login':
        return concat(
          of<AuthSessionEvent[]>([{ type: SESSION_LOGIN_SUBMITTED, data: { username: command.username } }]),
          defer(async (): Promise<AuthSessionEvent[]> => {
            const body = await http.post<{ result: Me }>(
              LOGIN_PATH,
              { username: command.username, password: command.password },
              { expectUnauthorized: true, withoutCsrf: true },
            );
            // A new session has a new CSRF token.
            http.resetCsrfToken();
            // The login answer has no feature flags; /me has them (and the same user). Should it fail,
            // the user is still signed in, with the default flags.
            const user = await http.get<{ result: Me }>(ME_PATH, { expectUnauthorized: true }).then(
              (me) => me.result,
              () => body.result,
            );
            return [{ type: SESSION_LOGGED_IN, data: { user } }];
          }).pipe(
            catchError((thrown: unknown) =>
              of<AuthSessionEvent[]>([
                { type: SESSION_LOGIN_FAILED, data: { message: toClientError(thrown).message } },
              ]),
            ),
          ),
        );
      case 'logout':
        return concat(
          of<AuthSessionEvent[]>([{ type: SESSION_LOGOUT_SUBMITTED, data: {} }]),
          defer(() => http.post(LOGOUT_PATH, undefined, { expectUnauthorized: true })).pipe(
            map((): AuthSessionEvent[] => {
              http.resetCsrfToken();
              return [{ type: SESSION_LOGGED_OUT, data: {} }];
            }),
            catchError((thrown: unknown) => {
              const error = toClientError(thrown);
              toasts.danger(error.message);
              return of<AuthSessionEvent[]>([{ type: SESSION_LOGOUT_FAILED, data: { message: error.message } }]);
            }),
          ),
        );
      default: {
        const unknown: never = command;
        throw new Error(`unknown session command ${JSON.stringify(unknown)}`);
      }
    }
  };

  const subscriptions = [
    commands$.pipe(concatMap(handle)).subscribe((events) => store.record(events, MAY_LAND_IN_PAST)),
    // Any other request answered 401 while we believed we were signed in: the server ended the session.
    http.unauthorized$
      .pipe(filter(() => store.getState().status === 'signedIn'))
      .subscribe(() =>
        store.record([{ type: SESSION_EXPIRED, data: { message: ErrorMessages.SESSION_TIMED_OUT } }], MAY_LAND_IN_PAST),
      ),
  ];

  return {
    store,
    check: () => commands$.next({ type: 'check' }),
    login: (username, password) => commands$.next({ type: 'login', username, password }),
    logout: () => commands$.next({ type: 'logout' }),
    featureFlags: () => featureFlagsOf(store.getState()),
    dispose: () => subscriptions.forEach((s) => s.unsubscribe()),
  };
}
