import type { Options, SeriesOptionsType } from 'highcharts';
import { baseOptions, bool, withBoost } from '../shared/base-options';
import { toXSeries, type XSeriesSet } from '../shared/pivot';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { seriesKind } from '../generic/transformProps';
import { seriesFor, tooltipFor, xAxisFor, yAxisFor, stacking, type AxisSpec } from '../timeseries/timeseries-options';

/** The form data of query B seen with query A's keys (metrics_b -> metrics, stackB -> stack, ...). */
export function queryBFormData(formData: FormData): FormData {
  return {
    ...formData,
    metrics: formData.metrics_b,
    groupby: formData.groupby_b,
    stack: formData.stackB,
    opacity: formData.opacityB,
    markerEnabled: formData.markerEnabledB,
    markerSize: formData.markerSizeB,
    show_value: formData.show_valueB,
    seriesType: formData.seriesTypeB,
    y_axis_format: formData.y_axis_format_secondary,
  };
}

/** Puts B's categories on A's category list so both queries share one categorical x axis. */
function mergeCategories(a: XSeriesSet, b: XSeriesSet): XSeriesSet {
  if (a.temporal || b.temporal) return b;
  const series = b.series.map((s) => ({
    ...s,
    points: s.points.map(([x, y]) => {
      const label = b.categories[x]!;
      let index = a.categories.indexOf(label);
      if (index < 0) {
        index = a.categories.push(label) - 1;
        a.categoryValues.push(b.categoryValues[x] ?? null);
      }
      return [index, y] as [number, number | null];
    }),
  }));
  return { ...b, categories: a.categories, categoryValues: a.categoryValues, series };
}

/**
 * Mixed chart: two queries on one time axis, each with its own series type, stacking and y axis
 * (yAxisIndex / yAxisIndexB: 0 primary on the left, 1 secondary on the right). Query B goes on the
 * secondary axis by default, since two queries usually measure different things.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const empty: XSeriesSet = { xLabel: '', temporal: true, categories: [], categoryValues: [], series: [] };
  const formDataB = queryBFormData(formData);
  const setA = queriesData[0] ? toXSeries(formData, queriesData[0]) : empty;
  const setB = queriesData[1] ? mergeCategories(setA, toXSeries(formDataB, queriesData[1])) : empty;
  // Same series name in both queries (same metric): tell them apart in the legend.
  const namesA = new Set(setA.series.map((s) => s.name));
  for (const s of setB.series) if (namesA.has(s.name)) s.name = `${s.name} (Query B)`;

  const axisA = Number(formData.yAxisIndex ?? 0) === 1 ? 1 : 0;
  const axisB = Number(formData.yAxisIndexB ?? 1) === 0 ? 0 : 1;
  const specA: AxisSpec = {
    set: setA,
    kind: seriesKind(formData.seriesType ?? 'line'),
    formData,
    yAxis: axisA,
    formatKey: 'y_axis_format',
  };
  const specB: AxisSpec = {
    set: setB,
    kind: seriesKind(formData.seriesTypeB ?? 'bar'),
    formData: formDataB,
    yAxis: axisB,
    formatKey: 'y_axis_format_secondary',
  };

  const primary = axisA === 0 ? specA : specB;
  const secondary = axisB === 1 ? specB : specA;
  const series: SeriesOptionsType[] = [...seriesFor(specA, datasource), ...seriesFor(specB, datasource)].map(
    (s, i) => ({
      ...s,
      // Stacking is per query: series only stack with series of the same query.
      stack: i < setA.series.length ? 'a' : 'b',
      stacking: (i < setA.series.length ? stacking(formData) : stacking(formDataB)) ?? undefined,
    }),
  ) as SeriesOptionsType[];

  const base = baseOptions(formData);
  const options: Options = {
    ...base,
    chart: { ...base.chart, ...(bool(formData.zoomable, false) ? { zooming: { type: 'x' } } : {}) },
    xAxis: xAxisFor(setA.series.length ? setA : setB, formData),
    yAxis: [
      yAxisFor(primary, datasource, 'y_axis_title'),
      yAxisFor(secondary, datasource, 'y_axis_title_secondary', true),
    ],
    tooltip: tooltipFor(formData, datasource, (setA.series.length ? setA : setB).temporal),
    series,
  };
  return withBoost(options, Math.max(0, ...[...setA.series, ...setB.series].map((s) => s.points.length)));
}
