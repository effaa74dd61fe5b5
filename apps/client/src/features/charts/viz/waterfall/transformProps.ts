import type { Options, PointOptionsObject } from 'highcharts';
import { getTimeFormatter, toEpochMs } from '../format/time-format';
import { baseOptions, bool, escapeHtml } from '../shared/base-options';
import { crossFilterOf } from '../shared/cross-filter';
import { categoryText, getColumnLabel, getMetricLabel, metricFormatter, toNumber, verboseName } from '../shared/labels';
import {
  GenericDataType,
  type ChartDataResult,
  type DataRecordValue,
  type FormData,
  type VizDatasource,
} from '../shared/types';

export const TOTAL_LABEL = 'Total';

function colorOf(value: unknown, fallback: string): string {
  if (typeof value === 'string' && value) return value;
  if (value && typeof value === 'object' && 'r' in value) {
    const { r, g, b, a = 1 } = value as { r: number; g: number; b: number; a?: number };
    return `rgba(${r},${g},${b},${a})`;
  }
  return fallback;
}

/**
 * Waterfall: how a total is built up step by step along x_axis. Rising steps, falling steps and
 * totals have their own colours. With a breakdown (groupby), each x value shows its breakdown steps
 * followed by a subtotal; the last bar is the grand total.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const xColumn = getColumnLabel(formData.x_axis) || result.colnames[0] || '';
  const breakdown = getColumnLabel(Array.isArray(formData.groupby) ? formData.groupby[0] : formData.groupby);
  const metric = getMetricLabel(formData.metric);
  const format = metricFormatter(metric, formData.y_axis_format, datasource, formData.currency_format);
  const temporal = result.coltypes[result.colnames.indexOf(xColumn)] === GenericDataType.TEMPORAL;
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const xText = (v: unknown) =>
    temporal && v !== null && v !== undefined ? timeFormat(toEpochMs(v) ?? 0) : categoryText(v);
  const increase = colorOf(formData.increase_color, '#5AC189');
  const decrease = colorOf(formData.decrease_color, '#E04355');
  const total = colorOf(formData.total_color, '#666666');

  // Group rows by x in the order of the result (the query orders by x).
  const groups = new Map<string, { raw: DataRecordValue; rows: ChartDataResult['data'] }>();
  for (const row of result.data) {
    const key = xText(row[xColumn]);
    const group = groups.get(key) ?? { raw: (row[xColumn] ?? null) as DataRecordValue, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }

  const data: PointOptionsObject[] = [];
  for (const [label, { raw, rows }] of groups) {
    if (breakdown && result.colnames.includes(breakdown)) {
      for (const row of rows) {
        const y = toNumber(row[metric]) ?? 0;
        const crossFilter = crossFilterOf({ [xColumn]: raw, [breakdown]: (row[breakdown] ?? null) as DataRecordValue });
        data.push({
          name: `${label} · ${categoryText(row[breakdown])}`,
          y,
          color: y < 0 ? decrease : increase,
          custom: crossFilter ? { crossFilter } : {},
        });
      }
      data.push({ name: label, isIntermediateSum: true, color: total });
    } else {
      const y = rows.reduce((sum, row) => sum + (toNumber(row[metric]) ?? 0), 0);
      const crossFilter = crossFilterOf({ [xColumn]: raw });
      data.push({ name: label, y, color: y < 0 ? decrease : increase, custom: crossFilter ? { crossFilter } : {} });
    }
  }
  if (data.length) data.push({ name: TOTAL_LABEL, isSum: true, color: total });

  const base = baseOptions(formData);
  const title = (key: string) =>
    typeof formData[key] === 'string' && formData[key] ? String(formData[key]) : undefined;
  return {
    ...base,
    legend: { enabled: false },
    xAxis: { type: 'category', title: { text: title('x_axis_label') } },
    yAxis: {
      title: { text: title('y_axis_label') },
      labels: {
        formatter: function () {
          return format(Number(this.value));
        },
      },
    },
    tooltip: {
      useHTML: true,
      formatter: function () {
        return `${escapeHtml(this.name ?? this.key ?? '')}: <b>${escapeHtml(format(this.y))}</b>`;
      },
    },
    series: [
      {
        type: 'waterfall',
        name: verboseName(metric, datasource),
        data,
        upColor: increase,
        color: decrease,
        dataLabels: {
          enabled: bool(formData.show_value, false),
          formatter: function () {
            return format(this.y);
          },
        },
      },
    ],
  };
}
