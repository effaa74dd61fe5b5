import { EMPTY, map, type Observable, type Subscription } from 'rxjs';
import type { ClientContext } from '../shared/feature-store';
import { newId } from '../shared/ids';
import { HttpClient } from '../features/api/http-client';
import { createErrors, type ErrorsFeature } from '../features/errors/errors.feature';
import { createExamples, type ExamplesFeature } from '../features/home/examples.feature';
import { createHome, type HomeFeature } from '../features/home/home.feature';
import { createSession, type SessionFeature } from '../features/session/session.feature';
import { TimeTravel } from '../features/timetravel/time-travel';
import { createToasts, type ToastsFeature } from '../features/toasts/toasts.feature';
import { createTheme, type ThemeFeature } from '../features/theme/theme.feature';
import { createUserLog, type UserLog, type UserLogTransport } from '../features/userlog/user-log';
import { logUserActivity } from '../features/userlog/user-log-wiring';
import { browserUserLogTransport, pageHide$ } from '../features/userlog/browser-transport';
import { logTimings } from '../features/userlog/timings';
import { sqlLabTimingMark } from '../features/sqllab/runs/run-timings';
import { createUsers, type UsersFeature } from '../features/users/users.feature';
import { createProfile, type ProfileFeature } from '../features/profile/profile.feature';
import { createSqlLab, type SqlLabFeature } from '../features/sqllab/sqllab.feature';
import { createSavedQueries, type SavedQueriesFeature } from '../features/sqllab/saved/saved-queries.feature';
import { createActivity, type ActivityFeature } from '../features/activity/activity.feature';
import { socketWire } from '../features/activity/audit-live-transport';

export interface AppServices {
  readonly context: ClientContext;
  readonly http: HttpClient;
  readonly toasts: ToastsFeature;
  readonly errors: ErrorsFeature;
  readonly session: SessionFeature;
  readonly users: UsersFeature;
  readonly profile: ProfileFeature;
  readonly examples: ExamplesFeature;
  readonly home: HomeFeature;
  readonly sqllab: SqlLabFeature;
  readonly savedQueries: SavedQueriesFeature;
  readonly activity: ActivityFeature;
  readonly userLog: UserLog;
  readonly timeTravel: TimeTravel;
  readonly theme: ThemeFeature;
  /** Starts logging page views for the router's locations. */
  trackPaths(paths$: Observable<string>): void;
  dispose(): void;
}

export interface AppServicesOptions {
  http?: HttpClient;
  userLogTransport?: UserLogTransport;
  pageHide$?: Observable<unknown>;
  /** Open the time-travel panel at start (`?debug=1`). */
  debug?: boolean;
}

/**
 * Every store and effect of the page, created once. Stores are registered with time travel in the
 * order the panel lists them; the actor on each batch is whoever is signed in when it is recorded.
 */
export function createAppServices(options: AppServicesOptions = {}): AppServices {
  let actor = 'anonymous';
  const context: ClientContext = {
    sessionId: newId(),
    actor: () => actor,
    now: () => new Date().toISOString(),
    newId,
  };
  const http = options.http ?? new HttpClient();
  const toasts = createToasts(context);
  const errors = createErrors(context, toasts);
  const session = createSession(context, http, toasts);
  const users = createUsers(context, http, { toasts, errors });
  const profile = createProfile(context, http);
  const examples = createExamples(context, http);
  const home = createHome(context, http);
  const sqllab = createSqlLab({ context, http, toasts, errors });
  const savedQueries = createSavedQueries(context, sqllab.api);
  const activity = createActivity({
    context,
    http,
    liveTransport: socketWire(context.sessionId),
  });
  const timeTravel = new TimeTravel();
  const theme = createTheme(context, http);
  for (const feature of [
    session,
    toasts,
    errors,
    users,
    profile,
    examples,
    home,
    sqllab,
    sqllab.catalog,
    sqllab.saveDialog,
    sqllab.history,
    savedQueries,
    activity,
  ])
    timeTravel.register(feature.store);
  if (options.debug) timeTravel.open$.next(true);

  const userLog = createUserLog({
    transport: options.userLogTransport ?? browserUserLogTransport(http),
    pageHide$: options.pageHide$ ?? (typeof document === 'undefined' ? EMPTY : pageHide$()),
    impressionId: context.sessionId,
    newId,
    now: () => Date.now(),
    visibility: () => (typeof document === 'undefined' ? 'visible' : document.visibilityState),
  });

  const subscriptions: Subscription[] = [
    // The signed-in user's theme, read at login and on each page load (issue 15 item 7).
    theme.followUser(session.store.liveState$.pipe(map((s) => (s.user ? s.user.id : null)))),
    session.store.liveState$.subscribe((s) => (actor = s.user ? String(s.user.id) : 'anonymous')),
    // How long SQL Lab runs take (sqllab-and-platform §7 timing events).
    logTimings(sqllab.store.recorded$, (e) => sqlLabTimingMark(e, sqllab.store.getState()), userLog),
  ];

  return {
    context,
    http,
    toasts,
    errors,
    session,
    users,
    profile,
    examples,
    home,
    sqllab,
    savedQueries,
    activity,
    userLog,
    timeTravel,
    theme,
    trackPaths(paths$) {
      subscriptions.push(...logUserActivity(userLog, session.store, paths$));
    },
    dispose() {
      subscriptions.forEach((s) => s.unsubscribe());
      theme.dispose();
      [toasts, session, users, profile, home, sqllab, activity, userLog, timeTravel].forEach((f) => f.dispose());
    },
  };
}
