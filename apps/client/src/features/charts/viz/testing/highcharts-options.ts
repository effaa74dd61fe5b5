import type { Options, SeriesOptionsType, XAxisOptions, YAxisOptions } from 'highcharts';

/** Readers for Highcharts options in transformProps specs (options are unions of arrays and objects). */
export const seriesOf = (options: Options) =>
  (options.series ?? []) as (SeriesOptionsType & {
    data: unknown[];
    custom?: Record<string, unknown>;
    yAxis?: number;
    name: string;
    stacking?: string;
  })[];
export const xAxisOf = (options: Options) => options.xAxis as XAxisOptions;
export const yAxisOf = (options: Options, index = 0) =>
  (Array.isArray(options.yAxis) ? options.yAxis[index] : options.yAxis) as YAxisOptions;

/** Calls an axis label formatter the way Highcharts does. */
export function axisLabel(axis: XAxisOptions | YAxisOptions, value: number): string {
  const formatter = axis.labels?.formatter as unknown as (this: { value: number }) => string;
  return formatter.call({ value });
}
