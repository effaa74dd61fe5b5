import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Area Chart: Filled lines, optionally stacked, to show how parts add up over time. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  return timeseriesOptions(formData, queriesData, datasource, 'area');
}
