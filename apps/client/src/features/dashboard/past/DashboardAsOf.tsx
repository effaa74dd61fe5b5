import { featureFlagsOf } from '@strata/domain';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { dashboardFor } from '../DashboardRoute';
import { DashboardPage } from '../DashboardPage';

/**
 * The real dashboard page as it was at a log position or ISO time (issue 13), read-only, for pages that
 * are not the dashboard's own address (the replay): header, native filter bar and grid with the real
 * chart components, from `GET /api/v1/dashboard/{id}?as_of=` and its charts' `?as_of=`. Chart data is
 * queried as today, or with `queries={false}` not at all (a replay runs no query: each chart says its
 * results are not kept). Without edit rights passed, edit mode cannot open; the page's store writes nothing.
 */
export function DashboardAsOf({
  dashboardId,
  asOf,
  nowHref,
  queries = true,
}: {
  dashboardId: number;
  asOf: string;
  nowHref?: string;
  queries?: boolean;
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
    />
  );
}
