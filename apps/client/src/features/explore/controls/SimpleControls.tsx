import { useId } from 'react';
import type { ControlDef } from '@strata/domain';

export interface ControlProps {
  def: ControlDef;
  value: unknown;
  onChange(value: unknown): void;
}

const encode = (v: unknown) => JSON.stringify(v ?? null);

/** A select control: one choice, several (checkboxes), or free form (typed, with the choices offered). */
export function SelectControl({ def, value, onChange }: ControlProps) {
  const id = useId();
  const choices = def.choices ?? [];
  if (def.multi) {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset className="explore-control__checks" aria-label={def.label}>
        {choices.map(([choice, label]) => (
          <label key={String(choice)} className="explore-check">
            <input
              type="checkbox"
              checked={selected.includes(choice)}
              onChange={(e) =>
                onChange(e.target.checked ? [...selected, choice] : selected.filter((v) => v !== choice))
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (def.freeForm) {
    return (
      <>
        <input
          aria-label={def.label}
          list={id}
          value={value === null || value === undefined ? '' : String(value)}
          // Numbers stay numbers; anything else is kept as typed so validation can name it.
          onChange={(e) =>
            onChange(
              e.target.value === ''
                ? ''
                : /^-?\d+$/.test(e.target.value.trim())
                  ? Number(e.target.value)
                  : e.target.value,
            )
          }
        />
        <datalist id={id}>
          {choices.map(([choice, label]) => (
            <option key={String(choice)} value={String(choice)}>
              {label}
            </option>
          ))}
        </datalist>
      </>
    );
  }
  return (
    <select aria-label={def.label} value={encode(value)} onChange={(e) => onChange(JSON.parse(e.target.value))}>
      {!choices.some(([c]) => encode(c) === encode(value)) && <option value={encode(value)}>—</option>}
      {choices.map(([choice, label]) => (
        <option key={encode(choice)} value={encode(choice)}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function CheckboxControl({ def, value, onChange }: ControlProps) {
  return (
    <label className="explore-check">
      <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      {def.label}
    </label>
  );
}

export function IntegerControl({ def, value, onChange }: ControlProps) {
  return (
    <input
      aria-label={def.label}
      inputMode="numeric"
      value={value === null || value === undefined ? '' : String(value)}
      onChange={(e) => {
        const text = e.target.value.trim();
        onChange(text === '' ? null : /^-?\d+$/.test(text) ? Number(text) : text);
      }}
    />
  );
}

export function TextControl({ def, value, onChange }: ControlProps) {
  return (
    <input
      aria-label={def.label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
