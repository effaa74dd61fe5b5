import { Component, useEffect, useRef, type ReactNode } from 'react';
import { useStableItems, useStableValue } from './shared/use-stable-value';
import { getVizPlugin } from './registry';
import type { ChartDataResult, CrossFilter, FormData, SortBy, VizDatasource } from './shared/types';
import { useRendered } from './shared/use-rendered';
import './viz.css';

export interface ChartRendererProps {
  vizType: string;
  formData: FormData;
  /** The `result` array of POST /api/v1/chart/data (REFERENCE §2.2). */
  queriesData: ChartDataResult[];
  width: number;
  height: number;
  datasource?: VizDatasource;
  /** The chart is drawn: the chart status goes from success to rendered. */
  onRendered?(): void;
  /** Drawing failed: the chart status goes to failed with the spec's rendering message. */
  onError?(error: Error): void;
  /** A click on a bar, slice, cell or table row asks to filter the other charts on its values. */
  onCrossFilter?(filter: CrossFilter): void;
  /** Server-paged table: the user asked for another page (0-based), page size or sort. */
  onTableQueryChange?(page: number, pageSize: number, sortBy: SortBy[]): void;
  /** A dashboard's colours for the labels drawn; the chart's own palette colours the others. */
  labelColors?(labels: readonly string[]): Readonly<Record<string, string>>;
  /** The labels drawn (series or slices), for the dashboard to give them colours. */
  onLabels?(labels: string[]): void;
}

export const NO_RESULTS = 'No results were returned for this query';
export const renderErrorMessage = (message: string) =>
  `An error occurred while rendering the visualization: ${message}`;

const NO_DATASOURCE: VizDatasource = {};
const noop = () => undefined;

function Message({
  text,
  error,
  width,
  height,
  onShown,
}: {
  text: string;
  error?: boolean;
  width: number;
  height: number;
  onShown: () => void;
}) {
  useRendered(text, onShown);
  return (
    <div
      className={`viz-message${error ? ' viz-message--error' : ''}`}
      role={error ? 'alert' : 'status'}
      style={{ width, height }}
    >
      {text}
    </div>
  );
}

interface BoundaryProps {
  onError: (error: Error) => void;
  /** What the chart is drawn from; an error is cleared when one of these changes (compared by identity). */
  resetKey: readonly unknown[];
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

/** Catches a viz that throws while rendering (or in Highcharts' effects) so one chart cannot blank the page. */
class RenderBoundary extends Component<BoundaryProps, { error: Error | null; resetKey: readonly unknown[] }> {
  override state = { error: null as Error | null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: Error | null; resetKey: readonly unknown[] }) {
    // New data or form data: try drawing again. A parent re-render with the same inputs must not.
    const changed =
      props.resetKey.length !== state.resetKey.length || props.resetKey.some((v, i) => v !== state.resetKey[i]);
    return changed ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error) {
    this.props.onError(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function failedQueryError(queriesData: ChartDataResult[]): string | null {
  const failed = queriesData.find((q) => q.status === 'failed' || q.error);
  return failed ? (failed.error ?? 'The query failed') : null;
}

/**
 * Draws a chart from its form data and the chart data results. Picks the viz type's component,
 * shows 'No results were returned for this query' for empty results, and turns any drawing error
 * into the spec's rendering message and onError.
 */
export function ChartRenderer({
  vizType,
  formData: givenFormData,
  queriesData: givenQueriesData,
  width,
  height,
  datasource = NO_DATASOURCE,
  onRendered = noop,
  onError = noop,
  onCrossFilter,
  onTableQueryChange,
  labelColors,
  onLabels,
}: ChartRendererProps) {
  // Hosts often rebuild the form data object on every render; an equal one must not redraw the chart.
  const formData = useStableValue(givenFormData);
  const queriesData = useStableItems(givenQueriesData) as ChartDataResult[];
  const plugin = getVizPlugin(vizType);
  const queryError = failedQueryError(queriesData);
  const problem = !plugin ? `Unknown chart type: ${vizType}` : queryError;

  // Problems found before drawing are reported once per problem, like errors thrown while drawing.
  const errorRef = useRef(onError);
  errorRef.current = onError;
  useEffect(() => {
    if (problem) errorRef.current(new Error(problem));
  }, [problem]);

  if (problem || !plugin)
    return <Message text={renderErrorMessage(problem ?? '')} error width={width} height={height} onShown={noop} />;

  const empty = queriesData.length === 0 || queriesData.every((q) => (q.data?.length ?? 0) === 0);
  // A server-paged table past its last row is still a table (with its pager), not "no results".
  const pagedTable = vizType === 'table' && formData.server_pagination === true && queriesData.length > 0;
  if (empty && !pagedTable) return <Message text={NO_RESULTS} width={width} height={height} onShown={onRendered} />;

  const { Component: Viz } = plugin;
  return (
    <RenderBoundary
      onError={onError}
      resetKey={[vizType, formData, queriesData]}
      fallback={(error) => (
        <Message text={renderErrorMessage(error.message)} error width={width} height={height} onShown={noop} />
      )}
    >
      <Viz
        formData={formData}
        queriesData={queriesData}
        datasource={datasource}
        width={width}
        height={height}
        onRendered={onRendered}
        onCrossFilter={onCrossFilter}
        onTableQueryChange={onTableQueryChange}
        {...(labelColors ? { labelColors } : {})}
        {...(onLabels ? { onLabels } : {})}
      />
    </RenderBoundary>
  );
}
