/**
 * The page's label colours (charts-dashboards-reports §3 label colours, §4 colour sync): they start from
 * the metadata the page has read (the dashboard's, a newer one after a 409, or the one a properties save
 * answered: a new colour scheme redraws the charts at once). What the sync stores is the page's metadata
 * from then on, so a properties save made next starts from the colours the server holds.
 */
import { filter, type SchedulerLike, type Subscription } from 'rxjs';
import type { HttpClient } from '../../api/http-client';
import type { DashboardCore } from '../dashboard-core';
import { createLabelColors, type LabelColorsFeature } from './label-colors.feature';
import { MAY_LAND_IN_PAST } from '../../../shared/feature-store';

export function pageLabelColors(
  { store, context }: DashboardCore,
  deps: { http: HttpClient; canEdit: () => boolean; scheduler: SchedulerLike },
): { colors: LabelColorsFeature; subscription: Subscription } {
  const colors = createLabelColors({
    context,
    ...deps,
    onStored: (dashboardId, stored) =>
      void store.record(
        [{ type: 'dashboardPage/labelColorsStored', data: { dashboardId, colors: stored } }],
        MAY_LAND_IN_PAST,
      ),
  });
  const subscription = store.recorded$
    .pipe(
      filter(
        (e) =>
          e.type === 'dashboardPage/loaded' ||
          e.type === 'dashboardPage/configurationReloaded' ||
          e.type === 'dashboardPage/propertiesSaved',
      ),
    )
    .subscribe(() => {
      const { dashboard, metadata } = store.getState();
      if (dashboard) colors.opened(dashboard.id, metadata);
    });
  return { colors, subscription };
}
