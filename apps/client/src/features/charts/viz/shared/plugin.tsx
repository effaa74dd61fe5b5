import { useLayoutEffect, useMemo, useRef, type ComponentType } from 'react';
import type { Options } from 'highcharts';
import { HighchartsViz } from './HighchartsViz';
import { chartLabels, withLabelColors } from './label-colors';
import type { ChartDataResult, FormData, VizComponentProps, VizDatasource } from './types';

export type TransformProps = (formData: FormData, queriesData: ChartDataResult[], datasource: VizDatasource) => Options;

export interface VizMeta {
  key: string;
  label: string;
  description?: string;
}

export interface VizPlugin extends VizMeta {
  Component: ComponentType<VizComponentProps>;
}

/** A viz type drawn by Highcharts: its component only runs the pure transformProps and mounts the chart. */
export function highchartsPlugin(meta: VizMeta, transformProps: TransformProps): VizPlugin {
  function HighchartsVizType({
    formData,
    queriesData,
    datasource,
    width,
    height,
    onRendered,
    onCrossFilter,
    labelColors,
    onLabels,
  }: VizComponentProps) {
    const drawn = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
    const labels = useMemo(() => chartLabels(drawn), [drawn]);
    // Told before paint, so a dashboard's colours are in place on the first frame the user sees.
    const told = useRef(onLabels);
    told.current = onLabels;
    const labelsKey = labels.join('\u0000');
    useLayoutEffect(() => told.current?.(labels), [labelsKey]);
    // Only this chart's labels decide a redraw: another chart's new label must not redraw this one.
    const colors = labelColors?.(labels);
    const colorsKey = colors ? labels.map((l) => colors[l] ?? '').join('\u0000') : null;
    const options = useMemo(() => (colors ? withLabelColors(drawn, colors) : drawn), [drawn, colorsKey]);
    return (
      <HighchartsViz
        options={options}
        width={width}
        height={height}
        onRendered={onRendered}
        onCrossFilter={onCrossFilter}
        testId={`viz-${meta.key}`}
      />
    );
  }
  HighchartsVizType.displayName = `Viz(${meta.key})`;
  return { ...meta, Component: HighchartsVizType };
}
