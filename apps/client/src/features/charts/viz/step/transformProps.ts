import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Stepped Line: A line that holds each value until the next one: levels that change at points in time. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  return timeseriesOptions(formData, queriesData, datasource, 'step');
}
