/**
 * What filter values turn into for a chart query (REFERENCE §3.4): each filter's data mask carries
 * extraFormData; a chart receives the merge of the masks of the native filters whose scope includes it,
 * then of the cross-filters emitted by other charts whose cross-filter scope includes it. Clauses add up;
 * time_range, granularity_sqla and time_grain_sqla are single values (the later mask wins).
 */
import type { Layout } from '../layout/types';
import { chartsInScope, crossFilterTargets, type ChartCrossFilterConfig, type GlobalChartConfig } from './scope';
import {
  FilterType,
  type DataMaskMap,
  type ExtraFormData,
  type FilterConfigItem,
  type QueryFilterClause,
  isNativeFilter,
} from './types';

export function mergeExtraFormData(a: ExtraFormData, b: ExtraFormData | undefined): ExtraFormData {
  if (!b) return a;
  const filters = [...(a.filters ?? []), ...(b.filters ?? [])];
  const adhoc = [...(a.adhoc_filters ?? []), ...(b.adhoc_filters ?? [])];
  return {
    ...(filters.length > 0 ? { filters } : {}),
    ...(adhoc.length > 0 ? { adhoc_filters: adhoc } : {}),
    ...pick(a, b, 'time_range'),
    ...pick(a, b, 'granularity_sqla'),
    ...pick(a, b, 'time_grain_sqla'),
  };
}

function pick<K extends 'time_range' | 'granularity_sqla' | 'time_grain_sqla'>(
  a: ExtraFormData,
  b: ExtraFormData,
  key: K,
) {
  const value = b[key] ?? a[key];
  return value !== undefined ? { [key]: value } : {};
}

export interface FilterContext {
  /** With a layout, scopes are computed from it; without, the stored chartsInScope are used. */
  readonly layout?: Layout;
  readonly crossFiltersEnabled?: boolean;
  readonly chartConfiguration?: Readonly<Record<string, ChartCrossFilterConfig>>;
  readonly globalChartConfiguration?: GlobalChartConfig;
}

/** The extra form data chart `chartId` queries with, given every filter's and chart's data mask. */
export function extraFormDataFromFilters(
  dataMask: DataMaskMap,
  filters: readonly FilterConfigItem[],
  chartId: number,
  context: FilterContext = {},
): ExtraFormData {
  let result: ExtraFormData = {};
  for (const filter of filters.filter(isNativeFilter)) {
    const scoped = context.layout ? chartsInScope(context.layout, filter.scope) : (filter.chartsInScope ?? []);
    if (scoped.includes(chartId)) result = mergeExtraFormData(result, dataMask[filter.id]?.extraFormData);
  }
  if (context.crossFiltersEnabled && context.layout) {
    const emitters = Object.keys(dataMask)
      .filter((key) => /^\d+$/.test(key))
      .map(Number)
      .sort((x, y) => x - y);
    for (const emitter of emitters) {
      if (emitter === chartId) continue;
      if (
        crossFilterTargets(
          context.layout,
          emitter,
          context.chartConfiguration,
          context.globalChartConfiguration,
        ).includes(chartId)
      ) {
        result = mergeExtraFormData(result, dataMask[String(emitter)]?.extraFormData);
      }
    }
  }
  return result;
}

/** The extra form data of a filter value, per filter type (what the filter bar puts in the data mask). */
export function filterValueExtraFormData(
  filterType: FilterType,
  column: string | undefined,
  value: unknown,
  options: { inverseSelection?: boolean } = {},
): ExtraFormData {
  switch (filterType) {
    case FilterType.SELECT: {
      const values = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (!column || values.length === 0) return {};
      return { filters: [{ col: column, op: options.inverseSelection ? 'NOT IN' : 'IN', val: values }] };
    }
    case FilterType.RANGE: {
      const [min, max] = Array.isArray(value) ? value : [];
      const clauses: QueryFilterClause[] = [];
      if (column && typeof min === 'number') clauses.push({ col: column, op: '>=', val: min });
      if (column && typeof max === 'number') clauses.push({ col: column, op: '<=', val: max });
      return clauses.length > 0 ? { filters: clauses } : {};
    }
    case FilterType.TIME:
      return typeof value === 'string' && value !== '' ? { time_range: value } : {};
    case FilterType.TIME_COLUMN:
      return typeof value === 'string' && value !== '' ? { granularity_sqla: value } : {};
    case FilterType.TIME_GRAIN:
      return typeof value === 'string' && value !== '' ? { time_grain_sqla: value } : {};
    default:
      return {};
  }
}

/** A click on a bar, slice or cell: the clicked values of a column, as the emitting chart's data mask. */
export function crossFilterDataMask(chartId: number, column: string, values: readonly unknown[]) {
  return {
    id: String(chartId),
    extraFormData: values.length > 0 ? { filters: [{ col: column, op: 'IN', val: [...values] }] } : {},
    filterState: { value: values.length > 0 ? [...values] : null },
  };
}
