import type { Options, SeriesOptionsType } from 'highcharts';
import { baseOptions, bool, escapeHtml, num } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { categoryValues } from '../shared/categories';
import { crossFilterOf } from '../shared/cross-filter';
import { metricFormatter, verboseName } from '../shared/labels';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';

/** Splits a comma-separated form field ('10, 50, 90') into numbers, dropping what does not parse. */
export function numberList(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number).filter(Number.isFinite);
  if (typeof value !== 'string' || !value.trim()) return [];
  return value
    .split(',')
    .map((v) => Number(v.trim()))
    .filter(Number.isFinite);
}

/**
 * Gauge: one dial per group-by value on a scale from min_val to max_val. Without a max, the scale
 * ends at the largest value rounded up to a power of ten step, so the needle never leaves the dial.
 * intervals / interval_color_indices colour bands of the scale (e.g. red, amber, green).
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const palette = paletteOf(formData);
  const { metric, values } = categoryValues(formData, queriesData[0]);
  const format = metricFormatter(metric, formData.number_format, datasource, formData.currency_format);
  const largest = Math.max(0, ...values.map((v) => v.value ?? 0));
  const min = num(formData.min_val, 0);
  const step = largest > 0 ? 10 ** Math.floor(Math.log10(largest)) : 1;
  const max = num(formData.max_val, Math.max(min + 1, Math.ceil(largest / step) * step));
  const ends = numberList(formData.intervals);
  const colorIndices = numberList(formData.interval_color_indices);
  const bands = ends.map((to, i) => ({
    from: i === 0 ? min : ends[i - 1]!,
    to,
    color: colorAt(palette, (colorIndices[i] ?? i + 1) - 1),
    thickness: 12,
  }));
  const showPointer = bool(formData.show_pointer, true);
  const series: SeriesOptionsType[] = values.map((v, i) => {
    const crossFilter = crossFilterOf(v.dims);
    return {
      type: 'gauge',
      name: verboseName(v.name, datasource),
      data: [{ y: v.value ?? 0, color: colorAt(palette, i), custom: crossFilter ? { crossFilter } : {} }],
      dial: { backgroundColor: colorAt(palette, i), radius: showPointer ? `${90 - i * 8}%` : '0%' },
      dataLabels: {
        enabled: i === 0 || values.length <= 3,
        y: 20 + i * 22,
        borderWidth: 0,
        useHTML: true,
        formatter: function () {
          return `<span style="color:${escapeHtml(this.color)}">${escapeHtml(values.length > 1 ? `${this.series.name}: ` : '')}${escapeHtml(format(this.y))}</span>`;
        },
      },
    } as SeriesOptionsType;
  });
  const base = baseOptions(formData);
  return {
    ...base,
    legend: { ...base.legend, enabled: values.length > 1 && bool(formData.show_legend, true) },
    // start_angle / end_angle are counterclockwise from east (Superset's ECharts gauge); Highcharts
    // measures clockwise from north.
    pane: {
      startAngle: 90 - num(formData.start_angle, 225),
      endAngle: 90 - num(formData.end_angle, -45),
      background: [
        { backgroundColor: '#F5F5F5', borderWidth: 0, innerRadius: '60%', outerRadius: '100%', shape: 'arc' },
      ],
    },
    tooltip: {
      formatter: function () {
        return `${escapeHtml(this.series.name)}: <b>${escapeHtml(format(this.y))}</b>`;
      },
    },
    yAxis: {
      min,
      max,
      plotBands: bands,
      tickPixelInterval: 72,
      labels: {
        enabled: bool(formData.show_axis_line_ticks, true),
        formatter: function () {
          return format(Number(this.value));
        },
      },
    },
    series,
  };
}
