import type { AppServices } from '../../../app/services';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { ChartListPage } from './ChartListPage';
import { createChartList, type ChartListFeature } from './chart-list.feature';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, ChartListFeature>();

function chartListFor(services: AppServices): ChartListFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createChartList(services.context, services.http, services.toasts);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

export default function ChartListRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return <ChartListPage charts={chartListFor(services)} userId={user?.id ?? null} />;
}
