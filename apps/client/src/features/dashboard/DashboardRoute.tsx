import { useParams } from 'react-router-dom';
import { onePerPageLoad } from '../../app/one-per-page-load';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { featureFlagsOf } from '@strata/domain';
import { createDashboard, type DashboardFeature } from './dashboard.feature';
import { DashboardPage } from './DashboardPage';
import { dashboardPropertiesOf } from './properties/dashboard-properties.feature';

/** The page's feature of this app (one per page load), shared by the route and `DashboardAsOf`. */
export const dashboardFor = onePerPageLoad(
  (services): DashboardFeature =>
    createDashboard({
      context: services.context,
      http: services.http,
      toasts: services.toasts,
      user: () => services.session.store.getState().user,
      featureFlags: () => services.session.featureFlags(),
      userLog: services.userLog,
    }),
  (feature) => [feature.store, feature.colors.store, dashboardPropertiesOf(feature).store],
);

/** /dashboard/:idOrSlug/ and /dashboard/p/:key/ (a permalink). */
export default function DashboardRoute() {
  const services = useServices();
  const { idOrSlug, key } = useParams();
  const session = useStoreState(services.session.store.liveState$);
  const { user } = session;
  // Cross-filters, the horizontal filter bar and markdown escaping follow the server's flags (issue 4).
  const featureFlags = featureFlagsOf(session);
  return (
    <DashboardPage
      dashboard={dashboardFor(services)}
      errors={services.errors}
      idOrSlug={idOrSlug ?? null}
      permalinkKey={key ?? null}
      user={user}
      {...(featureFlags ? { featureFlags } : {})}
      editing={{ http: services.http, context: services.context }}
    />
  );
}
