import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { canEditDashboard, canWriteDashboard, type PermissionSubject } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import { ConfirmDialog } from '../properties/Modal';
import { DASHBOARD_LIST_PAGE_SIZE, type DashboardListFeature } from './dashboard-list.feature';

const SEARCH_QUIET_MS = 250;

const dashboardPath = (d: { id: number; slug: string | null }) =>
  `/dashboard/${encodeURIComponent(d.slug || String(d.id))}/`;

/**
 * /dashboard/list/: the dashboards the user may see, searchable, by owner, favourites only, ordered, a
 * page at a time; "+ Dashboard" for those with can_write on Dashboard (a new one opens in edit mode) and
 * Delete on the rows the user may edit (charts-dashboards-reports §6: owner or admin).
 */
export function DashboardListPage({
  dashboards,
  userId,
  user = null,
}: {
  dashboards: DashboardListFeature;
  userId: number | null;
  user?: PermissionSubject | null;
}) {
  const state = useStoreState(dashboards.store.state$);
  const navigate = useNavigate();
  // The search box's text is form input; the list follows it after a pause.
  const [search, setSearch] = useState(state.query.search);
  // Which row's delete is being confirmed, and whether a create is under way: view toggles.
  const [confirming, setConfirming] = useState<{ id: number; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => {
      // Coming back to the list reads its page again; a new search starts at the first.
      const { query: shown } = dashboards.store.getState();
      void dashboards.load(search === shown.search ? { page: shown.page } : { search });
    }, SEARCH_QUIET_MS);
    return () => clearTimeout(timer);
  }, [search, dashboards]);
  const { query } = state;
  const pages = Math.max(1, Math.ceil(state.count / DASHBOARD_LIST_PAGE_SIZE));
  const canCreate = canWriteDashboard(user);
  const create = () => {
    setBusy(true);
    void dashboards.create().then((id) => {
      setBusy(false);
      if (id !== null) navigate(`/dashboard/${id}/?edit=true`);
    });
  };

  return (
    <div className="card">
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
        <h1 style={{ marginTop: 0 }}>Dashboards</h1>
        {canCreate && (
          <button type="button" className="primary" disabled={busy} onClick={create}>
            + Dashboard
          </button>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <input
          type="search"
          aria-label="Search dashboards"
          placeholder="Search by title or slug"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Owner"
          value={query.ownerId === null ? 'all' : 'mine'}
          onChange={(e) => void dashboards.load({ ownerId: e.target.value === 'mine' ? userId : null })}
        >
          <option value="all">All owners</option>
          <option value="mine">Mine</option>
        </select>
        <label>
          <input
            type="checkbox"
            checked={query.favoritesOnly}
            onChange={(e) => void dashboards.load({ favoritesOnly: e.target.checked })}
          />{' '}
          Favourites only
        </label>
        <select
          aria-label="Sort"
          value={`${query.orderColumn}:${query.orderDirection}`}
          onChange={(e) => {
            const [orderColumn, orderDirection] = e.target.value.split(':') as [
              DashboardListFeatureQuery['orderColumn'],
              'asc' | 'desc',
            ];
            void dashboards.load({ orderColumn, orderDirection });
          }}
        >
          <option value="changed_on_delta_humanized:desc">Recently modified</option>
          <option value="changed_on_delta_humanized:asc">Least recently modified</option>
          <option value="dashboard_title:asc">Title (A–Z)</option>
          <option value="dashboard_title:desc">Title (Z–A)</option>
        </select>
        {state.loading && <span className="muted">Loading…</span>}
      </div>
      {state.error && (
        <div className="form-error" role="alert">
          {state.error}
        </div>
      )}
      <table className="data" aria-label="Dashboards">
        <thead>
          <tr>
            <th aria-label="Favourite" />
            <th>Title</th>
            <th>Status</th>
            <th>Owners</th>
            <th>Modified</th>
            <th aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {state.dashboards.map((d) => (
            <tr key={d.id}>
              <td>
                <button
                  type="button"
                  className="link"
                  aria-label={state.favorites[d.id] ? `Unstar ${d.dashboard_title}` : `Star ${d.dashboard_title}`}
                  onClick={() => void dashboards.toggleStar(d.id)}
                >
                  {state.favorites[d.id] ? '★' : '☆'}
                </button>
              </td>
              <td>
                <Link to={dashboardPath(d)}>{d.dashboard_title || '[ untitled dashboard ]'}</Link>
              </td>
              <td>{d.published ? 'Published' : 'Draft'}</td>
              <td>
                {(d.owners ?? [])
                  .map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ') || `#${o.id}`)
                  .join(', ')}
              </td>
              <td className="muted">
                {d.changed_on_delta_humanized ?? (d.changed_on ? new Date(d.changed_on).toLocaleString() : '')}
              </td>
              <td>
                {canEditDashboard(user, d.owners ?? []) && (
                  <button
                    type="button"
                    className="link"
                    aria-label={`Delete ${d.dashboard_title}`}
                    onClick={() => setConfirming({ id: d.id, title: d.dashboard_title || '[ untitled dashboard ]' })}
                  >
                    Delete
                  </button>
                )}
              </td>
            </tr>
          ))}
          {!state.loading && state.dashboards.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No dashboards yet
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {state.count > DASHBOARD_LIST_PAGE_SIZE && (
        <nav aria-label="Pages" style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 12 }}>
          <button
            type="button"
            disabled={query.page === 0 || state.loading}
            onClick={() => void dashboards.load({ page: query.page - 1 })}
          >
            Previous page
          </button>
          <span>
            Page {query.page + 1} of {pages}
          </span>
          <button
            type="button"
            disabled={query.page + 1 >= pages || state.loading}
            onClick={() => void dashboards.load({ page: query.page + 1 })}
          >
            Next page
          </button>
          <span className="muted">
            {query.page * DASHBOARD_LIST_PAGE_SIZE + 1}–
            {query.page * DASHBOARD_LIST_PAGE_SIZE + state.dashboards.length} of {state.count}
          </span>
        </nav>
      )}
      {confirming && (
        <ConfirmDialog
          label="Delete dashboard"
          confirmLabel="Delete"
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setBusy(true);
            void dashboards.remove(confirming.id).then(() => {
              setBusy(false);
              setConfirming(null);
            });
          }}
        >
          Are you sure you want to delete <strong>{confirming.title}</strong>? This cannot be undone.
        </ConfirmDialog>
      )}
    </div>
  );
}

type DashboardListFeatureQuery = ReturnType<DashboardListFeature['store']['getState']>['query'];
