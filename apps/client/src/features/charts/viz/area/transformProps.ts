import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { withAnnotations } from '../timeseries/annotations';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/** Area Chart: Filled lines, optionally stacked, to show how parts add up over time. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const options = timeseriesOptions(formData, queriesData, datasource, 'area');
  return withAnnotations(options, formData, queriesData[0]?.annotation_data);
}
