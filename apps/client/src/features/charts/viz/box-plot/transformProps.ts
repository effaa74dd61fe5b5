import type { Options, SeriesOptionsType } from 'highcharts';
import { baseOptions, bool, escapeHtml } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { categoryText, columnLabels, metricFormatter, metricLabels, toNumber, verboseName } from '../shared/labels';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';
import { boxStats, type BoxStats } from './stats';

const STAT_SUFFIXES = ['min', 'q1', 'median', 'q3', 'max'] as const;

/**
 * Box plot: for each group-by category (x axis) and metric, the distribution of the metric across
 * the "distribute across" columns. The query aggregates by group-by + columns; the statistics are
 * computed here, unless the server's boxplot post-processing already sent '<metric>__q1' columns.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const palette = paletteOf(formData);
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const metrics = metricLabels(formData);
  const groupby = columnLabels(formData);
  const whisker = String(formData.whiskerOptions ?? 'Tukey');
  const categories: string[] = [];
  const stats = new Map<string, Map<string, BoxStats>>(); // metric -> category -> stats

  const categoryOf = (row: ChartDataResult['data'][number]) =>
    groupby.length ? groupby.map((g) => categoryText(row[g])).join(', ') : 'All';
  const preComputed = metrics.length > 0 && metrics.every((m) => result.colnames.includes(`${m}__median`));
  if (preComputed) {
    for (const row of result.data) {
      const category = categoryOf(row);
      if (!categories.includes(category)) categories.push(category);
      for (const m of metrics) {
        const [low, q1, median, q3, high] = STAT_SUFFIXES.map((s) => toNumber(row[`${m}__${s}`]) ?? NaN);
        const outliers = Array.isArray(row[`${m}__outliers`] as unknown)
          ? (row[`${m}__outliers`] as unknown as unknown[]).map(Number)
          : [];
        const byCategory = stats.get(m) ?? new Map<string, BoxStats>();
        byCategory.set(category, {
          low: low!,
          q1: q1!,
          median: median!,
          q3: q3!,
          high: high!,
          outliers,
          count: toNumber(row[`${m}__count`]) ?? 0,
          mean: toNumber(row[`${m}__mean`]) ?? NaN,
        });
        stats.set(m, byCategory);
      }
    }
  } else {
    const values = new Map<string, Map<string, number[]>>();
    for (const row of result.data) {
      const category = categoryOf(row);
      if (!categories.includes(category)) categories.push(category);
      for (const m of metrics) {
        const v = toNumber(row[m]);
        if (v === null) continue;
        const byCategory = values.get(m) ?? new Map<string, number[]>();
        byCategory.set(category, [...(byCategory.get(category) ?? []), v]);
        values.set(m, byCategory);
      }
    }
    for (const [m, byCategory] of values) {
      const computed = new Map<string, BoxStats>();
      for (const [category, list] of byCategory) {
        const s = boxStats(list, whisker);
        if (s) computed.set(category, s);
      }
      stats.set(m, computed);
    }
  }

  const format = metricFormatter(
    metrics.length === 1 ? metrics[0] : undefined,
    formData.number_format,
    datasource,
    formData.currency_format,
  );
  const series: SeriesOptionsType[] = metrics.flatMap((m, i) => {
    const byCategory = stats.get(m) ?? new Map<string, BoxStats>();
    const color = colorAt(palette, i);
    const name = verboseName(m, datasource);
    const boxes = categories.map((c) => {
      const s = byCategory.get(c);
      return s
        ? { low: s.low, q1: s.q1, median: s.median, q3: s.q3, high: s.high, custom: { count: s.count, mean: s.mean } }
        : null;
    });
    const outliers = categories.flatMap((c, x) =>
      (byCategory.get(c)?.outliers ?? []).map((y) => [x, y] as [number, number]),
    );
    return [
      { type: 'boxplot', name, data: boxes, color, fillColor: `${color}33` },
      {
        type: 'scatter',
        name: `${name} (outliers)`,
        data: outliers,
        color,
        marker: { radius: 3, symbol: 'circle' },
        showInLegend: false,
        linkedTo: ':previous',
      },
    ] as SeriesOptionsType[];
  });

  const base = baseOptions(formData);
  const title = (key: string) =>
    typeof formData[key] === 'string' && formData[key] ? String(formData[key]) : undefined;
  return {
    ...base,
    legend: { ...base.legend, enabled: metrics.length > 1 && bool(formData.show_legend, true) },
    xAxis: { categories, title: { text: title('x_axis_title') } },
    yAxis: {
      title: { text: title('y_axis_title') },
      labels: {
        formatter: function () {
          return format(Number(this.value));
        },
      },
    },
    tooltip: {
      useHTML: true,
      formatter: function () {
        const p = this as unknown as {
          low?: number;
          q1?: number;
          median?: number;
          q3?: number;
          high?: number;
          y?: number;
          category?: string;
          series: { name: string; type: string };
        };
        const header = `<b>${escapeHtml(p.category ?? '')}</b> · ${escapeHtml(p.series.name)}`;
        if (p.series.type !== 'boxplot') return `${header}<br/>Outlier: <b>${escapeHtml(format(p.y))}</b>`;
        const lines = [
          ['Max', p.high],
          ['3rd quartile', p.q3],
          ['Median', p.median],
          ['1st quartile', p.q1],
          ['Min', p.low],
        ] as const;
        return [header, ...lines.map(([label, v]) => `${label}: <b>${escapeHtml(format(v))}</b>`)].join('<br/>');
      },
    },
    series,
  };
}
