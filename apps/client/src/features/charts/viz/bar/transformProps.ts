import type { Options, YAxisOptions } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { withAnnotations } from '../timeseries/annotations';
import { timeseriesOptions } from '../timeseries/timeseries-options';

/**
 * Bar Chart: vertical columns by default, horizontal bars with orientation 'horizontal', stacked with
 * stack 'Stack' (or true) and stacked to 100 % with 'Expand'. The x axis may be a time or a category.
 * Bars start at zero unless y-axis bounds say otherwise: a truncated bar misstates its value.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const options = timeseriesOptions(formData, queriesData, datasource, 'column');
  const yAxis = options.yAxis as YAxisOptions;
  const drawn: Options = {
    ...options,
    yAxis: { min: 0, ...yAxis, ...(yAxis.type === 'logarithmic' ? { min: undefined } : {}) },
  };
  return withAnnotations(drawn, formData, queriesData[0]?.annotation_data);
}
