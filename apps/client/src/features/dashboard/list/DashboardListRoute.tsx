import type { AppServices } from '../../../app/services';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { DashboardListPage } from './DashboardListPage';
import { createDashboardList, type DashboardListFeature } from './dashboard-list.feature';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, DashboardListFeature>();

function listFor(services: AppServices): DashboardListFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createDashboardList(services.context, services.http, services.toasts);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

export default function DashboardListRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return <DashboardListPage dashboards={listFor(services)} userId={user?.id ?? null} user={user} />;
}
