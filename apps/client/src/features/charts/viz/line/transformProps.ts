import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { withAnnotations } from '../timeseries/annotations';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Line Chart: Trends of one or more metrics over time or another ordered axis. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const options = timeseriesOptions(formData, queriesData, datasource, 'line');
  return withAnnotations(options, formData, queriesData[0]?.annotation_data);
}
