import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Line Chart: Trends of one or more metrics over time or another ordered axis. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  return timeseriesOptions(formData, queriesData, datasource, 'line');
}
