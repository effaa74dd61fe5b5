import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useDismiss } from '../../../shared/use-dismiss';
import { useStoreState } from '../../../shared/use-store-state';
import { downloadImage } from '../charts/chart-actions';
import type { DashboardFeature } from '../dashboard.feature';
import { useDashboardView } from '../grid/view-context';
import {
  dashboardPropertiesOf,
  type DashboardPropertiesFeature,
  type PropertiesUser,
} from './dashboard-properties.feature';
import type { DashboardWrite } from '@strata/domain';
import { CssModal } from './CssModal';
import { ConfirmDialog } from './Modal';
import { PropertiesModal } from './PropertiesModal';
import { SaveAsModal } from './SaveAsModal';
import { useReportMenu } from '../../reports/report-modal';

/** What the title bar needs to manage the dashboard. */
export interface DashboardManagement {
  user: PropertiesUser | null;
  /** DASHBOARD_RBAC. */
  roleBasedAccess: boolean;
  /** CONFIRM_DASHBOARD_DIFF: a save first checks for a newer version and asks before overwriting it. */
  confirmDiff?: boolean;
  /** false on a permalink: the page shows a saved view and offers no changes. */
  editable: boolean;
}

/** The page's management store, one per dashboard feature (DashboardRoute joins it to time travel); it reads the latest user and flags. */
export function useDashboardProperties(
  feature: DashboardFeature,
  manage: DashboardManagement,
): DashboardPropertiesFeature {
  const user = useRef(manage.user);
  user.current = manage.user;
  return dashboardPropertiesOf(feature, {
    user: () => user.current,
    roleBasedAccess: manage.roleBasedAccess,
    confirmDiff: manage.confirmDiff === true,
  });
}

/** The Published / Draft badge: a toggle for those who may edit the dashboard, a label for the others. */
export function PublishBadge({ properties, editable }: { properties: DashboardPropertiesFeature; editable: boolean }) {
  const { state } = useDashboardView();
  const writing = useStoreState(properties.store.state$).writing;
  const published = state.dashboard?.published === true;
  const label = published ? 'Published' : 'Draft';
  if (!editable || !properties.canEdit()) return <span className={`badge ${published ? 'success' : ''}`}>{label}</span>;
  return (
    <button
      type="button"
      className={`badge dashboard-header__publish ${published ? 'success' : ''}`}
      title={
        published
          ? 'Published: everyone with access sees it. Click to make it a draft.'
          : 'Draft: only its owners and admins see it. Click to publish.'
      }
      disabled={writing === 'publish'}
      onClick={() => void properties.togglePublished()}
    >
      {label}
    </button>
  );
}

type Dialog = Exclude<DashboardWrite, 'publish'>;

/**
 * The title bar's "…" menu (charts-dashboards-reports §9 dashboard menu actions): edit properties, edit CSS, save as, download
 * as image, delete. Only what the user may do is offered.
 */
export function DashboardActions({
  properties,
  editable,
}: {
  properties: DashboardPropertiesFeature;
  editable: boolean;
}) {
  const { feature, state, onError } = useDashboardView();
  const propertiesState = useStoreState(properties.store.state$);
  const navigate = useNavigate();
  const location = useLocation();
  // Whether the menu is unfolded and which dialog is open are how the page is looked at.
  const [open, setOpen, menu] = useDismiss<HTMLDivElement>();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const dashboard = state.dashboard;
  // "Manage email reports" (charts-dashboards-reports §9), for users with can_write on ReportSchedule.
  const reports = useReportMenu(
    { creationMethod: 'dashboards', dashboardId: dashboard?.id, name: dashboard?.dashboard_title },
    { onPicked: () => setOpen(false) },
  );

  if (!dashboard) return null;
  const canEdit = editable && properties.canEdit();
  const canSaveAs = editable && properties.canSaveAs();
  const show = (next: Dialog) => () => {
    setOpen(false);
    properties.dialogOpened(next);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const title = dashboard.dashboard_title || '[ untitled dashboard ]';

  const download = () => {
    setOpen(false);
    const page = menu.current?.closest<HTMLElement>('[data-testid="dashboard"]');
    if (page) downloadImage(page, title).catch((e: unknown) => onError('Could not download the image', e));
  };

  // After a properties change the address is the dashboard's slug, or its id when it has none (charts-dashboards-reports §2),
  // however the page was opened.
  const followSlug = () => {
    const now = feature.store.getState().dashboard;
    const shown = /^(.*\/)([^/]+)\/?$/.exec(location.pathname);
    if (!now || !shown) return;
    const address = now.slug || String(now.id);
    if (decodeURIComponent(shown[2]!) === address) return;
    navigate(
      { pathname: `${shown[1]}${encodeURIComponent(address)}/`, search: location.search, hash: location.hash },
      { replace: true },
    );
  };

  return (
    <div className="dashboard-header__actions" ref={menu}>
      <button
        type="button"
        aria-label="Dashboard actions"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        …
      </button>
      {open && (
        <div className="dashboard-menu" role="menu">
          {canEdit && (
            <button type="button" role="menuitem" onClick={show('properties')}>
              Edit properties
            </button>
          )}
          {canEdit && (
            <button type="button" role="menuitem" onClick={show('css')}>
              Edit CSS
            </button>
          )}
          {canSaveAs && (
            <button type="button" role="menuitem" onClick={show('saveAs')}>
              Save as
            </button>
          )}
          <button type="button" role="menuitem" onClick={download}>
            Download as image
          </button>
          {canEdit && (
            <button type="button" role="menuitem" onClick={show('delete')}>
              Delete
            </button>
          )}
          {editable && reports.items}
        </div>
      )}
      {reports.dialogs}
      {dialog === 'properties' && (
        <PropertiesModal
          // The form keeps what the user typed when someone else saves first; it starts again from the
          // latest values only when the user discards their changes.
          key={propertiesState.formResets}
          properties={properties}
          dashboard={dashboard}
          metadata={state.metadata}
          onClose={() => {
            close();
            followSlug();
          }}
        />
      )}
      {dialog === 'css' && (
        <CssModal key={propertiesState.formResets} properties={properties} css={dashboard.css ?? ''} onClose={close} />
      )}
      {dialog === 'saveAs' && (
        <SaveAsModal
          properties={properties}
          title={title}
          onClose={close}
          onSaved={(id) => navigate(`/dashboard/${id}/`)}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          label="Delete dashboard"
          confirmLabel="Delete"
          busy={propertiesState.writing === 'delete'}
          error={propertiesState.failure?.write === 'delete' ? propertiesState.failure.message : null}
          onCancel={close}
          onConfirm={() => void properties.remove().then((deleted) => deleted && navigate('/dashboard/list/'))}
        >
          Are you sure you want to delete <strong>{title}</strong>? This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}
