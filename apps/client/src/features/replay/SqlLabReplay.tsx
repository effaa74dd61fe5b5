import { useEffect, useMemo, useState } from 'react';
import { BehaviorSubject, distinctUntilChanged, map, shareReplay, type Observable } from 'rxjs';
import { sqlLabAt, type ReplayState } from '@strata/domain';
import { useStoreState } from '../../shared/use-store-state';
import type { DatabaseOption } from '../sqllab/api/sqllab-api';
import { SqlLabPage } from '../sqllab/SqlLabPage';
import { createPastSqlLab, type PastMoment } from '../sqllab/past/past-sqllab';
import { pastSqlLabState } from '../sqllab/past/past-state';
import type { ReplayFeature } from './replay.feature';
import { usePast } from './use-past';

export const RESULTS_NOT_KEPT = 'Results are not kept: the replay does not run the query again.';

/** The user's SQL Lab at each step shown: folded once per step, whatever else of the player changes. */
function sqlLabMoments(state$: Observable<ReplayState>): Observable<PastMoment> {
  return state$.pipe(
    distinctUntilChanged((a, b) => a.at === b.at && a.steps === b.steps && a.before === b.before),
    map((s) => ({
      state: pastSqlLabState(sqlLabAt(s.before, s.steps, s.at)),
      at: Date.parse(s.steps[s.at]?.time ?? '') || 0,
    })),
    shareReplay({ bufferSize: 1, refCount: true }),
  );
}

/**
 * SQL Lab as the user had it at the step, drawn by SQL Lab's own page: their tabs, the active tab's
 * database, schema, tables and SQL, and its latest run, folded from their `tabstate:` and `query:`
 * events (sqlLabAt). The page is given a store without effects (createPastSqlLab) that follows the
 * player's step: nothing syncs, no catalog is read from a database and no query runs. The log keeps a
 * run's status, row count and error, never its rows: the results pane says so. The databases' names
 * are read (a GET) once.
 */
export function SqlLabReplay({ replay }: { replay: ReplayFeature }) {
  const databases = usePast('sqllab-databases', () => replay.api.databases());
  const [databases$] = useState(() => new BehaviorSubject<readonly DatabaseOption[] | null>(null));
  useEffect(() => {
    if (databases.status !== 'loading') databases$.next(databases.status === 'ready' ? databases.value : []);
  }, [databases, databases$]);
  const sqllab = useMemo(
    () => createPastSqlLab({ moment$: sqlLabMoments(replay.store.state$), databases$, rowsNote: RESULTS_NOT_KEPT }),
    [replay, databases$],
  );
  const tabs = useStoreState(sqllab.store.state$).queryEditors.length;
  if (tabs === 0) return <p className="card">No SQL Lab tab yet at this step.</p>;
  return (
    <div className="replay-sqllab" data-testid="replay-sqllab">
      <SqlLabPage sqllab={sqllab} />
    </div>
  );
}
