import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  canDownloadCsv,
  canShareDashboard,
  FeatureFlag,
  isFeatureEnabled,
  type FeatureFlags,
  type Layout,
  type PermissionSubject,
} from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { useOnScreen } from '../timetravel/use-read-only';
import { toClientError } from '../api/api-error';
import type { ErrorsFeature } from '../errors/errors.feature';
import type { DashboardFeature } from './dashboard.feature';
import { DraftChart } from './charts/DraftChart';
import { DashboardHeader } from './DashboardHeader';
import { EditMode, type EditModeProps } from './edit/EditMode';
import { FilterBar } from './filters/FilterBar';
import { nativeFilters, type FilterValue } from './filters/native-filters';
import { DashboardGrid } from './grid/DashboardGrid';
import { DashboardViewContext, type DashboardView } from './grid/view-context';
import { NewVersionNotice } from './grid/NewVersionNotice';
import { useNewVersions } from './live/use-new-versions';
import { DrillModals } from '../drill/DrillModals';
import { PastViewBanner } from '../../shared/past-view/PastViewBanner';
import { withoutAsOf } from '../../shared/past-view/past-moment';
import { readDashboardUrl, withNativeFiltersKey, withoutFocusedChart } from './url/dashboard-url';
import { useFilterStateKey } from './url/use-filter-state-key';
import './dashboard.css';

const FALLBACK_WIDTH = 1200;

/** Width of the grid area, followed as the window or the filter bar resizes. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * Whether the page is in edit mode: on when the loaded dashboard says so (the `edit` URL parameter with
 * edit rights), once per dashboard opened, then the user's buttons decide.
 */
function useEditMode(requested: boolean, idOrSlug: string | null): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(false);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (requested && applied.current !== idOrSlug) {
      applied.current = idOrSlug;
      setOn(true);
    }
  }, [requested, idOrSlug]);
  return [on, setOn];
}

export interface DashboardPageProps {
  dashboard: DashboardFeature;
  errors: ErrorsFeature;
  /** The dashboard's id or slug from the route, or null when a permalink names it. */
  idOrSlug: string | null;
  permalinkKey?: string | null;
  user: PermissionSubject | null;
  featureFlags?: FeatureFlags;
  /** What edit mode needs (the app's HTTP client, ids, socket); without it the page is view-only. */
  editing?: Pick<EditModeProps, 'http' | 'context' | 'openTransport'>;
  /**
   * Show the dashboard as it was at this log position or ISO time, read-only (issue 13); by default the
   * address's `as_of`. A page that is not the dashboard's own (the replay) passes it, with `nowHref`.
   */
  asOf?: string | null;
  /** Where "Back to now" leads; by default this address without `as_of`. */
  nowHref?: string;
  /** A past view queries chart data as today unless false (the replay runs no query). */
  pastQueries?: boolean;
  /**
   * A past view draws this layout, edit mode's shared draft of then with unsaved changes, instead of the
   * saved one, still read-only (the replay of an editor): no edit mode, draft socket or presence opens.
   */
  pastDraft?: Layout | null;
  /** Filter values a past view starts with (the replay: those of the address the user opened), by filter id. */
  pastFilterValues?: Record<string, FilterValue>;
  /** The data mask a past view starts with (the replay: the filter state the user had kept then, cross-filters too). */
  pastDataMask?: Record<string, unknown> | null;
}

/**
 * /dashboard/{id or slug}/ in view mode: the URL parameters read on load (charts-dashboards-reports §2), the title bar, the
 * native filter bar and the grid. The focused-chart parameter is removed from the address once read.
 */
export function DashboardPage({
  dashboard,
  errors,
  idOrSlug,
  permalinkKey = null,
  user,
  featureFlags,
  editing,
  asOf: asOfProp,
  nowHref,
  pastQueries = true,
  pastDraft = null,
  pastFilterValues,
  pastDataMask = null,
}: DashboardPageProps) {
  const state = useStoreState(dashboard.store.state$);
  const location = useLocation();
  const navigate = useNavigate();
  // The URL as it was when the page opened: later changes (tab anchors, the removed focus) are the page's own.
  const read = readDashboardUrl(location.search, location.hash);
  const asOf = asOfProp !== undefined ? asOfProp : read.asOf;
  // "Back to now" keeps the dashboard and changes only as_of: that is a new load too.
  const url = useMemo(
    () => ({
      ...read,
      ...(pastFilterValues ? { nativeFilterValues: { ...read.nativeFilterValues, ...pastFilterValues } } : {}),
      asOf,
      pastQueries,
      pastDraft,
      pastDataMask,
    }),
    [idOrSlug, permalinkKey, asOf, pastQueries, pastDraft, pastFilterValues, pastDataMask],
  );
  const past = state.pastView;
  const backToNow = nowHref ?? withoutAsOf(location.pathname, location.search, location.hash);
  const [gridRef, width] = useWidth<HTMLDivElement>();
  const [editMode, setEditMode] = useEditMode(state.status === 'ready' && state.editMode, idOrSlug);
  // Someone else's save reaches view mode live (issue 12): loaded in place, or offered while something is open.
  const newVersions = useNewVersions({
    state,
    // A past view follows nothing: a newer save would replace what it shows.
    active: !permalinkKey && !editMode && idOrSlug !== null && !url.asOf && !past,
    editing,
    reload: () => {
      const { dataMask, activeTabs } = dashboard.store.getState();
      // The filters and tabs the viewer has now, not the ones the address opened with.
      const keep = { ...url, nativeFilterValues: {}, preselectFilters: {}, focusedChartId: null, anchor: '' };
      return idOrSlug
        ? dashboard.open(idOrSlug, { ...keep, editParam: null }, { dataMask, activeTabs })
        : Promise.resolve();
    },
  });

  // The viewer's filters are kept under a native_filters_key in the address (issue 16): a reload or a shared link reopens them.
  const addressNow = useRef(location);
  addressNow.current = location;
  const filterStateKey = useFilterStateKey(
    dashboard,
    !permalinkKey && !url.asOf && asOfProp === undefined && !url.report,
    (key) => {
      const { search, hash } = addressNow.current;
      navigate({ search: withNativeFiltersKey(search, key), hash }, { replace: true });
    },
  );

  useEffect(() => {
    filterStateKey.current?.opened(permalinkKey ? null : url.nativeFiltersKey);
    if (permalinkKey) {
      dashboard
        .openPermalink(permalinkKey)
        .catch((error: unknown) => errors.show(toClientError(error), 'Could not open this permalink'));
    } else if (idOrSlug) {
      void dashboard.open(idOrSlug, url);
    }
  }, [dashboard, errors, idOrSlug, permalinkKey, url, filterStateKey]);

  // charts-dashboards-reports §2: the focused-chart parameter is read on load, then removed.
  useEffect(() => {
    if (state.status === 'ready' && url.focusedChartId !== null && location.search.includes('focused_chart')) {
      navigate({ search: withoutFocusedChart(location.search), hash: location.hash }, { replace: true });
    }
  }, [state.status, url.focusedChartId, location.search, location.hash, navigate]);

  // The dashboard's record stream goes into a time-travel bug report while it is on screen (issue 13).
  const shownId = state.dashboard?.id;
  useOnScreen(shownId !== undefined ? [`dashboard:${shownId}`] : []);

  const escapeMarkdown = isFeatureEnabled(featureFlags, FeatureFlag.ESCAPE_MARKDOWN_HTML);
  const view: DashboardView = {
    feature: dashboard,
    state,
    escapeMarkdown,
    hideChartControls: url.hidden.hideChartControls,
    hideTabs: url.hidden.hideTabs,
    canDownload: canDownloadCsv(user),
    canEditFilters: !permalinkKey && state.status === 'ready' && dashboard.canEdit(),
    onError: (title, error) => errors.show(toClientError(error), title),
  };

  // The page's store lives as long as the page load: a view mounted for another time (the next step of a
  // replay) first finds the one shown before, until its own load starts. That one is not this view.
  // (A permalink is never a past view: its load ignores as_of.)
  const otherView = (state.pastView?.asOf ?? null) !== (permalinkKey ? null : (asOf ?? null));
  const loading = <div className="splash">Loading dashboard…</div>;
  if (otherView) return loading;
  if (state.status === 'failed') {
    return (
      <div className="card" role="alert">
        <h1>Dashboard not available</h1>
        <p>{state.error}</p>
        {past && <Link to={backToNow}>Back to now</Link>}
      </div>
    );
  }
  if (state.status !== 'ready' || !state.dashboard) return loading;

  // dashboard.canEdit() is false in a past view: no edit mode, no writes.
  const canEdit = editing !== undefined && !permalinkKey && dashboard.canEdit();
  // The address says whether edit mode is on (charts-dashboards-reports §2 `edit`), so a reload stays in it.
  const setEditParam = (on: boolean) => {
    const params = new URLSearchParams(location.search);
    if (on) params.set('edit', 'true');
    else params.delete('edit');
    const search = params.toString();
    navigate({ search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };
  if (editing && canEdit && editMode) {
    return (
      <div className="dashboard dashboard--editing" data-testid="dashboard">
        <header className="dashboard-header">
          <h1 className="dashboard-header__title">{state.dashboard.dashboard_title || '[ untitled dashboard ]'}</h1>
          <span className="badge warning">Editing</span>
        </header>
        <div className="dashboard__content" ref={gridRef}>
          <DashboardViewContext.Provider value={view}>
            <EditMode
              {...editing}
              dashboard={dashboard}
              dashboardId={state.dashboard.id}
              notices={dashboard.toasts}
              escapeMarkdown={escapeMarkdown}
              filters={nativeFilters(state.filterItems)}
              gridWidth={Math.max(320, width - 276)}
              renderChart={(chartId, size, sliceName) => (
                <DraftChart chartId={chartId} sliceName={sliceName} width={size.width} height={size.height} />
              )}
              onExit={() => {
                setEditMode(false);
                setEditParam(false);
                // The saved (or discarded) layout is the dashboard's again: load it as view mode shows it.
                if (idOrSlug) void dashboard.open(idOrSlug, { ...url, editParam: null });
              }}
            />
          </DashboardViewContext.Provider>
        </div>
      </div>
    );
  }

  const horizontal =
    isFeatureEnabled(featureFlags, FeatureFlag.HORIZONTAL_FILTER_BAR) &&
    String(state.metadata.filter_bar_orientation ?? '').toUpperCase() === 'HORIZONTAL';
  // A report page (standalone 3) is drawn for a screenshot: no filter bar.
  const showFilters = !url.report && state.soloChartId === null;
  const share = () =>
    dashboard
      .sharePermalink(location.search, location.hash)
      .catch((error: unknown) => errors.show(toClientError(error), 'Could not create a permalink'));

  return (
    <DashboardViewContext.Provider value={view}>
      <div className={`dashboard${url.report ? ' dashboard--report' : ''}`} data-testid="dashboard">
        {state.dashboard.css && <style>{state.dashboard.css}</style>}
        {past && (
          <PastViewBanner
            asOf={past.asOf}
            changedOn={state.dashboard.changed_on}
            nowHref={backToNow}
            queries={past.queries}
          />
        )}
        {past?.unsavedDraft && (
          <p className="dashboard-past-draft" role="note" data-testid="past-draft">
            <span className="badge warning">Editing</span> Edit mode, unsaved changes: the layout is the shared draft as
            the editors saw it then, not a saved version.
          </p>
        )}
        <DashboardHeader
          hideTitle={url.hidden.hideTitle}
          // A permalink names today's dashboard: none is made of the past; sharing needs can_share_dashboard.
          onShare={past || !canShareDashboard(user) ? undefined : share}
          manage={{
            user,
            roleBasedAccess: isFeatureEnabled(featureFlags, FeatureFlag.DASHBOARD_RBAC),
            confirmDiff: isFeatureEnabled(featureFlags, FeatureFlag.CONFIRM_DASHBOARD_DIFF),
            editable: !permalinkKey && !past,
          }}
          onEdit={
            canEdit
              ? () => {
                  setEditMode(true);
                  setEditParam(true);
                }
              : undefined
          }
        />
        <NewVersionNotice notice={newVersions.notice} onLoad={newVersions.load} />
        {showFilters && horizontal && <FilterBar orientation="horizontal" />}
        <div className="dashboard__body">
          {showFilters && !horizontal && <FilterBar orientation="vertical" />}
          <div className="dashboard__content" ref={gridRef}>
            <DashboardGrid width={width} />
          </div>
        </div>
        <DrillModals onError={view.onError} />
      </div>
    </DashboardViewContext.Provider>
  );
}
