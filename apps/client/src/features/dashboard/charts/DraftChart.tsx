import { useEffect } from 'react';
import { useDashboardView } from '../grid/view-context';
import { ChartHolder } from './ChartHolder';

/**
 * A chart of the edit-mode draft, drawn with its data as view mode draws it, so editors arrange what
 * they will see. A chart placed since the page loaded (from the chart list, or by another editor) is
 * fetched and queried on first sight.
 */
export function DraftChart({
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
  const { feature } = useDashboardView();
  useEffect(() => feature.ensureChart(chartId), [feature, chartId]);
  return <ChartHolder chartId={chartId} sliceName={sliceName} width={width} height={height} />;
}
