import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  activeQueryEditor,
  DEFAULT_SQLLAB_LIMIT,
  isQueryInProgress,
  SQL_MAX_ROW,
  tablesOfTab,
  visibleQueryEditors,
  type QueryEditor,
} from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import { forgetPostedRequestedQuery, postedRequestedQuery, requestedQueryOf } from './requested-query';
import { metadataKey, tablesKey } from '@strata/domain';
import { CostEstimate } from './editor/CostEstimate';
import { EditorToolbar, limitOptions } from './editor/EditorToolbar';
import { TemplateParams } from './editor/TemplateParams';
import { CtasControl, isValidCtasName } from './editor/CtasControl';
import type { CtasOption } from './runs/runs';
import { SaveQueryDialog } from './editor/SaveQueryDialog';
import type { CompletionWords } from './editor/completions';
import { LeftBar } from './leftbar/LeftBar';
import { SouthPane } from './SouthPane';
import { SplitPanes } from './SplitPanes';
import { useSqlLabShortcuts } from './shortcuts';
import type { SqlLabPageStore } from './page-store';
import { TabBar } from './tabs/TabBar';
import './sqllab.css';

// Ace is most of SQL Lab's code: it loads in its own chunk while the tabs and pickers render.
const SqlEditor = lazy(() => import('./editor/SqlEditor').then((m) => ({ default: m.SqlEditor })));

/**
 * /sqllab/: tabs, the left bar, the editor over the results; all state from the SQL Lab store (the live
 * one, or a past one shown read-only by a replay).
 */
export function SqlLabPage({ sqllab }: { sqllab: SqlLabPageStore }) {
  const state = useStoreState(sqllab.store.state$);
  const catalog = useStoreState(sqllab.catalog.store.state$);
  const history = useStoreState(sqllab.history$);
  const ready = useStoreState(sqllab.ready$);
  const tabs = visibleQueryEditors(state);
  const active = activeQueryEditor(state);

  useEffect(() => sqllab.open(), [sqllab]);

  // A link to a query (/sqllab/p/<key>, /sqllab/?savedQueryId=7, a past run /sqllab/?queryId=<client id>)
  // opens it in a new tab once the saved
  // tabs are restored; meanwhile no empty first tab is added, and the address becomes /sqllab/ after.
  // A chart's "View query" pushes its SQL in the router state, or posts it to a new browser tab (the
  // server puts it in the page); a dataset link names it (?datasourceKey=).
  const { key: permalinkKey } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const savedQueryId = Number(params.get('savedQueryId'));
  const wantsSaved = Number.isInteger(savedQueryId) && savedQueryId > 0;
  const pastQueryId = params.get('queryId');
  const requested = requestedQueryOf(location.state) ?? postedRequestedQuery();
  const datasourceKey = requested?.datasourceKey ?? params.get('datasourceKey');
  const [opening, setOpening] = useState(
    Boolean(permalinkKey) || wantsSaved || Boolean(pastQueryId) || Boolean(datasourceKey),
  );
  // Links already opened: StrictMode runs effects twice, and a link must give one tab.
  const opened = useRef(new Set<string>());
  useEffect(() => {
    if (!ready || (!permalinkKey && !wantsSaved && !pastQueryId && !datasourceKey)) return;
    const link = permalinkKey
      ? `p:${permalinkKey}`
      : wantsSaved
        ? `saved:${savedQueryId}`
        : pastQueryId
          ? `query:${pastQueryId}`
          : `${location.key}:${datasourceKey}`;
    if (opened.current.has(link)) return;
    opened.current.add(link);
    const done = permalinkKey
      ? sqllab.openPermalink(permalinkKey)
      : wantsSaved
        ? sqllab.openSavedQuery(savedQueryId)
        : pastQueryId
          ? sqllab.openPastQuery(pastQueryId)
          : sqllab.openOnDataset(datasourceKey!, requested?.sql);
    // The address (and its state) becomes plain /sqllab/: a reload must not open the link again.
    void done.finally(() => {
      forgetPostedRequestedQuery();
      setOpening(false);
      navigate('/sqllab/', { replace: true, state: null });
    });
  }, [
    sqllab,
    ready,
    permalinkKey,
    wantsSaved,
    savedQueryId,
    pastQueryId,
    datasourceKey,
    requested?.sql,
    location.key,
    navigate,
  ]);

  // A page with no tab gets one; it is where the user starts, not an undoable step.
  useEffect(() => {
    if (ready && !opening && sqllab.store.getState().queryEditors.length === 0) sqllab.addTab({}, { undoable: false });
  }, [sqllab, ready, opening, tabs.length]);

  useSqlLabShortcuts(sqllab);
  // Whether the template parameters box is unfolded: a view toggle, not a fact.
  const [paramsOpen, setParamsOpen] = useState(false);
  const saveDialog = useStoreState(sqllab.saveDialog.store.state$).open;
  // CREATE TABLE / VIEW AS chosen for the next runs, with its name as typed.
  const [ctas, setCtas] = useState<CtasOption | null>(null);

  // A tab without a database opens on the default one (the lowest id; sqllab-and-platform §9), once per tab.
  const defaulted = useRef(new Set<string>());
  const lowestDb =
    catalog.databases?.reduce<number | null>((low, db) => (low === null || db.id < low ? db.id : low), null) ?? null;
  useEffect(() => {
    if (!active || active.dbId !== null || lowestDb === null || defaulted.current.has(active.id)) return;
    defaulted.current.add(active.id);
    sqllab.selectDatabase(active.id, lowestDb, { undoable: false });
  }, [sqllab, active, lowestDb]);

  const words = useMemo<CompletionWords>(() => {
    if (!active || active.dbId === null) return { schemas: [], tables: [], columns: [] };
    const schema = active.schema ?? '';
    const tables = catalog.tables[tablesKey(active.dbId, schema)] ?? [];
    const prefix = metadataKey(active.dbId, schema, '');
    const columns = Object.entries(catalog.metadata)
      .filter(([key]) => key.startsWith(prefix))
      .flatMap(([, meta]) => meta.columns.map((c) => ({ table: meta.name, name: c.name, type: c.type })));
    return { schemas: catalog.schemas[String(active.dbId)] ?? [], tables: tables.map((t) => t.value), columns };
  }, [active, catalog]);

  if (!active) {
    if (!ready || opening) {
      return (
        <div className="sqllab" data-testid="sqllab" aria-busy="true">
          <p className="muted sqllab-loading">Loading your query tabs…</p>
        </div>
      );
    }
    return (
      <div className="sqllab" data-testid="sqllab">
        <p className="card">
          No query tab is open.{' '}
          <button type="button" onClick={() => sqllab.addTab()}>
            New tab
          </button>
        </p>
      </div>
    );
  }

  const on = (tab: QueryEditor) => ({ queryEditorId: tab.id, at: sqllab.now() });
  const database = catalog.databases?.find((db) => db.id === active.dbId);
  const queries = Object.values(state.queries);
  const latest = active.latestQueryId ? state.queries[active.latestQueryId] : undefined;
  const running =
    latest !== undefined && ['running', 'pending', 'started', 'fetching', 'scheduled'].includes(latest.state);
  const queryLimit = active.queryLimit ?? DEFAULT_SQLLAB_LIMIT;

  return (
    <div className="sqllab" data-testid="sqllab">
      <TabBar
        tabs={tabs.map((t) => {
          const q = t.latestQueryId ? state.queries[t.latestQueryId] : undefined;
          return {
            id: t.id,
            name: t.name,
            running: q !== undefined && (q.state === 'running' || q.state === 'pending'),
          };
        })}
        activeId={active.id}
        onSelect={(id) => sqllab.execute({ type: 'SwitchTab', data: { queryEditorId: id } })}
        onAdd={() => sqllab.addTab()}
        onClose={(id) => sqllab.execute({ type: 'CloseTab', data: { queryEditorId: id, at: sqllab.now() } })}
        onCloseOthers={(id) =>
          sqllab.execute({ type: 'CloseOtherTabs', data: { queryEditorId: id, at: sqllab.now() } })
        }
        onClone={(id) =>
          sqllab.execute({ type: 'CloneTab', data: { id: sqllab.newTabId(), sourceId: id, at: sqllab.now() } })
        }
        onRename={(id, name) =>
          sqllab.execute({ type: 'RenameTab', data: { queryEditorId: id, name, at: sqllab.now() } })
        }
        onMove={(id, toId) => {
          const order = sqllab.store.getState().queryEditors.map((qe) => qe.id);
          sqllab.execute({
            type: 'MoveTab',
            data: { queryEditorId: id, fromIndex: order.indexOf(id), toIndex: order.indexOf(toId) },
          });
        }}
        aside={
          <>
            <Link to="/sqllab/saved_queries/">Saved queries</Link> · <Link to="/sqllab/history/">Query history</Link>
          </>
        }
      />
      <div className="sqllab-body">
        {!active.hideLeftBar && (
          <LeftBar
            databases={catalog.databases}
            dbId={active.dbId}
            schemas={active.dbId === null ? undefined : catalog.schemas[String(active.dbId)]}
            schema={active.schema}
            tables={
              active.dbId === null || !active.schema ? undefined : catalog.tables[tablesKey(active.dbId, active.schema)]
            }
            entries={tablesOfTab(state, active.id)}
            onDatabase={(dbId) => sqllab.selectDatabase(active.id, dbId)}
            onSchema={(schema) => sqllab.execute({ type: 'SetSchema', data: { ...on(active), schema } })}
            onAddTable={(name) => sqllab.addTable(active.id, name)}
            onRefresh={() => sqllab.refreshCatalog(active.id)}
            onToggle={(entry) => sqllab.toggleTable(entry.id)}
            onRemove={(entry) => sqllab.removeTable(entry.id)}
            onPreview={(entry) => sqllab.previewTable(entry.id)}
            onSelectStar={(entry) => entry.selectStar && sqllab.editSql(active.id, entry.selectStar, true)}
          />
        )}
        <SplitPanes
          northPercent={active.northPercent}
          onResize={(northPercent, southPercent) =>
            sqllab.execute({ type: 'ResizePanes', data: { ...on(active), northPercent, southPercent } })
          }
          north={
            <>
              <EditorToolbar
                running={running}
                canRun={active.dbId !== null && active.sql.trim() !== '' && isValidCtasName(ctas?.tableName ?? null)}
                hasSelection={Boolean(active.selectedText?.trim())}
                queryLimit={queryLimit}
                limitOptions={limitOptions(SQL_MAX_ROW, queryLimit)}
                saved={active.remoteId !== null}
                canUndo={history.canUndo}
                canRedo={history.canRedo}
                leftBarHidden={active.hideLeftBar}
                canEstimate={Boolean(database?.allows_cost_estimate)}
                paramsOpen={paramsOpen}
                hasParams={Boolean(active.templateParams)}
                onToggleParams={() => setParamsOpen(!paramsOpen)}
                onCopyLink={() => void sqllab.copyPermalink(active.id, window.location.origin)}
                onRun={(selectionOnly) => sqllab.run(active.id, selectionOnly ? 'selection' : 'all', ctas)}
                extra={
                  <CtasControl
                    allowCtas={Boolean(database?.allow_ctas)}
                    allowCvas={Boolean(database?.allow_cvas)}
                    value={ctas}
                    onChange={setCtas}
                  />
                }
                onStop={() => latest && sqllab.stop(latest.id)}
                onFormat={() => sqllab.format(active.id)}
                onEstimate={() => sqllab.estimate(active.id)}
                onSave={() => sqllab.saveDialog.open(active)}
                onLimit={(limit) =>
                  sqllab.execute({ type: 'SetQueryLimit', data: { ...on(active), queryLimit: limit } })
                }
                onToggleLeftBar={() => sqllab.execute({ type: 'ToggleLeftBar', data: on(active) })}
                onUndo={sqllab.undo}
                onRedo={sqllab.redo}
              />
              {paramsOpen && (
                <TemplateParams
                  key={active.id}
                  value={active.templateParams}
                  onChange={(templateParams) =>
                    sqllab.execute({ type: 'SetTemplateParams', data: { ...on(active), templateParams } })
                  }
                />
              )}
              <CostEstimate estimate={state.queryCostEstimates[active.id]} />
              <div className="sqllab-editor-box">
                <Suspense fallback={<p className="muted sqllab-loading">Loading the editor…</p>}>
                  <SqlEditor
                    tabId={sqllab.editorKey(active.id)}
                    value={active.sql}
                    echo={sqllab.isTypedEcho(active.id, active.sql)}
                    words={words}
                    onChange={(sql) => sqllab.editSql(active.id, sql)}
                    onSelectionChange={(selectedText) =>
                      sqllab.execute({
                        type: 'SetSelectedText',
                        data: { queryEditorId: active.id, selectedText: selectedText || null },
                      })
                    }
                    onRun={() => sqllab.run(active.id, 'auto', ctas)}
                    readOnly={sqllab.past !== undefined}
                  />
                </Suspense>
              </div>
            </>
          }
          south={
            <SouthPane
              sqllab={sqllab}
              activeTab={state.activeSouthPaneTab}
              latest={latest}
              tabId={active.id}
              databases={catalog.databases}
              historyKey={String(queries.filter((q) => !isQueryInProgress(q.state)).length)}
              preview={tablesOfTab(state, active.id).flatMap((t) =>
                t.dataPreviewQueryId && state.queries[t.dataPreviewQueryId]
                  ? [state.queries[t.dataPreviewQueryId]!]
                  : [],
              )}
              offline={state.offline}
            />
          }
        />
      </div>
      {saveDialog && (
        <SaveQueryDialog
          key={saveDialog.queryEditorId}
          name={saveDialog.name}
          saved={saveDialog.saved}
          description={saveDialog.description}
          busy={saveDialog.saving}
          onSave={(options) => sqllab.saveDialog.save(options)}
          onClose={() => sqllab.saveDialog.close()}
        />
      )}
    </div>
  );
}
