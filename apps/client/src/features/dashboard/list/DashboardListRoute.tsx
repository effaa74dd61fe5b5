import { onePerPageLoad } from '../../../app/one-per-page-load';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import { DashboardListPage } from './DashboardListPage';
import { createDashboardList } from './dashboard-list.feature';

const listFor = onePerPageLoad((services) => createDashboardList(services.context, services.http, services.toasts));

export default function DashboardListRoute() {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  return <DashboardListPage dashboards={listFor(services)} userId={user?.id ?? null} user={user} />;
}
