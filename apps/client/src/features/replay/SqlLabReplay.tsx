import { useMemo } from 'react';
import { sqlLabAt, type ReplayState } from '@strata/domain';
import { SqlLabPage } from '../sqllab/SqlLabPage';
import { createPastSqlLab } from '../sqllab/past/past-sqllab';
import { pastSqlLabState } from '../sqllab/past/past-state';
import type { ReplayApi } from './replay-api';
import { usePast } from './use-past';

export const RESULTS_NOT_KEPT = 'Results are not kept: the replay does not run the query again.';

/**
 * SQL Lab as the user had it at the step, drawn by SQL Lab's own page: their tabs, the active tab's
 * database, schema, tables and SQL, and its latest run, folded from their `tabstate:` and `query:`
 * events (sqlLabAt). The page is given a store without effects (createPastSqlLab): nothing syncs, no
 * catalog is read from a database and no query runs. The log keeps a run's status, row count and
 * error, never its rows: the results pane says so. The databases' names are read (a GET) once.
 */
export function SqlLabReplay({ api, state }: { api: ReplayApi; state: ReplayState }) {
  const lab = useMemo(() => sqlLabAt(state.before, state.steps, state.at), [state.before, state.steps, state.at]);
  const databases = usePast('sqllab-databases', () => api.databases());
  const time = state.steps[state.at]?.time;
  const sqllab = useMemo(
    () =>
      lab.active &&
      createPastSqlLab({
        state: pastSqlLabState(lab),
        databases: databases.status === 'ready' ? databases.value : databases.status === 'failed' ? [] : null,
        at: time ? Date.parse(time) : 0,
        rowsNote: RESULTS_NOT_KEPT,
      }),
    [lab, databases, time],
  );
  if (!sqllab) return <p className="card">No SQL Lab tab yet at this step.</p>;
  return (
    <div className="replay-sqllab" data-testid="replay-sqllab">
      <SqlLabPage sqllab={sqllab} />
    </div>
  );
}
