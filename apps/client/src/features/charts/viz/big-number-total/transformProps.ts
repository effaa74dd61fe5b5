import { getTimeFormatter } from '../format/time-format';
import { bool, num } from '../shared/base-options';
import { getMetricLabel, metricFormatter, toNumber, verboseName } from '../shared/labels';
import type { ChartDataResult, FormData, VizDatasource } from '../shared/types';

export interface BigNumberTotalProps {
  value: number | null;
  /** The number as shown; 'No data' when the query returned nothing. */
  text: string;
  metricName: string;
  subheader: string;
  /** Font sizes as a share of the chart height. */
  headerFontSize: number;
  subheaderFontSize: number;
}

/**
 * Big Number: the one value of the metric, in the chart's (or the dataset's) number format, or as a
 * date when force_timestamp_formatting is on (e.g. MAX(order_date)).
 */
export function transformProps(
  formData: FormData,
  queriesData: ChartDataResult[],
  datasource: VizDatasource = {},
): BigNumberTotalProps {
  const metric = getMetricLabel(formData.metric);
  const row = queriesData[0]?.data[0];
  const value = row ? toNumber(row[metric] ?? Object.values(row)[0]) : null;
  const asTime = bool(formData.force_timestamp_formatting, false);
  const text =
    value === null
      ? 'No data'
      : asTime
        ? getTimeFormatter(formData.time_format as string | undefined)(value)
        : metricFormatter(metric, formData.y_axis_format, datasource, formData.currency_format)(value);
  return {
    value,
    text,
    metricName: verboseName(metric, datasource),
    subheader: typeof formData.subheader === 'string' ? formData.subheader : '',
    headerFontSize: num(formData.header_font_size, 0.4),
    subheaderFontSize: num(formData.subheader_font_size, 0.15),
  };
}
