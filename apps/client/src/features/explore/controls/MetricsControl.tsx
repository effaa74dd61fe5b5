import { useState } from 'react';
import { metricLabel, type DatasourceMeta, type Metric } from '@strata/domain';
import { AdhocMetricEditor } from './AdhocMetricEditor';
import type { ControlProps } from './SimpleControls';

type Editing = { index: number | null } | null;

/** One metric (`metric`) or several (`metrics`): chips that open the adhoc metric editor. */
export function MetricsControl({
  def,
  value,
  onChange,
  datasource,
  newId,
}: ControlProps & { datasource: DatasourceMeta | null; newId: () => string }) {
  const multi = def.kind === 'metrics';
  const metrics: Metric[] = multi ? (Array.isArray(value) ? (value as Metric[]) : []) : value ? [value as Metric] : [];
  // Which metric's editor is open: how the panel is looked at, not a fact.
  const [editing, setEditing] = useState<Editing>(null);

  const save = (metric: Metric) => {
    const next =
      editing?.index === null || editing === null
        ? [...metrics, metric]
        : metrics.map((m, i) => (i === editing.index ? metric : m));
    onChange(multi ? next : (next[next.length - 1] ?? null));
    setEditing(null);
  };

  return (
    <div className="explore-chips" role="list" aria-label={def.label}>
      {metrics.map((m, i) => (
        <span key={`${metricLabel(m)}-${i}`} className="explore-chip" role="listitem">
          <button type="button" className="link" onClick={() => setEditing({ index: i })}>
            {metricLabel(m)}
          </button>
          <button
            type="button"
            className="explore-chip__remove"
            aria-label={`Remove ${metricLabel(m)}`}
            onClick={() => onChange(multi ? metrics.filter((_, j) => j !== i) : null)}
          >
            ×
          </button>
        </span>
      ))}
      {(multi || metrics.length === 0) && (
        <button
          type="button"
          className="explore-add"
          aria-label={`Add to ${def.label}`}
          onClick={() => setEditing({ index: null })}
        >
          + Add metric
        </button>
      )}
      {editing && (
        <AdhocMetricEditor
          datasource={datasource}
          metric={editing.index === null ? null : (metrics[editing.index] ?? null)}
          newOptionName={newId}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </div>
  );
}
