/** REFERENCE §3.4 native filter configuration and the data mask (charts-dashboards-reports §3 Native filter, Data mask). */
import type { ROOT_ID } from '../layout/types';

export const FilterType = {
  SELECT: 'filter_select',
  RANGE: 'filter_range',
  TIME: 'filter_time',
  TIME_COLUMN: 'filter_timecolumn',
  TIME_GRAIN: 'filter_timegrain',
} as const;
export type FilterType = (typeof FilterType)[keyof typeof FilterType];
export const FILTER_TYPES: readonly FilterType[] = Object.values(FilterType);

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';

/** Where a filter applies: subtrees of the layout (ROOT_ID or tab ids), minus excluded chart ids. */
export interface FilterScope {
  readonly rootPath: readonly (typeof ROOT_ID | string)[];
  readonly excluded: readonly number[];
}

export interface FilterTarget {
  readonly datasetId?: number;
  readonly column?: { readonly name: string; readonly displayName?: string };
}

/** One clause of extra form data (REFERENCE §3.4: select values arrive as {col, op: 'IN', val}). */
export interface QueryFilterClause {
  readonly col: string;
  readonly op: string;
  readonly val?: unknown;
}

/** What a chart query receives from filters (charts-dashboards-reports §3 chart form_data extra_filters / time fields). */
export interface ExtraFormData {
  readonly filters?: readonly QueryFilterClause[];
  readonly adhoc_filters?: readonly unknown[];
  readonly time_range?: string;
  readonly granularity_sqla?: string;
  readonly time_grain_sqla?: string;
}

export interface FilterState {
  readonly value?: unknown;
  readonly label?: string;
  readonly validateStatus?: 'error' | 'warning';
}

export interface DataMask {
  readonly id?: string;
  readonly extraFormData?: ExtraFormData;
  readonly filterState?: FilterState;
  readonly ownState?: Readonly<Record<string, unknown>>;
}

/** Data masks by native filter id or, for cross-filters, by the emitting chart's id. */
export type DataMaskMap = Readonly<Record<string, DataMask>>;

export interface ControlValues {
  /** "Filter value is required". */
  readonly enableEmptyFilter?: boolean;
  readonly defaultToFirstItem?: boolean;
  readonly multiSelect?: boolean;
  readonly searchAllOptions?: boolean;
  readonly inverseSelection?: boolean;
  readonly sortAscending?: boolean;
  readonly [key: string]: unknown;
}

export interface NativeFilter {
  readonly id: string;
  readonly type: 'NATIVE_FILTER';
  readonly name: string;
  readonly description?: string;
  readonly filterType: FilterType;
  readonly targets: readonly FilterTarget[];
  readonly controlValues: ControlValues;
  readonly defaultDataMask: DataMask;
  readonly cascadeParentIds: readonly string[];
  readonly scope: FilterScope;
  readonly chartsInScope?: readonly number[];
  readonly tabsInScope?: readonly string[];
  readonly sortMetric?: string | null;
  readonly adhoc_filters?: readonly unknown[];
  readonly time_range?: string;
  readonly granularity_sqla?: string;
  /** The dashboard's charts wait for this filter's value before they load. */
  readonly requiredFirst?: boolean;
}

export interface FilterDivider {
  readonly id: string;
  readonly type: 'DIVIDER';
  readonly title: string;
  readonly description: string;
}

export type FilterConfigItem = NativeFilter | FilterDivider;

export const isNativeFilter = (item: FilterConfigItem): item is NativeFilter => item.type === 'NATIVE_FILTER';

/** charts-dashboards-reports §3: the default scope has the root as root path and nothing excluded. */
export function defaultScope(): FilterScope {
  return { rootPath: ['ROOT_ID'], excluded: [] };
}

/** charts-dashboards-reports §3: ids are prefixed, the random part from the caller. */
export const nativeFilterId = (random: string) => `${NATIVE_FILTER_PREFIX}${random}`;
export const filterDividerId = (random: string) => `${NATIVE_FILTER_DIVIDER_PREFIX}${random}`;
