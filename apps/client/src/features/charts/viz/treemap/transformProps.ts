import type { Options, PointOptionsObject } from 'highcharts';
import { baseOptions, bool, escapeHtml } from '../shared/base-options';
import { colorAt, paletteOf } from '../shared/color-schemes';
import { categoryValues } from '../shared/categories';
import { crossFilterOf } from '../shared/cross-filter';
import { categoryText, metricFormatter, verboseName } from '../shared/labels';
import type { ChartDataResult, DataRecordValue, FormData, VizDatasource } from '../shared/types';
import { pieLabel } from '../pie/transformProps';

/**
 * Treemap: nested rectangles, one level per group-by column. Parent nodes get ids made of the path
 * of values ('Europe\u0000France'), so equal names under different parents stay apart; the leaves
 * carry the metric and Highcharts sums them upwards.
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): Options {
  const palette = paletteOf(formData);
  const { metric, groupby, values } = categoryValues(formData, queriesData[0]);
  const format = metricFormatter(metric, formData.number_format, datasource, formData.currency_format);
  const total = values.reduce((sum, v) => sum + Math.max(0, v.value ?? 0), 0);
  const labelType = String(formData.label_type ?? 'key_value');
  const nodes = new Map<string, PointOptionsObject>();
  const topColors = new Map<string, string>();

  for (const v of values) {
    const path: string[] = [];
    const dims: Record<string, DataRecordValue> = {};
    groupby.forEach((g, depth) => {
      const value = (v.dims[g] ?? null) as DataRecordValue;
      path.push(categoryText(value));
      dims[g] = value;
      const id = path.join('\u0000');
      const parent = depth > 0 ? path.slice(0, -1).join('\u0000') : undefined;
      if (depth === 0 && !topColors.has(id)) topColors.set(id, colorAt(palette, topColors.size));
      const leaf = depth === groupby.length - 1;
      const existing = nodes.get(id);
      if (existing && leaf) existing.value = (Number(existing.value) || 0) + Math.max(0, v.value ?? 0);
      if (existing) return;
      const crossFilter = crossFilterOf({ ...dims });
      nodes.set(id, {
        id,
        name: verboseName(path[depth]!, datasource),
        ...(parent !== undefined ? { parent } : { color: topColors.get(id) }),
        ...(leaf ? { value: Math.max(0, v.value ?? 0) } : {}),
        custom: crossFilter ? { crossFilter } : {},
      });
    });
    if (groupby.length === 0)
      nodes.set(metric, {
        id: metric,
        name: verboseName(metric, datasource),
        value: Math.max(0, v.value ?? 0),
        color: colorAt(palette, 0),
      });
  }

  const base = baseOptions(formData);
  const showLabels = bool(formData.show_labels, true);
  return {
    ...base,
    legend: { enabled: false },
    tooltip: {
      useHTML: true,
      formatter: function () {
        const value = Number((this as unknown as { value?: number }).value ?? this.y ?? 0);
        return `${escapeHtml(this.name ?? '')}: <b>${escapeHtml(format(value))}</b>`;
      },
    },
    series: [
      {
        type: 'treemap',
        name: verboseName(metric, datasource),
        layoutAlgorithm: 'squarified',
        allowTraversingTree: groupby.length > 1,
        levels: [
          {
            level: 1,
            borderWidth: 3,
            dataLabels: {
              enabled: showLabels && (groupby.length <= 1 || bool(formData.show_upper_labels, true)),
              style: { fontWeight: 'bold' },
            },
          },
          { level: 2, borderWidth: 1, colorVariation: { key: 'brightness', to: 0.3 } },
        ],
        dataLabels: {
          enabled: showLabels,
          formatter: function () {
            const value = Number((this as unknown as { value?: number }).value ?? 0);
            return escapeHtml(
              pieLabel(labelType, this.key?.toString() ?? this.name ?? '', format(value), total ? value / total : 0),
            );
          },
        },
        data: [...nodes.values()],
      },
    ],
  };
}
