import { useMemo, useState } from 'react';
import { TIME_GRAINS, type FilterOptions, type FilterSearch } from '@strata/domain';
import type { DashboardDataset } from '../api/types';
import { getTimeFormatter } from '../../charts/viz/format/time-format';
import {
  controlOf,
  FilterType,
  searchesAllValues,
  targetsTemporalColumn,
  type FilterValue,
  type NativeFilter,
} from './native-filters';

interface ControlProps {
  filter: NativeFilter;
  value: FilterValue | null;
  onChange(value: FilterValue | null): void;
}

const MAX_SHOWN_OPTIONS = 200;
const text = (v: unknown) => (v === null ? '<NULL>' : String(v));
const dateTime = getTimeFormatter('%Y-%m-%d %H:%M:%S');
/** A temporal column's values come as epoch ms (UTC): shown as a date, with its time when not midnight. */
const temporalText = (v: unknown) => (typeof v === 'number' ? dateTime(v).replace(/ 00:00:00$/, '') : text(v));

interface SearchProps {
  options: FilterOptions | undefined;
  /** Dynamic search ("Dynamically search all filter values"): the database's answer to the text typed. */
  search?: FilterSearch | undefined;
  onSearch?(text: string): void;
  datasets: DashboardDataset[];
}

/**
 * A select filter: the column's values, searchable, one or many (charts-dashboards-reports §3; REFERENCE §3.4 controlValues).
 * The search filters the loaded values, or, with searchAllOptions on a text column, shows the values
 * the database finds for it (the loaded ones filtered here until that answer comes).
 */
export function SelectFilter({
  filter,
  value,
  onChange,
  options,
  search: found,
  onSearch,
  datasets,
}: ControlProps & SearchProps) {
  // What is typed is how the control is looked at; the values it finds are the store's.
  const [search, setSearch] = useState('');
  const label = targetsTemporalColumn(filter, datasets) ? temporalText : text;
  const dynamic = !!onSearch && searchesAllValues(filter, datasets);
  const answered = dynamic && search.trim() !== '' && found?.text === search && found.status === 'ready';
  const selected = Array.isArray(value) ? (value as (string | number | boolean | null)[]) : [];
  const shown = useMemo(() => {
    if (answered) return found.values.slice(0, MAX_SHOWN_OPTIONS);
    const term = search.trim().toLowerCase();
    const all = options?.values ?? [];
    return (term ? all.filter((v) => label(v).toLowerCase().includes(term)) : all).slice(0, MAX_SHOWN_OPTIONS);
  }, [options, search, answered, found, label]);
  const searching = dynamic && search.trim() !== '' && found?.status === 'loading';
  const toggle = (v: string | number | boolean | null) => {
    if (!controlOf(filter).multiSelect) return onChange(selected.includes(v) ? null : [v]);
    const next = selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v];
    onChange(next.length ? next : null);
  };
  return (
    <div className="filter-select">
      <input
        type="search"
        aria-label={`Search ${filter.name}`}
        placeholder={dynamic ? 'Search all values' : 'Search'}
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          if (dynamic) onSearch(e.target.value);
        }}
      />
      {controlOf(filter).inverseSelection && <div className="muted filter-hint">Excludes the selected values</div>}
      {options?.status === 'loading' && <div className="muted">Loading values…</div>}
      {searching && (
        <div className="muted" role="status">
          Searching…
        </div>
      )}
      {dynamic && found?.status === 'failed' && found.text === search && (
        <div className="form-error" role="alert">
          {found.error}
        </div>
      )}
      {options?.status === 'failed' && (
        <div className="form-error" role="alert">
          {options.error}
        </div>
      )}
      <div className="filter-select__options" role="group" aria-label={`${filter.name} values`}>
        {shown.map((v) => (
          <label key={text(v)} className="filter-select__option">
            <input
              type={controlOf(filter).multiSelect ? 'checkbox' : 'radio'}
              name={filter.id}
              checked={selected.includes(v)}
              onChange={() => toggle(v)}
              onClick={() => {
                // A radio that is already on does not fire change: clicking it again clears a single select.
                if (!controlOf(filter).multiSelect && selected.includes(v)) onChange(null);
              }}
            />
            {label(v)}
          </label>
        ))}
        {(answered || (options?.status === 'ready' && !searching)) && shown.length === 0 && (
          <div className="muted">No values</div>
        )}
      </div>
    </div>
  );
}

/** A range filter: numeric min and max, either may be open. */
export function RangeFilter({ filter, value, onChange }: ControlProps) {
  const [min, max] = Array.isArray(value) ? (value as [number | null, number | null]) : [null, null];
  const set = (which: 0 | 1, input: string) => {
    const n = input.trim() === '' ? null : Number(input);
    const next: [number | null, number | null] = [min ?? null, max ?? null];
    next[which] = n !== null && Number.isFinite(n) ? n : null;
    onChange(next[0] === null && next[1] === null ? null : next);
  };
  return (
    <div className="filter-range">
      <input
        type="number"
        aria-label={`${filter.name} minimum`}
        placeholder="Min"
        value={min ?? ''}
        onChange={(e) => set(0, e.target.value)}
      />
      <span aria-hidden="true">–</span>
      <input
        type="number"
        aria-label={`${filter.name} maximum`}
        placeholder="Max"
        value={max ?? ''}
        onChange={(e) => set(1, e.target.value)}
      />
    </div>
  );
}

/** The time ranges users pick most; any other text the server reads (REFERENCE §2.1 time_range) may be typed. */
export const TIME_RANGE_CHOICES = ['No filter', 'Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'];

export function TimeRangeFilter({ filter, value, onChange }: ControlProps) {
  const current = typeof value === 'string' ? value : '';
  const listId = `${filter.id}-ranges`;
  return (
    <div className="filter-time">
      <input
        list={listId}
        aria-label={`${filter.name} time range`}
        placeholder="No filter"
        value={current}
        onChange={(e) => onChange(e.target.value.trim() ? e.target.value : null)}
      />
      <datalist id={listId}>
        {TIME_RANGE_CHOICES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </div>
  );
}

export function TimeColumnFilter({
  filter,
  value,
  onChange,
  datasets,
}: ControlProps & { datasets: DashboardDataset[] }) {
  const columns = [
    ...new Set(
      datasets.flatMap((d) => d.columns.filter((c) => c.is_dttm || c.type_generic === 2).map((c) => c.column_name)),
    ),
  ].sort();
  return (
    <select
      aria-label={filter.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">Any time column</option>
      {columns.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}

export function TimeGrainFilter({ filter, value, onChange }: ControlProps) {
  return (
    <select
      aria-label={filter.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">Chart's own grain</option>
      {TIME_GRAINS.map((g) => (
        <option key={g.grain} value={g.grain}>
          {g.label}
        </option>
      ))}
    </select>
  );
}

export function FilterControl(props: ControlProps & SearchProps) {
  switch (props.filter.filterType) {
    case FilterType.SELECT:
      return <SelectFilter {...props} />;
    case FilterType.RANGE:
      return <RangeFilter {...props} />;
    case FilterType.TIME:
      return <TimeRangeFilter {...props} />;
    case FilterType.TIME_COLUMN:
      return <TimeColumnFilter {...props} />;
    case FilterType.TIME_GRAIN:
      return <TimeGrainFilter {...props} />;
    default: {
      const unknown: never = props.filter.filterType;
      return unknown;
    }
  }
}
