import { useEffect, useState, type ReactNode } from 'react';
import { reportOfTarget, targetKey, type PermissionSubject, type ReportTarget } from '@strata/domain';
import { useDismiss } from '../../../shared/use-dismiss';
import { useStoreState } from '../../../shared/use-store-state';
import { canManageReports, useReports, useSignedInUser } from '../state/reports-context';
import type { ReportsFeature } from '../state/reports.feature';
import type { ReportTargetProp } from './report-form';
import { ReportModal } from './ReportModal';

type Dialog = 'edit' | 'delete';

export interface ReportMenu {
  /** The "Manage email reports" items for the host's menu; null when the user may not manage reports. */
  items: ReactNode;
  /** The report modal or the delete confirmation: rendered by the host outside its menu, which folds. */
  dialogs: ReactNode;
}

/**
 * "Manage email reports" of a chart or dashboard (charts-dashboards-reports §9; Superset's
 * HeaderReportDropdown): "Set up an email report" while the user has none on it; otherwise "Email reports
 * active", "Edit email report" and "Delete email report" (after a confirmation). Only for users with
 * can_write on ReportSchedule. `onPicked` folds the host's menu.
 */
export function useReportMenu(
  target: ReportTargetProp,
  options: { user?: (PermissionSubject & { id?: number }) | null; onPicked?(): void } = {},
): ReportMenu {
  const reports = useReports();
  const signedIn = useSignedInUser();
  // Which dialog is open is how the page is looked at: the host's state, shared by items and dialogs.
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const user = options.user !== undefined ? options.user : signedIn;
  const allowed = reports !== null && canManageReports(user);
  const targetId = target.chartId ?? target.dashboardId;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!allowed || targetId === undefined) return;
    void reports.fetchFor({ creationMethod: target.creationMethod, targetId }, userId);
  }, [allowed, reports, target.creationMethod, targetId, userId]);
  if (!reports || !allowed || targetId === undefined) return { items: null, dialogs: null };
  const key: ReportTarget = { creationMethod: target.creationMethod, targetId };
  const { onPicked } = options;
  return {
    items: (
      <ReportMenuItems
        reports={reports}
        target={key}
        onOpen={(next) => {
          onPicked?.();
          setDialog(next);
        }}
      />
    ),
    dialogs: (
      <ReportDialogs reports={reports} target={key} props={target} dialog={dialog} onClose={() => setDialog(null)} />
    ),
  };
}

function ReportMenuItems({
  reports,
  target,
  onOpen,
}: {
  reports: ReportsFeature;
  target: ReportTarget;
  onOpen(dialog: Dialog): void;
}) {
  const state = useStoreState(reports.store.state$);
  const report = reportOfTarget(state, target);
  const open = (dialog: Dialog) => () => onOpen(dialog);
  const busy = report ? state.writes[report.id]?.pending === true : false;
  const fetched = state.fetches[targetKey(target)];
  const failure = report ? state.writes[report.id] : undefined;
  return (
    <div role="group" aria-label="Manage email reports" className="report-menu">
      <div className="report-menu__title">Manage email reports</div>
      {/* Until the user's report of the target is known, offering to set one up could make a second. */}
      {fetched?.status !== 'loaded' && report === null ? (
        <div className="report-menu__note" role={fetched?.status === 'failed' ? 'alert' : undefined}>
          {fetched?.status === 'failed' ? fetched.message : 'Loading…'}
        </div>
      ) : report === null ? (
        <button type="button" role="menuitem" onClick={open('edit')}>
          Set up an email report
        </button>
      ) : (
        <>
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={report.active}
            disabled={busy}
            onClick={() => void reports.setActive(report.id, !report.active)}
          >
            {report.active ? '☑' : '☐'} Email reports active
          </button>
          <button type="button" role="menuitem" onClick={open('edit')}>
            Edit email report
          </button>
          <button type="button" role="menuitem" onClick={open('delete')}>
            Delete email report
          </button>
          {failure?.write === 'active' && failure.message !== null && (
            <div className="form-error" role="alert">
              {failure.message}
            </div>
          )}
        </>
      )}
    </div>
  );
}

function ReportDialogs({
  reports,
  target,
  props,
  dialog,
  onClose: close,
}: {
  reports: ReportsFeature;
  target: ReportTarget;
  props: ReportTargetProp;
  dialog: Dialog | null;
  onClose(): void;
}) {
  const state = useStoreState(reports.store.state$);
  const report = reportOfTarget(state, target);
  if (dialog === 'edit')
    return <ReportModal open type="Report" report={report ?? undefined} target={props} onClose={close} />;
  if (dialog === 'delete' && report) {
    const write = state.writes[report.id];
    return (
      <div className="report-modal" role="dialog" aria-modal="true" aria-label="Delete email report">
        <div className="report-modal__body">
          <h2>Delete email report</h2>
          <p>
            This action will permanently delete <strong>{report.name}</strong>.
          </p>
          {write?.write === 'delete' && write.message !== null && (
            <div className="form-error" role="alert">
              {write.message}
            </div>
          )}
          <div className="report-modal__actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="danger"
              disabled={write?.pending === true}
              onClick={() => void reports.remove(report.id).then((deleted) => deleted && close())}
            >
              Delete
            </button>
          </div>
        </div>
      </div>
    );
  }
  return null;
}

/** A "Manage email reports" button with its own dropdown, for a header without a menu (Explore). */
export function ManageEmailReports({
  target,
  user,
}: {
  target: ReportTargetProp;
  user?: (PermissionSubject & { id?: number }) | null;
}) {
  const [open, setOpen, area] = useDismiss<HTMLDivElement>();
  const menu = useReportMenu(target, { user, onPicked: () => setOpen(false) });
  if (menu.items === null) return null;
  return (
    <div className="report-menu__host" ref={area}>
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        Manage email reports
      </button>
      {open && (
        <div className="report-menu__dropdown" role="menu">
          {menu.items}
        </div>
      )}
      {menu.dialogs}
    </div>
  );
}
