import { lazy, Suspense, useMemo } from 'react';
import { sqlLabAt, type ReplayState } from '@strata/domain';
import { TabBar } from '../sqllab/tabs/TabBar';
import '../sqllab/sqllab.css';

const SqlEditor = lazy(() => import('../sqllab/editor/SqlEditor').then((m) => ({ default: m.SqlEditor })));
const nothing = () => undefined;

/**
 * SQL Lab as the user had it at the step: their tabs and the active tab's SQL, folded from their
 * `tabstate:` and `query:` events (sqlLabAt). SQL Lab's own tab bar and editor draw it, read-only; the
 * page itself (SqlLabPage) is not used: it is bound to the signed-in user's live SQL Lab store and its
 * effects (autosave, catalog loads), which a replay must never start. No query is run: results come
 * from the log, which keeps a run's status and row count, never its rows.
 */
export function SqlLabReplay({ state }: { state: ReplayState }) {
  const lab = useMemo(() => sqlLabAt(state.before, state.steps, state.at), [state.before, state.steps, state.at]);
  const active = lab.active;
  if (!active) return <p className="card">No SQL Lab tab yet at this step.</p>;
  const run = active.latest_query_id ? lab.runs[active.latest_query_id] : undefined;
  return (
    <div className="sqllab replay-sqllab" data-testid="replay-sqllab">
      <TabBar
        tabs={lab.tabs.map((t) => ({
          id: String(t.tab_id),
          name: t.label,
          running: Boolean(
            t.latest_query_id && ['pending', 'running'].includes(lab.runs[t.latest_query_id]?.status ?? ''),
          ),
        }))}
        activeId={String(active.tab_id)}
        onSelect={nothing}
        onAdd={nothing}
        onClose={nothing}
        onCloseOthers={nothing}
        onClone={nothing}
        onRename={nothing}
        onMove={nothing}
      />
      <div className="sqllab-editor-box replay-sqllab__editor">
        <Suspense fallback={<pre className="replay-sqllab__sql">{active.sql}</pre>}>
          <SqlEditor
            tabId={String(active.tab_id)}
            value={active.sql}
            words={{ schemas: [], tables: [], columns: [] }}
            onChange={nothing}
            onSelectionChange={nothing}
            onRun={nothing}
            readOnly
            height={200}
          />
        </Suspense>
      </div>
      <pre className="replay-sqllab__sql" data-testid="replay-sql" aria-label="SQL">
        {active.sql}
      </pre>
      <div className="replay-sqllab__results" data-testid="replay-results">
        {run?.started ? (
          <p>
            Last run: <code>{run.started.sql}</code> — {run.status}
            {run.rows !== null && `, ${run.rows} row${run.rows === 1 ? '' : 's'}`}
            {run.errorMessage && `: ${run.errorMessage}`}.{' '}
            <span className="muted">Results are not kept for this query: the replay does not run it again.</span>
          </p>
        ) : (
          <p className="muted">No query was run in this tab yet.</p>
        )}
      </div>
    </div>
  );
}
