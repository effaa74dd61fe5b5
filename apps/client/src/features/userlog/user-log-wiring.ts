import { distinctUntilChanged, EMPTY, filter, map, Observable, switchMap, type Subscription } from 'rxjs';
import type { FeatureStore } from '../../shared/feature-store';
import { SESSION_LOGGED_IN, type AuthSessionEvent, type SessionState } from '@strata/domain';
import type { UserLog } from './user-log';

/** The router's location as the app sees it: react-router's data router exposes subscribe(). */
export interface RouterLike {
  state: { location: { pathname: string; search: string } };
  subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
}

export function routerPaths$(router: RouterLike): Observable<string> {
  const pathOf = (l: { pathname: string; search: string }) => l.pathname + l.search;
  return new Observable<string>((subscriber) => {
    subscriber.next(pathOf(router.state.location));
    return router.subscribe((state) => subscriber.next(pathOf(state.location)));
  }).pipe(distinctUntilChanged());
}

/**
 * What the user log records (sqllab-and-platform §3 User-log event): a page view when a signed-in visit starts, a
 * spa_navigation for each route change after it, and logins. Only while signed in: the
 * server keeps the log per user.
 */
export function logUserActivity(
  userLog: UserLog,
  session: FeatureStore<SessionState, AuthSessionEvent>,
  paths$: Observable<string>,
): Subscription[] {
  const visits = session.liveState$
    .pipe(
      map((s) => s.status === 'signedIn' || s.status === 'signingOut'),
      distinctUntilChanged(),
      // The login page only passes by once signed in (it redirects): not a page the user viewed.
      switchMap((signedIn) =>
        signedIn
          ? paths$.pipe(
              filter((path) => !path.startsWith('/login/')),
              map((path, n) => ({ path, first: n === 0 })),
            )
          : EMPTY,
      ),
    )
    .subscribe(({ path, first }) =>
      userLog.log({ event_name: first ? 'page_view' : 'spa_navigation', target_name: path, path }),
    );
  // No 'logout': the batch would leave after the session ended; the server records logouts itself.
  const logins = session.recorded$
    .pipe(filter((e) => e.type === SESSION_LOGGED_IN))
    .subscribe(() => userLog.log({ event_name: 'login', target_name: session.getState().user?.username ?? null }));
  return [visits, logins];
}
