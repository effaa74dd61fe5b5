import { useParams } from 'react-router-dom';
import { hasPermission, isAdmin, Permission, PermissionView } from '@strata/domain';
import { onePerPageLoad } from '../../../app/one-per-page-load';
import { useServices } from '../../../app/services-context';
import { useStoreState } from '../../../shared/use-store-state';
import type { ScheduleType } from '../api/reports-api';
import { createReportPages } from './report-pages.feature';
import { ReportListPage } from './ReportListPage';
import { ReportLogPage } from './ReportLogPage';

const pagesFor = onePerPageLoad((services) => createReportPages(services.context, services.http, services.toasts));

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
