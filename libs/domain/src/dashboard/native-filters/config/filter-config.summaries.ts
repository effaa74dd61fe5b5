import { count, defineSummaries, quote, the } from '../../../audit/summary';
import { FilterType, isNativeFilter, NATIVE_FILTER_DIVIDER_PREFIX, type FilterConfigItem } from '../types';
import type { FilterConfigEvent, FilterSettingEvent } from './filter-config.events';
import { filterConfigFold, type FilterConfigState } from './filter-config.fold';

type Ctx = { before: FilterConfigState | undefined };

const item = ({ before }: Ctx, id: string): FilterConfigItem | undefined => before?.items.find((i) => i.id === id);

const nameOf = (found: FilterConfigItem) => (isNativeFilter(found) ? found.name : found.title);

/** A filter or a divider: by the item when the form has it, else by its id's prefix. */
function kindOf(ctx: Ctx, id: string): string {
  const found = item(ctx, id);
  if (found !== undefined) return isNativeFilter(found) ? 'filter' : 'divider';
  return id.startsWith(NATIVE_FILTER_DIVIDER_PREFIX) ? 'divider' : 'filter';
}

/** "the filter 'Region'" or "the divider 'Time'", by the name it had in the form then. */
function named(ctx: Ctx, id: string): string {
  const found = item(ctx, id);
  return the(kindOf(ctx, id), found === undefined ? undefined : nameOf(found));
}

/** What a filter of each type lets viewers choose. */
const TYPE_NAMES: Record<FilterType, string> = {
  [FilterType.SELECT]: 'value',
  [FilterType.RANGE]: 'numerical range',
  [FilterType.TIME]: 'time range',
  [FilterType.TIME_COLUMN]: 'time column',
  [FilterType.TIME_GRAIN]: 'time grain',
};

const dataset = ({ before }: Ctx, datasetId: number) => {
  const found = before?.datasets.find((d) => d.id === datasetId);
  return found === undefined ? `dataset ${datasetId}` : `the dataset ${quote(found.table_name)}`;
};

/** The checkboxes of a filter's form, each direction in words (`filter` is "the filter 'Region'"). */
const SETTINGS: Record<FilterSettingEvent['type'], (filter: string) => string> = {
  'filterConfig/valueRequired': (f) => `made a value of ${f} required`,
  'filterConfig/valueMadeOptional': (f) => `made the value of ${f} optional`,
  'filterConfig/firstValueDefaultEnabled': (f) => `made ${f} select its first value by default`,
  'filterConfig/firstValueDefaultDisabled': (f) => `stopped ${f} selecting its first value by default`,
  'filterConfig/multipleSelectionEnabled': (f) => `allowed several values in ${f}`,
  'filterConfig/multipleSelectionDisabled': (f) => `allowed only one value in ${f}`,
  'filterConfig/searchAllValuesEnabled': (f) => `made ${f} search all its values`,
  'filterConfig/searchAllValuesDisabled': (f) => `stopped ${f} searching all its values`,
  'filterConfig/inverseSelectionEnabled': (f) => `turned on inverse selection in ${f}`,
  'filterConfig/inverseSelectionDisabled': (f) => `turned off inverse selection in ${f}`,
  'filterConfig/valuesSortedAscending': (f) => `sorted the values of ${f} ascending`,
  'filterConfig/valuesSortedDescending': (f) => `sorted the values of ${f} descending`,
  'filterConfig/requiredFirstEnabled': (f) => `made the charts wait for a value of ${f}`,
  'filterConfig/requiredFirstDisabled': (f) => `let the charts load without a value of ${f}`,
};

const setting =
  (type: FilterSettingEvent['type']) =>
  (d: { id: string }, ctx: Ctx & { who: string }): string =>
    `${ctx.who} ${SETTINGS[type](named(ctx, d.id))}`;

const filters = (items: readonly FilterConfigItem[]) => count(items.filter(isNativeFilter).length, 'filter');

/** A default value as the form shows it: 'East', or 'East, West'. */
const shown = (value: (string | number | boolean | null)[] | string) =>
  quote(Array.isArray(value) ? value.map((v) => String(v)).join(', ') : value);

/**
 * The filter configuration modal (charts-dashboards-reports §4): items are named as they were in the form
 * at that moment, by the modal's own fold.
 */
export const filterConfigSummaries = defineSummaries<FilterConfigEvent, FilterConfigState>({
  context: 'filter configuration',
  names: { initial: filterConfigFold.initialState, evolve: filterConfigFold.evolve },
  of: {
    'filterConfig/opened': (d, { who, objectName }) =>
      `${who} opened the filter configuration${objectName ? ` of ${the('dashboard', objectName)}` : ''} (${filters(d.items)})`,
    'filterConfig/filterAdded': (d, { who }) =>
      d.filter.name.trim() === '' ? `${who} added a new filter` : `${who} added ${the('filter', d.filter.name)}`,
    'filterConfig/dividerAdded': (_d, { who }) => `${who} added a divider`,
    'filterConfig/itemSelected': (d, ctx) => `${ctx.who} opened ${named(ctx, d.id)} in the form`,
    'filterConfig/itemRenamed': (d, ctx) => {
      const found = item(ctx, d.id);
      // A new item's first name is naming it, not renaming it.
      return found === undefined || nameOf(found).trim() === ''
        ? `${ctx.who} named the ${kindOf(ctx, d.id)} ${quote(d.name)}`
        : `${ctx.who} renamed ${named(ctx, d.id)} to ${quote(d.name)}`;
    },
    'filterConfig/itemDescribed': (d, ctx) =>
      d.description.trim() === ''
        ? `${ctx.who} removed the description of ${named(ctx, d.id)}`
        : `${ctx.who} described ${named(ctx, d.id)}`,
    'filterConfig/filterTypeChosen': (d, ctx) =>
      `${ctx.who} made ${named(ctx, d.id)} a ${TYPE_NAMES[d.filterType] ?? d.filterType} filter`,
    'filterConfig/filterTargetChosen': (d, ctx) => {
      if (d.datasetId === null) return `${ctx.who} cleared the dataset of ${named(ctx, d.id)}`;
      const column = d.column === null ? '' : `the column ${quote(d.column)} of `;
      return `${ctx.who} pointed ${named(ctx, d.id)} at ${column}${dataset(ctx, d.datasetId)}`;
    },
    'filterConfig/valueRequired': setting('filterConfig/valueRequired'),
    'filterConfig/valueMadeOptional': setting('filterConfig/valueMadeOptional'),
    'filterConfig/firstValueDefaultEnabled': setting('filterConfig/firstValueDefaultEnabled'),
    'filterConfig/firstValueDefaultDisabled': setting('filterConfig/firstValueDefaultDisabled'),
    'filterConfig/multipleSelectionEnabled': setting('filterConfig/multipleSelectionEnabled'),
    'filterConfig/multipleSelectionDisabled': setting('filterConfig/multipleSelectionDisabled'),
    'filterConfig/searchAllValuesEnabled': setting('filterConfig/searchAllValuesEnabled'),
    'filterConfig/searchAllValuesDisabled': setting('filterConfig/searchAllValuesDisabled'),
    'filterConfig/inverseSelectionEnabled': setting('filterConfig/inverseSelectionEnabled'),
    'filterConfig/inverseSelectionDisabled': setting('filterConfig/inverseSelectionDisabled'),
    'filterConfig/valuesSortedAscending': setting('filterConfig/valuesSortedAscending'),
    'filterConfig/valuesSortedDescending': setting('filterConfig/valuesSortedDescending'),
    'filterConfig/requiredFirstEnabled': setting('filterConfig/requiredFirstEnabled'),
    'filterConfig/requiredFirstDisabled': setting('filterConfig/requiredFirstDisabled'),
    'filterConfig/filterParentsChosen': (d, ctx) => {
      if (d.parentIds.length === 0) return `${ctx.who} made ${named(ctx, d.id)} depend on no other filter`;
      const parents = d.parentIds.length === 1 ? named(ctx, d.parentIds[0]!) : count(d.parentIds.length, 'filter');
      return `${ctx.who} made ${named(ctx, d.id)} depend on ${parents}`;
    },
    'filterConfig/filterScopeChosen': (d, ctx) =>
      d.scope.excluded.length === 0
        ? `${ctx.who} changed where ${named(ctx, d.id)} applies`
        : `${ctx.who} changed where ${named(ctx, d.id)} applies (${count(d.scope.excluded.length, 'chart')} excluded)`,
    'filterConfig/filterDefaultChosen': (d, ctx) =>
      d.value === null || (Array.isArray(d.value) && d.value.length === 0)
        ? `${ctx.who} cleared the default value of ${named(ctx, d.id)}`
        : `${ctx.who} set the default value of ${named(ctx, d.id)} to ${shown(d.value)}`,
    'filterConfig/itemMoved': (d, ctx) => `${ctx.who} moved ${named(ctx, d.id)} to position ${d.toIndex + 1}`,
    'filterConfig/itemRemoved': (d, ctx) => `${ctx.who} removed ${named(ctx, d.id)}`,
    'filterConfig/itemRestored': (d, ctx) => `${ctx.who} restored ${named(ctx, d.id)}`,
    'filterConfig/removalsExpired': () => 'the removed filters can no longer be restored',
    'filterConfig/validationFailed': (d, ctx) =>
      d.focusId === null
        ? 'the filter configuration was not saved: it has errors'
        : `the filter configuration was not saved: ${named(ctx, d.focusId)} has errors`,
    'filterConfig/saveStarted': (_d, { who }) => `${who} began saving the filter configuration`,
    'filterConfig/saveFailed': (d) => `saving the filter configuration failed: ${quote(d.message)}`,
    'filterConfig/saved': (d, { who }) => `${who} saved the filter configuration (${filters(d.items)})`,
    'filterConfig/closed': (_d, { who }) => `${who} closed the filter configuration`,
    'filterConfig/datasetsLoaded': (d, { who }) =>
      `${who} loaded the datasets a filter can use (${count(d.datasets.length, 'dataset')})`,
    'filterConfig/columnsLoaded': (d, ctx) =>
      `${ctx.who} loaded the columns of ${dataset(ctx, d.datasetId)} (${count(d.columns.length, 'column')})`,
    'filterConfig/valuesLoaded': (d, ctx) =>
      `${ctx.who} loaded the values of ${named(ctx, d.id)} (${count(d.values.length, 'value')})`,
  },
});
