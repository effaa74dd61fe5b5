import type { Options, PointOptionsObject } from 'highcharts';
import { baseOptions, bool, escapeHtml, num } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { categoryValues } from '../shared/categories';
import { crossFilterOf } from '../shared/cross-filter';
import { metricFormatter, verboseName } from '../shared/labels';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { getNumberFormatter } from '../format/number-format';

const percentFormat = getNumberFormatter('.1%');

/** The slice label for label_type: key, value, percent, or key with value and/or percent. */
export function pieLabel(labelType: string, key: string, value: string, percent: number): string {
  const pct = percentFormat(percent);
  switch (labelType) {
    case 'value':
      return value;
    case 'percent':
      return pct;
    case 'key_value':
      return `${key}: ${value}`;
    case 'key_percent':
      return `${key}: ${pct}`;
    case 'key_value_percent':
      return `${key}: ${value} (${pct})`;
    case 'value_percent':
      return `${value} (${pct})`;
    default:
      return key;
  }
}

/**
 * Pie and donut: one slice per group-by combination, sorted by the metric (largest first) unless
 * sort_by_metric is off. Slices below show_labels_threshold percent get no label, so small slices
 * do not stack their labels on top of each other.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const palette = paletteOf(formData);
  const { metric, values } = categoryValues(formData, queriesData[0]);
  const format = metricFormatter(metric, formData.number_format, datasource, formData.currency_format);
  const sorted = bool(formData.sort_by_metric, true)
    ? [...values].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
    : values;
  const total = sorted.reduce((sum, v) => sum + Math.max(0, v.value ?? 0), 0);
  const labelType = String(formData.label_type ?? 'key');
  const threshold = num(formData.show_labels_threshold, 5) / 100;
  const showLabels = bool(formData.show_labels, true);
  const donut = bool(formData.donut, false);
  const outer = num(formData.outerRadius, 70);
  const inner = num(formData.innerRadius, 30);

  const data: PointOptionsObject[] = sorted.map((v, i) => {
    const share = total > 0 ? Math.max(0, v.value ?? 0) / total : 0;
    const crossFilter = crossFilterOf(v.dims);
    return {
      name: verboseName(v.name, datasource),
      y: v.value ?? 0,
      color: colorAt(palette, i),
      dataLabels: { enabled: showLabels && share >= threshold },
      custom: {
        label: pieLabel(labelType, verboseName(v.name, datasource), format(v.value), share),
        ...(crossFilter ? { crossFilter } : {}),
      },
    };
  });

  const base = baseOptions(formData);
  return {
    ...base,
    legend: { ...base.legend, enabled: bool(formData.show_legend, true) },
    title: bool(formData.show_total, false)
      ? { text: `Total: ${format(total)}`, align: 'left', style: { fontSize: '14px' } }
      : base.title,
    tooltip: {
      useHTML: true,
      formatter: function () {
        const share = total > 0 ? (this.y ?? 0) / total : 0;
        return `${escapeHtml(this.name ?? '')}: <b>${escapeHtml(format(this.y))}</b> (${percentFormat(share)})`;
      },
    },
    plotOptions: {
      pie: {
        size: `${Math.min(100, outer * 1.2)}%`,
        innerSize: donut ? `${Math.round((inner / Math.max(outer, 1)) * 100)}%` : 0,
        showInLegend: true,
        dataLabels: {
          distance: bool(formData.labels_outside, true) ? 20 : -30,
          formatter: function () {
            return escapeHtml((this.options as { custom?: { label?: string } }).custom?.label ?? this.name ?? '');
          },
        },
      },
    },
    series: [{ type: 'pie', name: verboseName(metric, datasource), data }],
  };
}
