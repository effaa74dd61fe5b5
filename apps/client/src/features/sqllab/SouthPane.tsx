import { useNavigate } from 'react-router-dom';
import { SOUTH_PANE_HISTORY, SOUTH_PANE_RESULTS, SQL_MAX_ROW, type EditorQuery } from '@strata/domain';
import type { DatabaseOption, ServerQuery } from './api/sqllab-api';
import { QueryHistory } from './history/QueryHistory';
import { ResultSet, QueryStateBadge, type DatasetControls, type QueryView } from './results/ResultSet';
import { defaultDatasetName, exploreUrl } from './results/dataset-actions';
import type { SqlLabPageStore } from './page-store';
import { useStoreState } from '../../shared/use-store-state';

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
  sqllab: SqlLabPageStore;
  /** The selected sub-tab: Results, History, or a data preview's query id. */
  activeTab: string;
  /** The tab the pane belongs to. */
  tabId: string;
  latest: EditorQuery | undefined;
  preview: readonly EditorQuery[];
  offline: boolean;
  databases: readonly DatabaseOption[] | null;
  /** Changes when a run finishes: the history reads the server's list again. */
  historyKey: string;
}

/** The bottom pane: Results, Query history and one sub-tab per table data preview. */
export function SouthPane({
  sqllab,
  tabId,
  activeTab: selected,
  latest,
  preview,
  offline,
  databases,
  historyKey,
}: SouthPaneProps) {
  // A preview of a table this tab no longer shows falls back to the results.
  const activeTab =
    selected === SOUTH_PANE_HISTORY || preview.some((q) => q.id === selected) ? selected : SOUTH_PANE_RESULTS;
  const select = (tab: string) => sqllab.execute({ type: 'SelectSouthPaneTab', data: { tab } });
  const shown = activeTab === SOUTH_PANE_RESULTS ? latest : preview.find((q) => q.id === activeTab);
  const navigate = useNavigate();
  const datasetState = useStoreState(sqllab.store.state$);
  const dataset: DatasetControls | undefined =
    shown && !shown.isDataPreview
      ? {
          defaultName: defaultDatasetName(sqllab.tab(tabId)?.name ?? null, sqllab.now()),
          saving: datasetState.isDatasourceLoading,
          error: datasetState.errorMessage,
          onSave: (name) =>
            void sqllab.createDataset(shown.id, name).then((id) => {
              if (id !== null) sqllab.toasts.success(`Dataset ${name.trim()} was created`);
            }),
          onExplore: () =>
            void sqllab
              .createDataset(shown.id, defaultDatasetName(sqllab.tab(tabId)?.name ?? null, sqllab.now()))
              .then((id) => {
                if (id !== null) navigate(exploreUrl(id));
              }),
        }
      : undefined;
  const notify = (kind: 'success' | 'danger', text: string) =>
    kind === 'success' ? sqllab.toasts.success(text) : sqllab.toasts.danger(text);

  return (
    <>
      <div className="sqllab-south__tabs" role="tablist" aria-label="Results panes">
        <button
          type="button"
          role="tab"
          aria-selected={activeTab === SOUTH_PANE_RESULTS}
          onClick={() => select(SOUTH_PANE_RESULTS)}
        >
          Results
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={activeTab === SOUTH_PANE_HISTORY}
          onClick={() => select(SOUTH_PANE_HISTORY)}
        >
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
        <QueryHistory
          history={sqllab.history}
          databases={databases}
          refreshKey={historyKey}
          onOpenInTab={(q: ServerQuery) =>
            sqllab.addTab({ sql: q.sql, dbId: q.dbId, schema: q.schema ?? null, catalog: q.catalog ?? null })
          }
          onInsert={(q: ServerQuery) => sqllab.insertSql(tabId, q)}
          tabId={tabId}
          onRemove={(q: ServerQuery) =>
            void sqllab.remove(q.id, tabId).then((removed) => {
              if (removed) void sqllab.history.reload();
            })
          }
        />
      ) : shown ? (
        <ResultSet
          key={shown.id}
          query={toQueryView(shown)}
          maxRow={SQL_MAX_ROW}
          exportUrl={shown.state === 'success' && !shown.isDataPreview ? sqllab.api.exportUrl(shown.id) : null}
          now={sqllab.now}
          notify={notify}
          onRefetch={() => sqllab.refetch(shown.id)}
          dataset={dataset}
          past={sqllab.past}
          onQueryTable={(schema, table) =>
            sqllab.addTab({ sql: `SELECT * FROM ${schema ? `${schema}.` : ''}${table}`, dbId: shown.dbId, schema })
          }
        />
      ) : (
        <p className="muted">Run a query to see its results here (Ctrl+Enter).</p>
      )}
    </>
  );
}
