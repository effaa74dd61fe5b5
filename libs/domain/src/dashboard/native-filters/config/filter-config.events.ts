/**
 * The facts of the filter configuration modal (charts-dashboards-reports §4 native filter configuration):
 * opened, items added, edited, moved, removed and restored, saved. Each form gesture is one fact; ids and
 * times arrive on them. Every setting of a filter's form is two intents (on, off), never a setter.
 */
import type { EventLike } from '@strata/events';
import type { FilterConfigItem, FilterScope, FilterType, NativeFilter } from '../types';
import type { NativeFilterValue } from '../../page/filter-values';

/** The boolean settings of a filter's form: its control values, plus whether charts wait for it. */
export type FilterSetting =
  | 'enableEmptyFilter'
  | 'defaultToFirstItem'
  | 'multiSelect'
  | 'searchAllOptions'
  | 'inverseSelection'
  | 'sortAscending'
  | 'requiredFirst';

export interface DatasetOption {
  id: number;
  table_name: string;
  schema?: string | null;
}

export interface ColumnOption {
  name: string;
  /** §3 Column type_generic: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  typeGeneric: number | null;
  isDttm: boolean;
}

/** One fact per setting and direction (REFERENCE §3.4 controlValues, and requiredFirst). */
export type FilterSettingEvent =
  /** "Filter value is required" checked / unchecked. */
  | EventLike<'filterConfig/valueRequired', { id: string }>
  | EventLike<'filterConfig/valueMadeOptional', { id: string }>
  /** "Select first filter value by default". */
  | EventLike<'filterConfig/firstValueDefaultEnabled', { id: string }>
  | EventLike<'filterConfig/firstValueDefaultDisabled', { id: string }>
  /** "Can select multiple values". */
  | EventLike<'filterConfig/multipleSelectionEnabled', { id: string }>
  | EventLike<'filterConfig/multipleSelectionDisabled', { id: string }>
  /** "Dynamically search all filter values". */
  | EventLike<'filterConfig/searchAllValuesEnabled', { id: string }>
  | EventLike<'filterConfig/searchAllValuesDisabled', { id: string }>
  /** "Inverse selection". */
  | EventLike<'filterConfig/inverseSelectionEnabled', { id: string }>
  | EventLike<'filterConfig/inverseSelectionDisabled', { id: string }>
  /** "Sort filter values ascending": checked is ascending, unchecked descending. */
  | EventLike<'filterConfig/valuesSortedAscending', { id: string }>
  | EventLike<'filterConfig/valuesSortedDescending', { id: string }>
  /** "Charts wait for a value of this filter". */
  | EventLike<'filterConfig/requiredFirstEnabled', { id: string }>
  | EventLike<'filterConfig/requiredFirstDisabled', { id: string }>;

type SettingEventType = FilterSettingEvent['type'];

/** Which fact says a setting was turned on, and which that it was turned off. */
export const FILTER_SETTING_EVENTS = {
  enableEmptyFilter: { on: 'filterConfig/valueRequired', off: 'filterConfig/valueMadeOptional' },
  defaultToFirstItem: { on: 'filterConfig/firstValueDefaultEnabled', off: 'filterConfig/firstValueDefaultDisabled' },
  multiSelect: { on: 'filterConfig/multipleSelectionEnabled', off: 'filterConfig/multipleSelectionDisabled' },
  searchAllOptions: { on: 'filterConfig/searchAllValuesEnabled', off: 'filterConfig/searchAllValuesDisabled' },
  inverseSelection: { on: 'filterConfig/inverseSelectionEnabled', off: 'filterConfig/inverseSelectionDisabled' },
  sortAscending: { on: 'filterConfig/valuesSortedAscending', off: 'filterConfig/valuesSortedDescending' },
  requiredFirst: { on: 'filterConfig/requiredFirstEnabled', off: 'filterConfig/requiredFirstDisabled' },
} as const satisfies Record<FilterSetting, { on: SettingEventType; off: SettingEventType }>;

/** The fact of a setting's checkbox turned on or off (a checkbox gives the direction, the fact the intent). */
export const filterSettingChanged = (id: string, setting: FilterSetting, on: boolean): FilterSettingEvent => ({
  type: FILTER_SETTING_EVENTS[setting][on ? 'on' : 'off'],
  data: { id },
});

const SETTING_OF = new Map<string, { setting: FilterSetting; on: boolean }>(
  (Object.keys(FILTER_SETTING_EVENTS) as FilterSetting[]).flatMap((setting) => [
    [FILTER_SETTING_EVENTS[setting].on, { setting, on: true }],
    [FILTER_SETTING_EVENTS[setting].off, { setting, on: false }],
  ]),
);

/** The setting a fact turns on or off: the fold's reading of FILTER_SETTING_EVENTS. */
export const settingOf = (type: SettingEventType): { setting: FilterSetting; on: boolean } => SETTING_OF.get(type)!;

export type FilterConfigEvent =
  | EventLike<'filterConfig/opened', { items: FilterConfigItem[] }>
  | EventLike<'filterConfig/filterAdded', { filter: NativeFilter }>
  | EventLike<'filterConfig/dividerAdded', { id: string }>
  | EventLike<'filterConfig/itemSelected', { id: string }>
  | EventLike<'filterConfig/itemRenamed', { id: string; name: string }>
  | EventLike<'filterConfig/itemDescribed', { id: string; description: string }>
  | EventLike<'filterConfig/filterTypeChosen', { id: string; filterType: FilterType }>
  | EventLike<'filterConfig/filterTargetChosen', { id: string; datasetId: number | null; column: string | null }>
  | FilterSettingEvent
  | EventLike<'filterConfig/filterParentsChosen', { id: string; parentIds: string[] }>
  | EventLike<'filterConfig/filterScopeChosen', { id: string; scope: FilterScope }>
  | EventLike<'filterConfig/filterDefaultChosen', { id: string; value: NativeFilterValue | null }>
  | EventLike<'filterConfig/itemMoved', { id: string; toIndex: number }>
  | EventLike<'filterConfig/itemRemoved', { id: string; at: number }>
  | EventLike<'filterConfig/itemRestored', { id: string; at: number }>
  | EventLike<'filterConfig/removalsExpired', { at: number }>
  | EventLike<'filterConfig/validationFailed', { focusId: string | null }>
  | EventLike<'filterConfig/saveStarted', Record<string, never>>
  | EventLike<'filterConfig/saveFailed', { message: string }>
  | EventLike<'filterConfig/saved', { items: FilterConfigItem[] }>
  | EventLike<'filterConfig/closed', Record<string, never>>
  | EventLike<'filterConfig/datasetsLoaded', { datasets: DatasetOption[] }>
  | EventLike<'filterConfig/columnsLoaded', { datasetId: number; columns: ColumnOption[] }>
  | EventLike<'filterConfig/valuesLoaded', { id: string; values: (string | number | boolean | null)[] }>;
