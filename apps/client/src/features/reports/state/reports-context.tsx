import { createContext, useContext, type ReactNode } from 'react';
import { NEVER } from 'rxjs';
import { useObservableState } from 'observable-hooks';
import { hasPermission, Permission, PermissionView, type PermissionSubject } from '@strata/domain';
import { useOptionalServices } from '../../../app/services-context';
import { onePerPageLoad } from '../../../app/one-per-page-load';
import { createReports, type ReportsFeature } from './reports.feature';

const ReportsContext = createContext<ReportsFeature | null>(null);

/** Gives the report modal and menus the reports feature (component specs; the app falls back to its services). */
export function ReportsProvider({ reports, children }: { reports: ReportsFeature; children: ReactNode }) {
  return <ReportsContext.Provider value={reports}>{children}</ReportsContext.Provider>;
}

// One reports store per page's services, made the first time a menu or modal needs it and listed in the
// time-travel panel from then on: the pages that never show reports never load them.
export const reportsOf = onePerPageLoad((services) =>
  createReports({ context: services.context, http: services.http }),
);

/** The reports feature of this part of the page, or null where there is none (a component rendered alone). */
export function useReports(): ReportsFeature | null {
  const provided = useContext(ReportsContext);
  const services = useOptionalServices();
  return provided ?? (services ? reportsOf(services) : null);
}

/** The signed-in user from the page's session, or null (component specs pass theirs instead). */
export function useSignedInUser(): (PermissionSubject & { id?: number }) | null {
  const services = useOptionalServices();
  const state = useObservableState(services ? services.session.store.state$ : NEVER, null);
  return (state?.user as (PermissionSubject & { id?: number }) | undefined) ?? null;
}

/** charts-dashboards-reports §9: "Manage email reports" is for users with can_write on ReportSchedule. */
export const canManageReports = (user: PermissionSubject | null | undefined) =>
  hasPermission(user, Permission.WRITE, PermissionView.REPORT_SCHEDULE);
