/**
 * The filter configuration modal as a fold (charts-dashboards-reports §4): the list of filters and
 * dividers being edited, the one open in the form, removals pending for 5 s, and the save. What counts
 * as valid and what a save sends are native-filters' validation and changes.
 */
import { leaveUnchanged } from '../../../shared/exhaustive';
import { deletionStatus, markForDeletion, restoreFilter, type PendingDeletes } from '../pending-delete';
import {
  defaultScope,
  FilterType,
  isNativeFilter,
  type ControlValues,
  type FilterConfigItem,
  type NativeFilter,
} from '../types';
import { settingOf, type ColumnOption, type DatasetOption, type FilterConfigEvent } from './filter-config.events';

export interface FilterConfigState {
  status: 'closed' | 'editing' | 'saving' | 'failed';
  /** The configuration as the dashboard has it: what a save is compared with. */
  original: FilterConfigItem[];
  items: FilterConfigItem[];
  selectedId: string | null;
  /** Removed items by the time they were removed: restorable for 5 s, then hidden; a save drops them. */
  removed: PendingDeletes;
  /** Removed items whose 5 s are over (no longer listed). */
  gone: string[];
  /** Set by a save that failed validation: from then on the form shows every error as it changes. */
  showErrors: boolean;
  saveError: string | null;
  datasets: DatasetOption[];
  columns: Record<number, ColumnOption[]>;
  /** A select filter's values, offered as its default value. */
  values: Record<string, (string | number | boolean | null)[]>;
}

export const initialFilterConfig = (): FilterConfigState => ({
  status: 'closed',
  original: [],
  items: [],
  selectedId: null,
  removed: {},
  gone: [],
  showErrors: false,
  saveError: null,
  datasets: [],
  columns: {},
  values: {},
});

/** What a filter of a new type keeps: name, description, scope, parents; the rest starts over. */
export function newFilter(
  id: string,
  filterType: FilterType = FilterType.SELECT,
  keep: Partial<NativeFilter> = {},
): NativeFilter {
  const controlValues: ControlValues =
    filterType === FilterType.SELECT
      ? {
          enableEmptyFilter: false,
          defaultToFirstItem: false,
          multiSelect: true,
          searchAllOptions: false,
          inverseSelection: false,
        }
      : { enableEmptyFilter: false };
  return {
    id,
    type: 'NATIVE_FILTER',
    name: keep.name ?? '',
    description: keep.description ?? '',
    filterType,
    targets: [{}],
    controlValues,
    defaultDataMask: { filterState: {} },
    cascadeParentIds: filterType === FilterType.SELECT ? (keep.cascadeParentIds ?? []) : [],
    scope: keep.scope ?? defaultScope(),
    requiredFirst: false,
  };
}

function updateFilter(
  state: FilterConfigState,
  id: string,
  change: (filter: NativeFilter) => NativeFilter,
): FilterConfigState {
  const index = state.items.findIndex((item) => item.id === id);
  const item = state.items[index];
  if (!item || !isNativeFilter(item)) return state;
  const items = [...state.items];
  items[index] = change(item);
  return { ...state, items, saveError: null, status: state.status === 'failed' ? 'editing' : state.status };
}

function updateItem(
  state: FilterConfigState,
  id: string,
  change: (item: FilterConfigItem) => FilterConfigItem,
): FilterConfigState {
  const index = state.items.findIndex((item) => item.id === id);
  if (index < 0) return state;
  const items = [...state.items];
  items[index] = change(items[index]!);
  return { ...state, items };
}

/** The items the list shows: all but those whose removal is final. */
export const listedItems = (state: FilterConfigState): FilterConfigItem[] =>
  state.items.filter((item) => !state.gone.includes(item.id));

export function evolveFilterConfig(state: FilterConfigState, event: FilterConfigEvent): FilterConfigState {
  switch (event.type) {
    case 'filterConfig/opened':
      return {
        ...initialFilterConfig(),
        datasets: state.datasets,
        columns: state.columns,
        status: 'editing',
        original: event.data.items,
        items: event.data.items,
        selectedId: event.data.items[0]?.id ?? null,
      };
    case 'filterConfig/filterAdded':
      return { ...state, items: [...state.items, event.data.filter], selectedId: event.data.filter.id };
    case 'filterConfig/dividerAdded':
      return {
        ...state,
        items: [...state.items, { id: event.data.id, type: 'DIVIDER', title: '', description: '' }],
        selectedId: event.data.id,
      };
    case 'filterConfig/itemSelected':
      return state.items.some((item) => item.id === event.data.id) ? { ...state, selectedId: event.data.id } : state;
    case 'filterConfig/itemRenamed':
      return updateItem(state, event.data.id, (item) =>
        isNativeFilter(item) ? { ...item, name: event.data.name } : { ...item, title: event.data.name },
      );
    case 'filterConfig/itemDescribed':
      return updateItem(state, event.data.id, (item) => ({ ...item, description: event.data.description }));
    case 'filterConfig/filterTypeChosen':
      return updateFilter(state, event.data.id, (f) =>
        f.filterType === event.data.filterType ? f : newFilter(f.id, event.data.filterType, f),
      );
    case 'filterConfig/filterTargetChosen': {
      const { datasetId, column } = event.data;
      // A new target makes the chosen default value meaningless.
      return updateFilter(state, event.data.id, (f) => ({
        ...f,
        targets: [{ ...(datasetId !== null ? { datasetId } : {}), ...(column ? { column: { name: column } } : {}) }],
        defaultDataMask: { filterState: {} },
      }));
    }
    case 'filterConfig/valueRequired':
    case 'filterConfig/valueMadeOptional':
    case 'filterConfig/firstValueDefaultEnabled':
    case 'filterConfig/firstValueDefaultDisabled':
    case 'filterConfig/multipleSelectionEnabled':
    case 'filterConfig/multipleSelectionDisabled':
    case 'filterConfig/searchAllValuesEnabled':
    case 'filterConfig/searchAllValuesDisabled':
    case 'filterConfig/inverseSelectionEnabled':
    case 'filterConfig/inverseSelectionDisabled':
    case 'filterConfig/valuesSortedAscending':
    case 'filterConfig/valuesSortedDescending':
    case 'filterConfig/requiredFirstEnabled':
    case 'filterConfig/requiredFirstDisabled': {
      const { setting, on } = settingOf(event.type);
      if (setting === 'requiredFirst') return updateFilter(state, event.data.id, (f) => ({ ...f, requiredFirst: on }));
      return updateFilter(state, event.data.id, (f) => ({
        ...f,
        controlValues: { ...f.controlValues, [setting]: on },
      }));
    }
    case 'filterConfig/filterParentsChosen':
      return updateFilter(state, event.data.id, (f) => ({ ...f, cascadeParentIds: event.data.parentIds }));
    case 'filterConfig/filterScopeChosen':
      return updateFilter(state, event.data.id, (f) => ({ ...f, scope: event.data.scope }));
    case 'filterConfig/filterDefaultChosen': {
      const { value } = event.data;
      return updateFilter(state, event.data.id, (f) => ({
        ...f,
        defaultDataMask: value === null ? { filterState: {} } : { ...f.defaultDataMask, filterState: { value } },
      }));
    }
    case 'filterConfig/itemMoved': {
      const from = state.items.findIndex((item) => item.id === event.data.id);
      if (from < 0) return state;
      const items = [...state.items];
      const [moved] = items.splice(from, 1);
      items.splice(Math.max(0, Math.min(items.length, event.data.toIndex)), 0, moved!);
      return { ...state, items };
    }
    case 'filterConfig/itemRemoved': {
      const removed = markForDeletion(state.removed, event.data.id, event.data.at);
      const next = listedItems(state).find((item) => item.id !== event.data.id && !(item.id in removed));
      return {
        ...state,
        removed,
        selectedId: state.selectedId === event.data.id ? (next?.id ?? null) : state.selectedId,
      };
    }
    case 'filterConfig/itemRestored':
      return {
        ...state,
        removed: restoreFilter(state.removed, event.data.id, event.data.at),
        selectedId: event.data.id,
      };
    case 'filterConfig/removalsExpired': {
      const gone = Object.keys(state.removed).filter(
        (id) => deletionStatus(state.removed, id, event.data.at) === 'deleted',
      );
      return gone.every((id) => state.gone.includes(id))
        ? state
        : { ...state, gone: [...new Set([...state.gone, ...gone])] };
    }
    case 'filterConfig/validationFailed':
      return { ...state, showErrors: true, selectedId: event.data.focusId ?? state.selectedId };
    case 'filterConfig/saveStarted':
      return { ...state, status: 'saving', saveError: null };
    case 'filterConfig/saveFailed':
      return { ...state, status: 'failed', saveError: event.data.message };
    case 'filterConfig/saved':
    case 'filterConfig/closed':
      return { ...initialFilterConfig(), datasets: state.datasets, columns: state.columns };
    case 'filterConfig/datasetsLoaded':
      return { ...state, datasets: event.data.datasets };
    case 'filterConfig/columnsLoaded':
      return { ...state, columns: { ...state.columns, [event.data.datasetId]: event.data.columns } };
    case 'filterConfig/valuesLoaded':
      return { ...state, values: { ...state.values, [event.data.id]: event.data.values } };
    default:
      return leaveUnchanged(event, state);
  }
}

export const filterConfigFold = { initialState: initialFilterConfig, evolve: evolveFilterConfig };
