import { useEffect, useRef, useState } from 'react';
import { ChartRenderer, type VizDatasource } from '../../charts/viz';
import { datasourceKeyOfChart } from './chart-query';
import { ChartMenu } from './ChartMenu';
import { Markdown } from '../grid/Markdown';
import { useDashboardView } from '../grid/view-context';
import { useStoreState } from '../../../shared/use-store-state';
import { drillByColumns, previewLabelColors } from '@strata/domain';
import { ChartDrillArea } from '../../drill/ChartDrillArea';

const HEADER_HEIGHT = 32;

/**
 * A CHART component: header (title, menu), the expanded description, and the chart with its status
 * (charts-dashboards-reports §4): loading, drawn, failed with the alert (and the timeout's issues), stopped.
 */
export function ChartHolder({
  chartId,
  sliceName,
  width,
  height,
}: {
  chartId: number;
  sliceName?: string;
  width: number;
  height: number;
}) {
  const { feature, state, hideChartControls } = useDashboardView();
  const chart = state.charts[chartId];
  const runtime = state.chartStates[chartId];
  const element = useRef<HTMLDivElement>(null);
  const fullSize = state.fullSizeChartId === chartId;
  const focused = state.focusedChartId === chartId;
  const [highlight, setHighlight] = useState(false);
  const colors = useStoreState(feature.colors.store.state$);

  // The focused chart (focused_chart=) is scrolled to and outlined once, then forgotten.
  useEffect(() => {
    if (!focused || !element.current) return;
    element.current.scrollIntoView?.({ block: 'center' });
    setHighlight(true);
    feature.focusedChartShown(chartId);
    const timer = setTimeout(() => setHighlight(false), 3000);
    return () => clearTimeout(timer);
  }, [focused, feature, chartId]);

  if (!chart) {
    return (
      <div className="dashboard-chart dashboard-chart--missing" style={{ width, height }} role="alert">
        {sliceName ? `${sliceName}: ` : ''}This chart is no longer on this dashboard or you do not have access to it.
      </div>
    );
  }

  const title = sliceName || chart.slice_name;
  const crossFilterLabel = state.dataMask[String(chartId)]?.filterState?.label;
  const description = state.expandedSlices[chartId] ? (chart.description_markdown ?? chart.description ?? '') : '';
  const outer = fullSize ? { width: window.innerWidth - 32, height: window.innerHeight - 32 } : { width, height };
  const chartHeight = Math.max(80, outer.height - HEADER_HEIGHT - (description ? 60 : 0));
  const key = datasourceKeyOfChart(chart);
  const datasource = (key ? state.datasets[key] : undefined) as VizDatasource | undefined;
  const status = runtime?.chartStatus ?? null;
  // A refresh keeps the last results drawn under the loading overlay, as users expect of a dashboard.
  const drawn =
    runtime?.queriesResponse &&
    runtime.resultFormData &&
    (status === 'success' || status === 'rendered' || status === 'loading');

  return (
    <div
      ref={element}
      className={`dashboard-chart${fullSize ? ' dashboard-chart--full' : ''}${highlight ? ' dashboard-chart--focused' : ''}`}
      style={fullSize ? undefined : { width, height }}
      data-chart-id={chartId}
      data-status={status ?? 'idle'}
      aria-label={title}
      role="figure"
    >
      <div className="dashboard-chart__header">
        <span className="dashboard-chart__title" title={title}>
          {title}
        </span>
        {crossFilterLabel && (
          <span className="badge" title={crossFilterLabel}>
            Cross-filter: {crossFilterLabel}
          </span>
        )}
        {!hideChartControls && (
          <ChartMenu
            chartId={chartId}
            title={title}
            hasDescription={!!(chart.description_markdown || chart.description)}
            element={element}
          />
        )}
      </div>
      {description && (
        <div className="dashboard-chart__description">
          <Markdown code={description} escapeHtml height={0} />
        </div>
      )}
      <div className="dashboard-chart__body" style={{ height: chartHeight }}>
        {status === 'loading' && (
          <div className="dashboard-chart__loading" role="status">
            Loading…
          </div>
        )}
        {status === null && <div className="dashboard-chart__waiting muted">Waiting for the required filters…</div>}
        {(status === 'failed' || status === 'stopped') && runtime?.chartAlert && (
          <div className={`dashboard-chart__alert ${status === 'stopped' ? 'warning' : 'danger'}`} role="alert">
            <div>{runtime.chartAlert}</div>
            {runtime.chartIssues.map((issue) => (
              <div key={issue} className="muted">
                {issue}
              </div>
            ))}
            {runtime.chartStackTrace && (
              <details>
                <summary>See more</summary>
                <pre>{runtime.chartStackTrace}</pre>
              </details>
            )}
          </div>
        )}
        {drawn && (
          <ChartDrillArea
            target={key ? { title, datasource: key, formData: runtime.resultFormData! } : null}
            columns={drillByColumns((key ? state.datasets[key]?.columns : undefined) ?? [], runtime.resultFormData!)}
          >
            <ChartRenderer
              key={runtime.resultQueryId}
              vizType={String(runtime.resultFormData!.viz_type ?? chart.viz_type ?? 'table')}
              // The dashboard's colour scheme replaces the chart's own, as the dashboard's label colours do.
              formData={
                colors.scheme ? { ...runtime.resultFormData!, color_scheme: colors.scheme } : runtime.resultFormData!
              }
              queriesData={runtime.queriesResponse as never}
              datasource={datasource}
              width={Math.max(50, outer.width - 16)}
              height={chartHeight}
              onRendered={() => feature.rendered(chartId, runtime.resultQueryId!)}
              onError={(error: unknown) => feature.renderFailed(chartId, runtime.resultQueryId!, error)}
              onCrossFilter={
                feature.crossFiltersEnabled() ? (filter) => feature.crossFilter(chartId, filter) : undefined
              }
              labelColors={(labels) => previewLabelColors(colors, chartId, labels)}
              onLabels={(labels) => feature.colors.chartLabelsShown(chartId, labels)}
            />
          </ChartDrillArea>
        )}
      </div>
    </div>
  );
}
