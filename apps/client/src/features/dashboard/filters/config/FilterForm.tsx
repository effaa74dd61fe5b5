import {
  FilterType,
  isNativeFilter,
  TIME_GRAINS,
  type FilterConfigItem,
  type FilterValidationError,
  type NativeFilter,
  type FilterConfigState,
  type FilterSetting,
} from '@strata/domain';
import { controlOf, defaultValueOf } from '../native-filters';
import type { FilterConfigFeature } from './filter-config.feature';
import { ScopeField, type ScopeChoices } from './ScopeField';

export const FILTER_TYPE_LABELS: Record<FilterType, string> = {
  [FilterType.SELECT]: 'Value',
  [FilterType.RANGE]: 'Numerical range',
  [FilterType.TIME]: 'Time range',
  [FilterType.TIME_COLUMN]: 'Time column',
  [FilterType.TIME_GRAIN]: 'Time grain',
};

/** Which settings each filter type offers (REFERENCE §3.4 controlValues), with their labels. */
const SETTINGS: { setting: FilterSetting; label: string; types: readonly FilterType[] }[] = [
  { setting: 'enableEmptyFilter', label: 'Filter value is required', types: Object.values(FilterType) },
  { setting: 'defaultToFirstItem', label: 'Select first filter value by default', types: [FilterType.SELECT] },
  { setting: 'multiSelect', label: 'Can select multiple values', types: [FilterType.SELECT] },
  { setting: 'inverseSelection', label: 'Inverse selection', types: [FilterType.SELECT] },
  { setting: 'searchAllOptions', label: 'Dynamically search all filter values', types: [FilterType.SELECT] },
  { setting: 'sortAscending', label: 'Sort filter values ascending', types: [FilterType.SELECT] },
  { setting: 'requiredFirst', label: 'Charts wait for a value of this filter', types: Object.values(FilterType) },
];

const NEEDS_DATASET: readonly FilterType[] = [
  FilterType.SELECT,
  FilterType.RANGE,
  FilterType.TIME_COLUMN,
  FilterType.TIME_GRAIN,
];
const NEEDS_COLUMN: readonly FilterType[] = [FilterType.SELECT, FilterType.RANGE];

function FieldError({ errors, field }: { errors: FilterValidationError[]; field: FilterValidationError['field'] }) {
  const mine = errors.filter((e) => e.field === field);
  return mine.length ? (
    <div className="form-error" role="alert">
      {mine.map((e) => e.message).join('. ')}
    </div>
  ) : null;
}

/** The form of the item open in the modal: a filter's settings, or a divider's title and description. */
export function FilterForm({
  feature,
  state,
  item,
  errors,
  scope,
}: {
  feature: FilterConfigFeature;
  state: FilterConfigState;
  item: FilterConfigItem;
  errors: FilterValidationError[];
  scope: ScopeChoices;
}) {
  if (!isNativeFilter(item)) {
    return (
      <div className="filter-config__form" aria-label="Divider settings">
        <label>
          Title
          <input
            aria-label="Divider title"
            value={item.title}
            onChange={(e) => feature.rename(item.id, e.target.value)}
          />
        </label>
        <FieldError errors={errors} field="title" />
        <label>
          Description
          <textarea
            aria-label="Divider description"
            value={item.description}
            onChange={(e) => feature.describe(item.id, e.target.value)}
          />
        </label>
      </div>
    );
  }
  const target = item.targets[0] ?? {};
  const columns = typeof target.datasetId === 'number' ? (state.columns[target.datasetId] ?? []) : [];
  const usable = item.filterType === FilterType.RANGE ? columns.filter((c) => c.typeGeneric === 0) : columns;
  const datasets =
    state.datasets.some((d) => d.id === target.datasetId) || typeof target.datasetId !== 'number'
      ? state.datasets
      : [...state.datasets, { id: target.datasetId, table_name: `Dataset ${target.datasetId}` }];
  const parents = state.items.filter(
    (i): i is NativeFilter =>
      isNativeFilter(i) && i.id !== item.id && i.filterType === FilterType.SELECT && !(i.id in state.removed),
  );
  return (
    <div className="filter-config__form" aria-label="Filter settings">
      <label>
        Filter type
        <select
          aria-label="Filter type"
          value={item.filterType}
          onChange={(e) => feature.chooseType(item.id, e.target.value as FilterType)}
        >
          {Object.values(FilterType).map((t) => (
            <option key={t} value={t}>
              {FILTER_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Filter name
        <input aria-label="Filter name" value={item.name} onChange={(e) => feature.rename(item.id, e.target.value)} />
      </label>
      <FieldError errors={errors} field="name" />
      {NEEDS_DATASET.includes(item.filterType) && (
        <>
          <label>
            Dataset
            <select
              aria-label="Dataset"
              value={target.datasetId ?? ''}
              onChange={(e) => feature.chooseTarget(item.id, e.target.value ? Number(e.target.value) : null, null)}
            >
              <option value="">Choose a dataset</option>
              {datasets.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.schema ? `${d.schema}.${d.table_name}` : d.table_name}
                </option>
              ))}
            </select>
          </label>
          <FieldError errors={errors} field="dataset" />
        </>
      )}
      {NEEDS_COLUMN.includes(item.filterType) && (
        <>
          <label>
            Column
            <select
              aria-label="Column"
              value={target.column?.name ?? ''}
              disabled={typeof target.datasetId !== 'number'}
              onChange={(e) => feature.chooseTarget(item.id, target.datasetId ?? null, e.target.value || null)}
            >
              <option value="">Choose a column</option>
              {usable.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <FieldError errors={errors} field="column" />
        </>
      )}
      <label>
        Description
        <textarea
          aria-label="Filter description"
          value={item.description ?? ''}
          onChange={(e) => feature.describe(item.id, e.target.value)}
        />
      </label>
      {item.filterType === FilterType.SELECT && (
        <>
          <label>
            Parent filter
            <select
              aria-label="Parent filter"
              value={item.cascadeParentIds[0] ?? ''}
              onChange={(e) => feature.chooseParents(item.id, e.target.value ? [e.target.value] : [])}
            >
              <option value="">None</option>
              {parents.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name || '[untitled]'}
                </option>
              ))}
            </select>
          </label>
          <FieldError errors={errors} field="parent" />
        </>
      )}
      <fieldset className="filter-config__settings">
        <legend>Settings</legend>
        {SETTINGS.filter((s) => s.types.includes(item.filterType)).map(({ setting, label }) => {
          const control: Record<string, boolean> = controlOf(item);
          const on =
            setting === 'requiredFirst'
              ? item.requiredFirst === true
              : (control[setting] ?? item.controlValues[setting] === true);
          return (
            <label key={setting} className="filter-config__check">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => feature.toggle(item.id, setting, e.target.checked)}
              />
              {label}
            </label>
          );
        })}
      </fieldset>
      <DefaultValueField feature={feature} state={state} filter={item} />
      <FieldError errors={errors} field="defaultValue" />
      <ScopeField value={item.scope} choices={scope} onChange={(next) => feature.chooseScope(item.id, next)} />
    </div>
  );
}

/** "Filter has default value": the value applied when the dashboard opens, in the type's own terms. */
function DefaultValueField({
  feature,
  state,
  filter,
}: {
  feature: FilterConfigFeature;
  state: FilterConfigState;
  filter: NativeFilter;
}) {
  const value = defaultValueOf(filter);
  const hasDefault = value !== null;
  const set = (next: typeof value) => feature.chooseDefault(filter.id, next);
  let input;
  if (filter.filterType === FilterType.SELECT) {
    const values = state.values[filter.id];
    const chosen = Array.isArray(value) ? value : [];
    input = values ? (
      <div className="filter-select__options" role="group" aria-label="Default values">
        {values.map((v) => (
          <label key={String(v)} className="filter-select__option">
            <input
              type="checkbox"
              checked={chosen.includes(v)}
              onChange={() => {
                const next = chosen.includes(v)
                  ? chosen.filter((x) => x !== v)
                  : controlOf(filter).multiSelect
                    ? [...chosen, v]
                    : [v];
                set(next.length ? next : null);
              }}
            />
            {v === null ? '<NULL>' : String(v)}
          </label>
        ))}
      </div>
    ) : (
      <button type="button" onClick={() => feature.loadValues(filter.id)} disabled={!filter.targets[0]?.column?.name}>
        Load the column's values
      </button>
    );
  } else if (filter.filterType === FilterType.RANGE) {
    const [min, max] = Array.isArray(value) ? value : [null, null];
    const num = (text: string) => (text.trim() === '' ? null : Number(text));
    const range = (a: number | null, b: number | null) => set(a === null && b === null ? null : [a, b]);
    input = (
      <span className="filter-config__range">
        <input
          type="number"
          aria-label="Default minimum"
          value={typeof min === 'number' ? min : ''}
          onChange={(e) => range(num(e.target.value), typeof max === 'number' ? max : null)}
        />
        <input
          type="number"
          aria-label="Default maximum"
          value={typeof max === 'number' ? max : ''}
          onChange={(e) => range(typeof min === 'number' ? min : null, num(e.target.value))}
        />
      </span>
    );
  } else if (filter.filterType === FilterType.TIME_GRAIN) {
    input = (
      <select
        aria-label="Default time grain"
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(e.target.value || null)}
      >
        <option value="">None</option>
        {TIME_GRAINS.map((g) => (
          <option key={g.grain} value={g.grain}>
            {g.label}
          </option>
        ))}
      </select>
    );
  } else {
    input = (
      <input
        aria-label="Default value"
        placeholder={filter.filterType === FilterType.TIME ? 'Last week, or 2020-01-01 : 2021-01-01' : 'Column name'}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(e.target.value || null)}
      />
    );
  }
  return (
    <fieldset className="filter-config__default">
      <legend>Default value</legend>
      {hasDefault && (
        <button type="button" className="link" onClick={() => set(null)}>
          Clear default value
        </button>
      )}
      {input}
    </fieldset>
  );
}
