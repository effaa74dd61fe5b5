import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStoreState } from '../../../shared/use-store-state';
import type { DashboardListFeature } from './dashboard-list.feature';

const SEARCH_QUIET_MS = 250;

const dashboardPath = (d: { id: number; slug: string | null }) => `/dashboard/${encodeURIComponent(d.slug || String(d.id))}/`;

/** /dashboard/list/: the dashboards the user may see, searchable, by owner, favourites only, ordered. */
export function DashboardListPage({ dashboards, userId }: { dashboards: DashboardListFeature; userId: number | null }) {
  const state = useStoreState(dashboards.store.state$);
  // The search box's text is form input; the list follows it after a pause.
  const [search, setSearch] = useState(state.query.search);
  useEffect(() => {
    const timer = setTimeout(() => void dashboards.load({ search }), SEARCH_QUIET_MS);
    return () => clearTimeout(timer);
  }, [search, dashboards]);
  const { query } = state;

  return (
    <div className="card">
      <h1 style={{ marginTop: 0 }}>Dashboards</h1>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <input type="search" aria-label="Search dashboards" placeholder="Search by title or slug" value={search} onChange={(e) => setSearch(e.target.value)} />
        <select aria-label="Owner" value={query.ownerId === null ? 'all' : 'mine'} onChange={(e) => void dashboards.load({ ownerId: e.target.value === 'mine' ? userId : null })}>
          <option value="all">All owners</option>
          <option value="mine">Mine</option>
        </select>
        <label>
          <input type="checkbox" checked={query.favoritesOnly} onChange={(e) => void dashboards.load({ favoritesOnly: e.target.checked })} /> Favourites only
        </label>
        <select
          aria-label="Sort"
          value={`${query.orderColumn}:${query.orderDirection}`}
          onChange={(e) => {
            const [orderColumn, orderDirection] = e.target.value.split(':') as [DashboardListFeatureQuery['orderColumn'], 'asc' | 'desc'];
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
          </tr>
        </thead>
        <tbody>
          {state.dashboards.map((d) => (
            <tr key={d.id}>
              <td>
                <button type="button" className="link" aria-label={state.favorites[d.id] ? `Unstar ${d.dashboard_title}` : `Star ${d.dashboard_title}`} onClick={() => void dashboards.toggleStar(d.id)}>
                  {state.favorites[d.id] ? '★' : '☆'}
                </button>
              </td>
              <td>
                <Link to={dashboardPath(d)}>{d.dashboard_title || '[ untitled dashboard ]'}</Link>
              </td>
              <td>{d.published ? 'Published' : 'Draft'}</td>
              <td>{(d.owners ?? []).map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ') || `#${o.id}`).join(', ')}</td>
              <td className="muted">{d.changed_on_delta_humanized ?? (d.changed_on ? new Date(d.changed_on).toLocaleString() : '')}</td>
            </tr>
          ))}
          {!state.loading && state.dashboards.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No dashboards yet
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {state.count > state.dashboards.length && (
        <p className="muted">
          Showing {state.dashboards.length} of {state.count}
        </p>
      )}
    </div>
  );
}

type DashboardListFeatureQuery = ReturnType<DashboardListFeature['store']['getState']>['query'];
