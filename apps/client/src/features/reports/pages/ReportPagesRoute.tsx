import { useParams } from 'react-router-dom';
import { hasPermission, isAdmin, Permission, PermissionView } from '@strata/domain';
import type { AppServices } from '../../../app/services';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import type { ScheduleType } from '../api/reports-api';
import { createReportPages, type ReportPagesFeature } from './report-pages.feature';
import { ReportListPage } from './ReportListPage';
import { ReportLogPage } from './ReportLogPage';

// Made when the lazily loaded page first opens, once per page load, and joined to time travel then.
const features = new WeakMap<AppServices, ReportPagesFeature>();

function pagesFor(services: AppServices): ReportPagesFeature {
  let feature = features.get(services);
  if (!feature) {
    feature = createReportPages(services.context, services.http, services.toasts);
    services.timeTravel.register(feature.store);
    features.set(services, feature);
  }
  return feature;
}

/** `/report/list/` and `/alert/list/`. */
export function ReportListRoute({ type }: { type: ScheduleType }) {
  const services = useServices();
  const { user } = useStoreState(services.session.store.liveState$);
  // Keyed by type: the search box's text belongs to the list it was typed in.
  return (
    <ReportListPage
      key={type}
      pages={pagesFor(services)}
      type={type}
      admin={isAdmin(user)}
      userId={user?.id ?? 0}
      canWrite={hasPermission(user, Permission.WRITE, PermissionView.REPORT_SCHEDULE)}
    />
  );
}

/** `/report/<id>/log/`, `/alert/<id>/log/`. */
export function ReportLogRoute() {
  const services = useServices();
  const { id = '' } = useParams();
  return <ReportLogPage pages={pagesFor(services)} reportId={/^\d{1,9}$/.test(id) ? Number(id) : 0} />;
}
