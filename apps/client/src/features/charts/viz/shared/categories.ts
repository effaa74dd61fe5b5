import { getTimeFormatter } from '../format/time-format';
import { categoryText, columnLabels, getMetricLabel, toNumber } from './labels';
import { GenericDataType, type ChartDataResult, type DataRecordValue, type FormData } from './types';

export interface CategoryValue {
  /** The group-by values joined for display ('Europe, 1970'); dates in the chart's date format. */
  name: string;
  dims: Record<string, DataRecordValue>;
  value: number | null;
}

/**
 * One value per group-by combination, the shape of pie, funnel, gauge and treemap data: rows of
 * group-by columns and one metric column. Temporal group-by values are formatted with date_format.
 */
export function categoryValues(
  formData: FormData,
  result: ChartDataResult | undefined,
  groupbyKey = 'groupby',
  metricKey = 'metric',
): {
  metric: string;
  groupby: string[];
  values: CategoryValue[];
} {
  const metric = getMetricLabel(formData[metricKey]);
  const groupby = columnLabels(formData, groupbyKey);
  if (!result) return { metric, groupby, values: [] };
  const dateFormat = getTimeFormatter(formData.date_format as string | undefined);
  const temporal = new Set(result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL));
  const metricColumn = result.colnames.includes(metric)
    ? metric
    : (result.colnames.find((c, i) => !groupby.includes(c) && result.coltypes[i] === GenericDataType.NUMERIC) ??
      metric);
  const values = result.data.map((row) => {
    const dims = Object.fromEntries(groupby.map((g) => [g, (row[g] ?? null) as DataRecordValue]));
    const name = groupby.length
      ? groupby
          .map((g) =>
            temporal.has(g) && row[g] !== null && row[g] !== undefined
              ? dateFormat(Number(row[g]) || Date.parse(String(row[g])))
              : categoryText(row[g]),
          )
          .join(', ')
      : metric;
    return { name, dims, value: toNumber(row[metricColumn]) };
  });
  return { metric: metricColumn, groupby, values };
}
