import { useEffect, useMemo, useRef } from 'react';
import { HighchartsReact, type HighchartsReactRefObject } from 'highcharts-react-official';
import type { Options } from 'highcharts';
import { pointCrossFilter } from './cross-filter';
import { Highcharts } from './highcharts';
import type { CrossFilter } from './types';

export interface HighchartsVizProps {
  options: Options;
  width: number;
  height: number;
  onRendered: () => void;
  onCrossFilter?: (filter: CrossFilter) => void;
  testId?: string;
}

/**
 * Mounts a Highcharts chart at the given size. Cross-filter clicks are wired here, not in
 * transformProps, so the options stay plain data: a point's filter travels in its `custom` field.
 */
export function HighchartsViz({ options, width, height, onRendered, onCrossFilter, testId }: HighchartsVizProps) {
  // The latest handler is read at click time: a host that passes a new arrow on every render must not
  // make the chart update (and report rendered) again, which would loop through the host's state.
  const crossFilter = useRef(onCrossFilter);
  crossFilter.current = onCrossFilter;
  const clickable = Boolean(onCrossFilter);
  const sized = useMemo<Options>(() => {
    const click = clickable
      ? {
          click: function (this: Highcharts.Point) {
            const filter = pointCrossFilter(this);
            if (filter) crossFilter.current?.(filter);
          },
        }
      : undefined;
    return {
      ...options,
      chart: { ...options.chart, width, height },
      plotOptions: {
        ...options.plotOptions,
        series: {
          ...options.plotOptions?.series,
          ...(click ? { cursor: 'pointer', point: { events: click } } : {}),
        },
      },
    };
  }, [options, width, height, clickable]);

  // HighchartsReact creates or updates the chart in its own effect, which runs before this one: so
  // here the chart is drawn with these options, and the chart status can go to rendered (charts-dashboards-reports §4).
  const ref = useRef<HighchartsReactRefObject>(null);
  const rendered = useRef(onRendered);
  rendered.current = onRendered;
  useEffect(() => {
    if (ref.current?.chart) rendered.current();
  }, [sized]);

  // HighchartsReact updates (and redraws) the chart whenever containerProps is a new object: a literal here
  // redrew every chart of a dashboard on each fact of its page (about 40% of a 30-chart dashboard's
  // drawing time went to such updates).
  const containerProps = useMemo(
    () => ({ className: 'viz-highcharts', 'data-testid': testId ?? 'viz-highcharts', style: { width, height } }),
    [testId, width, height],
  );

  return <HighchartsReact highcharts={Highcharts} options={sized} ref={ref} containerProps={containerProps} />;
}
