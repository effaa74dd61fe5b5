import { useMemo } from 'react';
import { useRendered } from '../shared/use-rendered';
import { HighchartsViz } from '../shared/HighchartsViz';
import type { VizComponentProps } from '../shared/types';
import { transformProps } from './transformProps';
import '../viz.css';

export function BigNumberTrendline({
  formData,
  queriesData,
  datasource,
  width,
  height,
  onRendered,
}: VizComponentProps) {
  const props = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
  // Without a trendline there is no Highcharts chart to report rendering.
  useRendered(props, props.trendline ? () => undefined : onRendered);
  const headerHeight = props.trendline ? Math.round(height * 0.55) : height;
  return (
    <div className="viz-big-number viz-big-number--trend" style={{ width, height }} data-testid="viz-big_number">
      <div className="viz-big-number__top" style={{ height: headerHeight }}>
        <div
          className="viz-big-number__header"
          title={props.metricName}
          style={{ fontSize: Math.max(12, Math.round(height * props.headerFontSize * 0.8)) }}
        >
          {props.text}
        </div>
        {props.staleTimestamp && (
          <div className="viz-big-number__stale">Last available value seen on {props.staleTimestamp}</div>
        )}
        {props.comparison && (
          <div
            className={`viz-big-number__change viz-big-number__change--${props.comparison.direction}`}
            data-testid="big-number-change"
          >
            {props.comparison.text}
          </div>
        )}
        {props.subheader && (
          <div
            className="viz-big-number__subheader"
            style={{ fontSize: Math.max(10, Math.round(height * props.subheaderFontSize)) }}
          >
            {props.subheader}
          </div>
        )}
      </div>
      {props.trendline && (
        <HighchartsViz
          options={props.trendline}
          width={width}
          height={height - headerHeight}
          onRendered={onRendered}
          testId="big-number-trendline"
        />
      )}
    </div>
  );
}
