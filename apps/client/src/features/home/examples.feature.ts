import {
  catchError,
  defer,
  exhaustMap,
  filter,
  map,
  of,
  takeWhile,
  timer,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import {
  MAY_LAND_IN_PAST,
  createFeatureStore,
  type ClientContext,
  type FeatureStore,
} from '../../shared/feature-store';
import { toClientError } from '../api/api-error';
import type { HttpClient } from '../api/http-client';
import {
  EXAMPLES_STATUS_FAILED,
  EXAMPLES_STATUS_LOADED,
  examplesFold,
  examplesSettled,
  type ExamplesEvent,
  type ExamplesState,
  type ExamplesStatus,
} from '@strata/domain';

export const EXAMPLES_STATUS_PATH = '/api/v1/examples/status';
export const EXAMPLES_REFRESH_MS = 2000;

export interface ExamplesFeature {
  readonly store: FeatureStore<ExamplesState, ExamplesEvent>;
  /** Fetches the status now and every 2 s until loading is over; unsubscribe to stop (page left). */
  watch(): Subscription;
}

export function createExamples(context: ClientContext, http: HttpClient, scheduler?: SchedulerLike): ExamplesFeature {
  const store = createFeatureStore<ExamplesState, ExamplesEvent>('examples', examplesFold, context);

  return {
    store,
    watch: () =>
      timer(0, EXAMPLES_REFRESH_MS, scheduler)
        .pipe(
          exhaustMap(() =>
            defer(() => http.get<{ result: ExamplesStatus }>(EXAMPLES_STATUS_PATH)).pipe(
              map((body): ExamplesEvent => ({ type: EXAMPLES_STATUS_LOADED, data: { status: body.result } })),
              catchError((thrown: unknown) =>
                of<ExamplesEvent>({ type: EXAMPLES_STATUS_FAILED, data: { message: toClientError(thrown).message } }),
              ),
            ),
          ),
          takeWhile((event) => !(event.type === EXAMPLES_STATUS_LOADED && examplesSettled(event.data.status)), true),
          // Only changes are facts worth a place in the log; the same answer every 2 s is not.
          filter((event) => changes(store.getState(), event)),
        )
        .subscribe((event) => store.record([event], MAY_LAND_IN_PAST)),
  };
}

function changes(state: ExamplesState, event: ExamplesEvent): boolean {
  switch (event.type) {
    case EXAMPLES_STATUS_LOADED:
      return state.error !== null || JSON.stringify(state.status) !== JSON.stringify(event.data.status);
    case EXAMPLES_STATUS_FAILED:
      return state.error !== event.data.message;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
