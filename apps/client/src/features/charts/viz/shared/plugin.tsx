import { useMemo, type ComponentType } from 'react';
import type { Options } from 'highcharts';
import { HighchartsViz } from './HighchartsViz';
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
  function HighchartsVizType({ formData, queriesData, datasource, width, height, onRendered, onCrossFilter }: VizComponentProps) {
    const options = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
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
