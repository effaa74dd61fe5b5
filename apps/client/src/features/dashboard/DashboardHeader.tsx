import { useDashboardView } from './grid/view-context';
import { DASHBOARD_AUTO_REFRESH_INTERVALS } from '@strata/domain';
import { refreshIntervalLabel } from './refresh/refresh-labels';
import {
  DashboardActions,
  PublishBadge,
  useDashboardProperties,
  type DashboardManagement,
} from './properties/DashboardActions';

/**
 * The dashboard's title bar: title, favourite star, published state, the auto-refresh picker, force
 * refresh of all charts, Share (a permalink with the filters, tabs and anchor), and Edit dashboard for
 * those who may edit its layout; for those who may edit it, the published toggle and the "…" menu (properties, CSS,
 * save as, delete, download as image).
 */
export function DashboardHeader({
  hideTitle,
  onShare,
  onEdit,
  manage,
}: {
  hideTitle: boolean;
  /** Without it (a past view), no permalink button. */
  onShare?: () => Promise<void>;
  onEdit?: () => void;
  manage: DashboardManagement;
}) {
  const { feature, state } = useDashboardView();
  const properties = useDashboardProperties(feature, manage);
  const dashboard = state.dashboard!;
  const intervals: number[] = [...DASHBOARD_AUTO_REFRESH_INTERVALS];
  if (!intervals.includes(state.refreshFrequency)) intervals.push(state.refreshFrequency);
  return (
    <header className="dashboard-header">
      {!hideTitle && (
        <>
          <button
            type="button"
            className="link dashboard-header__star"
            aria-label={state.isStarred ? 'Unstar dashboard' : 'Star dashboard'}
            // A past view writes nothing, the star included.
            disabled={state.pastView !== null}
            onClick={() => void feature.toggleStar()}
          >
            {state.isStarred ? '★' : '☆'}
          </button>
          <h1 className="dashboard-header__title">{dashboard.dashboard_title || '[ untitled dashboard ]'}</h1>
          <PublishBadge properties={properties} editable={manage.editable} />
          {state.editMode && <span className="badge warning">Editing</span>}
        </>
      )}
      <span className="dashboard-header__spacer" />
      {state.isRefreshing && <span className="muted">Refreshing…</span>}
      <label className="dashboard-header__refresh">
        Auto-refresh{' '}
        <select
          aria-label="Refresh interval"
          value={state.refreshFrequency}
          onChange={(e) => feature.setRefreshFrequency(Number(e.target.value))}
        >
          {intervals.map((s) => (
            <option key={s} value={s}>
              {refreshIntervalLabel(s)}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => feature.refreshAll()}>
        Refresh dashboard
      </button>
      {onShare && (
        <button
          type="button"
          // One permalink at a time: the button waits for the server's link.
          disabled={state.permalink?.status === 'creating'}
          onClick={() => void onShare()}
        >
          Copy permalink
        </button>
      )}
      {onEdit && (
        <button type="button" className="primary" onClick={onEdit}>
          Edit dashboard
        </button>
      )}
      <DashboardActions properties={properties} editable={manage.editable} />
    </header>
  );
}
