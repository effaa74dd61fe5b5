import { useMemo } from 'react';
import { useRendered } from '../shared/use-rendered';
import type { VizComponentProps } from '../shared/types';
import { transformProps } from './transformProps';
import '../viz.css';

export function BigNumberTotal({ formData, queriesData, datasource, width, height, onRendered }: VizComponentProps) {
  const props = useMemo(() => transformProps(formData, queriesData, datasource), [formData, queriesData, datasource]);
  useRendered(props, onRendered);
  return (
    <div className="viz-big-number" style={{ width, height }} data-testid="viz-big_number_total">
      <div
        className="viz-big-number__header"
        title={props.metricName}
        style={{ fontSize: Math.max(12, Math.round(height * props.headerFontSize)) }}
      >
        {props.text}
      </div>
      {props.subheader && (
        <div
          className="viz-big-number__subheader"
          style={{ fontSize: Math.max(10, Math.round(height * props.subheaderFontSize)) }}
        >
          {props.subheader}
        </div>
      )}
    </div>
  );
}
