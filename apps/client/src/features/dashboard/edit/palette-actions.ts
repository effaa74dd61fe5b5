/**
 * The palette's chart list (GET /api/v1/chart/?q=, charts-dashboards-reports §7): the user's charts
 * matching what is typed in its search, asked once typing settles. The text stays in the form; the
 * answers are the page's facts, and an answer to an earlier text is never shown.
 */
import { catchError, from, map, of, Subject, switchMap, timer, type SchedulerLike, type Subscription } from 'rxjs';
import type { DashboardPageEvent } from '@strata/domain';
import type { DashboardCore } from '../dashboard-core';
import type { DraftApi } from './draft-api';
import { describeVersionError } from './version-error';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

/** Typing settles before asking: one request per pause, not per key. */
export const PALETTE_SEARCH_DEBOUNCE_MS = 250;

export interface PaletteActions {
  /** The palette's search as typed ('' lists all the user's charts). */
  searchPaletteCharts(search: string): void;
}

export function paletteActions(
  { store }: DashboardCore,
  drafts: DraftApi,
  scheduler: SchedulerLike,
): PaletteActions & { subscription: Subscription } {
  const searches = new Subject<string>();
  const subscription = searches
    .pipe(
      // A new key cancels the wait, and the request of the text before it.
      switchMap((search) =>
        timer(PALETTE_SEARCH_DEBOUNCE_MS, scheduler).pipe(
          switchMap(() => from(drafts.charts(search))),
          map((charts): DashboardPageEvent => ({
            type: 'dashboardPage/paletteChartsLoaded',
            data: { search, charts },
          })),
          catchError((error: unknown) =>
            of<DashboardPageEvent>({
              type: 'dashboardPage/paletteChartsFailed',
              data: { search, message: describeVersionError(error) },
            }),
          ),
        ),
      ),
    )
    .subscribe((event) => store.record([event], MAY_LAND_IN_PAST));
  return { searchPaletteCharts: (search) => searches.next(search), subscription };
}
