import type { Options, PointOptionsObject } from 'highcharts';
import { getTimeFormatter, toEpochMs } from '../format/time-format';
import { baseOptions, bool, escapeHtml } from '../shared/base-options';
import { sequentialStops } from '../shared/color-schemes';
import { crossFilterOf } from '../shared/cross-filter';
import { categoryText, getColumnLabel, getMetricLabel, metricFormatter, toNumber, verboseName } from '../shared/labels';
import {
  GenericDataType,
  type ChartDataResult,
  type DataRecordValue,
  type FormData,
  type VizDatasource,
} from '../shared/types';

interface Axis {
  labels: string[];
  values: DataRecordValue[];
  index: Map<string, number>;
}

function axisOf(
  rows: ChartDataResult['data'],
  column: string,
  temporal: boolean,
  timeFormat: (v: number) => string,
  sort: string,
  totals: Map<string, number>,
): Axis {
  const seen = new Map<string, DataRecordValue>();
  for (const row of rows) {
    const raw = (row[column] ?? null) as DataRecordValue;
    const label = temporal && raw !== null ? timeFormat(toEpochMs(raw) ?? 0) : categoryText(raw);
    if (!seen.has(label)) seen.set(label, raw);
  }
  let entries = [...seen.entries()];
  const byKey = (a: [string, DataRecordValue], b: [string, DataRecordValue]) =>
    temporal ? (toEpochMs(a[1]) ?? 0) - (toEpochMs(b[1]) ?? 0) : a[0].localeCompare(b[0], undefined, { numeric: true });
  if (sort === 'alpha_asc') entries = entries.sort(byKey);
  else if (sort === 'alpha_desc') entries = entries.sort((a, b) => byKey(b, a));
  else if (sort === 'value_asc') entries = entries.sort((a, b) => (totals.get(a[0]) ?? 0) - (totals.get(b[0]) ?? 0));
  else if (sort === 'value_desc') entries = entries.sort((a, b) => (totals.get(b[0]) ?? 0) - (totals.get(a[0]) ?? 0));
  return {
    labels: entries.map((e) => e[0]),
    values: entries.map((e) => e[1]),
    index: new Map(entries.map((e, i) => [e[0], i])),
  };
}

/**
 * Heatmap: a grid of x_axis by groupby cells coloured by the metric. normalize_across 'x' or 'y'
 * colours each cell by its rank within its column or row (0 to 1), so a column of large values does
 * not wash out the rest; tooltips and labels always show the real value.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const xColumn = getColumnLabel(formData.x_axis) || result.colnames[0] || '';
  const yColumn =
    getColumnLabel(Array.isArray(formData.groupby) ? formData.groupby[0] : formData.groupby) ||
    result.colnames[1] ||
    '';
  const metric = getMetricLabel(formData.metric);
  const format = metricFormatter(metric, formData.y_axis_format, datasource, formData.currency_format);
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const isTemporal = (c: string) => result.coltypes[result.colnames.indexOf(c)] === GenericDataType.TEMPORAL;
  const label = (c: string, v: unknown) =>
    isTemporal(c) && v !== null && v !== undefined ? timeFormat(toEpochMs(v) ?? 0) : categoryText(v);

  const xTotals = new Map<string, number>();
  const yTotals = new Map<string, number>();
  for (const row of result.data) {
    const v = toNumber(row[metric]) ?? 0;
    xTotals.set(label(xColumn, row[xColumn]), (xTotals.get(label(xColumn, row[xColumn])) ?? 0) + v);
    yTotals.set(label(yColumn, row[yColumn]), (yTotals.get(label(yColumn, row[yColumn])) ?? 0) + v);
  }
  const x = axisOf(
    result.data,
    xColumn,
    isTemporal(xColumn),
    timeFormat,
    String(formData.sort_x_axis ?? 'alpha_asc'),
    xTotals,
  );
  const y = axisOf(
    result.data,
    yColumn,
    isTemporal(yColumn),
    timeFormat,
    String(formData.sort_y_axis ?? 'alpha_asc'),
    yTotals,
  );

  const normalize = String(formData.normalize_across ?? 'heatmap');
  const cells = result.data
    .map((row) => ({
      xi: x.index.get(label(xColumn, row[xColumn]))!,
      yi: y.index.get(label(yColumn, row[yColumn]))!,
      value: toNumber(row[metric]),
      dims: {
        [xColumn]: (row[xColumn] ?? null) as DataRecordValue,
        [yColumn]: (row[yColumn] ?? null) as DataRecordValue,
      },
    }))
    .filter((c) => c.value !== null);

  // Min and max per group (the whole grid, each column or each row) for the normalised colour.
  const groupKey = (c: { xi: number; yi: number }) =>
    normalize === 'x' ? `x${c.xi}` : normalize === 'y' ? `y${c.yi}` : 'all';
  const ranges = new Map<string, [number, number]>();
  for (const c of cells) {
    const key = groupKey(c);
    const [lo, hi] = ranges.get(key) ?? [Infinity, -Infinity];
    ranges.set(key, [Math.min(lo, c.value!), Math.max(hi, c.value!)]);
  }
  const normalized = normalize === 'x' || normalize === 'y';
  const data: PointOptionsObject[] = cells.map((c) => {
    const [lo, hi] = ranges.get(groupKey(c))!;
    const crossFilter = crossFilterOf(c.dims);
    return {
      x: c.xi,
      y: c.yi,
      value: normalized ? (hi > lo ? (c.value! - lo) / (hi - lo) : 1) : c.value!,
      custom: { raw: c.value, ...(crossFilter ? { crossFilter } : {}) },
    };
  });
  const all = cells.map((c) => c.value!);
  const raw = function (this: { options: unknown }) {
    return (this.options as { custom?: { raw?: number } }).custom?.raw ?? null;
  };
  const base = baseOptions(formData);
  return {
    ...base,
    chart: { ...base.chart, type: 'heatmap' },
    xAxis: { categories: x.labels, title: { text: verboseName(xColumn, datasource) } },
    yAxis: { categories: y.labels, title: { text: verboseName(yColumn, datasource) }, reversed: true },
    colorAxis: {
      min: normalized ? 0 : Math.min(...all, 0),
      max: normalized ? 1 : Math.max(...all, 1),
      stops: sequentialStops(formData.linear_color_scheme),
      labels: {
        formatter: function () {
          return normalized ? `${Math.round(Number(this.value) * 100)}%` : format(Number(this.value));
        },
      },
    },
    legend: { enabled: bool(formData.show_legend, true), align: 'right', layout: 'vertical', verticalAlign: 'middle' },
    tooltip: {
      useHTML: true,
      formatter: function () {
        const xl = x.labels[Number(this.x)] ?? '';
        const yl = y.labels[Number(this.y)] ?? '';
        return `${escapeHtml(xl)} · ${escapeHtml(yl)}<br/>${escapeHtml(verboseName(metric, datasource))}: <b>${escapeHtml(format(raw.call(this)))}</b>`;
      },
    },
    series: [
      {
        type: 'heatmap',
        name: verboseName(metric, datasource),
        borderWidth: 1,
        borderColor: '#FFFFFF',
        data,
        dataLabels: {
          enabled: bool(formData.show_values, false),
          formatter: function () {
            return format(raw.call(this));
          },
        },
      },
    ],
  };
}
