import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { isTemporalColumn, type DatasourceMeta } from '@strata/domain';
import { useStoreState } from '../../../shared/use-store-state';
import type { ExploreFeature } from '../explore.feature';

const SEARCH_QUIET_MS = 250;
const TYPE_ICONS: Record<number, string> = { 0: '#', 1: 'abc', 2: 'time', 3: 'T/F' };

/** The left column: the searchable dataset picker, then the chosen dataset's metrics and columns. */
export function DatasetPanel({ explore, datasource }: { explore: ExploreFeature; datasource: DatasourceMeta | null }) {
  const { datasets } = useStoreState(explore.side.state$);
  // The search box's text is form input; the list it finds lives in the store.
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState(datasource === null);
  useEffect(() => {
    if (!picking) return;
    const timer = setTimeout(() => void explore.searchDatasets(search.trim()), SEARCH_QUIET_MS);
    return () => clearTimeout(timer);
  }, [search, picking, explore]);
  // Without a dataset the picker is the only thing to do; once one is chosen it folds away.
  const datasourceId = datasource?.id ?? null;
  useEffect(() => setPicking(datasourceId === null), [datasourceId]);

  return (
    <aside className="explore-dataset" aria-label="Dataset">
      <div className="explore-dataset__head">
        <strong title={datasource?.description ?? undefined}>
          {datasource ? datasource.datasource_name : 'No dataset'}
        </strong>
        <button type="button" className="link" onClick={() => setPicking(!picking)}>
          {picking ? 'Close' : 'Change dataset'}
        </button>
        {/* The dataset editor (features/datasets): columns, calculated columns, metrics. */}
        {datasource && (
          <Link className="link" to={`/tablemodelview/edit/${datasource.id}`}>
            Edit dataset
          </Link>
        )}
      </div>
      {picking && (
        <div className="explore-dataset__picker">
          <input
            type="search"
            aria-label="Search datasets"
            placeholder="Search datasets"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {datasets.error && <div className="form-error">{datasets.error}</div>}
          <ul className="explore-dataset__list" aria-label="Datasets">
            {datasets.items.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className={`link${datasource?.id === d.id ? ' active' : ''}`}
                  onClick={() => {
                    setPicking(false);
                    void explore.changeDatasource(d.id);
                  }}
                >
                  {d.table_name}
                </button>
                <span className="muted"> {[d.database?.database_name, d.schema].filter(Boolean).join('.')}</span>
              </li>
            ))}
            {!datasets.loading && datasets.items.length === 0 && <li className="muted">No datasets found</li>}
          </ul>
        </div>
      )}
      {datasource && (
        <>
          <h3>Metrics</h3>
          <ul className="explore-dataset__fields" aria-label="Dataset metrics">
            {datasource.metrics.map((m) => (
              <li key={m.metric_name} title={m.expression}>
                <span className="explore-type">ƒ</span> {m.verbose_name || m.metric_name}
              </li>
            ))}
          </ul>
          <h3>Columns</h3>
          <ul className="explore-dataset__fields" aria-label="Dataset columns">
            {datasource.columns.map((c) => (
              <li key={c.column_name} title={c.type ?? undefined}>
                <span className="explore-type">
                  {isTemporalColumn(c) ? TYPE_ICONS[2] : (TYPE_ICONS[c.type_generic ?? 1] ?? '?')}
                </span>{' '}
                {c.verbose_name || c.column_name}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
