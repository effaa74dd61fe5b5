import { isTemporalColumn, type DatasourceColumn, type DatasourceMeta } from '@strata/domain';
import type { ControlProps } from './SimpleControls';

export const columnLabel = (c: DatasourceColumn) => c.verbose_name || c.column_name;

function columnsFor(kind: string, datasource: DatasourceMeta | null): DatasourceColumn[] {
  const all = datasource?.columns ?? [];
  if (kind === 'temporalColumn') return all.filter(isTemporalColumn);
  return all.filter((c) => c.groupby !== false);
}

/** One column (or one temporal column) of the dataset. */
export function ColumnSelectControl({
  def,
  value,
  onChange,
  datasource,
}: ControlProps & { datasource: DatasourceMeta | null }) {
  const columns = columnsFor(def.kind, datasource);
  return (
    <select
      aria-label={def.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
    >
      <option value="">—</option>
      {columns.map((c) => (
        <option key={c.column_name} value={c.column_name}>
          {columnLabel(c)}
        </option>
      ))}
    </select>
  );
}

/** Several columns, in order: chips to remove, a select to add. */
export function ColumnsControl({
  def,
  value,
  onChange,
  datasource,
}: ControlProps & { datasource: DatasourceMeta | null }) {
  const selected = Array.isArray(value) ? (value as string[]) : [];
  const available = columnsFor(def.kind, datasource).filter((c) => !selected.includes(c.column_name));
  return (
    <div className="explore-chips" role="list" aria-label={def.label}>
      {selected.map((name) => (
        <span key={name} className="explore-chip" role="listitem">
          {name}
          <button
            type="button"
            className="explore-chip__remove"
            aria-label={`Remove ${name}`}
            onClick={() => onChange(selected.filter((s) => s !== name))}
          >
            ×
          </button>
        </span>
      ))}
      <select
        aria-label={`Add to ${def.label}`}
        value=""
        onChange={(e) => e.target.value && onChange([...selected, e.target.value])}
      >
        <option value="">+ Add</option>
        {available.map((c) => (
          <option key={c.column_name} value={c.column_name}>
            {columnLabel(c)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Raw-mode orderings: JSON text of [column, ascending] (charts-dashboards-reports §5 order-by options). */
export function OrderByControl({
  def,
  value,
  onChange,
  datasource,
}: ControlProps & { datasource: DatasourceMeta | null }) {
  const entries = (Array.isArray(value) ? (value as string[]) : []).map((text) => {
    try {
      const [column, asc] = JSON.parse(text) as [string, boolean];
      return { text, column, asc };
    } catch {
      return { text, column: text, asc: true };
    }
  });
  const columns = datasource?.columns ?? [];
  return (
    <div className="explore-chips" role="list" aria-label={def.label}>
      {entries.map((e, i) => (
        <span key={e.text} className="explore-chip" role="listitem">
          {e.column} {e.asc ? '↑' : '↓'}
          <button
            type="button"
            className="explore-chip__remove"
            aria-label={`Toggle direction of ${e.column}`}
            onClick={() => onChange(entries.map((x, j) => (j === i ? JSON.stringify([x.column, !x.asc]) : x.text)))}
          >
            ⇅
          </button>
          <button
            type="button"
            className="explore-chip__remove"
            aria-label={`Remove ${e.column}`}
            onClick={() => onChange(entries.filter((_, j) => j !== i).map((x) => x.text))}
          >
            ×
          </button>
        </span>
      ))}
      <select
        aria-label={`Add to ${def.label}`}
        value=""
        onChange={(e) =>
          e.target.value && onChange([...entries.map((x) => x.text), JSON.stringify([e.target.value, true])])
        }
      >
        <option value="">+ Add</option>
        {columns.map((c) => (
          <option key={c.column_name} value={c.column_name}>
            {columnLabel(c)}
          </option>
        ))}
      </select>
    </div>
  );
}
