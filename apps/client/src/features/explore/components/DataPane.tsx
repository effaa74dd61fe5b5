import type { DataTab } from '@strata/domain';
import type { ExploreFeature } from '../explore.feature';
import { useStoreState } from '../../../shared/use-store-state';
import { OpenInSqlLab } from '../../sqllab/OpenInSqlLab';

const TABS: { tab: DataTab; label: string }[] = [
  { tab: 'results', label: 'View results' },
  { tab: 'samples', label: 'Samples' },
  { tab: 'query', label: 'View query' },
];

/** View results, samples (paged) and the query of the chart (charts-dashboards-reports §9 menu actions). */
export function DataPane({ explore }: { explore: ExploreFeature }) {
  const { dataPane } = useStoreState(explore.side.state$);
  const { datasource } = useStoreState(explore.store.state$);
  const { result } = dataPane;
  return (
    <div className="explore-data">
      <div className="explore-data__tabs" role="tablist" aria-label="Data">
        {TABS.map(({ tab, label }) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={dataPane.tab === tab}
            className={dataPane.tab === tab ? 'active' : ''}
            onClick={() => void explore.openDataTab(tab)}
          >
            {label}
          </button>
        ))}
        {dataPane.tab && (
          <button type="button" className="link" onClick={explore.closeDataPane}>
            Close
          </button>
        )}
      </div>
      {dataPane.tab && (
        <div
          className="explore-data__body"
          role="tabpanel"
          aria-label={TABS.find((t) => t.tab === dataPane.tab)?.label}
        >
          {dataPane.loading && <div role="status">Loading…</div>}
          {dataPane.error && (
            <div className="form-error" role="alert">
              {dataPane.error}
            </div>
          )}
          {result && dataPane.tab === 'query' && (
            <>
              <pre className="explore-data__query">{result.query}</pre>
              {datasource && result.query && (
                <OpenInSqlLab
                  query={{ datasourceKey: `${datasource.id}__${datasource.type}`, sql: String(result.query) }}
                />
              )}
            </>
          )}
          {result && dataPane.tab !== 'query' && (
            <>
              <div className="muted">
                {result.rowcount} rows{result.totalCount !== undefined ? ` of ${result.totalCount}` : ''}
                {dataPane.tab === 'samples' && (
                  <span className="explore-inline">
                    <button
                      type="button"
                      disabled={(result.page ?? 1) <= 1}
                      onClick={() => void explore.openDataTab('samples', (result.page ?? 1) - 1)}
                    >
                      Previous
                    </button>
                    <span>Page {result.page ?? 1}</span>
                    <button
                      type="button"
                      disabled={
                        result.totalCount !== undefined
                          ? (result.page ?? 1) * 100 >= result.totalCount
                          : result.data.length < 100
                      }
                      onClick={() => void explore.openDataTab('samples', (result.page ?? 1) + 1)}
                    >
                      Next
                    </button>
                  </span>
                )}
              </div>
              <div className="explore-data__table">
                <table className="data">
                  <thead>
                    <tr>
                      {result.colnames.map((c) => (
                        <th key={c}>{c}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {result.data.slice(0, 1000).map((row, i) => (
                      <tr key={i}>
                        {result.colnames.map((c) => (
                          <td key={c} className={typeof row[c] === 'number' ? 'number' : undefined}>
                            {row[c] === null || row[c] === undefined ? (
                              <span className="muted">NULL</span>
                            ) : (
                              String(row[c])
                            )}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
