import { onePerPageLoad } from '../../../app/one-per-page-load';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { ChartListPage } from './ChartListPage';
import { createChartList } from './chart-list.feature';

const chartListFor = onePerPageLoad((services) => createChartList(services.context, services.http, services.toasts));

export default function ChartListRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return <ChartListPage charts={chartListFor(services)} userId={user?.id ?? null} />;
}
