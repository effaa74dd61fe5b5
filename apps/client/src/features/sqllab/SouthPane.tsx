import { SOUTH_PANE_HISTORY, SOUTH_PANE_RESULTS, SQL_MAX_ROW, type EditorQuery } from '@strata/domain';
import { ResultSet, QueryStateBadge, type QueryView } from './results/ResultSet';
import { formatElapsed } from './results/result-texts';
import type { SqlLabFeature } from './sqllab.feature';

/** A run of the editor as the results pane shows it. */
export function toQueryView(query: EditorQuery): QueryView {
  const results = query.results;
  const progress = typeof query.extra['progress'] === 'string' ? (query.extra['progress'] as string) : null;
  return {
    id: query.id,
    state: query.state,
    sql: query.sql,
    startDttm: query.startDttm,
    endDttm: query.endDttm,
    rows: query.rows,
    limitingFactor: query.limitingFactor,
    progressMessage: progress,
    errorMessage: query.errorMessage,
    errors: query.errors,
    isDataPreview: query.isDataPreview,
    tempTable: query.tempTable,
    tempSchema: query.tempSchema,
    ctasMethod: query.ctas_method,
    results: results
      ? {
          columns: results.columns.map((c) => c.column_name ?? c.name ?? ''),
          data: results.data,
          displayLimitReached: results.displayLimitReached ?? false,
        }
      : null,
  };
}

export interface SouthPaneProps {
  sqllab: SqlLabFeature;
  /** The selected sub-tab: Results, History, or a data preview's query id. */
  activeTab: string;
  latest: EditorQuery | undefined;
  queries: readonly EditorQuery[];
  preview: readonly EditorQuery[];
  offline: boolean;
}

/** The bottom pane: Results, Query history and one sub-tab per table data preview. */
export function SouthPane({ sqllab, activeTab: selected, latest, queries, preview, offline }: SouthPaneProps) {
  // A preview of a table this tab no longer shows falls back to the results.
  const activeTab = selected === SOUTH_PANE_HISTORY || preview.some((q) => q.id === selected) ? selected : SOUTH_PANE_RESULTS;
  const select = (tab: string) => sqllab.execute({ type: 'SelectSouthPaneTab', data: { tab } });
  const shown = activeTab === SOUTH_PANE_RESULTS ? latest : preview.find((q) => q.id === activeTab);
  const notify = (kind: 'success' | 'danger', text: string) => (kind === 'success' ? sqllab.toasts.success(text) : sqllab.toasts.danger(text));

  return (
    <>
      <div className="sqllab-south__tabs" role="tablist" aria-label="Results panes">
        <button type="button" role="tab" aria-selected={activeTab === SOUTH_PANE_RESULTS} onClick={() => select(SOUTH_PANE_RESULTS)}>
          Results
        </button>
        <button type="button" role="tab" aria-selected={activeTab === SOUTH_PANE_HISTORY} onClick={() => select(SOUTH_PANE_HISTORY)}>
          Query history
        </button>
        {preview.map((q) => (
          <button key={q.id} type="button" role="tab" aria-selected={activeTab === q.id} onClick={() => select(q.id)}>
            Preview: {q.tab ?? q.sql}
          </button>
        ))}
        {offline && (
          <span className="sqllab-offline">
            <QueryStateBadge state="offline" />
          </span>
        )}
      </div>
      {activeTab === SOUTH_PANE_HISTORY ? (
        <QueryHistory queries={queries} onOpen={(q) => sqllab.addTab({ sql: q.sql, dbId: q.dbId, schema: q.schema })} />
      ) : shown ? (
        <ResultSet
          key={shown.id}
          query={toQueryView(shown)}
          maxRow={SQL_MAX_ROW}
          exportUrl={shown.state === 'success' && !shown.isDataPreview ? sqllab.api.exportUrl(shown.id) : null}
          now={sqllab.now}
          notify={notify}
          onRefetch={() => sqllab.refetch(shown.id)}
          onQueryTable={(schema, table) => sqllab.addTab({ sql: `SELECT * FROM ${schema ? `${schema}.` : ''}${table}`, dbId: shown.dbId, schema })}
        />
      ) : (
        <p className="muted">Run a query to see its results here (Ctrl+Enter).</p>
      )}
    </>
  );
}

function QueryHistory({ queries, onOpen }: { queries: readonly EditorQuery[]; onOpen(q: EditorQuery): void }) {
  const sorted = [...queries].sort((a, b) => b.startDttm - a.startDttm);
  if (sorted.length === 0) return <p className="muted">No query has run in this tab yet.</p>;
  return (
    <div className="sqllab-history">
      <table className="data" aria-label="Query history">
        <thead>
          <tr>
            <th>State</th>
            <th>Started</th>
            <th>Duration</th>
            <th>Rows</th>
            <th>SQL</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {sorted.map((q) => (
            <tr key={q.id}>
              <td>
                <QueryStateBadge state={q.state} />
              </td>
              <td>{new Date(q.startDttm).toLocaleTimeString()}</td>
              <td>{q.endDttm ? formatElapsed(q.endDttm - q.startDttm) : ''}</td>
              <td className="number">{q.rows ?? ''}</td>
              <td>
                <code>{q.sql.length > 100 ? `${q.sql.slice(0, 100)}…` : q.sql}</code>
              </td>
              <td>
                <button type="button" className="link-button" onClick={() => onOpen(q)}>
                  Open in a new tab
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
