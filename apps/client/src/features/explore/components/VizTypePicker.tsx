import { vizTypeLabel } from '@strata/domain';
import { VIZ_TYPES } from '../../charts/viz';

/** The renderer's viz types; a saved chart's unknown type stays selectable so it can be changed. */
export function VizTypePicker({ value, onChange }: { value: string; onChange(vizType: string): void }) {
  const types = VIZ_TYPES.some((t) => t.key === value)
    ? VIZ_TYPES
    : [...VIZ_TYPES, { key: value, label: vizTypeLabel(value) }];
  return (
    <label className="explore-viz-type">
      Visualization type
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        {types.map((t) => (
          <option key={t.key} value={t.key}>
            {t.label}
          </option>
        ))}
      </select>
    </label>
  );
}
