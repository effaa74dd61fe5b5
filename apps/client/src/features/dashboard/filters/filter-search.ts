/**
 * "Dynamically search all filter values" (REFERENCE §3.4 controlValues.searchAllOptions): a select filter
 * offers at most FILTER_VALUES_ROW_LIMIT values, so with this option its search asks the database for
 * the column's values containing the text (an ILIKE filter, bound as a parameter by the server), still
 * narrowed by the cascade parents. Typing settles for FILTER_SEARCH_DEBOUNCE_MS first; a newer text
 * aborts the request of the older one.
 */
import {
  debounceTime,
  EMPTY,
  filter,
  groupBy,
  mergeMap,
  Observable,
  switchMap,
  type SchedulerLike,
  type Subscription,
} from 'rxjs';
import type { EnvelopeOf } from '@strata/events';
import { toClientError } from '../../api/api-error';
import type { DashboardCore } from '../dashboard-core';
import type { DashboardPageEvent } from '@strata/domain';
import { columnValues } from '../charts/chart-query';
import { DATASET_NOT_LOADED, filterValuesQuery } from './filter-actions';
import { nativeFilters, targetOf } from './native-filters';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export const FILTER_SEARCH_DEBOUNCE_MS = 300;

type Typed = Extract<DashboardPageEvent, { type: 'dashboardPage/filterSearchTyped' }>;
type Answer = Extract<
  DashboardPageEvent,
  { type: 'dashboardPage/filterSearchLoaded' | 'dashboardPage/filterSearchFailed' }
>;

/** The text inside an ILIKE pattern: %, _ and the escape character match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function filterSearches(core: DashboardCore, scheduler: SchedulerLike): Subscription {
  const search = (typed: Typed['data']): Observable<Answer> => {
    const { filterId, text } = typed;
    const term = text.trim();
    if (!term) return EMPTY;
    return new Observable<Answer>((subscriber) => {
      const state = core.store.getState();
      const f = nativeFilters(state.filterItems).find((n) => n.id === filterId);
      const column = f ? targetOf(f)?.column : undefined;
      const query =
        f && column
          ? filterValuesQuery(state, f, { filters: [{ col: column, op: 'ILIKE', val: containsPattern(term) }] })
          : null;
      if (!query) {
        subscriber.next({
          type: 'dashboardPage/filterSearchFailed',
          data: { filterId, text, message: DATASET_NOT_LOADED },
        });
        subscriber.complete();
        return;
      }
      const abort = new AbortController();
      Promise.resolve()
        .then(() => core.api.chartData(query.context(), { dashboardId: query.dashboardId, force: false }, abort.signal))
        .then(
          (result) =>
            subscriber.next({
              type: 'dashboardPage/filterSearchLoaded',
              data: { filterId, text, values: columnValues(result, query.column) },
            }),
          (error: unknown) => {
            if (!abort.signal.aborted)
              subscriber.next({
                type: 'dashboardPage/filterSearchFailed',
                data: { filterId, text, message: toClientError(error).message },
              });
          },
        )
        .finally(() => subscriber.complete());
      return () => abort.abort();
    });
  };

  return core.store.recorded$
    .pipe(
      filter((e): e is EnvelopeOf<Typed> => e.type === 'dashboardPage/filterSearchTyped'),
      groupBy((e) => e.data.filterId),
      mergeMap((typed$) =>
        typed$.pipe(
          debounceTime(FILTER_SEARCH_DEBOUNCE_MS, scheduler),
          switchMap((e) => search(e.data)),
        ),
      ),
    )
    .subscribe((answer) => core.store.record([answer], MAY_LAND_IN_PAST));
}
