import { useState } from 'react';
import type { AdhocFilter, DatasourceMeta } from '@strata/domain';
import { AdhocFilterEditor, filterLabel } from './AdhocFilterEditor';
import type { ControlProps } from './SimpleControls';

/** Adhoc filters: chips that open the editor, and '+ Add filter'. */
export function FiltersControl({
  def,
  value,
  onChange,
  datasource,
  newId,
}: ControlProps & { datasource: DatasourceMeta | null; newId: () => string }) {
  const filters = Array.isArray(value) ? (value as AdhocFilter[]) : [];
  const [editing, setEditing] = useState<{ index: number | null } | null>(null);
  return (
    <div className="explore-chips" role="list" aria-label={def.label}>
      {filters.map((f, i) => (
        <span key={`${filterLabel(f)}-${i}`} className="explore-chip" role="listitem">
          <button type="button" className="link" onClick={() => setEditing({ index: i })}>
            {filterLabel(f)}
          </button>
          <button
            type="button"
            className="explore-chip__remove"
            aria-label={`Remove ${filterLabel(f)}`}
            onClick={() => onChange(filters.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </span>
      ))}
      <button
        type="button"
        className="explore-add"
        aria-label={`Add to ${def.label}`}
        onClick={() => setEditing({ index: null })}
      >
        + Add filter
      </button>
      {editing && (
        <AdhocFilterEditor
          datasource={datasource}
          filter={editing.index === null ? null : (filters[editing.index] ?? null)}
          newOptionName={newId}
          onSave={(f) => {
            onChange(editing.index === null ? [...filters, f] : filters.map((x, j) => (j === editing.index ? f : x)));
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
