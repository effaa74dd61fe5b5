import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { vizTypeLabel, type ChartListQueryState } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { ChartListFeature } from './chart-list.feature';

const SEARCH_QUIET_MS = 250;
const ORDERINGS: {
  value: string;
  label: string;
  column: ChartListQueryState['orderColumn'];
  direction: 'asc' | 'desc';
}[] = [
  { value: 'recent', label: 'Recently modified', column: 'changed_on_delta_humanized', direction: 'desc' },
  { value: 'oldest', label: 'Least recently modified', column: 'changed_on_delta_humanized', direction: 'asc' },
  { value: 'name', label: 'Name (A–Z)', column: 'slice_name', direction: 'asc' },
  { value: 'name-desc', label: 'Name (Z–A)', column: 'slice_name', direction: 'desc' },
  { value: 'type', label: 'Chart type', column: 'viz_type', direction: 'asc' },
];

/** /chart/list/: every chart the user may see, searchable by name, filtered by owner, ordered. */
export function ChartListPage({ charts, userId }: { charts: ChartListFeature; userId: number | null }) {
  const state = useStoreState(charts.store.state$);
  // The search box's text is form input; the list follows it after a pause.
  const [search, setSearch] = useState(state.query.search);
  useEffect(() => {
    const timer = setTimeout(() => void charts.load({ search }), SEARCH_QUIET_MS);
    return () => clearTimeout(timer);
  }, [search, charts]);
  const ordering =
    ORDERINGS.find((o) => o.column === state.query.orderColumn && o.direction === state.query.orderDirection)?.value ??
    'recent';

  return (
    <div className="card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <h1 style={{ margin: 0 }}>Charts</h1>
        <span style={{ flex: 1 }} />
        <Link to="/explore/">+ Chart</Link>
      </div>
      <div style={{ display: 'flex', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        <input
          type="search"
          aria-label="Search charts"
          placeholder="Search by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <select
          aria-label="Owner"
          value={state.query.ownerId === null ? 'all' : 'mine'}
          onChange={(e) => void charts.load({ ownerId: e.target.value === 'mine' ? userId : null })}
        >
          <option value="all">All owners</option>
          <option value="mine">Mine</option>
        </select>
        <select
          aria-label="Sort"
          value={ordering}
          onChange={(e) => {
            const o = ORDERINGS.find((x) => x.value === e.target.value)!;
            void charts.load({ orderColumn: o.column, orderDirection: o.direction });
          }}
        >
          {ORDERINGS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {state.loading && <span className="muted">Loading…</span>}
      </div>
      {state.error && <div className="form-error">{state.error}</div>}
      <table className="data" aria-label="Charts">
        <thead>
          <tr>
            <th aria-label="Favourite" />
            <th>Name</th>
            <th>Type</th>
            <th>Dataset</th>
            <th>Dashboards</th>
            <th>Modified</th>
          </tr>
        </thead>
        <tbody>
          {state.charts.map((c) => (
            <tr key={c.id}>
              <td>
                <button
                  type="button"
                  className="link"
                  aria-label={state.favorites[c.id] ? `Unstar ${c.slice_name}` : `Star ${c.slice_name}`}
                  onClick={() => void charts.toggleStar(c.id)}
                >
                  {state.favorites[c.id] ? '★' : '☆'}
                </button>
              </td>
              <td>
                <Link to={`/explore/?slice_id=${c.id}`}>{c.slice_name}</Link>
              </td>
              <td>{vizTypeLabel(c.viz_type)}</td>
              <td>{c.datasource_name_text ?? c.datasource_name ?? ''}</td>
              <td>{(c.dashboards ?? []).map((d) => d.dashboard_title ?? d.id).join(', ')}</td>
              <td className="muted">{c.changed_on_delta_humanized ?? c.changed_on ?? ''}</td>
            </tr>
          ))}
          {!state.loading && state.charts.length === 0 && (
            <tr>
              <td colSpan={6} className="muted">
                No charts yet
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {state.count > state.charts.length && (
        <p className="muted">
          Showing {state.charts.length} of {state.count}
        </p>
      )}
    </div>
  );
}
