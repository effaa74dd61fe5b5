import { useParams } from 'react-router-dom';
import type { AppServices } from '../../app/services';
import { useServices } from '../../app/services-context';
import { useStoreState } from '../../shared/use-store-state';
import { featureFlagsOf } from '@strata/domain';
import { createDashboard, type DashboardFeature } from './dashboard.feature';
import { DashboardPage } from './DashboardPage';
import { dashboardPropertiesOf } from './properties/dashboard-properties.feature';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, DashboardFeature>();

/** The page's feature of this app (one per page load), shared by the route and `DashboardAsOf`. */
export function dashboardFor(services: AppServices): DashboardFeature {
  let feature = features.get(services);
  if (!feature) {
    const session = services.session.store;
    feature = createDashboard({
      context: services.context,
      http: services.http,
      toasts: services.toasts,
      user: () => session.getState().user,
      featureFlags: () => services.session.featureFlags(),
      userLog: services.userLog,
    });
    services.timeTravel.register(feature.store);
    services.timeTravel.register(feature.colors.store);
    services.timeTravel.register(dashboardPropertiesOf(feature).store);
    features.set(services, feature);
  }
  return feature;
}

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
