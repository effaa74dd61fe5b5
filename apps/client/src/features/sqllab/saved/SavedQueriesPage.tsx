import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStoreState } from '../../../shared/use-store-state';
import { SAVED_PAGE_SIZE, type SavedQueriesFeature } from './saved-queries.feature';

/** The saved queries list (/sqllab/saved_queries/): search, pages, open one in a new SQL Lab tab. */
export function SavedQueriesPage({ saved }: { saved: SavedQueriesFeature }) {
  const state = useStoreState(saved.store.state$);
  // What is typed in the search box before it is sent.
  const [search, setSearch] = useState(state.search);

  useEffect(() => {
    const timer = setTimeout(() => void saved.load(search.trim(), 0), 250);
    return () => clearTimeout(timer);
  }, [saved, search]);

  const pages = Math.max(1, Math.ceil(state.count / SAVED_PAGE_SIZE));
  return (
    <div className="card">
      <h1>Saved queries</h1>
      <p>
        <Link to="/sqllab/">Back to SQL Lab</Link>
      </p>
      <label>
        Search
        <input
          aria-label="Search saved queries"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Label contains…"
        />
      </label>
      {state.error && <p className="form-error">{state.error}</p>}
      <table className="data" aria-label="Saved queries">
        <thead>
          <tr>
            <th>Label</th>
            <th>Schema</th>
            <th>SQL</th>
            <th>Modified</th>
          </tr>
        </thead>
        <tbody>
          {(state.rows ?? []).map((row) => (
            <tr key={row.id} data-testid={`saved-query-${row.id}`}>
              <td>
                <Link to={`/sqllab/?savedQueryId=${row.id}`}>{row.label}</Link>
              </td>
              <td>{row.schema}</td>
              <td>
                <code>{row.sql.length > 80 ? `${row.sql.slice(0, 80)}…` : row.sql}</code>
              </td>
              <td className="muted">{row.changed_on ? new Date(row.changed_on).toLocaleString() : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {state.rows?.length === 0 && (
        <p className="muted">No saved queries{state.search ? ` match “${state.search}”` : ''}.</p>
      )}
      {pages > 1 && (
        <p>
          <button
            type="button"
            disabled={state.page === 0}
            onClick={() => void saved.load(state.search, state.page - 1)}
          >
            Previous
          </button>{' '}
          Page {state.page + 1} of {pages}{' '}
          <button
            type="button"
            disabled={state.page + 1 >= pages}
            onClick={() => void saved.load(state.search, state.page + 1)}
          >
            Next
          </button>
        </p>
      )}
    </div>
  );
}
