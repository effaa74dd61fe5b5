import type { Options } from 'highcharts';
import { getNumberFormatter } from '../format/number-format';
import { getTimeFormatter, toEpochMs } from '../format/time-format';
import { baseOptions, bool, escapeHtml, num } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { getMetricLabel, metricFormatter, toNumber, verboseName } from '../shared/labels';
import { xAxisLabel } from '../shared/pivot';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';

const percentChangeFormat = getNumberFormatter('+.1%');

export interface BigNumberTrendProps {
  value: number | null;
  text: string;
  metricName: string;
  /** When the value shown is not the latest point (the latest is null), the time of the value shown. */
  staleTimestamp: string | null;
  /** '+12.5% WoW' when compare_lag is set and there is a value that many points back. */
  comparison: { text: string; direction: 'up' | 'down' | 'flat' } | null;
  subheader: string;
  headerFontSize: number;
  subheaderFontSize: number;
  /** The trendline, or null when show_trend_line is off or there are fewer than two points. */
  trendline: Options | null;
}

/** How the big number summarises the series: the last value (default) or an aggregate of all points. */
function aggregate(values: number[], how: string): number | null {
  if (values.length === 0) return null;
  switch (how) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'mean':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'median': {
      const s = [...values].sort((a, b) => a - b);
      const mid = Math.floor(s.length / 2);
      return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
    }
    default:
      return values[values.length - 1] ?? null;
  }
}

/**
 * Big Number with Trendline: the latest value of a metric over time, its change against compare_lag
 * points earlier, and a small area chart of the series. When the latest point is null (the current
 * day has no data yet), the last known value is shown with its date, never an empty number.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): BigNumberTrendProps {
  const palette = paletteOf(formData);
  const result = queriesData[0];
  const metric = getMetricLabel(formData.metric);
  const format = metricFormatter(metric, formData.y_axis_format, datasource, formData.currency_format);
  const timeFormat = getTimeFormatter(formData.time_format as string | undefined);
  const x = result ? xAxisLabel(formData, result) : '__timestamp';
  const points = (result?.data ?? [])
    .map((row) => [toEpochMs(row[x]), toNumber(row[metric])] as const)
    .filter((p): p is readonly [number, number | null] => p[0] !== null)
    .sort((a, b) => a[0] - b[0]);

  const how = String(formData.aggregation ?? 'LAST_VALUE').toLowerCase();
  const nonNull = points.filter((p): p is readonly [number, number] => p[1] !== null);
  const last = nonNull[nonNull.length - 1];
  const value =
    how === 'last_value'
      ? (last?.[1] ?? null)
      : aggregate(
          nonNull.map((p) => p[1]),
          how,
        );
  const latest = points[points.length - 1];
  const staleTimestamp = how === 'last_value' && last && latest && latest[1] === null ? timeFormat(last[0]) : null;

  let comparison: BigNumberTrendProps['comparison'] = null;
  const lag = Math.floor(num(formData.compare_lag, 0));
  if (lag > 0 && last && how === 'last_value') {
    const index = points.indexOf(last) - lag;
    const previous = index >= 0 ? points[index]?.[1] : null;
    if (previous !== null && previous !== undefined && previous !== 0) {
      const change = (last[1] - previous) / Math.abs(previous);
      const suffix =
        typeof formData.compare_suffix === 'string' && formData.compare_suffix ? ` ${formData.compare_suffix}` : '';
      comparison = {
        text: `${percentChangeFormat(change)}${suffix}`,
        direction: change > 0 ? 'up' : change < 0 ? 'down' : 'flat',
      };
    }
  }

  const showTrend = bool(formData.show_trend_line, true) && points.length > 1;
  const base = baseOptions(formData);
  const trendline: Options | null = showTrend
    ? {
        ...base,
        chart: { ...base.chart, spacing: [0, 0, 0, 0], margin: [2, 0, 0, 0] },
        legend: { enabled: false },
        xAxis: { type: 'datetime', visible: false },
        yAxis: {
          visible: false,
          ...(bool(formData.start_y_axis_at_zero, true) ? { min: Math.min(0, ...nonNull.map((p) => p[1])) } : {}),
        },
        tooltip: {
          useHTML: true,
          formatter: function () {
            return `${escapeHtml(timeFormat(Number(this.x)))}<br/><b>${escapeHtml(format(this.y))}</b>`;
          },
        },
        plotOptions: { series: { marker: { enabled: false }, animation: false } },
        series: [
          {
            type: 'area',
            name: verboseName(metric, datasource),
            data: points.map((p) => [p[0], p[1]]),
            color: colorAt(palette, 0),
            fillOpacity: 0.25,
            lineWidth: 2,
          },
        ],
      }
    : null;

  return {
    value,
    text:
      value === null ? 'No data' : bool(formData.force_timestamp_formatting, false) ? timeFormat(value) : format(value),
    metricName: verboseName(metric, datasource),
    staleTimestamp,
    comparison,
    subheader: typeof formData.subheader === 'string' ? formData.subheader : '',
    headerFontSize: num(formData.header_font_size, 0.4),
    subheaderFontSize: num(formData.subheader_font_size, 0.15),
    trendline,
  };
}
