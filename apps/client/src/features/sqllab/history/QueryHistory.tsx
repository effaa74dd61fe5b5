import { useEffect, useState } from 'react';
import { QueryState, type HistoryFilters, type HistoryPeriod, type QueryState as State } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { DatabaseOption, ServerQuery } from '../api/sqllab-api';
import { QueryStateBadge } from '../results/ResultSet';
import { formatElapsed } from '../results/result-texts';
import { HISTORY_PAGE_SIZE, type QueryHistoryView } from './query-history.feature';

export interface QueryHistoryProps {
  history: QueryHistoryView;
  databases: readonly DatabaseOption[] | null;
  /** Changes when a run of this page finishes: the list is read again so it shows up. */
  refreshKey: string;
  onOpenInTab(query: ServerQuery): void;
  /** The open action's name: SQL Lab's tab says "Open in a new tab", the history page "Open in SQL Lab". */
  openLabel?: string;
  /** SQL Lab's tab only (the history page has no editor): put the SQL into the tab shown. */
  onInsert?(query: ServerQuery): void;
  /** The tab shown: its own runs can be removed from it. */
  tabId?: string;
  onRemove?(query: ServerQuery): void;
  /** Whether other users' runs can be asked for (all_query_access; the server refuses them otherwise). */
  userFilter?: boolean;
}

const PERIODS: { value: HistoryPeriod; label: string }[] = [
  { value: 'any', label: 'Any time' },
  { value: 'hour', label: 'Last hour' },
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
];

const startOf = (q: ServerQuery) => (typeof q.startDttm === 'number' ? q.startDttm : null);

/** The query history: past runs from the server, filtered by database, state, user, text and time, in pages. */
export function QueryHistory({
  history,
  databases,
  refreshKey,
  onOpenInTab,
  openLabel = 'Open in a new tab',
  onInsert,
  tabId,
  onRemove,
  userFilter = true,
}: QueryHistoryProps) {
  const state = useStoreState(history.store.state$);
  const { filters } = state;
  // The search text as typed, sent after a pause.
  const [search, setSearch] = useState(filters.search);
  const set = (change: Partial<HistoryFilters>) => void history.load({ ...filters, ...change }, 0);

  useEffect(() => {
    if (search === history.store.getState().filters.search) return;
    const timer = setTimeout(() => void history.load({ ...history.store.getState().filters, search }, 0), 250);
    return () => clearTimeout(timer);
  }, [history, search]);
  useEffect(() => void history.reload(), [history, refreshKey]);

  const pages = Math.max(1, Math.ceil(state.count / HISTORY_PAGE_SIZE));
  return (
    <div className="sqllab-history" data-testid="query-history">
      <div className="sqllab-history__filters" role="search" aria-label="Filter the query history">
        <select
          aria-label="Filter by database"
          value={filters.dbId ?? ''}
          onChange={(e) => set({ dbId: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">All databases</option>
          {(databases ?? []).map((db) => (
            <option key={db.id} value={db.id}>
              {db.database_name}
            </option>
          ))}
        </select>
        <select
          aria-label="Filter by state"
          value={filters.state ?? ''}
          onChange={(e) => set({ state: e.target.value || null })}
        >
          <option value="">All states</option>
          {Object.values(QueryState).map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </select>
        {userFilter && (
          <select
            aria-label="Filter by user"
            value={filters.userId ?? ''}
            onChange={(e) => set({ userId: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">All users</option>
            {Object.entries(state.users).map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        )}
        <select
          aria-label="Filter by time"
          value={filters.period}
          onChange={(e) => set({ period: e.target.value as HistoryPeriod })}
        >
          {PERIODS.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
        <input
          aria-label="Search the SQL"
          placeholder="SQL contains…"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" className="button--small" onClick={() => void history.reload()}>
          Refresh
        </button>
      </div>
      {state.error && (
        <div className="sqllab-alert sqllab-alert--danger" role="alert">
          {state.error}
        </div>
      )}
      {state.rows && state.rows.length === 0 && <p className="muted">No past query matches these filters.</p>}
      {state.rows && state.rows.length > 0 && (
        <table className="data" aria-label="Query history">
          <thead>
            <tr>
              <th>State</th>
              <th>Started</th>
              <th>Duration</th>
              <th>Database</th>
              <th>User</th>
              <th>Rows</th>
              <th>SQL</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((q) => {
              const start = startOf(q);
              return (
                <tr key={q.id} data-testid="history-row">
                  <td>
                    <QueryStateBadge state={q.state as State} />
                  </td>
                  <td>{start === null ? '' : new Date(start).toLocaleString()}</td>
                  <td>{start !== null && typeof q.endDttm === 'number' ? formatElapsed(q.endDttm - start) : ''}</td>
                  <td>{q.db ?? q.dbId}</td>
                  <td>{q.user ?? ''}</td>
                  <td className="number">{q.rows ?? ''}</td>
                  <td>
                    <code title={q.sql}>{q.sql.length > 100 ? `${q.sql.slice(0, 100)}…` : q.sql}</code>
                  </td>
                  <td className="sqllab-history__actions">
                    {onInsert && (
                      <button type="button" className="link-button" onClick={() => onInsert(q)}>
                        Edit in this tab
                      </button>
                    )}
                    <button type="button" className="link-button" onClick={() => onOpenInTab(q)}>
                      {openLabel}
                    </button>
                    {onRemove && tabId !== undefined && q.sqlEditorId === tabId && (
                      <button type="button" className="link-button" onClick={() => onRemove(q)}>
                        Remove from this tab
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <p className="sqllab-history__pages">
          <button type="button" disabled={state.page === 0} onClick={() => void history.load(filters, state.page - 1)}>
            Previous
          </button>{' '}
          Page {state.page + 1} of {pages} ({state.count} queries){' '}
          <button
            type="button"
            disabled={state.page + 1 >= pages}
            onClick={() => void history.load(filters, state.page + 1)}
          >
            Next
          </button>
        </p>
      )}
    </div>
  );
}
