import { useState, type RefObject } from 'react';
import { useDismiss } from '../../../shared/use-dismiss';
import { useDashboardView } from '../grid/view-context';
import { OpenInSqlLab } from '../../sqllab/OpenInSqlLab';
import { downloadCsv, downloadImage, viewQuery, viewResults } from './chart-actions';
import { ResultsDialog, useChartMenuExtras } from '../../drill/ChartMenuExtras';
import { CrossFilterScopeDialog } from './CrossFilterScope';
import { datasourceKeyOfChart } from './chart-query';

/**
 * The chart holder's menu (charts-dashboards-reports §9 chart menu actions): force refresh, fullscreen, view query, view
 * results, drill to detail and share (features/drill), download as CSV or XLSX (with can_csv) and as image, and the
 * description when the chart has one.
 */
export function ChartMenu({
  chartId,
  title,
  hasDescription,
  element,
}: {
  chartId: number;
  title: string;
  hasDescription: boolean;
  element: RefObject<HTMLDivElement | null>;
}) {
  const { feature, state, canDownload, canEditFilters, onError } = useDashboardView();
  // Whether the menu is unfolded and the query dialog open is how the page is looked at, not a fact.
  const [open, setOpen, menu] = useDismiss<HTMLDivElement>();
  const [query, setQuery] = useState<string | null>(null);
  const [scoping, setScoping] = useState(false);
  const [results, setResults] = useState<Awaited<ReturnType<typeof viewResults>> | null>(null);

  const run = (action: () => unknown) => () => {
    setOpen(false);
    action();
  };
  const loaded = !!state.chartStates[chartId]?.latestQueryFormData;
  const chart = state.charts[chartId];
  const datasourceKey = chart ? datasourceKeyOfChart(chart) : null;
  const fullSize = state.fullSizeChartId === chartId;
  const drawnWith = state.chartStates[chartId]?.resultFormData;
  const extras = useChartMenuExtras({
    target: datasourceKey && drawnWith ? { title, datasource: datasourceKey, formData: drawnWith } : null,
    closeMenu: () => setOpen(false),
    onError,
  });

  return (
    <div className="dashboard-chart__menu" ref={menu}>
      <button
        type="button"
        className="link"
        aria-label={`More options for ${title}`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        ⋮
      </button>
      {open && (
        <div className="dashboard-menu" role="menu">
          <button type="button" role="menuitem" onClick={run(() => feature.refreshChart(chartId, true))}>
            Force refresh
          </button>
          {state.chartStates[chartId]?.chartStatus === 'loading' && (
            <button type="button" role="menuitem" onClick={run(() => feature.stopChart(chartId))}>
              Stop
            </button>
          )}
          <button type="button" role="menuitem" onClick={run(() => feature.toggleFullSize(chartId))}>
            {fullSize ? 'Exit fullscreen' : 'Enter fullscreen'}
          </button>
          {hasDescription && (
            <button type="button" role="menuitem" onClick={run(() => feature.toggleDescription(chartId))}>
              {state.expandedSlices[chartId] ? 'Hide chart description' : 'Show chart description'}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            disabled={!loaded}
            onClick={run(() =>
              viewQuery(feature, chartId).then(setQuery, (e: unknown) => onError('Could not load the query', e)),
            )}
          >
            View query
          </button>
          <button
            type="button"
            role="menuitem"
            disabled={!loaded}
            onClick={run(() =>
              viewResults(feature, chartId).then(setResults, (e: unknown) => onError('Could not load the results', e)),
            )}
          >
            View results
          </button>
          {extras.items}
          {canDownload && (
            <button
              type="button"
              role="menuitem"
              disabled={!loaded}
              onClick={run(() =>
                downloadCsv(feature, chartId).catch((e: unknown) => onError('Could not download CSV', e)),
              )}
            >
              Export to .CSV
            </button>
          )}
          {canDownload && (
            <button
              type="button"
              role="menuitem"
              disabled={!loaded}
              onClick={run(() =>
                downloadCsv(feature, chartId, 'xlsx').catch((e: unknown) => onError('Could not download XLSX', e)),
              )}
            >
              Export to .XLSX
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            onClick={run(
              () =>
                element.current &&
                downloadImage(element.current, title).catch((e: unknown) => onError('Could not download the image', e)),
            )}
          >
            Download as image
          </button>
          {canEditFilters && feature.crossFiltersEnabled() && (
            <button type="button" role="menuitem" onClick={run(() => setScoping(true))}>
              Cross-filter scope
            </button>
          )}
        </div>
      )}
      {extras.dialogs}
      {results && <ResultsDialog title={title} result={results} onClose={() => setResults(null)} />}
      {scoping && <CrossFilterScopeDialog chartId={chartId} title={title} onClose={() => setScoping(false)} />}
      {query !== null && (
        <div className="dashboard-modal" role="dialog" aria-label="View query">
          <div className="dashboard-modal__body">
            <h2>{title}: query</h2>
            <pre className="dashboard-query">{query}</pre>
            <div className="dashboard-modal__actions">
              {datasourceKey && <OpenInSqlLab query={{ datasourceKey, sql: query }} />}
              <button type="button" onClick={() => void navigator.clipboard?.writeText(query)}>
                Copy query
              </button>
              <button type="button" onClick={() => setQuery(null)}>
                Close
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
