import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useStoreState } from '../../../shared/use-store-state';
import type { CatalogFeature } from '../catalog/catalog.feature';
import { QueryHistory } from './QueryHistory';
import type { QueryHistoryView } from './query-history.feature';
import '../sqllab.css';
import '../saved/saved-queries.css';

/** Where "Open in SQL Lab" leads: SqlLabPage opens the run (`?queryId=`) in a new tab, as Superset's. */
export const pastQueryPath = (clientId: string) => `/sqllab/?queryId=${encodeURIComponent(clientId)}`;

/**
 * /sqllab/history/ (issue 15 item 4): the past runs, searched by SQL text, database, state, time and (for
 * users who may see everyone's queries) user; each opens in SQL Lab. The same list as SQL Lab's history tab.
 */
export function QueryHistoryPage({
  history,
  catalog,
  canSeeAllQueries,
}: {
  history: QueryHistoryView;
  catalog: Pick<CatalogFeature, 'store' | 'loadDatabases'>;
  canSeeAllQueries: boolean;
}) {
  const navigate = useNavigate();
  const { databases } = useStoreState(catalog.store.state$);
  useEffect(() => {
    if (catalog.store.getState().databases === null) void catalog.loadDatabases();
  }, [catalog]);
  return (
    <div className="card query-history-page">
      <h1>Query history</h1>
      <p>
        <Link to="/sqllab/">Back to SQL Lab</Link> · <Link to="/sqllab/saved_queries/">Saved queries</Link>
      </p>
      <QueryHistory
        history={history}
        databases={databases}
        refreshKey="history-page"
        onOpenInTab={(q) => navigate(pastQueryPath(q.id))}
        openLabel="Open in SQL Lab"
        userFilter={canSeeAllQueries}
      />
    </div>
  );
}
