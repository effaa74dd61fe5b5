import type { Options, PointOptionsObject } from 'highcharts';
import { getNumberFormatter } from '../format/number-format';
import { baseOptions, bool, escapeHtml } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { categoryValues } from '../shared/categories';
import { crossFilterOf } from '../shared/cross-filter';
import { metricFormatter, verboseName } from '../shared/labels';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { pieLabel } from '../pie/transformProps';

const percentFormat = getNumberFormatter('.1%');

/** The share a stage shows: of the first stage (default), of the previous stage, or of the total. */
export function stagePercent(values: number[], index: number, calculation: string): number {
  const value = values[index] ?? 0;
  const base =
    calculation === 'prev_step'
      ? (values[index - 1] ?? value)
      : calculation === 'total'
        ? values.reduce((a, b) => a + b, 0)
        : (values[0] ?? 0);
  return base ? value / base : 0;
}

/** Funnel: stages from the largest to the smallest, each labelled with its share (percent_calculation_type). */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const palette = paletteOf(formData);
  const { metric, values } = categoryValues(formData, queriesData[0]);
  const format = metricFormatter(metric, formData.number_format, datasource, formData.currency_format);
  const stages = bool(formData.sort_by_metric, true)
    ? [...values].sort((a, b) => (b.value ?? 0) - (a.value ?? 0))
    : values;
  const numbers = stages.map((s) => s.value ?? 0);
  const calculation = String(formData.percent_calculation_type ?? 'first_step');
  const labelType = String(formData.label_type ?? 'key_percent');
  const data: PointOptionsObject[] = stages.map((s, i) => {
    const crossFilter = crossFilterOf(s.dims);
    const name = verboseName(s.name, datasource);
    const share = stagePercent(numbers, i, calculation);
    return {
      name,
      y: s.value ?? 0,
      color: colorAt(palette, i),
      custom: {
        label: pieLabel(labelType, name, format(s.value), share),
        share,
        ...(crossFilter ? { crossFilter } : {}),
      },
    };
  });
  const base = baseOptions(formData);
  return {
    ...base,
    legend: { ...base.legend, enabled: bool(formData.show_legend, false) },
    tooltip: {
      useHTML: true,
      formatter: function () {
        const share = (this.options as { custom?: { share?: number } }).custom?.share ?? 0;
        return `${escapeHtml(this.name ?? '')}: <b>${escapeHtml(format(this.y))}</b> (${percentFormat(share)})`;
      },
    },
    plotOptions: {
      funnel: {
        neckWidth: '30%',
        neckHeight: '25%',
        width: '70%',
        showInLegend: true,
        dataLabels: {
          enabled: bool(formData.show_labels, true),
          formatter: function () {
            return escapeHtml((this.options as { custom?: { label?: string } }).custom?.label ?? this.name ?? '');
          },
        },
      },
    },
    series: [{ type: 'funnel', name: verboseName(metric, datasource), data }],
  };
}
