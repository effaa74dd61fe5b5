import type { Options } from 'highcharts';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { timeseriesOptions, type SeriesKind } from '../timeseries/timeseries-options';

/** The seriesType control of the generic time-series chart, as a Highcharts series kind. */
export function seriesKind(seriesType: unknown): SeriesKind {
  switch (seriesType) {
    case 'bar':
      return 'column';
    case 'scatter':
      return 'scatter';
    case 'smooth':
      return 'spline';
    case 'start':
    case 'middle':
    case 'end':
      return 'step';
    default:
      return 'line';
  }
}

/** Generic Time-series: one chart whose series type (line, smooth, bar, scatter, step) is a control. */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  return timeseriesOptions(formData, queriesData, datasource, seriesKind(formData.seriesType));
}
