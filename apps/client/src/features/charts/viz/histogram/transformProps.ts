import type { Options, SeriesOptionsType } from 'highcharts';
import { getNumberFormatter } from '../format/number-format';
import { baseOptions, bool, escapeHtml, num, tooltipPoints } from '../shared/base-options';
import { crossFilterOf } from '../shared/cross-filter';
import { categoryText, columnLabels, getColumnLabel, metricFormatter, toNumber, verboseName } from '../shared/labels';
import type { ChartDataResult, DataRecordValue, FormData, VizDatasource } from '../shared/types';
import { countInto, cumulative, histogramBins } from './bins';

interface Group {
  name: string;
  dims: Record<string, DataRecordValue>;
  /** Raw values while grouping, then the bar heights. */
  values: number[];
}

/**
 * Histogram of one numeric column, one series per group-by value. The query returns the raw values
 * (row_limit caps them) and the bins are computed here over the whole range, so every series shares
 * the same bins. A result the server already binned (columns named 'low - high', the query of
 * histogram_v2) is drawn as is, its bin edges in the x-axis format.
 * normalize turns counts into shares of the series; cumulative into running totals.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const result = queriesData[0] ?? { data: [], colnames: [], coltypes: [], rowcount: 0 };
  const column =
    getColumnLabel(Array.isArray(formData.column) ? formData.column[0] : formData.column) ||
    getColumnLabel(Array.isArray(formData.all_columns_x) ? formData.all_columns_x[0] : formData.all_columns_x);
  const groupby = columnLabels(formData);
  const normalize = bool(formData.normalize, false);
  const isCumulative = bool(formData.cumulative, false);
  const xFormat = metricFormatter(column, formData.x_axis_format, datasource);
  const yFormat = normalize
    ? getNumberFormatter(
        typeof formData.y_axis_format === 'string' && formData.y_axis_format !== 'SMART_NUMBER'
          ? formData.y_axis_format
          : '.1%',
      )
    : metricFormatter(undefined, formData.y_axis_format, datasource);

  let categories: string[];
  let groups: Group[];
  if (column && result.colnames.includes(column)) {
    const byGroup = new Map<string, Group>();
    for (const row of result.data) {
      const value = toNumber(row[column]);
      if (value === null) continue;
      const name = groupby.length
        ? groupby.map((g) => categoryText(row[g])).join(', ')
        : verboseName(column, datasource);
      let group = byGroup.get(name);
      if (!group) {
        group = {
          name,
          dims: Object.fromEntries(groupby.map((g) => [g, (row[g] ?? null) as DataRecordValue])),
          values: [],
        };
        byGroup.set(name, group);
      }
      group.values.push(value);
    }
    const all = [...byGroup.values()].flatMap((g) => g.values);
    const { edges } = histogramBins(all, num(formData.bins, 5));
    categories = edges.slice(0, -1).map((start, i) => `${xFormat(start)} - ${xFormat(edges[i + 1])}`);
    groups = [...byGroup.values()].map((g) => {
      const counts = countInto(g.values, edges);
      const total = counts.reduce((a, b) => a + b, 0);
      const values = normalize && total ? counts.map((c) => c / total) : counts;
      return { ...g, values: isCumulative ? cumulative(values) : values };
    });
  } else {
    // Binned by the server's histogram post-processing (normalize and cumulative already applied):
    // one row per group, one column per bin named 'low - high'.
    const bins = result.colnames.filter((c) => !groupby.includes(c));
    categories = bins.map((bin) => {
      const edges = /^(-?[\d.e+-]+) - (-?[\d.e+-]+)$/.exec(bin);
      return edges ? `${xFormat(Number(edges[1]))} - ${xFormat(Number(edges[2]))}` : bin;
    });
    groups = result.data.map((row) => ({
      name: groupby.length
        ? groupby.map((g) => categoryText(row[g])).join(', ')
        : verboseName(column || 'count', datasource),
      dims: Object.fromEntries(groupby.map((g) => [g, (row[g] ?? null) as DataRecordValue])),
      values: bins.map((c) => toNumber(row[c]) ?? 0),
    }));
  }

  const series: SeriesOptionsType[] = groups.map((g) => {
    const crossFilter = crossFilterOf(g.dims);
    return { type: 'column', name: g.name, data: g.values, custom: crossFilter ? { crossFilter } : {} };
  });

  const base = baseOptions(formData);
  const title = (key: string) => ({
    text: typeof formData[key] === 'string' && formData[key] ? String(formData[key]) : undefined,
  });
  return {
    ...base,
    legend: { ...base.legend, enabled: groups.length > 1 && bool(formData.show_legend, true) },
    xAxis: {
      categories,
      title: title('x_axis_title').text ? title('x_axis_title') : { text: verboseName(column, datasource) },
    },
    yAxis: {
      title: title('y_axis_title'),
      min: 0,
      labels: {
        formatter: function () {
          return yFormat(Number(this.value));
        },
      },
    },
    tooltip: {
      shared: true,
      useHTML: true,
      formatter: function () {
        const points = tooltipPoints(this);
        const header = `<b>${escapeHtml(points[0]?.category ?? '')}</b>`;
        return [header, ...points.map((p) => `${escapeHtml(p.series.name)}: <b>${escapeHtml(yFormat(p.y))}</b>`)].join(
          '<br/>',
        );
      },
    },
    plotOptions: {
      column: { groupPadding: 0.02, pointPadding: 0, borderWidth: 1, grouping: groups.length > 1 },
      series: {
        dataLabels: {
          enabled: bool(formData.show_value, false),
          formatter: function () {
            return yFormat(this.y);
          },
        },
      },
    },
    series,
  };
}
