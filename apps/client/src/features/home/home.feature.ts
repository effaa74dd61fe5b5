import { defer, from, map, catchError, of, switchMap, Subject, type Subscription } from 'rxjs';
import { HOME_OVERVIEW_FAILED, HOME_OVERVIEW_LOADED, homeFold, type HomeEvent, type HomeState } from '@strata/domain';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import { loadHomeOverview } from './home-api';

export interface HomeFeature {
  readonly store: FeatureStore<HomeState, HomeEvent>;
  /** Loads the user's overview (the latest call wins); one fact, loaded or failed. */
  load(userId: number): void;
  dispose(): void;
}

export function createHome(context: ClientContext, http: HttpClient): HomeFeature {
  const store = createFeatureStore<HomeState, HomeEvent>('home', homeFold, context);
  const loads = new Subject<number>();
  const running: Subscription = loads
    .pipe(
      switchMap((userId) =>
        defer(() => from(loadHomeOverview(http, userId))).pipe(
          map((overview): HomeEvent => ({ type: HOME_OVERVIEW_LOADED, data: { overview } })),
          catchError((thrown: unknown) =>
            of<HomeEvent>({ type: HOME_OVERVIEW_FAILED, data: { message: toClientError(thrown).message } }),
          ),
        ),
      ),
    )
    .subscribe((event) => store.record([event], MAY_LAND_IN_PAST));
  return {
    store,
    load: (userId) => loads.next(userId),
    dispose: () => running.unsubscribe(),
  };
}
