import { catchError, concatMap, defer, EMPTY, map, Subject, type Observable } from 'rxjs';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import {
  PROFILE_PASSWORD_CHANGE_REFUSED,
  PROFILE_PASSWORD_CHANGED,
  profileFold,
  type ProfileEvent,
  type ProfileState,
} from '@strata/domain';

export const OWN_PASSWORD_PATH = '/api/v1/me/password';

type ProfileCommand = { type: 'changePassword'; current: string; next: string; done: (changed: boolean) => void };

export interface ProfileFeature {
  readonly store: FeatureStore<ProfileState, ProfileEvent>;
  /** Resolves true once changed (every session of the user, this one too, has then ended). */
  changePassword(current: string, next: string): Promise<boolean>;
  dispose(): void;
}

/** The signed-in user's own profile: changing their password, the current one required. */
export function createProfile(context: ClientContext, http: HttpClient): ProfileFeature {
  const store = createFeatureStore<ProfileState, ProfileEvent>('profile', profileFold, context);
  const commands$ = new Subject<ProfileCommand>();

  const handle = ({ current, next, done }: ProfileCommand): Observable<void> =>
    defer(() => http.post(OWN_PASSWORD_PATH, { current_password: current, new_password: next })).pipe(
      map(() => {
        store.record([{ type: PROFILE_PASSWORD_CHANGED, data: {} }], MAY_LAND_IN_PAST);
        done(true);
      }),
      catchError((thrown: unknown) => {
        const { message } = toClientError(thrown);
        store.record([{ type: PROFILE_PASSWORD_CHANGE_REFUSED, data: { message } }], MAY_LAND_IN_PAST);
        done(false);
        return EMPTY;
      }),
    );

  const subscription = commands$.pipe(concatMap(handle)).subscribe();
  return {
    store,
    changePassword: (current, next) =>
      new Promise((done) => commands$.next({ type: 'changePassword', current, next, done })),
    dispose: () => subscription.unsubscribe(),
  };
}
