import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Smooth Line: A line chart with smoothed curves between points. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  return timeseriesOptions(formData, queriesData, datasource, 'spline');
}
