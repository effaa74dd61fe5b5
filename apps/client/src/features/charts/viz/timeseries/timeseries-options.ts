import type { Options, Point, SeriesOptionsType, YAxisOptions } from 'highcharts';
import { getTimeFormatter } from '../format/time-format';
import { baseOptions, bool, escapeHtml, num, tooltipPoints, withBoost } from '../shared/base-options';
import { crossFilterOf } from '../shared/cross-filter';
import { metricFormatter, verboseName } from '../shared/labels';
import { toXSeries, type XSeriesSet } from '../shared/pivot';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';

export type SeriesKind = 'line' | 'spline' | 'column' | 'area' | 'scatter' | 'step';

/** 'Stack' / true stack values; 'Expand' stacks to 100 %. */
export function stacking(formData: FormData): 'normal' | 'percent' | undefined {
  const stack = formData.stack;
  if (stack === 'Expand') return 'percent';
  if (stack === true || stack === 'Stack') return 'normal';
  return undefined;
}

function highchartsType(kind: SeriesKind, horizontal: boolean): SeriesOptionsType['type'] {
  if (kind === 'column') return horizontal ? 'bar' : 'column';
  if (kind === 'step') return 'line';
  return kind;
}

/** y_axis_bounds is [min, max] with nulls for "auto". */
function bounds(formData: FormData): { min?: number; max?: number } {
  const value = formData.y_axis_bounds;
  if (!Array.isArray(value)) return {};
  const [min, max] = value.map((v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined));
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export interface AxisSpec {
  set: XSeriesSet;
  kind: SeriesKind;
  formData: FormData;
  /** Form data keys of this axis' settings (the mixed chart's second query uses '_b' / 'B' keys). */
  yAxis: number;
  formatKey: string;
}

/** Highcharts series for one set of x series. */
export function seriesFor(spec: AxisSpec, datasource: VizDatasource): SeriesOptionsType[] {
  const { set, kind, formData } = spec;
  const horizontal = formData.orientation === 'horizontal';
  const markers = bool(formData.markerEnabled, kind === 'scatter');
  const markerRadius = num(formData.markerSize, 6) / 2;
  const opacity = num(formData.opacity, 0.2);
  return set.series.map((s) => {
    const crossFilter = crossFilterOf(s.dims);
    const perCategory =
      !crossFilter && !set.temporal ? set.categoryValues.map((v) => crossFilterOf({ [set.xLabel]: v })) : undefined;
    return {
      type: highchartsType(kind, horizontal),
      name: verboseName(s.name, datasource),
      data: s.points,
      yAxis: spec.yAxis,
      // Lines and points stay visible in front of bars and areas (mixed charts, several queries).
      zIndex: kind === 'column' || kind === 'area' ? 0 : 1,
      ...(kind === 'step'
        ? { step: (String(formData.seriesType ?? 'start') === 'end' ? 'right' : 'left') as 'left' | 'right' }
        : {}),
      ...(kind === 'area' ? { fillOpacity: opacity } : {}),
      marker: { enabled: markers, radius: markerRadius },
      custom: {
        metric: s.metric,
        formatKey: spec.formatKey,
        ...(crossFilter ? { crossFilter } : {}),
        ...(perCategory ? { crossFilters: perCategory } : {}),
      },
    } as SeriesOptionsType;
  });
}

export function yAxisFor(spec: AxisSpec, datasource: VizDatasource, titleKey: string, opposite = false): YAxisOptions {
  const { formData } = spec;
  const metric = new Set(spec.set.series.map((s) => s.metric)).size === 1 ? spec.set.series[0]?.metric : undefined;
  const format = metricFormatter(metric, formData[spec.formatKey], datasource, formData.currency_format);
  const percent = stacking(formData) === 'percent';
  const log = bool(formData.logAxis, false);
  return {
    title: {
      text: typeof formData[titleKey] === 'string' && formData[titleKey] ? String(formData[titleKey]) : undefined,
    },
    type: log ? 'logarithmic' : 'linear',
    opposite,
    ...bounds(formData),
    labels: {
      formatter: function () {
        return percent ? `${this.value}%` : format(typeof this.value === 'number' ? this.value : Number(this.value));
      },
    },
  };
}

/** The x axis: dates with the chosen time format, or the categories of the result. */
export function xAxisFor(set: XSeriesSet, formData: FormData): Options['xAxis'] {
  const title = {
    text: typeof formData.x_axis_title === 'string' && formData.x_axis_title ? formData.x_axis_title : undefined,
  };
  if (!set.temporal) return { type: 'category', categories: set.categories, title };
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  return {
    type: 'datetime',
    title: title.text ? title : { text: undefined },
    labels: {
      formatter: function () {
        return timeFormat(Number(this.value));
      },
    },
  };
}

/** A shared tooltip: the x value, then every series with its metric's format. */
export function tooltipFor(formData: FormData, datasource: VizDatasource, temporal: boolean): Options['tooltip'] {
  const timeFormat = getTimeFormatter(
    (formData.tooltipTimeFormat ?? formData.x_axis_time_format) as string | undefined,
  );
  return {
    shared: bool(formData.rich_tooltip, true),
    useHTML: true,
    formatter: function () {
      const points = tooltipPoints(this as Point);
      const first = points[0];
      if (!first) return false;
      const header = temporal ? timeFormat(Number(first.x)) : String(first.category ?? first.x);
      const lines = points.map((p) => {
        const custom = p.series.userOptions.custom as { metric?: string; formatKey?: string } | undefined;
        const format = metricFormatter(
          custom?.metric,
          formData[custom?.formatKey ?? 'y_axis_format'],
          datasource,
          formData.currency_format,
        );
        return `<span style="color:${escapeHtml(p.color)}">●</span> ${escapeHtml(p.series.name)}: <b>${escapeHtml(format(p.y))}</b>`;
      });
      return [`<b>${escapeHtml(header)}</b>`, ...lines].join('<br/>');
    },
  };
}

/** Options of the ECharts-family time-series charts (line, bar, area, scatter, smooth, step). */
export function timeseriesOptions(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource,
  kind: SeriesKind,
): Options {
  const result = queriesData[0];
  const set = result
    ? toXSeries(formData, result)
    : { xLabel: '', temporal: true, categories: [], categoryValues: [], series: [] };
  const spec: AxisSpec = { set, kind, formData, yAxis: 0, formatKey: 'y_axis_format' };
  const stack = stacking(formData);
  const showValue = bool(formData.show_value, false);
  const valueFormat = metricFormatter(
    set.series[0]?.metric,
    formData.y_axis_format,
    datasource,
    formData.currency_format,
  );
  const base = baseOptions(formData);
  const options: Options = {
    ...base,
    chart: { ...base.chart, ...(bool(formData.zoomable, false) ? { zooming: { type: 'x' } } : {}) },
    xAxis: xAxisFor(set, formData),
    yAxis: yAxisFor(spec, datasource, 'y_axis_title'),
    tooltip: tooltipFor(formData, datasource, set.temporal),
    plotOptions: {
      series: {
        ...(stack ? { stacking: stack } : {}),
        dataLabels: {
          enabled: showValue,
          formatter: function () {
            return valueFormat(this.y);
          },
        },
      },
    },
    series: seriesFor(spec, datasource),
  };
  return withBoost(options, Math.max(0, ...set.series.map((s) => s.points.length)));
}
