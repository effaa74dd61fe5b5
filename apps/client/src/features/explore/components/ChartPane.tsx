import { useEffect, useRef, useState } from 'react';
import { controlDef, drillByColumns, type ExploreState } from '@strata/domain';
import { ChartDrillArea } from '../../drill/ChartDrillArea';
import { DrillModals } from '../../drill/DrillModals';
import { ChartRenderer, type VizDatasource } from '../../charts/viz';
import type { ExploreFeature } from '../explore.feature';
import { PAST_RESULTS_NOT_KEPT } from '../past/no-query-api';
import { DataPane } from './DataPane';

const STATUS_TEXT: Record<string, string> = {
  loading: 'Loading…',
  success: 'Rendering…',
  rendered: 'Rendered',
  failed: 'Failed',
  stopped: 'Stopped',
};

/** Width and height of the chart area, followed as the window resizes. */
function useSize<T extends HTMLElement>(): [React.RefObject<T | null>, { width: number; height: number }] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 600, height: 400 });
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry)
        setSize({
          width: Math.max(200, Math.floor(entry.contentRect.width)),
          height: Math.max(240, Math.floor(entry.contentRect.height)),
        });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

/**
 * The chart with its status lifecycle (charts-dashboards-reports §4 Chart status): loading, success (data arrived, drawing),
 * rendered, failed with the alert, stopped with 'Updating chart was stopped'. The data pane sits below.
 * `queries` false (the chart as it was in a replay): no chart, no data pane, the results are not kept.
 */
export function ChartPane({
  explore,
  state,
  queries = true,
  bare = false,
}: {
  explore: ExploreFeature;
  state: ExploreState;
  queries?: boolean;
  /** Standalone (charts-dashboards-reports §2, report mode): the chart alone, no status row or data pane. */
  bare?: boolean;
}) {
  const { chart } = state;
  const [ref, size] = useSize<HTMLDivElement>();
  const hasData =
    chart.queriesResponse !== null && (chart.chartStatus === 'success' || chart.chartStatus === 'rendered');
  const queryId = chart.queryId;
  // The form shown is the last queried one, with render-only changes made since (no new query needed).
  const formData = chart.latestQueryFormData
    ? { ...state.formData, ...pickQueryFields(chart.latestQueryFormData, state) }
    : state.formData;
  return (
    <section
      className={`explore-chart${bare ? ' explore-chart--bare' : ''}`}
      aria-label="Chart"
      // The report renderer waits on these, as on a dashboard's charts (report-render/CONTEXT.md).
      data-chart-id={bare ? (state.slice?.slice_id ?? undefined) : undefined}
      data-status={bare ? (chart.chartStatus ?? 'idle') : undefined}
    >
      <div className="explore-chart__status" hidden={bare}>
        <span
          className={`badge ${chart.chartStatus === 'failed' ? 'danger' : chart.chartStatus === 'rendered' ? 'success' : ''}`}
          data-testid="chart-status"
        >
          {chart.chartStatus ? STATUS_TEXT[chart.chartStatus] : 'Not run yet'}
        </span>
        {chart.chartUpdateStartTime && chart.chartUpdateEndTime && (
          <span className="muted">{((chart.chartUpdateEndTime - chart.chartUpdateStartTime) / 1000).toFixed(2)} s</span>
        )}
        {chart.queriesResponse && <span className="muted">{rowCount(chart.queriesResponse)} rows</span>}
      </div>
      {chart.chartAlert && (
        <div className={`explore-alert ${chart.chartStatus === 'stopped' ? 'warning' : 'danger'}`} role="alert">
          {chart.chartAlert}
          {chart.chartStackTrace && (
            <details>
              <summary>See more</summary>
              <pre>{chart.chartStackTrace}</pre>
            </details>
          )}
        </div>
      )}
      <div className="explore-chart__area" ref={ref}>
        {!queries && (
          <p className="muted" data-testid="explore-results-not-kept">
            {PAST_RESULTS_NOT_KEPT}
          </p>
        )}
        {chart.chartStatus === 'loading' && (
          <div className="explore-chart__loading" role="status">
            Loading…
          </div>
        )}
        {hasData && queryId && (
          <ChartDrillArea
            // Drilling reads the rows of the chart as last run; a replayed or standalone chart offers none.
            target={queries && !bare ? drillTarget(state) : null}
            columns={drillByColumns(state.datasource?.columns ?? [], chart.latestQueryFormData ?? {})}
          >
            <ChartRenderer
              key={queryId}
              vizType={formData.viz_type}
              formData={formData}
              queriesData={chart.queriesResponse as never}
              datasource={(state.datasource ?? undefined) as VizDatasource | undefined}
              width={size.width}
              height={size.height}
              onRendered={() => explore.rendered(queryId)}
              onError={(err: unknown) => explore.renderFailed(queryId, err)}
            />
          </ChartDrillArea>
        )}
        {queries && chart.chartStatus === null && !state.datasource && (
          <p className="muted">Pick a dataset to start.</p>
        )}
        {queries && chart.chartStatus === null && state.datasource && (
          <p className="muted">Set the controls, then Create chart.</p>
        )}
      </div>
      {queries && !bare && <DataPane explore={explore} />}
      {queries && !bare && <DrillModals />}
    </section>
  );
}

function drillTarget(state: ExploreState) {
  const formData = state.chart.latestQueryFormData;
  const datasource = formData?.datasource;
  return formData && typeof datasource === 'string'
    ? { title: state.sliceName || 'Untitled chart', datasource, formData }
    : null;
}

/** Query-shaping values come from the last query (the data matches them); rendering ones are live. */
function pickQueryFields(queried: ExploreState['formData'], state: ExploreState): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(queried).filter(([k]) => k === 'viz_type' || !(k in state.formData) || !isRenderOnly(k)),
  );
}

function isRenderOnly(name: string): boolean {
  return controlDef(name)?.renderTrigger === true;
}

function rowCount(results: readonly unknown[]): number {
  return results.reduce<number>(
    (n, r) => n + ((r as { rowcount?: number }).rowcount ?? (r as { data?: unknown[] }).data?.length ?? 0),
    0,
  );
}
