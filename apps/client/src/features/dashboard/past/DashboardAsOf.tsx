import { featureFlagsOf, type Layout } from '@strata/domain';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { dashboardFor } from '../DashboardRoute';
import { DashboardPage } from '../DashboardPage';
import type { FilterValue } from '../filters/native-filters';

/**
 * The real dashboard page as it was at a log position or ISO time (issue 13), read-only, for pages that
 * are not the dashboard's own address (the replay): header, native filter bar and grid with the real
 * chart components, from `GET /api/v1/dashboard/{id}?as_of=` and its charts' `?as_of=`. Chart data is
 * queried as today, or with `queries={false}` not at all (a replay runs no query: each chart says its
 * results are not kept). Without edit rights passed, edit mode cannot open; the page's store writes nothing.
 * `draft`: edit mode's shared draft layout of then (unsaved changes), drawn instead of the saved layout
 * and said so; still read-only: no edit mode, draft socket or presence. `filterValues`: the native filter
 * values to show (by filter id), instead of the defaults; `dataMask`: a kept filter state's data mask
 * (native filter values and cross-filters) to show instead.
 */
export function DashboardAsOf({
  dashboardId,
  asOf,
  nowHref,
  queries = true,
  draft = null,
  filterValues,
  dataMask,
}: {
  dashboardId: number;
  asOf: string;
  nowHref?: string;
  queries?: boolean;
  draft?: Layout | null;
  filterValues?: Record<string, FilterValue>;
  dataMask?: Record<string, unknown>;
}) {
  const services = useServices();
  const session = useStoreState(services.session.store.liveState$);
  const featureFlags = featureFlagsOf(session);
  return (
    <DashboardPage
      dashboard={dashboardFor(services)}
      errors={services.errors}
      idOrSlug={String(dashboardId)}
      user={session.user}
      {...(featureFlags ? { featureFlags } : {})}
      asOf={asOf}
      nowHref={nowHref ?? `/superset/dashboard/${dashboardId}/`}
      pastQueries={queries}
      pastDraft={draft}
      {...(filterValues ? { pastFilterValues: filterValues } : {})}
      {...(dataMask ? { pastDataMask: dataMask } : {})}
    />
  );
}
